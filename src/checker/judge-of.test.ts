import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { typeKeyword } from '../../test/support/checker-differential.ts';
import { prepareSchema } from '../schema/prepare-schema.ts';
import { asIsNone, asIsTestOf } from './as-is-test.ts';
import { createCheckState } from './check-state.ts';
import { judgeOf } from './judge-of.ts';
import { createRun, maxJudgedValues, refused } from './judge-run.ts';
import { nodeAdmitsNull } from './node-admits-null.ts';

const nodeOf = (schema: unknown) => prepareSchema(schema).root;

/** The yes/no mode: does the value fit? */
function fitsYesNo(schema: unknown, value: unknown, lenient: boolean): boolean {
  return judgeOf(nodeOf(schema), lenient)(value, createRun({ args: value }), 0) !== refused;
}

/** The describing mode: the value it hands on and the messages it wrote. */
function described(schema: unknown, value: unknown, lenient: boolean) {
  const report = createCheckState({ leniency: lenient ? 'lenient' : 'exact', maxMismatches: 10 });
  const result = judgeOf(nodeOf(schema), lenient)(value, createRun({ args: value, report }), 0);
  return { result, messages: report.mismatches.map((mismatch) => mismatch.message), report };
}

const names = ['a', 'b', 'toString', '__proto__', 'constructor'];

const schemaArbitrary: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(true, false, {}),
    fc.record(
      {
        type: typeKeyword,
        enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 1, maxLength: 3 }),
        nullable: fc.constant(true),
        minimum: fc.integer({ min: -2, max: 2 }),
        exclusiveMaximum: fc.integer({ min: -2, max: 6 }),
        multipleOf: fc.constantFrom(1, 2, 0.5),
        minLength: fc.nat(2),
        maxLength: fc.nat(3),
        pattern: fc.constantFrom('^a', 'b$', '^(a|a)*$', '(?=a)'),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(fc.constantFrom(...names), tie('schema'), { maxKeys: 3 }),
        required: fc.uniqueArray(fc.constantFrom(...names), { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), tie('schema')),
        patternProperties: fc.dictionary(fc.constantFrom('^a', 'o', '(?=t)'), tie('schema'), {
          maxKeys: 2,
        }),
        propertyNames: fc.constantFrom({ maxLength: 2 }, { pattern: '^[a-c]' }),
        minProperties: fc.nat(2),
        maxProperties: fc.nat(3),
        dependentRequired: fc.constant({ a: ['b'] }),
      },
      { requiredKeys: ['type'] },
    ),
    fc.record(
      {
        type: fc.constant('array'),
        items: tie('schema'),
        prefixItems: fc.array(tie('schema'), { maxLength: 2 }),
        minItems: fc.nat(2),
        maxItems: fc.nat(3),
        uniqueItems: fc.boolean(),
        contains: tie('schema'),
        maxContains: fc.nat(2),
      },
      { requiredKeys: [] },
    ),
  ),
})).schema;

const valueArbitrary = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    fc.constantFrom('5', '2.5', 'TRUE', '1', 1, 0, 'A'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc
      .array(fc.tuple(fc.constantFrom(...names, 'c'), tie('value')), { maxLength: 4 })
      .map((entries) => JSON.parse(JSON.stringify(Object.fromEntries(entries)))),
  ),
})).value;

