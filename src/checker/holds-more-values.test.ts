import { describe, expect, it } from 'vitest';
import { holdsMoreValues } from './holds-more-values.ts';

describe('holdsMoreValues', () => {
  describe('counting', () => {
    it('should count list items and object properties, at every level', () => {
      expect(holdsMoreValues([1, 2, 3], 3)).toBe(false);
      expect(holdsMoreValues([1, 2, 3], 2)).toBe(true);
      expect(holdsMoreValues({ a: [1, 2] }, 3)).toBe(false);
      expect(holdsMoreValues({ a: [1, 2] }, 2)).toBe(true);
      expect(holdsMoreValues('a long text', 0)).toBe(false);
    });

    it('should count a part met twice twice, as judging walks it twice', () => {
      const shared = [1, 2];
      expect(holdsMoreValues([shared, shared], 6)).toBe(false);
      expect(holdsMoreValues([shared, shared], 5)).toBe(true);
      let paths: unknown = {};
      for (let level = 0; level < 40; level++) paths = { a: paths, b: paths };
      expect(holdsMoreValues(paths, 1_000_000)).toBe(true);
      const cycle: unknown[] = [];
      cycle.push(cycle);
      expect(holdsMoreValues(cycle, 1_000)).toBe(true);
    });
  });

  describe('what JSON cannot hold', () => {
    it('should count a sparse list by its length without reading it', () => {
      const sparse: unknown[] = [];
      sparse.length = 2 ** 32 - 1;
      expect(holdsMoreValues(sparse, 1_000_000)).toBe(true);
    });

    it('should count an object that is not plain data as one value, not look into it', () => {
      expect(holdsMoreValues([new Uint8Array(50_000_000), new Date(0)], 2)).toBe(false);
    });
  });
});
