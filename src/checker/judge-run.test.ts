import { describe, expect, it } from 'vitest';
import { createRun, maxJudgedValues, moreWork } from './judge-run.ts';

describe('moreWork', () => {
  describe('arguments within the bound', () => {
    it('should measure them once and allow seven more walks of arguments that large', () => {
      const run = createRun({ args: { list: [1, 2, 3] } });
      expect(run.tooLarge).toBeUndefined();
      run.work = -1;
      expect(moreWork(run)).toBe(true);
      expect(run).toMatchObject({ tooLarge: false, work: 7 * maxJudgedValues - 1 });
      run.work = -1;
      expect(moreWork(run)).toBe(false);
    });

    it('should not go on past a single charge larger than all that', () => {
      const run = createRun({ args: [] });
      run.work = -8 * maxJudgedValues;
      expect(moreWork(run)).toBe(false);
      expect(run.tooLarge).toBe(false);
    });
  });

  describe('arguments too large', () => {
    it('should stop at once for arguments holding more than maxJudgedValues values', () => {
      const run = createRun({ args: { list: new Array(maxJudgedValues + 1) } });
      run.work = -1;
      expect(moreWork(run)).toBe(false);
      expect(run).toMatchObject({ tooLarge: true, work: -1 });
    });
  });
});
