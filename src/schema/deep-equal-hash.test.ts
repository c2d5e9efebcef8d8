import { describe, expect, it } from 'vitest';
import { deepEqual } from './deep-equal.ts';
import { deepEqualHash } from './deep-equal-hash.ts';

function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

describe('deepEqualHash', () => {
  describe('values deepEqual calls equal', () => {
    it('should give them one hash', () => {
      const pairs: Array<[unknown, unknown]> = [
        [
          { a: 1, b: [1, { c: null }] },
          { b: [1, { c: null }], a: 1 },
        ],
        [1, 1.0],
        [0, -0],
        [{ n: -0 }, { n: 0 }],
        [2 ** 40, 2 ** 40],
        [0.5, 0.5],
        ['text', 'text'],
        [
          [1, [2, [3]]],
          [1, [2, [3]]],
        ],
        [{}, {}],
        [[], []],
        // Past its depth limit deepEqual calls any two lists or objects equal.
        [nested(300, 1), nested(300, 2)],
        [nested(256, []), nested(256, {})],
      ];
      for (const [left, right] of pairs) {
        expect(deepEqual(left, right)).toBe(true);
        expect(deepEqualHash(left)).toBe(deepEqualHash(right));
      }
    });
  });

  describe('values deepEqual tells apart', () => {
    it('should mostly give them different hashes', () => {
      const values = [
        { a: 1 },
        { a: 2 },
        { b: 1 },
        { a: 1, b: 1 },
        [1, 2],
        [2, 1],
        [1],
        '1',
        1,
        true,
        false,
        null,
        [],
        {},
        [[]],
        [{}],
      ];
      expect(new Set(values.map((value) => deepEqualHash(value))).size).toBe(values.length);
    });
  });

  describe('what it does not hash', () => {
    it('should give up on a cycle, a huge value and a throwing getter', () => {
      const cycle: Record<string, unknown> = {};
      cycle.a = cycle;
      cycle.b = cycle;
      expect(deepEqualHash(cycle)).toBeUndefined();
      expect(deepEqualHash(Array.from({ length: 200_000 }, () => 1))).toBeUndefined();
      const throwing = {
        get a() {
          throw new Error('no');
        },
      };
      expect(deepEqualHash(throwing)).toBeUndefined();
    });

    it('should give up on a non-enumerable property only when asked', () => {
      const value = { a: 1 };
      Object.defineProperty(value, 'b', { value: 2, enumerable: false });
      expect(deepEqualHash(value)).toBe(deepEqualHash({ a: 1 }));
      expect(deepEqualHash(value, { enumerableOnly: true })).toBeUndefined();
      expect(deepEqualHash([1, 2], { enumerableOnly: true })).toBe(deepEqualHash([1, 2]));
    });
  });
});
