import { describe, expect, it } from 'vitest';
import { prepareSchema } from '../schema/prepare-schema.ts';
import type { AllowedValues } from '../schema/schema-node.ts';
import { isAllowedValue } from './check-enum.ts';

function allowed(members: unknown[]): AllowedValues {
  const { root } = prepareSchema({ enum: members });
  if (root.kind !== 'judged' || root.allowedValues === undefined) throw new Error('no enum');
  return root.allowedValues;
}

describe('isAllowedValue', () => {
  describe('scalars', () => {
    it('should find scalar members in both modes', () => {
      const values = allowed(['a', 1, true, null]);
      for (const lenient of [true, false]) {
        for (const value of ['a', 1, 1.0, true, null]) {
          expect(isAllowedValue(values, value, lenient)).toBe(true);
        }
        expect(isAllowedValue(values, 'b', lenient)).toBe(false);
        expect(isAllowedValue(values, false, lenient)).toBe(false);
      }
    });
  });

  describe('lists and objects', () => {
    it('should compare deeply, key order aside', () => {
      const values = allowed([{ a: 1, b: [1, { c: null }] }, [1, 2]]);
      expect(isAllowedValue(values, { b: [1, { c: null }], a: 1 }, false)).toBe(true);
      expect(isAllowedValue(values, [1, 2], false)).toBe(true);
      expect(isAllowedValue(values, [2, 1], true)).toBe(false);
      expect(isAllowedValue(values, { a: 1 }, true)).toBe(false);
      expect(isAllowedValue(values, { a: 1, b: [1, { c: null }], d: 1 }, true)).toBe(false);
    });

    it('should not let a list or an object match a scalar member', () => {
      const values = allowed(['[1]', '{}']);
      expect(isAllowedValue(values, [1], true)).toBe(false);
      expect(isAllowedValue(values, {}, true)).toBe(false);
    });
  });

  describe('lenient mode', () => {
    it('should take a number for a member spelling it, and the reverse', () => {
      expect(isAllowedValue(allowed(['2']), 2, true)).toBe(true);
      expect(isAllowedValue(allowed([2]), '2', true)).toBe(true);
      expect(isAllowedValue(allowed([2]), ' 2.0 ', true)).toBe(true);
      expect(isAllowedValue(allowed([0.5]), '.5', true)).toBe(true);
      expect(isAllowedValue(allowed([2]), '3', true)).toBe(false);
      expect(isAllowedValue(allowed([2]), 'two', true)).toBe(false);
    });

    it('should take a member in another letter case', () => {
      expect(isAllowedValue(allowed(['Celsius']), 'cELSIUS', true)).toBe(true);
      expect(isAllowedValue(allowed(['celsius']), 'celsius ', true)).toBe(false);
    });

    it('should not cast null, nor a boolean to a number', () => {
      expect(isAllowedValue(allowed(['null']), null, true)).toBe(false);
      expect(isAllowedValue(allowed([1]), true, true)).toBe(false);
    });
  });

  describe('exact mode', () => {
    it('should take only equal values', () => {
      expect(isAllowedValue(allowed(['2']), 2, false)).toBe(false);
      expect(isAllowedValue(allowed([2]), '2', false)).toBe(false);
      expect(isAllowedValue(allowed(['Celsius']), 'celsius', false)).toBe(false);
      expect(isAllowedValue(allowed([0]), false, false)).toBe(false);
    });
  });

  describe('long text', () => {
    // A backtracking pattern would take hours here; the test's timeout is the guard.
    it('should finish for a 10 MB text', () => {
      expect(isAllowedValue(allowed([1, 'a']), `${'1'.repeat(10_000_000)}x`, true)).toBe(false);
      expect(isAllowedValue(allowed([1, 'a']), 'A'.repeat(10_000_000), true)).toBe(false);
    });
  });
  describe('boolean members', () => {
    it('should take the casts a boolean parameter takes, leniently', () => {
      expect(isAllowedValue(allowed([true]), 'true', true)).toBe(true);
      expect(isAllowedValue(allowed([true]), ' True ', true)).toBe(true);
      expect(isAllowedValue(allowed([false]), 0, true)).toBe(true);
      expect(isAllowedValue(allowed([true]), 1, true)).toBe(true);
    });

    it('should refuse them exactly, and refuse other values leniently', () => {
      expect(isAllowedValue(allowed([true]), 'true', false)).toBe(false);
      expect(isAllowedValue(allowed([true]), 'false', true)).toBe(false);
      expect(isAllowedValue(allowed([true]), 2, true)).toBe(false);
      expect(isAllowedValue(allowed([false]), 'maybe', true)).toBe(false);
    });
  });
});
