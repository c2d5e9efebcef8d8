import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/support/messages-of.ts';

describe('propertyNamesKeyword', () => {
  it('should refuse a name that does not fit, saying what a name must be', () => {
    const headers = {
      type: 'object',
      properties: { headers: { propertyNames: { pattern: '^[a-z-]+$' } } },
    };
    expect(messagesOf(headers, { headers: { 'x-trace': 1, 'X Bad': 2 } })).toEqual([
      '"headers" holds the name "X Bad", but a name there must be text matching ^[a-z-]+$.',
    ]);
    expect(messagesOf({ propertyNames: { maxLength: 3 } }, { abcd: 1 })).toEqual([
      'The arguments hold the name "abcd", but a name there must be at most 3 characters long.',
    ]);
    expect(messagesOf({ propertyNames: { enum: ['a', 'b'] } }, { a: 1, b: 2 })).toEqual([]);
  });
});
