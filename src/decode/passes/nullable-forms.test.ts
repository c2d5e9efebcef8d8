import { describe, expect, it } from 'vitest';
import { cerebrasProfile, openaiProfile } from '../provider-profiles.ts';
import { admitsNull, makeNullable } from './nullable-forms.ts';

describe('admitsNull', () => {
  it.each([
    [true, true],
    [{}, true],
    [{ type: 'null' }, true],
    [{ type: ['string', 'null'] }, true],
    [{ anyOf: [{ type: 'string' }, { type: 'null' }] }, true],
    [{ oneOf: [{ type: 'string' }, { const: null }] }, true],
    [{ enum: ['a', null] }, true],
    [{ const: null }, true],
    [{ type: 'string', nullable: true }, true],
    [{ description: 'anything' }, true],
    [false, false],
    [null, false],
    [{ type: 'string' }, false],
    [{ type: ['string', 'number'] }, false],
    [{ enum: ['a'] }, false],
    [{ const: 'a' }, false],
    [{ type: ['string', 'null'], enum: ['a'] }, false],
    [{ type: 'null', const: 'a' }, false],
    [{ anyOf: [{ type: 'string' }] }, false],
    [{ properties: {} }, false],
    [{ items: {} }, false],
  ])('should tell whether %j admits null (%s)', (schema, expected) => {
    expect(admitsNull(schema)).toBe(expected);
  });
});

describe('makeNullable', () => {
  it('should add null to the type list (and enum) of a primitive for OpenAI', () => {
    expect(makeNullable({ type: 'string', enum: ['a'] }, openaiProfile)).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
  });

  it('should wrap objects, constants, and everything for Cerebras, in anyOf', () => {
    const object = { type: 'object', properties: {} };
    expect(makeNullable(object, openaiProfile)).toEqual({ anyOf: [object, { type: 'null' }] });
    expect(makeNullable({ const: 'x' }, openaiProfile)).toEqual({
      anyOf: [{ const: 'x' }, { type: 'null' }],
    });
    expect(makeNullable({ type: 'string' }, cerebrasProfile)).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
  });

  it('should add a null branch to a bare anyOf instead of nesting it', () => {
    expect(makeNullable({ anyOf: [{ type: 'string' }], description: 'd' }, openaiProfile)).toEqual({
      anyOf: [{ type: 'string' }, { type: 'null' }],
      description: 'd',
    });
  });
});
