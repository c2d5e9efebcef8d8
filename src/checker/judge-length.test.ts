import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/support/messages-of.ts';

const name = (keywords: object) => ({ type: 'object', properties: { name: keywords } });

describe('lengthKeyword', () => {
  it('should refuse text shorter or longer than allowed', () => {
    const schema = name({ type: 'string', minLength: 3, maxLength: 5 });
    expect(messagesOf(schema, { name: 'ab' })).toEqual([
      '"name" must be at least 3 characters long.',
    ]);
    expect(messagesOf(schema, { name: 'abcdef' })).toEqual([
      '"name" must be at most 5 characters long.',
    ]);
    expect(messagesOf(schema, { name: 'abc' })).toEqual([]);
    expect(messagesOf(name({ minLength: 1 }), { name: '' })).toEqual([
      '"name" must be at least 1 character long.',
    ]);
  });

  it('should count code points, not UTF-16 units', () => {
    expect(messagesOf(name({ maxLength: 2 }), { name: '😀😀' })).toEqual([]);
    expect(messagesOf(name({ minLength: 3 }), { name: '😀😀' })).toEqual([
      '"name" must be at least 3 characters long.',
    ]);
    // A lone surrogate is one code point.
    expect(messagesOf(name({ maxLength: 1 }), { name: '\ud83d' })).toEqual([]);
  });
});
