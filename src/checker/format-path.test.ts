import { describe, expect, it } from 'vitest';
import { formatPath } from './format-path.ts';

describe('formatPath', () => {
  describe('identifiers and positions', () => {
    it('should join names with dots and positions with brackets', () => {
      expect(formatPath(['items', 2, 'name'])).toBe('items[2].name');
      expect(formatPath(['a', 'b', 'c'])).toBe('a.b.c');
      expect(formatPath(['matrix', 0, 1])).toBe('matrix[0][1]');
      expect(formatPath([3])).toBe('[3]');
      expect(formatPath([])).toBe('');
    });

    it('should write names such as __proto__ and toString as they are', () => {
      expect(formatPath(['__proto__', 'constructor', 'toString'])).toBe(
        '__proto__.constructor.toString',
      );
    });
  });

  describe('other names', () => {
    it('should write a first name that is not an identifier as it is', () => {
      expect(formatPath(['first name'])).toBe('first name');
      expect(formatPath(['x-trace-id', 'a'])).toBe('x-trace-id.a');
    });

    it('should quote a later name that is not an identifier', () => {
      expect(formatPath(['tags', 'a b'])).toBe('tags["a b"]');
      expect(formatPath(['a', 'b.c'])).toBe('a["b.c"]');
      expect(formatPath(['a', '0'])).toBe('a["0"]');
      expect(formatPath(['a', ''])).toBe('a[""]');
    });

    it('should quote an empty first name, so the path does not read as the next name', () => {
      expect(formatPath([''])).toBe('[""]');
      expect(formatPath(['', 'x'])).toBe('[""].x');
    });
  });

  describe('long names', () => {
    it('should cut a name longer than 64 characters to a quoted excerpt', () => {
      const long = 'n'.repeat(65);
      expect(formatPath([long])).toBe(`["${'n'.repeat(40)}…"]`);
      expect(formatPath(['a', long])).toBe(`a["${'n'.repeat(40)}…"]`);
      expect(formatPath(['n'.repeat(64)])).toBe('n'.repeat(64));
    });

    it('should stay short for a 10 MB name', () => {
      expect(formatPath(['x'.repeat(10_000_000), 'y']).length).toBeLessThan(60);
    });
  });
});
