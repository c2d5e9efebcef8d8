import { describe, expect, it } from 'vitest';
import { editDistance, nearestName } from './nearest-name.ts';

describe('nearestName', () => {
  describe('likely typos', () => {
    it('should find the same name in another letter case first', () => {
      expect(nearestName('Query', ['quer', 'query'])).toBe('query');
      expect(nearestName('USER_ID', ['userId', 'user_id'])).toBe('user_id');
    });

    it('should find a name within a third of its length of edits', () => {
      expect(nearestName('qurey', ['query', 'limit'])).toBe('query');
      expect(nearestName('colour', ['color', 'size'])).toBe('color');
      expect(nearestName('limt', ['query', 'limit'])).toBe('limit');
      expect(nearestName('locaton', ['location', 'language'])).toBe('location');
    });

    it('should prefer the closest name, then the first listed', () => {
      expect(nearestName('abcdef', ['abcxyz', 'abcdeg', 'abcdex'])).toBe('abcdeg');
    });
  });

  describe('no likely typo', () => {
    it('should find nothing when every name is too far', () => {
      expect(nearestName('zzzzzz', ['query', 'limit'])).toBeUndefined();
      expect(nearestName('delta', ['alpha', 'beta', 'gamma'])).toBeUndefined();
      expect(nearestName('anything', [])).toBeUndefined();
    });

    it('should not compare names longer than 64 characters', () => {
      const long = 'n'.repeat(65);
      expect(nearestName(long, [`${long}x`])).toBeUndefined();
      expect(nearestName('name', [long])).toBeUndefined();
      expect(nearestName('x'.repeat(10_000_000), ['x'])).toBeUndefined();
    });
  });
});

describe('editDistance', () => {
  describe('edits', () => {
    it('should count insertions, deletions, substitutions and swaps of neighbours', () => {
      expect(editDistance('', '')).toBe(0);
      expect(editDistance('abc', 'abc')).toBe(0);
      expect(editDistance('', 'abc')).toBe(3);
      expect(editDistance('abc', '')).toBe(3);
      expect(editDistance('abc', 'abd')).toBe(1);
      expect(editDistance('abc', 'abcd')).toBe(1);
      expect(editDistance('abc', 'acb')).toBe(1);
      expect(editDistance('kitten', 'sitting')).toBe(3);
      expect(editDistance('ca', 'abc')).toBe(3);
    });
  });
});
