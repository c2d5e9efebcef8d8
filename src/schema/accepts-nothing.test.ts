import { describe, expect, it } from 'vitest';
import { acceptsEverything, acceptsNothing } from './accepts-nothing.ts';

describe('acceptsNothing', () => {
  it('should be true for false and for not of a schema that admits everything', () => {
    expect(acceptsNothing(false)).toBe(true);
    expect(acceptsNothing({ not: {} })).toBe(true);
    expect(acceptsNothing({ not: true })).toBe(true);
    expect(acceptsNothing({ not: { description: 'Anything.' } })).toBe(true);
    expect(acceptsNothing({ type: 'object', not: {}, description: 'Never.' })).toBe(true);
  });

  it('should be false for schemas that admit some value', () => {
    expect(acceptsNothing(true)).toBe(false);
    expect(acceptsNothing({})).toBe(false);
    expect(acceptsNothing({ type: 'object' })).toBe(false);
    expect(acceptsNothing({ not: { type: 'string' } })).toBe(false);
    expect(acceptsNothing({ not: false })).toBe(false);
    expect(acceptsNothing({ not: [] })).toBe(false);
    expect(acceptsNothing(null)).toBe(false);
    expect(acceptsNothing([false])).toBe(false);
  });

  it('should not throw on a schema that cannot be read', () => {
    const throwing = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('boom');
        },
        getOwnPropertyDescriptor() {
          throw new Error('boom');
        },
      },
    );
    expect(acceptsNothing(throwing)).toBe(false);
    expect(acceptsNothing({ not: throwing })).toBe(false);
  });
});

describe('acceptsEverything', () => {
  it('should be true for true and for annotations alone', () => {
    expect(acceptsEverything(true)).toBe(true);
    expect(acceptsEverything({})).toBe(true);
    expect(acceptsEverything({ title: 'A', $comment: 'b' })).toBe(true);
    expect(acceptsEverything({ type: 'string' })).toBe(false);
    expect(acceptsEverything(false)).toBe(false);
  });
});
