import { describe, expect, it, vi } from 'vitest';
import { createCheckState, reportMismatch, tellMismatch } from './check-state.ts';
import type { Mismatch } from './mismatch.ts';
import { maxNameSearchWork } from './nearest-name.ts';

describe('createCheckState', () => {
  describe('leniency', () => {
    it('should start empty, lenient only in lenient mode', () => {
      expect(createCheckState({ leniency: 'lenient', maxMismatches: 3 })).toEqual({
        lenient: true,
        maxMismatches: 3,
        path: [],
        mismatches: [],
        told: new Set(),
        mismatchCount: 0,
        open: [],
        nameSearch: { work: maxNameSearchWork },
      });
      expect(createCheckState({ leniency: 'exact', maxMismatches: 3 }).lenient).toBe(false);
    });
  });

  describe('suggestions', () => {
    it('should draw on a budget given to it, shared with other checks', () => {
      const nameSearch = { work: 10 };
      expect(createCheckState({ leniency: 'exact', maxMismatches: 3, nameSearch }).nameSearch).toBe(
        nameSearch,
      );
    });
  });
});

describe('reportMismatch', () => {
  describe('path', () => {
    it('should record the current path plus the segment, as a copy', () => {
      const state = createCheckState({ leniency: 'lenient', maxMismatches: 10 });
      state.path.push('items', 2);
      reportMismatch(state, () => ({ code: 'missing', expected: 'a value', received: '' }), 'name');
      reportMismatch(state, () => ({ code: 'type', expected: 'text', received: 'true' }));
      state.path.pop();
      expect(state.mismatches.map((mismatch) => mismatch.path)).toEqual([
        ['items', 2, 'name'],
        ['items', 2],
      ]);
      expect(state.mismatches.map((mismatch) => mismatch.message)).toEqual([
        '"items[2].name" is required but was not sent.',
        '"items[2]" must be text, not true.',
      ]);
    });
  });

  describe('cap', () => {
    it('should only count mismatches past the cap', () => {
      const state = createCheckState({ leniency: 'lenient', maxMismatches: 2 });
      const draft = vi.fn(() => ({ code: 'missing' as const, expected: 'a value', received: '' }));
      for (let index = 0; index < 5; index++) reportMismatch(state, draft, `n${index}`);
      expect(state.mismatches.map((mismatch) => mismatch.path)).toEqual([['n0'], ['n1']]);
      expect(state.mismatchCount).toBe(5);
      // Past the cap nothing is described.
      expect(draft).toHaveBeenCalledTimes(2);
    });
  });
});

describe('tellMismatch', () => {
  describe('duplicates', () => {
    it('should tell a sentence once, reading no earlier sentence again to see it is new', () => {
      const state = createCheckState({
        leniency: 'exact',
        maxMismatches: Number.POSITIVE_INFINITY,
      });
      let reads = 0;
      const mismatchSaying = (message: string): Mismatch => ({
        code: 'type',
        path: [],
        expected: 'a number',
        received: 'text',
        get message() {
          reads++;
          return message;
        },
      });
      for (let index = 0; index < 2_000; index++) {
        tellMismatch(state, mismatchSaying(`sentence ${index % 1_000}`));
      }
      expect(state.mismatches).toHaveLength(1_000);
      expect(state.mismatchCount).toBe(1_000);
      // One read to look a sentence up and one to keep it: not one per sentence already told.
      expect(reads).toBeLessThanOrEqual(2 * 2_000);
    });
  });
});