describe('judgeOf', () => {
  describe('two modes of one walker', () => {
    it('should answer the same in yes/no and describing mode, in both leniencies', () => {
      fc.assert(
        fc.property(schemaArbitrary, valueArbitrary, fc.boolean(), (schema, value, lenient) => {
          const { result, report } = described(schema, value, lenient);
          expect(fitsYesNo(schema, value, lenient)).toBe(result !== refused);
          expect(report.mismatchCount === 0).toBe(result !== refused);
        }),
        { numRuns: 3000 },
      );
    });

    it('should hand on the same value in both modes', () => {
      fc.assert(
        fc.property(schemaArbitrary, valueArbitrary, (schema, value) => {
          const yesNo = judgeOf(nodeOf(schema), true)(value, createRun({ args: value }), 0);
          expect(described(schema, value, true).result).toEqual(yesNo);
        }),
        { numRuns: 1000 },
      );
    });

    it('should read names Object.prototype also has as own properties only', () => {
      const schema = {
        type: 'object',
        properties: { toString: { type: 'string' } },
        required: ['toString'],
      };
      expect(fitsYesNo(schema, {}, false)).toBe(false);
      expect(fitsYesNo(schema, { toString: 'x' }, false)).toBe(true);
      expect(fitsYesNo(schema, JSON.parse('{"__proto__": 1, "toString": "x"}'), false)).toBe(true);
    });

    it('should walk a closed object in the order of its names, the schema order or not', () => {
      const schema = {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'integer' }, toString: { type: 'string' } },
        required: ['b'],
        additionalProperties: false,
      };
      for (const lenient of [true, false]) {
        expect(fitsYesNo(schema, { a: 'x', b: 1 }, lenient)).toBe(true);
        expect(fitsYesNo(schema, { b: 1, a: 'x' }, lenient)).toBe(true);
        expect(fitsYesNo(schema, { toString: 't', b: 1 }, lenient)).toBe(true);
        expect(fitsYesNo(schema, { b: 1, toString: [] }, lenient)).toBe(false);
        expect(fitsYesNo(schema, { a: 'x' }, lenient)).toBe(false);
        expect(fitsYesNo(schema, { b: 1, a: 'x', c: 1 }, lenient)).toBe(false);
        expect(fitsYesNo(schema, { c: 1, b: 1 }, lenient)).toBe(false);
        expect(fitsYesNo(schema, JSON.parse('{"b": 1, "__proto__": {}}'), lenient)).toBe(false);
      }
      const args = { b: '5', a: 'x' };
      const cast = judgeOf(nodeOf(schema), true)(args, createRun({ args }), 0);
      expect(cast).toEqual({ b: 5, a: 'x' });
      expect(described(schema, { b: '5', a: 'x' }, true).result).toEqual(cast);
      // A key holding `undefined` (not JSON) is an absent argument, in both modes.
      expect(fitsYesNo(schema, { b: 1, a: undefined }, false)).toBe(true);
      expect(described(schema, { b: 1, a: undefined }, false).messages).toEqual([]);
      expect(fitsYesNo(schema, { b: undefined, a: 'x' }, false)).toBe(false);
      // Also a name the closed object does not declare.
      expect(fitsYesNo(schema, { b: 1, other: undefined }, false)).toBe(true);
      expect(described(schema, { b: 1, other: undefined }, false).messages).toEqual([]);
    });

    it('should walk an open object by its own names, and by the declared ones in doubt', () => {
      const schema = {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'integer' } },
        required: ['b'],
      };
      for (const lenient of [true, false]) {
        expect(fitsYesNo(schema, { x: 1, b: 1, a: 'x' }, lenient)).toBe(true);
        expect(fitsYesNo(schema, { x: 1, a: 'x' }, lenient)).toBe(false);
        expect(fitsYesNo(schema, { x: 1, b: [] }, lenient)).toBe(false);
        expect(fitsYesNo(schema, { b: 1, a: undefined }, lenient)).toBe(true);
        // More other names than declared ones: the declared names are read by name.
        const many = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`x${index}`, 1]));
        expect(fitsYesNo(schema, { ...many, b: 1 }, lenient)).toBe(true);
        expect(fitsYesNo(schema, { ...many, b: [] }, lenient)).toBe(false);
        expect(fitsYesNo(schema, many, lenient)).toBe(false);
        // A required property that is not enumerable (JSON cannot make one) is still read.
        const hidden = Object.defineProperty({ a: 'x' }, 'b', { value: 1, enumerable: false });
        expect(fitsYesNo(schema, hidden, lenient)).toBe(true);
      }
    });

    it('should give the one-test form only to nodes whose every field it accounts for', () => {
      const text = nodeOf({ type: 'string', enum: ['a', 'b'] });
      expect(asIsTestOf(text).asIs).not.toBe(asIsNone);
      expect(asIsTestOf(nodeOf({ type: 'integer' })).asIs).not.toBe(asIsNone);
      expect(asIsTestOf(nodeOf({ type: ['string', 'null'] })).asIs).toBe(asIsNone);
      expect(asIsTestOf(nodeOf({ type: 'integer', enum: [1] })).asIs).toBe(asIsNone);
      // A keyword judged later lands as a field of its own: the node then gets no one-test form.
      expect(asIsTestOf(Object.assign({}, text, { minLength: 2 })).asIs).toBe(asIsNone);
    });

    it('should judge a schema object that contains itself in yes/no mode too', () => {
      const schema: Record<string, unknown> = { type: 'object', properties: {} };
      (schema.properties as Record<string, unknown>).self = schema;
      (schema.properties as Record<string, unknown>).n = { type: 'integer' };
      expect(fitsYesNo(schema, { n: 1, self: { n: 2, self: {} } }, false)).toBe(true);
      expect(fitsYesNo(schema, { n: 1, self: { n: 'x' } }, false)).toBe(false);
    });
  });

  describe('values that are not JSON', () => {
    it('should refuse them where a type is declared, and pass them where none is', () => {
      expect(described({ type: 'string' }, () => 1, true).messages).toEqual([
        'The arguments must be text, not a value that is not JSON.',
      ]);
      expect(described({}, Symbol('s'), true).messages).toEqual([]);
    });

    it('should refuse numbers JSON cannot carry, wherever the checker looks', () => {
      const infinity = JSON.parse('1e400') as number;
      for (const lenient of [true, false]) {
        expect(
          described(
            { type: 'object', properties: { amount: { type: 'number' } } },
            { amount: infinity },
            lenient,
          ).messages,
        ).toEqual(['"amount" must be a number, not a number too large to represent.']);
        expect(described({ type: 'integer' }, -infinity, lenient).messages).toEqual([
          'The arguments must be an integer, not a number too large to represent.',
        ]);
        expect(described({ type: 'string' }, Number.NaN, lenient).messages).toEqual([
          'The arguments must be text, not NaN (not a number).',
        ]);
        expect(described({}, infinity, lenient).messages).toEqual([
          'The arguments must be a number, not a number too large to represent.',
        ]);
        expect(described({ enum: [1] }, infinity, lenient).messages).toHaveLength(1);
      }
    });

    it('should refuse a BigInt, a Date, a Map and a class instance where JSON is judged', () => {
      class Point {
        x = 1;
      }
      for (const value of [10n, new Date(0), new Map(), new Point(), new Uint8Array(4)]) {
        expect(described({ type: 'object' }, value, true).messages).toHaveLength(1);
        expect(described({ type: 'integer' }, value, true).messages).toHaveLength(1);
      }
      expect(described({ type: 'object' }, new Date(0), true).messages).toEqual([
        'The arguments must be an object, not a value that is not JSON.',
      ]);
      expect(described({ type: 'object' }, Object.create(null), true).messages).toEqual([]);
    });
  });

  describe('work budget', () => {
    it('should stop at the budget on a sparse list of length 2^32 - 1 without walking it', () => {
      const sparse: unknown[] = [];
      sparse.length = 2 ** 32 - 1;
      const run = createRun({ args: sparse });
      expect(
        judgeOf(nodeOf({ type: 'array', items: { type: 'integer' } }), true)(sparse, run, 0),
      ).toBe(refused);
      expect(run.exhausted).toBe(true);
    });

    it('should stop at the budget on a value with exponentially many shared paths', () => {
      let shared: unknown = {};
      for (let level = 0; level < 40; level++) shared = { a: shared, b: shared };
      const schema: Record<string, unknown> = { type: 'object' };
      schema.additionalProperties = schema;
      const run = createRun({ args: shared });
      expect(judgeOf(nodeOf(schema), false)(shared, run, 0)).toBe(refused);
      expect(run.exhausted).toBe(true);
      expect(maxJudgedValues).toBe(1_000_000);
    });
  });

  describe('depth', () => {
    it('should pass what lies deeper than the depth limit, and say it was not complete', () => {
      const schema: Record<string, unknown> = { type: 'object', properties: {} };
      (schema.properties as Record<string, unknown>).a = schema;
      let value: unknown = { a: 'not an object' };
      for (let level = 0; level < 300; level++) value = { a: value };
      const run = createRun({ args: value });
      expect(judgeOf(nodeOf(schema), false)(value, run, 0)).toBe(value);
      expect(run.complete).toBe(false);
    });
  });
});

