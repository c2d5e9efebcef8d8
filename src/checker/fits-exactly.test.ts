import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareSchema } from '../schema/prepare-schema.ts';
import { createCheckState } from './check-state.ts';
import { checkValue } from './check-value.ts';
import { exactFitOf } from './fits-exactly.ts';

/** The full check in exact mode: does it find no mismatch? */
function fullCheckPasses(schema: unknown, value: unknown): boolean {
  const state = createCheckState({ leniency: 'exact', maxMismatches: 1 });
  checkValue(prepareSchema(schema).root, value, state, 0);
  return state.mismatchCount === 0;
}

const names = ['a', 'b', 'toString', '__proto__', 'constructor'];
const typeName = fc.constantFrom(
  'string',
  'integer',
  'number',
  'boolean',
  'null',
  'object',
  'array',
);

const schemaArbitrary: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(true, false, {}),
    fc.record(
      {
        type: fc.oneof(typeName, fc.uniqueArray(typeName, { minLength: 1, maxLength: 3 })),
        enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 1, maxLength: 3 }),
        nullable: fc.constant(true),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(fc.constantFrom(...names), tie('schema'), { maxKeys: 3 }),
        required: fc.uniqueArray(fc.constantFrom(...names), { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), tie('schema')),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record({ type: fc.constant('array'), items: tie('schema') }, { requiredKeys: [] }),
  ),
})).schema;

const valueArbitrary = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc
      .array(fc.tuple(fc.constantFrom(...names, 'c'), tie('value')), { maxLength: 4 })
      .map((entries) => JSON.parse(JSON.stringify(Object.fromEntries(entries)))),
  ),
})).value;

describe('exactFitOf', () => {
  it('should agree with the full check in exact mode on every schema and value', () => {
    fc.assert(
      fc.property(schemaArbitrary, valueArbitrary, (schema, value) => {
        const fitsSchema = exactFitOf(prepareSchema(schema).root);
        expect(fitsSchema?.(value)).toBe(fullCheckPasses(schema, value));
      }),
      { numRuns: 3000 },
    );
  });

  it('should read names Object.prototype also has as own properties only', () => {
    const schema = {
      type: 'object',
      properties: { toString: { type: 'string' } },
      required: ['toString'],
    };
    const fitsSchema = exactFitOf(prepareSchema(schema).root);
    expect(fitsSchema?.({})).toBe(false);
    expect(fitsSchema?.({ toString: 'x' })).toBe(true);
    expect(fitsSchema?.(JSON.parse('{"__proto__": 1, "toString": "x"}'))).toBe(true);
  });

  it('should have no yes/no form for a schema object that contains itself', () => {
    const schema: Record<string, unknown> = { type: 'object', properties: {} };
    (schema.properties as Record<string, unknown>).self = schema;
    expect(exactFitOf(prepareSchema(schema).root)).toBeUndefined();
  });
});
