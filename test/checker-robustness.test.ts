import { Validator } from '@cfworker/json-schema';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkArguments, checkTurn, fitArguments, judgeArguments } from '../src/checker/index.ts';
import {
  jsonValueArbitrary,
  schemaArbitrary,
  withDefinitions,
} from './support/checker-differential.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Freezes a value and everything it holds, cycles included. */
function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  }
  return Object.freeze(value);
}

/** `{ a: { a: … { a: leaf } } }`, `depth` levels, built without recursion. */
function nestObjects(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** `[[… [leaf] …]]`, `depth` levels. */
function nestLists(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

/** An object schema `depth` levels deep through `properties.a`, with `leaf` at the bottom. */
function nestSchemas(depth: number, leaf: unknown): unknown {
  let schema = leaf;
  for (let level = 0; level < depth; level++) {
    schema = { type: 'object', properties: { a: schema }, required: ['a'] };
  }
  return schema;
}

const exact = { leniency: 'exact' } as const;

describe('checkArguments', () => {
  describe('cyclic schemas', () => {
    it('should judge through a schema whose properties.x is itself', () => {
      const schema: Record<string, unknown> = { type: 'object', properties: {}, required: ['n'] };
      (schema.properties as Record<string, unknown>).x = schema;
      (schema.properties as Record<string, unknown>).n = { type: 'integer' };
      expect(checkArguments(schema, { n: 1, x: { n: 2, x: { n: 3 } } })).toEqual([]);
      expect(checkArguments(schema, { n: 1, x: { n: 2, x: { n: 'z' } } })).toMatchObject([
        { path: ['x', 'x', 'n'], message: '"x.x.n" must be an integer, not text ("z").' },
      ]);
      expect(checkArguments(schema, { n: 1, x: { x: {} } }).map((m) => m.message)).toEqual([
        '"x.n" is required but was not sent.',
        '"x.x.n" is required but was not sent.',
      ]);
    });

    it('should judge through cycles in additionalProperties and items', () => {
      const object: Record<string, unknown> = { type: 'object' };
      object.additionalProperties = object;
      const list: Record<string, unknown> = { type: 'array' };
      list.items = list;
      expect(checkArguments(object, { a: { b: { c: {} } } })).toEqual([]);
      expect(checkArguments(object, { a: { b: { c: 1 } } })).toMatchObject([
        { path: ['a', 'b', 'c'] },
      ]);
      expect(checkArguments(list, [[[], [[]]]])).toEqual([]);
      expect(checkArguments(list, [[[], [[5]]]])).toMatchObject([{ path: [0, 1, 0, 0] }]);
    });

    it('should pass arguments 10,000 levels deep against a cyclic schema', () => {
      const schema: Record<string, unknown> = { type: 'object', properties: {} };
      (schema.properties as Record<string, unknown>).a = schema;
      expect(() => checkArguments(schema, nestObjects(10_000, {}))).not.toThrow();
      expect(checkArguments(schema, nestObjects(10_000, 'deep'))).toEqual([]);
    });
  });

  describe('cyclic arguments', () => {
    it('should not loop on arguments that contain themselves', () => {
      const args: Record<string, unknown> = { n: 'x' };
      args.self = args;
      args.list = [args, [args]];
      const schemas: unknown[] = [
        {},
        true,
        { type: 'object', properties: { n: { type: 'string' } } },
        { type: 'object', additionalProperties: { type: 'object' } },
        { enum: [{ n: 'x' }] },
        { const: args },
      ];
      for (const schema of schemas) {
        expect(() => checkArguments(schema, args)).not.toThrow();
        expect(() => checkArguments(schema, args, exact)).not.toThrow();
      }
    });

    it('should report a mismatch in arguments that contain themselves once, where it first appears', () => {
      const args: Record<string, unknown> = { n: 'x' };
      args.self = args;
      const schema: Record<string, unknown> = { type: 'object', properties: {} };
      (schema.properties as Record<string, unknown>).self = schema;
      (schema.properties as Record<string, unknown>).n = { type: 'integer' };
      expect(judgeArguments(schema, args)).toMatchObject({
        mismatches: [{ path: ['n'] }],
        mismatchCount: 1,
      });
    });

    it('should finish quickly when a cycle branches, against a schema that does too', () => {
      const schema: Record<string, unknown> = { type: 'object' };
      schema.additionalProperties = schema;
      const args: Record<string, unknown> = {};
      args.x = args;
      args.y = args;
      args.z = [args, args];
      const twin: Record<string, unknown> = { back: args };
      args.twin = twin;
      twin.again = twin;
      expect(checkArguments(schema, args)).toMatchObject([
        { path: ['z'], message: '"z" must be an object, not a list of 2 items.' },
      ]);
    });

    it('should describe a cyclic value in an enum sentence without throwing', () => {
      const value: unknown[] = [];
      value.push(value);
      expect(checkArguments({ enum: [[1]] }, value)).toEqual([
        expect.objectContaining({
          code: 'enum',
          message: 'The arguments must be [1], not a list of 1 item.',
        }),
      ]);
    });
  });

  describe('deep arguments', () => {
    it('should not throw on arguments nested 10,000 deep', () => {
      const schemas: unknown[] = [
        {},
        { type: 'object' },
        { type: 'object', properties: { a: { type: 'object', properties: { a: {} } } } },
        nestSchemas(300, {}),
        { enum: [nestObjects(10_000, 1)] },
        { type: 'array', items: { type: 'array', items: { type: 'string' } } },
      ];
      for (const args of [nestObjects(10_000, 1), nestLists(10_000, 1)]) {
        for (const schema of schemas) {
          expect(() => checkArguments(schema, args)).not.toThrow();
          expect(() => checkArguments(schema, args, exact)).not.toThrow();
        }
      }
    });

    it('should still report a mismatch near the top of deep arguments', () => {
      const schema = { type: 'array', items: { type: 'array', items: { type: 'string' } } };
      expect(checkArguments(schema, nestLists(10_000, 1))).toMatchObject([
        { path: [0, 0], message: '"[0][0]" must be text, not a list of 1 item.' },
      ]);
    });
  });

  describe('deep schemas', () => {
    it('should not throw on a schema nested 10,000 deep', () => {
      const schema = nestSchemas(10_000, { type: 'string' });
      for (const args of [
        nestObjects(10_000, 'x'),
        nestObjects(10_000, 5),
        {},
        nestObjects(100, {}),
      ]) {
        expect(() => checkArguments(schema, args)).not.toThrow();
      }
      const listSchema = nestLists(10_000, { type: 'string' }) as unknown;
      expect(() => checkArguments({ items: listSchema }, [1])).not.toThrow();
      let items: unknown = { type: 'string' };
      for (let level = 0; level < 10_000; level++) items = { type: 'array', items };
      expect(() => checkArguments(items, nestLists(10_000, 5))).not.toThrow();
    });

    it('should judge the top of a deep schema and pass what lies too deep to judge', () => {
      const schema = nestSchemas(10_000, { type: 'string' });
      expect(checkArguments(schema, nestObjects(10, {})).map((m) => m.path.length)).toEqual([11]);
      expect(checkArguments(schema, nestObjects(10_000, 5))).toEqual([]);
    });
  });

  describe('10 MB strings', () => {
    const huge = 'x'.repeat(10_000_000);
    const hugeDigits = `${'1'.repeat(10_000_000)}x`;
    const hugeJson = `[${'1,'.repeat(5_000_000)}1]`;

    it('should keep every sentence short, in both modes, and finish quickly', () => {
      const schemas: unknown[] = [
        { type: 'object', properties: { a: { type: 'integer' } } },
        { type: 'object', properties: { a: { type: 'number' } } },
        { type: 'object', properties: { a: { type: 'boolean' } } },
        { type: 'object', properties: { a: { type: 'array' } } },
        { type: 'object', properties: { a: { enum: [1, 'a', [1]] } } },
        { type: 'object', properties: { a: false } },
        { type: 'object', properties: { b: {} }, additionalProperties: false },
        { type: 'object', properties: { [huge]: { type: 'integer' } }, required: [huge] },
      ];
      const argsList: unknown[] = [
        { a: huge },
        { a: hugeDigits },
        { a: hugeJson },
        { a: [huge] },
        { [huge]: huge },
        { [hugeDigits]: 1 },
      ];
      for (const schema of schemas) {
        for (const args of argsList) {
          for (const options of [{}, exact]) {
            for (const mismatch of checkArguments(schema, args, options)) {
              expect(mismatch.message.length).toBeLessThan(400);
              expect(mismatch.expected.length).toBeLessThan(200);
              expect(mismatch.received.length).toBeLessThan(100);
            }
          }
        }
      }
    });
  });

  describe('__proto__, constructor and toString', () => {
    const names = ['__proto__', 'constructor', 'toString'];

    it('should read them as argument names, own properties only', () => {
      const schema = JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"integer"},"toString":{"type":"boolean"}},"required":["__proto__","constructor","toString"],"additionalProperties":false}',
      );
      expect(checkArguments(schema, {}).map((m) => m.message)).toEqual([
        '"__proto__" is required but was not sent.',
        '"constructor" is required but was not sent.',
        '"toString" is required but was not sent.',
      ]);
      const fitting = JSON.parse('{"__proto__":"a","constructor":1,"toString":true}');
      expect(checkArguments(schema, fitting, exact)).toEqual([]);
      const wrong = JSON.parse('{"__proto__":[1],"constructor":"x","toString":{}}');
      expect(checkArguments(schema, wrong).map((m) => m.message)).toEqual([
        '"__proto__" must be text, not a list of 1 item.',
        '"constructor" must be an integer, not text ("x").',
        '"toString" must be true or false, not an object.',
      ]);
    });

    it('should refuse them as unknown names when the schema does not name them', () => {
      const schema = { type: 'object', properties: { a: {} }, additionalProperties: false };
      const args = JSON.parse('{"__proto__":{"polluted":1},"constructor":{},"toString":"x"}');
      expect(checkArguments(schema, args).map((m) => m.path)).toEqual(names.map((name) => [name]));
      expect(checkArguments(schema, {})).toEqual([]);
      expect(checkArguments({ type: 'object', required: names }, {}).map((m) => m.path)).toEqual(
        names.map((name) => [name]),
      );
    });

    it('should not take inherited names for schema property names', () => {
      const schema = {
        type: 'object',
        properties: { a: { type: 'string' } },
        additionalProperties: { type: 'integer' },
      };
      expect(checkArguments(schema, JSON.parse('{"toString":"x","constructor":2}'))).toMatchObject([
        { path: ['toString'], message: '"toString" must be an integer, not text ("x").' },
      ]);
    });

    it('should skip them as type names, and compare them as enum keys', () => {
      for (const type of names) {
        expect(checkArguments({ type }, 5, exact)).toEqual([]);
      }
      const schema = { enum: [JSON.parse('{"__proto__":1}')] };
      expect(checkArguments(schema, JSON.parse('{"__proto__":1}'), exact)).toEqual([]);
      expect(checkArguments(schema, {}, exact)).toHaveLength(1);
      expect(checkArguments(schema, JSON.parse('{"__proto__":2}'), exact)).toHaveLength(1);
    });

    it('should not touch Object.prototype', () => {
      const schema = JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"object","properties":{"polluted":{"type":"string"}}}}}',
      );
      checkArguments(schema, JSON.parse('{"__proto__":{"polluted":"yes"}}'));
      checkArguments(schema, JSON.parse('{"__proto__":{"polluted":5}}'));
      expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('malformed schemas', () => {
    const malformed: unknown[] = [
      { type: 5 },
      { type: [] },
      { type: ['string', 5] },
      { type: null },
      { type: 'object', properties: 'x' },
      { type: 'object', properties: ['a'] },
      { type: 'object', properties: null },
      { type: 'object', properties: { a: null } },
      { type: 'object', properties: { a: 5 } },
      { type: 'object', properties: { a: 'string' } },
      { type: 'object', required: 'a' },
      { type: 'object', required: [1, null, {}] },
      { enum: 'x' },
      { enum: null },
      { enum: {} },
      { type: 'array', items: 'x' },
      { type: 'array', items: null },
      { type: 'object', additionalProperties: 'x' },
      { type: 'object', additionalProperties: null },
      { nullable: 'yes', type: 'string' },
      null,
      undefined,
      5,
      'schema',
      [],
      [{ type: 'string' }],
    ];

    it('should never throw on a malformed schema', () => {
      for (const schema of malformed) {
        for (const args of [{}, { a: 1 }, { a: null }, [1], 'x', null, 5]) {
          expect(() => checkArguments(schema, args)).not.toThrow();
          expect(() => checkArguments(schema, args, exact)).not.toThrow();
        }
      }
    });

    it('should never refuse for a malformed part', () => {
      expect(checkArguments({ type: 5 }, 'x', exact)).toEqual([]);
      expect(
        checkArguments({ type: 'object', properties: 'x', required: ['a'] }, {}, exact),
      ).toEqual([]);
      expect(checkArguments({ type: 'object', required: 'a' }, {}, exact)).toEqual([]);
      expect(checkArguments({ enum: 'x' }, 'y', exact)).toEqual([]);
      expect(checkArguments({ type: 'array', items: 'x' }, [1], exact)).toEqual([]);
      expect(
        checkArguments({ type: 'object', additionalProperties: 'x' }, { b: 1 }, exact),
      ).toEqual([]);
      expect(checkArguments(null, 'anything', exact)).toEqual([]);
      expect(checkArguments([], 'anything', exact)).toEqual([]);
    });

    it('should still judge the well-formed parts beside a malformed one', () => {
      const schema = {
        type: 'object',
        properties: { a: { type: 5 }, b: { type: 'string' }, c: null },
        required: ['b', 7],
        enum: 'x',
      };
      expect(checkArguments(schema, { a: [], c: [] }).map((m) => m.message)).toEqual([
        '"b" is required but was not sent.',
      ]);
      expect(checkArguments(schema, { b: [] }).map((m) => m.message)).toEqual([
        '"b" must be text, not an empty list.',
      ]);
    });
  });

  describe('values that are not JSON', () => {
    it('should never throw on them', () => {
      const sparse: unknown[] = [];
      sparse[1] = 1;
      const values: unknown[] = [
        undefined,
        () => 1,
        Symbol('s'),
        10n,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        new Date(0),
        new Map([[1, 2]]),
        Object.create(null),
        sparse,
        { a: undefined, b: 10n, c: Symbol('c') },
      ];
      const schemas: unknown[] = [
        {
          type: 'object',
          properties: { a: { type: 'string' }, b: { enum: [1] } },
          required: ['a'],
        },
        { type: 'array', items: { type: 'integer' } },
        { type: 'string' },
        { enum: [[1], 'x'] },
        {},
      ];
      for (const value of values) {
        for (const schema of schemas) {
          expect(() => checkArguments(schema, value)).not.toThrow();
          expect(() => checkArguments(schema, { a: value, b: [value] }, exact)).not.toThrow();
        }
      }
    });

    it('should refuse arguments that throw when read, and pass a schema that does', () => {
      const proxy = new Proxy(
        {},
        {
          ownKeys() {
            throw new Error('no keys');
          },
        },
      );
      expect(checkArguments({ type: 'object', additionalProperties: false }, proxy)).toMatchObject([
        { code: 'unreadable', path: [] },
      ]);
      const schemaProxy = new Proxy(
        {},
        {
          get() {
            throw new Error('no keywords');
          },
        },
      );
      expect(checkArguments(schemaProxy, { a: 1 })).toEqual([]);
    });
  });

  describe('inputs', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'array', items: { type: 'object', properties: { c: { enum: ['x', [1]] } } } },
        d: { type: 'integer', nullable: true },
      },
      required: ['a', 'z'],
      additionalProperties: false,
    };
    const args = { a: true, b: [{ c: 'y' }, { c: [1] }, 3], d: null, e: 'extra' };

    it('should never mutate frozen inputs (and still find every mismatch)', () => {
      const frozenSchema = deepFreeze(structuredClone(schema));
      const frozenArgs = deepFreeze(structuredClone(args));
      for (const options of [{}, exact]) {
        expect(checkArguments(frozenSchema, frozenArgs, options).map((m) => m.path)).toEqual([
          ['z'],
          ['a'],
          ['b', 0, 'c'],
          ['b', 2],
          ['e'],
        ]);
      }
    });

    it('should leave its inputs as they were', () => {
      const schemaBefore = structuredClone(schema);
      const argsBefore = structuredClone(args);
      checkArguments(schema, args);
      checkArguments(schema, args, exact);
      checkTurn(
        [
          { toolCallId: '1', toolName: 't', input: args },
          { toolCallId: '2', toolName: 't', input: {} },
        ],
        () => schema,
      );
      expect(schema).toEqual(schemaBefore);
      expect(args).toEqual(argsBefore);
    });

    it('should leave cyclic inputs as they were', () => {
      const cyclicSchema: Record<string, unknown> = { type: 'object', properties: {} };
      (cyclicSchema.properties as Record<string, unknown>).x = cyclicSchema;
      const cyclicArgs: Record<string, unknown> = { y: 1 };
      cyclicArgs.x = cyclicArgs;
      const schemaBefore = structuredClone(cyclicSchema);
      const argsBefore = structuredClone(cyclicArgs);
      checkArguments(deepFreeze(cyclicSchema), deepFreeze(cyclicArgs));
      expect(cyclicSchema).toEqual(schemaBefore);
      expect(cyclicArgs).toEqual(argsBefore);
    });
  });
});

