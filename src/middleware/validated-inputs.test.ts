import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidatedInputs } from './validated-inputs.ts';

describe('ValidatedInputs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('should hand a kept output to one call with the same input text, once', () => {
    const kept = new ValidatedInputs();
    const schema = {};
    const output = { city: 'PARIS' };
    kept.remember(schema, { city: 'paris' }, output);
    expect(kept.take(schema, { city: 'paris' })?.value).toBe(output);
    expect(kept.take(schema, { city: 'paris' })).toBeUndefined();
  });

  it('should keep one output per remembered call, in order', () => {
    const kept = new ValidatedInputs();
    const schema = {};
    kept.remember(schema, { q: 'a' }, 'first');
    kept.remember(schema, { q: 'a' }, 'second');
    expect(kept.take(schema, { q: 'a' })).toEqual({ value: 'first' });
    expect(kept.take(schema, { q: 'a' })).toEqual({ value: 'second' });
    expect(kept.take(schema, { q: 'a' })).toBeUndefined();
  });

  it('should keep outputs apart by schema and by input text', () => {
    const kept = new ValidatedInputs();
    const one = {};
    const other = {};
    kept.remember(one, { q: 'a' }, 'one');
    expect(kept.take(other, { q: 'a' })).toBeUndefined();
    expect(kept.take(one, { q: 'b' })).toBeUndefined();
    expect(kept.take(one, { q: 'a' })).toEqual({ value: 'one' });
  });

  it('should keep an output that is undefined', () => {
    const kept = new ValidatedInputs();
    const schema = {};
    kept.remember(schema, {}, undefined);
    expect(kept.take(schema, {})).toEqual({ value: undefined });
  });

  it('should drop an output no call claimed within a minute', () => {
    vi.useFakeTimers();
    const kept = new ValidatedInputs();
    const schema = {};
    kept.remember(schema, { q: 'a' }, 'stale');
    vi.advanceTimersByTime(60_000);
    expect(kept.take(schema, { q: 'a' })).toBeUndefined();
  });

  it('should keep at most 256 inputs per schema, dropping the oldest', () => {
    const kept = new ValidatedInputs();
    const schema = {};
    for (let index = 0; index <= 256; index++) kept.remember(schema, { index }, index);
    expect(kept.take(schema, { index: 0 })).toBeUndefined();
    expect(kept.take(schema, { index: 1 })).toEqual({ value: 1 });
    expect(kept.take(schema, { index: 256 })).toEqual({ value: 256 });
  });

  it('should ignore inputs that are not JSON and schemas that are not objects', () => {
    const kept = new ValidatedInputs();
    const schema = {};
    kept.remember(schema, { big: 1n }, 'never');
    expect(kept.take(schema, { big: 1n })).toBeUndefined();
    kept.remember(undefined, { q: 'a' }, 'never');
    expect(kept.take(undefined, { q: 'a' })).toBeUndefined();
  });
});
