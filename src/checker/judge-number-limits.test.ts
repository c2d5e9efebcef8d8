import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/support/messages-of.ts';
import { fitArguments } from './check-arguments.ts';

const limit = (keywords: object) => ({ type: 'object', properties: { limit: keywords } });

describe('numberLimitsKeyword', () => {
  it('should refuse a number past an inclusive bound, in one sentence', () => {
    const schema = limit({ type: 'integer', minimum: 1, maximum: 100 });
    expect(messagesOf(schema, { limit: 500 })).toEqual(['"limit" must be at most 100, not 500.']);
    expect(messagesOf(schema, { limit: 0 })).toEqual(['"limit" must be at least 1, not 0.']);
    for (const fits of [1, 50, 100]) expect(messagesOf(schema, { limit: fits })).toEqual([]);
  });

  it('should refuse a number on or past an exclusive bound', () => {
    const schema = limit({ exclusiveMinimum: 0, exclusiveMaximum: 1 });
    expect(messagesOf(schema, { limit: 0 })).toEqual(['"limit" must be more than 0, not 0.']);
    expect(messagesOf(schema, { limit: 1 })).toEqual(['"limit" must be less than 1, not 1.']);
    expect(messagesOf(schema, { limit: 0.5 })).toEqual([]);
  });

  it('should pass values of other types, as JSON Schema does', () => {
    expect(messagesOf({ minimum: 10 }, 'text')).toEqual([]);
    expect(messagesOf({ maximum: 1 }, [5])).toEqual([]);
  });

  it('should judge a lenient cast by its value', () => {
    const schema = limit({ type: 'integer', maximum: 100 });
    expect(messagesOf(schema, { limit: '500' }, 'lenient')).toEqual([
      '"limit" must be at most 100, not 500.',
    ]);
    expect(fitArguments(schema, { limit: '50' })).toEqual({ fits: true, complete: true });
  });

  it("should judge draft 4's boolean exclusive bounds by the inclusive bound beside them", () => {
    const schema = limit({ maximum: 10, exclusiveMaximum: true });
    expect(messagesOf(schema, { limit: 10 })).toEqual([]);
    expect(messagesOf(schema, { limit: 11 })).toEqual(['"limit" must be at most 10, not 11.']);
  });
});
