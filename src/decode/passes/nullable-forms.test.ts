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

  it('should read a node without a type as JSON Schema does for a schema sent as it is', () => {
    for (const schema of [{ properties: {} }, { items: {} }]) {
      expect(admitsNull(schema, { asSent: false })).toBe(true);
    }
    expect(admitsNull({ type: 'object', properties: {} }, { asSent: false })).toBe(false);
  });

  it('should follow references, a reference that leads to itself admitting nothing', () => {
    const root = {
      $defs: {
        a: { $ref: '#/$defs/b' },
        b: { type: ['string', 'null'] },
        c: { $ref: '#/$defs/c' },
      },
    };
    const resolve = (ref: string) => root.$defs[ref.slice('#/$defs/'.length) as 'a' | 'b' | 'c'];
    expect(admitsNull({ $ref: '#/$defs/a' }, { resolve })).toBe(true);
    expect(admitsNull({ $ref: '#/$defs/c' }, { resolve })).toBe(false);
    expect(admitsNull({ $ref: '#/$defs/a' })).toBe(false);
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