describe('checkArguments (properties)', () => {
  const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
  (cyclic.properties as Record<string, unknown>).x = cyclic;
  const handful: unknown[] = [
    {},
    true,
    false,
    null,
    { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
    {
      type: 'object',
      properties: { a: { type: 'integer' }, b: { type: 'array', items: { type: 'boolean' } } },
      additionalProperties: false,
    },
    { type: ['string', 'null'], enum: ['x', null] },
    { enum: [[1, 2], { a: null }, 'text', 3] },
    { type: 'array', items: { type: 'object', additionalProperties: { type: 'number' } } },
    { anyOf: [{ type: 'string' }], properties: { a: false } },
    { type: 'object', properties: 'x', required: 'a', enum: 'x' },
    cyclic,
  ];
  const jsonValue = fc.jsonValue({ maxDepth: 5 }) as fc.Arbitrary<Json>;

  describe('never throws', () => {
    it('should return a list for any JSON value against a handful of schemas', () => {
      fc.assert(
        fc.property(
          jsonValue,
          fc.constantFrom(...handful),
          fc.boolean(),
          (value, schema, lenient) => {
            const mismatches = checkArguments(schema, value, {
              leniency: lenient ? 'lenient' : 'exact',
            });
            expect(Array.isArray(mismatches)).toBe(true);
            expect(mismatches.length).toBeLessThanOrEqual(10);
            for (const mismatch of mismatches) expect(typeof mismatch.message).toBe('string');
          },
        ),
      );
    });

    it('should return a list for any JSON value against any JSON value read as a schema', () => {
      fc.assert(
        fc.property(jsonValue, jsonValue, (schema, value) => {
          expect(Array.isArray(checkArguments(schema, value))).toBe(true);
          expect(Array.isArray(checkArguments(schema, value, exact))).toBe(true);
        }),
      );
    });

    it('should never throw in checkTurn for any calls', () => {
      const call = fc.oneof(
        fc.record({ toolCallId: fc.string(), toolName: fc.string(), input: jsonValue }),
        fc.record({ toolCallId: fc.string(), toolName: fc.string(), unparsableInput: fc.string() }),
      );
      fc.assert(
        fc.property(
          fc.array(call, { maxLength: 4 }),
          fc.constantFrom(...handful),
          (calls, schema) => {
            const verdict = checkTurn(calls, () => schema);
            expect(verdict.calls).toHaveLength(calls.length);
            if (verdict.refused) {
              for (const verdictOfCall of verdict.calls) {
                expect(verdictOfCall.outcome).toBe('refused');
              }
            }
          },
        ),
      );
    });
  });

  describe('empty schemas', () => {
    it('should find no mismatch in any value for the schemas {} and true', () => {
      fc.assert(
        fc.property(jsonValue, (value) => {
          expect(checkArguments({}, value)).toEqual([]);
          expect(checkArguments(true, value)).toEqual([]);
          expect(checkArguments({}, value, exact)).toEqual([]);
          expect(checkArguments(true, value, exact)).toEqual([]);
        }),
      );
    });
  });

  describe('inputs', () => {
    it('should never change the value or the schema', () => {
      fc.assert(
        fc.property(jsonValue, fc.constantFrom(...handful.slice(0, -1)), (value, schema) => {
          const valueBefore = structuredClone(value);
          const schemaBefore = structuredClone(schema);
          checkArguments(schema, value);
          expect(value).toEqual(valueBefore);
          expect(schema).toEqual(schemaBefore);
        }),
      );
    });
  });
});

describe('checkArguments against JSON Schema (ajv, draft 2020-12)', () => {
  // The generators of the seeded differential run, with shrinking here for a readable failure.
  const value = jsonValueArbitrary;
  const judged = schemaArbitrary(false);
  const mixed = schemaArbitrary(true, { unevaluated: true });

  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  /** ajv's verdict; `undefined` where ajv throws (its generated code breaks on a few nested `if`s and unions with `unevaluated*`). */
  const acceptedByJsonSchema = (schema: Json, args: Json): boolean | undefined => {
    try {
      return ajv.validate(schema as object | boolean, args);
    } catch {
      return undefined;
    }
  };
  const accepted = (schema: Json, args: Json, leniency: 'lenient' | 'exact'): boolean =>
    checkArguments(schema, args, { leniency }).length === 0;

  describe('exact mode', () => {
    it('should accept exactly what JSON Schema accepts, for the keywords it judges', () => {
      fc.assert(
        fc.property(judged, value, (schema, args) => {
          const verdict = acceptedByJsonSchema(schema, args);
          fc.pre(verdict !== undefined);
          // Where ajv alone errs (`contains` beside `prefixItems`), cfworker's verdict is the one.
          const expected =
            accepted(schema, args, 'exact') === verdict
              ? verdict
              : acceptedByCfworker(schema, args);
          expect(accepted(schema, args, 'exact')).toBe(expected);
        }),
        { numRuns: 1_000 },
      );
    });

    it('should never refuse what JSON Schema accepts, whatever the keywords', () => {
      fc.assert(
        fc.property(mixed, value, (generated, args) => {
          const schema = withDefinitions(generated);
          // ajv alone accepts `[]` under `contains` beside a `prefixItems` holding `false`; a value
          // counts as accepted when both ajv and cfworker accept it.
          const verdict = acceptedByJsonSchema(schema, args);
          fc.pre(verdict !== undefined);
          if (verdict && acceptedByCfworker(schema, args))
            expect(accepted(schema, args, 'exact')).toBe(true);
        }),
        // ajv compiles every generated schema, which is slow for the unevaluated* keywords.
        { numRuns: 300 },
      );
    });
  });

  describe('lenient mode', () => {
    it('should accept whatever exact mode accepts', () => {
      fc.assert(
        fc.property(mixed, value, (schema, args) => {
          if (accepted(schema, args, 'exact')) expect(accepted(schema, args, 'lenient')).toBe(true);
          expect(judgeArguments(schema, args).mismatchCount).toBeLessThanOrEqual(
            judgeArguments(schema, args, exact).mismatchCount,
          );
        }),
        { numRuns: 1_000 },
      );
    });
  });
});

describe('bounded work (hardening)', () => {
  it('should suggest names among 1,000 properties for many long unknown names', () => {
    const names = Array.from(
      { length: 1_000 },
      (_, index) => `property_number_${index}_${'x'.repeat(40)}`,
    );
    const schema = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
      additionalProperties: false,
    };
    const args: Record<string, unknown> = { [`${names[500]}y`]: 'a' };
    for (let index = 0; index < 9; index++) args[`unknown_${index}_${'z'.repeat(52)}`] = 'a';
    const mismatches = checkArguments(schema, args, { maxMismatches: Number.POSITIVE_INFINITY });
    expect(mismatches).toHaveLength(10);
    expect(mismatches[0]?.message).toContain('did you mean');
  });

  it('should refuse calls to unknown tools among 1,000 tools, each once', () => {
    const toolNames = Array.from({ length: 1_000 }, (_, index) => `tool_${index}`);
    const calls = Array.from({ length: 200 }, (_, index) => ({
      toolCallId: String(index),
      toolName: `missing_${index}`,
      input: {},
    }));
    const verdict = checkTurn(calls, () => ({}), { toolNames });
    expect(verdict.refused).toBe(true);
    expect(verdict.calls.filter((call) => call.outcome === 'refused')).toHaveLength(200);
  });

  it('should match 20,000 items leniently against 5,000 enum members', () => {
    const members = Array.from({ length: 5_000 }, (_, index) => `Member${index}`);
    const items = Array.from({ length: 20_000 }, (_, index) => `member${index % 5_000}`);
    const judgement = judgeArguments({ type: 'array', items: { enum: members } }, items);
    expect(judgement.mismatchCount).toBe(0);
    expect((judgement.value as string[])[4_999]).toBe('Member4999');
  });

  it('should stop at the work budget and say so, for values JSON cannot hold', () => {
    const sparse: unknown[] = [];
    sparse.length = 2 ** 32 - 1;
    const schema = { type: 'object', properties: { list: { type: 'array', items: {} } } };
    expect(checkArguments(schema, { list: sparse })).toEqual([
      expect.objectContaining({
        code: 'too-large',
        message:
          'The arguments are too large to check (more than 1,000,000 values); send fewer values.',
      }),
    ]);
    let shared: unknown = {};
    for (let level = 0; level < 40; level++) shared = { a: shared, b: shared };
    const open: Record<string, unknown> = { type: 'object' };
    open.additionalProperties = open;
    expect(checkArguments(open, shared, exact).map((mismatch) => mismatch.code)).toEqual([
      'too-large',
    ]);
    expect(judgeArguments(schema, { list: new Uint8Array(50_000_000) }).mismatchCount).toBe(1);
  });

  it('should pass, in bounded work, small arguments a schema walks exponentially often', () => {
    // Each list is judged twice by its parent ("items" and "contains"): 2^40 walks for 41 values.
    const schema = { items: { $ref: '#' }, contains: { $ref: '#' } };
    let value: unknown = [1];
    for (let level = 0; level < 40; level++) value = [value];
    expect(fitArguments(schema, value, exact)).toEqual({ fits: true, complete: false });
    expect(checkArguments(schema, value, exact)).toEqual([]);
  });

  it('should still list the mismatches found before the budget ran out, within the cap', () => {
    const items = Array.from({ length: 1_000_001 }, () => 'x');
    const judgement = judgeArguments({ type: 'array', items: { type: 'integer' } }, items, {
      maxMismatches: 3,
    });
    expect(judgement.mismatches.map((mismatch) => mismatch.code)).toEqual(['too-large']);
    expect(judgement.mismatchCount).toBe(1);
  });
});

function acceptedByCfworker(schema: unknown, args: unknown): boolean {
  return new Validator(schema as object | boolean, '2020-12', false).validate(args).valid;
}
