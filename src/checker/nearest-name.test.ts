import { describe, expect, it } from 'vitest';
import {
  createNameSearchBudget,
  editDistance,
  maxNameSearchWork,
  nameIndexOf,
  nearestName,
} from './nearest-name.ts';

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

  describe('budget', () => {
    const names = Array.from({ length: 1000 }, (_, index) => `parameter_${index}`);

    it('should find the same names within a budget, and deduct the work done', () => {
      const budget = createNameSearchBudget();
      expect(nearestName('paramter_7', names, { budget })).toBe(nearestName('paramter_7', names));
      expect(nearestName('qurey', ['query', 'limit'], { budget })).toBe('query');
      expect(budget.work).toBeGreaterThan(0);
      expect(budget.work).toBeLessThan(maxNameSearchWork);
    });

    it('should find nothing once the budget is spent, and stop spending', () => {
      const budget = { work: 100 };
      expect(nearestName('paramter_7', names, { budget })).toBeUndefined();
      const spent = budget.work;
      expect(spent).toBeLessThanOrEqual(0);
      expect(nearestName('qurey', ['query', 'limit'], { budget })).toBeUndefined();
      expect(budget.work).toBe(spent);
    });

    it('should bound the work of many searches by the budget, not by their number', () => {
      const budget = createNameSearchBudget();
      let found = 0;
      for (let index = 0; index < 10_000; index++) {
        if (nearestName(`paramter_${index % 1000}`, names, { budget }) !== undefined) found++;
      }
      // Each search here costs about 27,000 units: some hundred fit, the rest find nothing.
      expect(found).toBeGreaterThan(10);
      expect(found).toBeLessThan(1000);
      // One search past the budget at most: no more than one search's work beyond it.
      expect(budget.work).toBeGreaterThan(-100_000);
    });

    it('should still find a name in another letter case, at the cost of one lookup', () => {
      const budget = { work: 0 };
      expect(nearestName('PARAMETER_7', names, { budget })).toBe('parameter_7');
      expect(budget.work).toBe(0);
    });
  });
});

describe('nameIndexOf', () => {
  it('should let a list searched again and again be read once, with the same answers', () => {
    const accepted = ['query', 'limit', 'Language', 'location'];
    const index = nameIndexOf(accepted);
    for (const sent of ['qurey', 'LIMIT', 'language', 'locaton', 'zzzz']) {
      expect(nearestName(sent, accepted, { index })).toBe(nearestName(sent, accepted));
    }
  });

  it('should read the list as it is when asked, not as it was when first searched', () => {
    const accepted = ['query'];
    expect(nearestName('limt', accepted)).toBeUndefined();
    accepted.push('limit');
    expect(nearestName('limt', accepted)).toBe('limit');
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
