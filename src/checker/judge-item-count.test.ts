import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/support/messages-of.ts';

const tags = (keywords: object) => ({ type: 'object', properties: { tags: keywords } });

describe('itemCountKeyword', () => {
  it('should refuse a list with too few or too many items', () => {
    const schema = tags({ type: 'array', minItems: 1, maxItems: 2 });
    expect(messagesOf(schema, { tags: [] })).toEqual(['"tags" must hold at least 1 item, not 0.']);
    expect(messagesOf(schema, { tags: [1, 2, 3] })).toEqual([
      '"tags" must hold at most 2 items, not 3.',
    ]);
    expect(messagesOf(schema, { tags: [1] })).toEqual([]);
  });
});