describe('nodeAdmitsNull', () => {
  const admitsNull = (schema: unknown) => nodeAdmitsNull(nodeOf(schema));

  it('should refuse null for a declared type without null, an enum without null, or false', () => {
    for (const schema of [
      false,
      { type: 'string' },
      { type: ['integer', 'boolean'] },
      { enum: ['a', 'b'] },
      { const: 'a' },
      { type: 'object', properties: {} },
      { type: ['string', 'null'], enum: ['celsius', 'fahrenheit'] },
      { type: 'string', enum: ['a'], nullable: true },
      { nullable: true, const: 'a' },
      { anyOf: [{ type: 'string' }] },
      { allOf: [{ type: ['string', 'null'] }, { enum: ['a'] }] },
    ]) {
      expect(admitsNull(schema)).toBe(false);
    }
  });

  it('should admit null when declared, undeclared, nullable, an enum member, or not judged', () => {
    for (const schema of [
      true,
      {},
      { type: 'null' },
      { type: ['string', 'null'] },
      { type: 'string', nullable: true },
      { type: 'string', nullable: true, enum: ['a', null] },
      { enum: ['a', null] },
      { const: null },
      { anyOf: [{ type: 'string' }, { type: 'null' }] },
      { $ref: '#/$defs/a', $defs: { a: { type: ['string', 'null'] } } },
      { type: 'date' },
      { items: { type: 'string' } },
    ]) {
      expect(admitsNull(schema)).toBe(true);
    }
  });

  it('should agree with what the walker does with null, in exact mode', () => {
    fc.assert(
      fc.property(schemaArbitrary, (schema) => {
        expect(fitsYesNo(schema, null, false)).toBe(admitsNull(schema));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('judgeOf (empty schemas)', () => {
  it('should treat {} like true, apart from numbers JSON cannot carry', () => {
    for (const value of [new Date(0), () => 1, 10n, { a: new Map() }]) {
      expect(fitsYesNo({}, value, false)).toBe(true);
      expect(fitsYesNo(true, value, false)).toBe(true);
    }
    expect(fitsYesNo({}, Number.NaN, false)).toBe(false);
    expect(fitsYesNo({ properties: {} }, new Date(0), false)).toBe(false);
  });
});

describe('judgeOf (schemas applied to the same value)', () => {
  const applied: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      schemaArbitrary,
      fc.constantFrom({ $ref: '#/$defs/text' }, { $ref: '#/$defs/node' }),
      fc.record(
        {
          type: fc.constantFrom('object', 'string', 'integer'),
          allOf: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }),
          anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }),
          oneOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }),
          not: tie('schema'),
          if: tie('schema'),
          // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a promise
          then: tie('schema'),
          else: tie('schema'),
          dependentSchemas: fc.dictionary(fc.constantFrom(...names), tie('schema'), { maxKeys: 2 }),
          format: fc.constant('email'),
        },
        { requiredKeys: [] },
      ),
    ),
  })).schema;
  const document = applied.map((schema) =>
    typeof schema === 'object' && schema !== null
      ? {
          ...schema,
          $defs: {
            text: { type: 'string' },
            node: { type: 'object', properties: { a: { $ref: '#/$defs/node' }, b: {} } },
          },
        }
      : schema,
  );

  it('should answer the same in yes/no and describing mode, and hand on the same value', () => {
    fc.assert(
      fc.property(document, valueArbitrary, fc.boolean(), (schema, value, lenient) => {
        const { result, report } = described(schema, value, lenient);
        expect(fitsYesNo(schema, value, lenient)).toBe(result !== refused);
        expect(report.mismatchCount === 0).toBe(result !== refused);
        const yesNo = judgeOf(nodeOf(schema), lenient)(value, createRun({ args: value }), 0);
        expect(result).toEqual(yesNo);
      }),
      { numRuns: 1000 },
    );
  });

  it('should pass in lenient mode whatever exact mode passes', () => {
    fc.assert(
      fc.property(document, valueArbitrary, (schema, value) => {
        if (fitsYesNo(schema, value, false)) expect(fitsYesNo(schema, value, true)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('should say null may fit only where the walker passes it, or where it cannot tell', () => {
    fc.assert(
      fc.property(document, (schema) => {
        if (!nodeAdmitsNull(nodeOf(schema))) expect(fitsYesNo(schema, null, false)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('should pass unjudged a schema that applies itself to the same value', () => {
    const draft2020 = 'https://json-schema.org/draft/2020-12/schema';
    for (const schema of [
      { $schema: draft2020, type: 'object', $ref: '#' },
      { allOf: [{ $ref: '#' }, { $ref: '#' }] },
      { anyOf: [{ $ref: '#' }, { $ref: '#' }, { $ref: '#' }] },
      { oneOf: [{ $ref: '#' }, { $ref: '#' }] },
      { not: { $ref: '#' } },
    ]) {
      for (const lenient of [true, false]) {
        const run = createRun({ args: { a: 1 } });
        expect(judgeOf(nodeOf(schema), lenient)({ a: 1 }, run, 0)).toEqual({ a: 1 });
        expect(run).toMatchObject({ complete: false, exhausted: false });
        expect(described(schema, { a: 1 }, lenient).messages).toEqual([]);
      }
    }
  });

  it('should judge a recursive schema as deep as it judges, and pass what lies deeper', () => {
    const tree = {
      $defs: {
        node: {
          anyOf: [
            { type: 'null' },
            { type: 'object', properties: { c: { $ref: '#/$defs/node' } }, required: ['c'] },
          ],
        },
      },
      $ref: '#/$defs/node',
    };
    const nested = (depth: number, leaf: unknown) => {
      let value = leaf;
      for (let level = 0; level < depth; level++) value = { c: value };
      return value;
    };
    expect(described(tree, nested(60, 5), false).messages).toEqual([
      `"${Array(60).fill('c').join('.')}" must be null or an object, not the number 5.`,
    ]);
    const deep = nested(10_000, 5);
    const run = createRun({ args: deep });
    expect(judgeOf(nodeOf(tree), false)(deep, run, 0)).not.toBe(refused);
    expect(run.complete).toBe(false);
  });
});
