import { describe, expect, it } from 'vitest';
import { messagesOf } from '../../test/support/messages-of.ts';
import { fitArguments } from './check-arguments.ts';

const unique = { type: 'array', uniqueItems: true };

describe('uniqueItemsKeyword', () => {
  it('should refuse a list holding the same item twice, compared deeply', () => {
    expect(messagesOf(unique, ['a', 'b', 'a'])).toEqual([
      'The arguments must not hold the same item twice; items 0 and 2 are equal.',
    ]);
    expect(
      messagesOf(unique, [
        { a: 1, b: [2] },
        { b: [2], a: 1 },
      ]),
    ).toHaveLength(1);
    expect(messagesOf(unique, [1, 1.0])).toHaveLength(1);
    expect(messagesOf(unique, [1, '1', true, [1], { a: 1 }, null])).toEqual([]);
  });

  it('should find a repeated item among many by its hash', () => {
    const many = Array.from({ length: 5000 }, (_, index) => ({ id: index }));
    expect(messagesOf(unique, many)).toEqual([]);
    expect(messagesOf(unique, [...many, { id: 4321 }])).toEqual([
      'The arguments must not hold the same item twice; items 4321 and 5000 are equal.',
    ]);
  });

  it('should pass, unjudged, items nested deeper than it compares', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 300; level++) deep = [deep];
    let other: unknown = 2;
    for (let level = 0; level < 300; level++) other = [other];
    expect(fitArguments(unique, [deep, other], { leniency: 'exact' })).toEqual({
      fits: true,
      complete: false,
    });
    // Two items surely equal are refused all the same.
    expect(messagesOf(unique, [deep, other, 'a', 'a'])).toEqual([
      'The arguments must not hold the same item twice; items 2 and 3 are equal.',
    ]);
  });
});
