import { describe, expect, it } from 'vitest';
import { keywordsAdmitNull } from './keywords-admit-null.ts';

describe('keywordsAdmitNull', () => {
  describe('types, enum and const together', () => {
    it.each([
      [{}, true],
      [{ type: 'null' }, true],
      [{ type: ['string', 'null'] }, true],
      [{ type: 'string', nullable: true }, true],
      [{ enum: ['a', null] }, true],
      [{ const: null }, true],
      [{ type: 'string', nullable: true, enum: ['a', null] }, true],
      [{ type: 'string' }, false],
      [{ type: 'string', nullable: 'yes' }, false],
      [{ enum: ['a'] }, false],
      [{ const: 'a' }, false],
      [{ type: ['string', 'null'], enum: ['celsius', 'fahrenheit'] }, false],
      [{ type: 'string', enum: ['a'], nullable: true }, false],
      [{ const: null, enum: ['a'] }, false],
    ])('should tell whether %j lets null through (%s)', (schema, expected) => {
      expect(keywordsAdmitNull(schema)).toBe(expected);
    });
  });
});
