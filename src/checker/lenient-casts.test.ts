import { describe, expect, it } from 'vitest';
import { JsonKind } from '../schema/json-kind.ts';
import { castToDeclared, isLenientCast, isNumberText } from './lenient-casts.ts';

const number = JsonKind.number | JsonKind.integer;

describe('isLenientCast', () => {
  describe('text for an integer', () => {
    it('should cast text spelling an integer', () => {
      for (const text of ['5', '-5', '+5', '007', ' 5 ', '5.0', '5.', '5.000']) {
        expect(isLenientCast(text, JsonKind.integer)).toBe(true);
      }
    });

    it('should not cast other text', () => {
      for (const text of ['abc', '5.5', '1e3', '', ' ', '5a', '0x10', 'Infinity', 'NaN', '--5']) {
        expect(isLenientCast(text, JsonKind.integer)).toBe(false);
      }
    });
  });

  describe('text for a number', () => {
    it('should cast text spelling a finite number', () => {
      for (const text of ['2.5', '-.5', '1e3', '1E-3', '5', ' 3.14 ', '1.']) {
        expect(isLenientCast(text, number)).toBe(true);
      }
    });

    it('should not cast other text', () => {
      for (const text of ['abc', '1e999', 'Infinity', '.', 'e5', '1.2.3', '']) {
        expect(isLenientCast(text, number)).toBe(false);
      }
    });
  });

  describe('booleans', () => {
    it('should cast "true", "false", 1 and 0 for a boolean', () => {
      for (const value of ['true', 'false', 'True', ' FALSE ', 1, 0]) {
        expect(isLenientCast(value, JsonKind.boolean)).toBe(true);
      }
    });

    it('should not cast anything else for a boolean', () => {
      for (const value of ['maybe', 'yes', '1', '0', 2, -1, 0.5, null, [], {}]) {
        expect(isLenientCast(value, JsonKind.boolean)).toBe(false);
      }
    });
  });

  describe('numbers for text', () => {
    it('should cast a number for text', () => {
      expect(isLenientCast(5, JsonKind.string)).toBe(true);
      expect(isLenientCast(5.5, JsonKind.string)).toBe(true);
    });

    it('should not cast a boolean, null, a list or an object for text', () => {
      for (const value of [true, false, null, [], {}]) {
        expect(isLenientCast(value, JsonKind.string)).toBe(false);
      }
    });
  });

  describe('what is never cast', () => {
    it('should not cast a number to an integer, or text to a list or an object', () => {
      expect(isLenientCast(5.5, JsonKind.integer)).toBe(false);
      expect(isLenientCast('[1]', JsonKind.array)).toBe(false);
      expect(isLenientCast('{}', JsonKind.object)).toBe(false);
      expect(isLenientCast('null', JsonKind.null)).toBe(false);
    });

    it('should not cast text longer than 64 characters', () => {
      expect(isLenientCast(`${'0'.repeat(64)}1`, JsonKind.integer)).toBe(false);
      expect(isLenientCast(`${' '.repeat(64)}true`, JsonKind.boolean)).toBe(false);
    });
  });
});

describe('isNumberText', () => {
  describe('numbers', () => {
    it('should read what a tool reads with Number(text)', () => {
      for (const text of ['0', '-1', '+1', '1.5', '.5', '5.', '1e10', '1E+2', '-1.5e-3']) {
        expect(isNumberText(text)).toBe(true);
      }
    });

    it('should refuse text that is not a finite number', () => {
      for (const text of ['', '.', '-', 'e1', '1e', '1e+', '0x1', '1_000', '1 2', '1e400', 'NaN']) {
        expect(isNumberText(text)).toBe(false);
      }
    });
  });

  describe('long text', () => {
    // A backtracking pattern would take hours on these; the test's timeout is the guard.
    it('should finish for a long run of digits that is not a number', () => {
      for (const text of [
        `${'1'.repeat(1_000_000)}x`,
        `1.${'1'.repeat(1_000_000)}x`,
        `1e${'1'.repeat(1_000_000)}x`,
      ]) {
        expect(isNumberText(text)).toBe(false);
      }
    });
  });
});

describe('castToDeclared', () => {
  describe('the declared form', () => {
    it('should hand back the value as the schema declares it', () => {
      expect(castToDeclared(' 5 ', JsonKind.integer)).toBe(5);
      expect(castToDeclared('5.0', JsonKind.integer)).toBe(5);
      expect(castToDeclared('+7', number)).toBe(7);
      expect(castToDeclared('2.5', number)).toBe(2.5);
      expect(castToDeclared('1e3', number)).toBe(1000);
      expect(castToDeclared(42, JsonKind.string)).toBe('42');
      expect(castToDeclared(0.5, JsonKind.string)).toBe('0.5');
      expect(castToDeclared(' TRUE ', JsonKind.boolean)).toBe(true);
      expect(castToDeclared('false', JsonKind.boolean)).toBe(false);
      expect(castToDeclared(1, JsonKind.boolean)).toBe(true);
      expect(castToDeclared(0, JsonKind.boolean)).toBe(false);
    });

    it('should have no declared form for what it does not cast', () => {
      for (const [value, declared] of [
        ['abc', JsonKind.integer],
        ['5.5', JsonKind.integer],
        [5.5, JsonKind.integer],
        [2, JsonKind.boolean],
        [true, JsonKind.string],
        [Number.POSITIVE_INFINITY, JsonKind.string],
        [10n, JsonKind.string],
        ['1e400', number],
      ] as const) {
        expect(castToDeclared(value, declared)).toBeUndefined();
      }
    });
  });
});
