import { describe, expect, it, vi } from 'vitest';
import { compareDeeply } from '../schema/deep-equal.ts';
import { prepareSchema } from '../schema/prepare-schema.ts';
import type { AllowedValues } from '../schema/schema-node.ts';
import { checkArguments } from './check-arguments.ts';
import { maybeMember, memberFinder, noMember } from './check-enum.ts';

// Counts the deep comparisons of lists and objects (the work an enum of them costs).
vi.mock('../schema/deep-equal.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../schema/deep-equal.ts')>();
  return { ...original, compareDeeply: vi.fn(original.compareDeeply) };
});

function isAllowedValue(allowed: AllowedValues, value: unknown, lenient: boolean): boolean {
  return memberFinder(allowed)(value, lenient) !== noMember;
}

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

  describe('many lists and objects', () => {
    const members = Array.from({ length: 1000 }, (_, id) => ({ id, kind: ['k', { id }] }));
    const values = allowed(members);

    it('should find a member, key order aside, and refuse a near one, as one by one', () => {
      for (const lenient of [true, false]) {
        expect(isAllowedValue(values, { kind: ['k', { id: 999 }], id: 999 }, lenient)).toBe(true);
        expect(isAllowedValue(values, { id: 999, kind: ['k', { id: 998 }] }, lenient)).toBe(false);
        expect(isAllowedValue(values, { id: 999, kind: ['k', { id: 999 }], x: 1 }, lenient)).toBe(
          false,
        );
        expect(isAllowedValue(values, [999, ['k', { id: 999 }]], lenient)).toBe(false);
      }
      expect(isAllowedValue(allowed([...members, { id: -0 }]), { id: 0 }, false)).toBe(true);
    });

    it('should compare an item with the few members like it, not with every member', () => {
      // 10,000 items against 1,000 members: 10 million comparisons one by one.
      const list = Array.from({ length: 10_000 }, (_, index) => ({
        id: index % 2 === 0 ? index % 1000 : 5000 + index,
        kind: ['k', { id: index % 1000 }],
      }));
      const schema = { type: 'array', items: { enum: members } };
      vi.mocked(compareDeeply).mockClear();
      const mismatches = checkArguments(schema, list, { maxMismatches: 1 });
      expect(mismatches).toHaveLength(1);
      expect(mismatches[0]?.path).toEqual([1]);
      expect(vi.mocked(compareDeeply).mock.calls.length).toBeLessThan(100_000);
    });

    it('should answer maybeMember for a value equal to a member as deep as it compares', () => {
      let deep: unknown = 1;
      let other: unknown = 2;
      for (let level = 0; level < 300; level++) {
        deep = [deep];
        other = [other];
      }
      const deepValues = allowed([...members, deep]);
      expect(memberFinder(deepValues)(other, false)).toBe(maybeMember);
      expect(memberFinder(deepValues)([other, 1], false)).toBe(noMember);
      expect(memberFinder(allowed([deep]))(other, false)).toBe(maybeMember);
    });

    it('should compare one by one a value it cannot read as plain data', () => {
      const value = { id: 3, kind: ['k', { id: 3 }] };
      Object.defineProperty(value, 'hidden', { value: 1, enumerable: false });
      expect(isAllowedValue(values, value, false)).toBe(true);
    });
  });
});
