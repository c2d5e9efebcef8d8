import { describe, expect, it } from 'vitest';
import { compareDeeply, deepEqual } from './deep-equal.ts';

describe('deepEqual', () => {
  describe('JSON values', () => {
    it('should compare scalars by value', () => {
      expect(deepEqual(1, 1.0)).toBe(true);
      expect(deepEqual('a', 'a')).toBe(true);
      expect(deepEqual(null, null)).toBe(true);
      expect(deepEqual(0, false)).toBe(false);
      expect(deepEqual(1, '1')).toBe(false);
      expect(deepEqual(null, {})).toBe(false);
    });

    it('should compare objects key order aside, and lists in order', () => {
      expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
      expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
      expect(deepEqual({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false);
      expect(deepEqual({ a: undefined }, { b: undefined })).toBe(false);
      expect(deepEqual([1, 2], [2, 1])).toBe(false);
      expect(deepEqual([1], [1, 1])).toBe(false);
      expect(deepEqual([], {})).toBe(false);
      expect(deepEqual({ 0: 'a' }, ['a'])).toBe(false);
    });

    it('should compare own keys only, __proto__ included', () => {
      expect(deepEqual(JSON.parse('{"__proto__":1}'), JSON.parse('{"__proto__":1}'))).toBe(true);
      expect(deepEqual(JSON.parse('{"__proto__":1}'), { toString: 1 })).toBe(false);
      expect(deepEqual({}, JSON.parse('{"__proto__":{}}'))).toBe(false);
    });
  });

  describe('depth', () => {
    it('should call values equal past the depth limit or in a cycle, without throwing', () => {
      const left: unknown[] = [];
      left.push(left);
      const right: unknown[] = [];
      right.push(right);
      expect(deepEqual(left, right)).toBe(true);
      let deepLeft: unknown = 1;
      let deepRight: unknown = 2;
      for (let level = 0; level < 10_000; level++) {
        deepLeft = [deepLeft];
        deepRight = [deepRight];
      }
      expect(deepEqual(deepLeft, deepRight)).toBe(true);
    });
  });
});

describe('compareDeeply', () => {
  const nested = (levels: number, leaf: unknown) => {
    let value = leaf;
    for (let level = 0; level < levels; level++) value = [value];
    return value;
  };

  it('should tell a match past the depth limit from a sure one', () => {
    expect(compareDeeply(nested(300, 1), nested(300, 2))).toBe('unknown');
    expect(compareDeeply(nested(300, 1), nested(300, 1))).toBe('unknown');
    expect(compareDeeply(nested(200, 1), nested(200, 1))).toBe('equal');
    expect(compareDeeply(nested(200, 1), nested(200, 2))).toBe('unequal');
  });

  it('should call values unequal that differ above the depth limit, whatever lies deeper', () => {
    expect(compareDeeply([nested(300, 1), 'a'], [nested(300, 1), 'b'])).toBe('unequal');
    expect(compareDeeply({ a: nested(300, 1), b: 1 }, { b: 1, a: nested(300, 2) })).toBe('unknown');
    const shared = nested(300, 1);
    expect(compareDeeply([shared], [shared])).toBe('equal');
  });
});
