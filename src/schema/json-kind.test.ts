import { describe, expect, it } from 'vitest';
import { isPlainObject, JsonKind, kindOfValue, notJsonKind } from './json-kind.ts';

describe('kindOfValue', () => {
  describe('JSON values', () => {
    it('should give each value its kind, integers also as numbers', () => {
      expect(kindOfValue('a')).toBe(JsonKind.string);
      expect(kindOfValue(1.5)).toBe(JsonKind.number);
      expect(kindOfValue(2)).toBe(JsonKind.number | JsonKind.integer);
      expect(kindOfValue(2.0)).toBe(JsonKind.number | JsonKind.integer);
      expect(kindOfValue(1e300)).toBe(JsonKind.number | JsonKind.integer);
      expect(kindOfValue(true)).toBe(JsonKind.boolean);
      expect(kindOfValue(null)).toBe(JsonKind.null);
      expect(kindOfValue([])).toBe(JsonKind.array);
      expect(kindOfValue({})).toBe(JsonKind.object);
    });
  });

  describe('other values', () => {
    it('should set the not-JSON bit for what JSON cannot hold', () => {
      expect(kindOfValue(undefined)).toBe(notJsonKind);
      expect(kindOfValue(() => 1)).toBe(notJsonKind);
      expect(kindOfValue(Symbol('s'))).toBe(notJsonKind);
      expect(kindOfValue(Number.NaN)).toBe(notJsonKind);
      expect(kindOfValue(JSON.parse('1e400'))).toBe(notJsonKind);
      expect(kindOfValue(5n)).toBe(notJsonKind);
    });
  });
});

describe('isPlainObject', () => {
  describe('plain data', () => {
    it('should take what JSON.parse builds, and objects without a prototype, as plain', () => {
      expect(isPlainObject(JSON.parse('{"a":1}'))).toBe(true);
      expect(isPlainObject({})).toBe(true);
      expect(isPlainObject(Object.create(null))).toBe(true);
    });

    it('should not take dates, maps, typed arrays or class instances for plain data', () => {
      class Point {
        x = 1;
      }
      for (const value of [new Date(0), new Map(), new Uint8Array(2), new Point()]) {
        expect(isPlainObject(value)).toBe(false);
      }
    });
  });
});
