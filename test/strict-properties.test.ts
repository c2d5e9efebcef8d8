/**
 * Property-based tests of strict conversion and decoding: random tool schemas (in the shapes zod,
 * valibot and hand-written schemas take: optional, nullable as a type list or anyOf, defaults,
 * enums, consts, nested objects, lists, unions, `$defs`/`definitions` references, prototype-trap
 * property names), random arguments valid for them, and what a strict model sends back for them.
 *
 * Runs: `TOOLGATE_PROPERTY_RUNS` (default 1000; CI sets 10000, about 20 to 45 s).
 */
import { Validator } from '@cfworker/json-schema';
import { asSchema } from 'ai';
import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkArguments } from '../src/checker/check-arguments.ts';
import { decodeArguments, decodeWithPlan } from '../src/decode/decode-arguments.ts';
import {
  cerebrasProfile,
  openaiProfile,
  type StrictProfile,
} from '../src/decode/provider-profiles.ts';
import { toStrictSchema } from '../src/decode/to-strict-schema.ts';
import { encodeForStrict, withDefaults } from './support/encode-for-strict.ts';
import { strictRuleViolations } from './support/openai-strict-rules.ts';
import { sampleArguments, seededRandom } from './support/sample-arguments.ts';

const numRuns = Number(process.env.TOOLGATE_PROPERTY_RUNS ?? 1000);
/** About 5 ms a run, with room for a slow machine. */
const propertyTimeout = Math.max(30_000, numRuns * 20);

// ---------------------------------------------------------------------------------------------
// Shapes: what a tool's arguments look like, from which both the schema and the values are made.

type Primitive = 'string' | 'number' | 'integer' | 'boolean';

type Shape =
  | { readonly kind: 'primitive'; readonly type: Primitive; readonly extras: boolean }
  | { readonly kind: 'enum'; readonly values: readonly string[]; readonly typed: boolean }
  | { readonly kind: 'const'; readonly value: string; readonly typed: boolean }
  | ObjectShape
  | { readonly kind: 'array'; readonly item: Shape }
  | {
      readonly kind: 'union';
      readonly keyword: 'oneOf' | 'anyOf';
      readonly branches: readonly ObjectShape[];
    };

type ObjectShape = {
  readonly kind: 'object';
  readonly props: readonly Prop[];
  /** `additionalProperties: false` written (as asSchema does), or left out (hand-written). */
  readonly closed: boolean;
  /** Whether `required: []` is written when nothing is required (zod leaves it out). */
  readonly emptyRequired: boolean;
};

type Prop = {
  readonly name: string;
  readonly shape: Shape;
  readonly optional: boolean;
  /** How the source admits `null`: not at all, zod's type list, or valibot's anyOf. */
  readonly nullable: 'no' | 'type-list' | 'any-of';
  /** For object shapes: written inline, as a `$ref`, or as zod's `allOf: [{ $ref }]` with a description. */
  readonly reference: 'inline' | 'ref' | 'allOf';
  readonly schemaDefault: { readonly value: unknown } | undefined;
};

/** The discriminator every union branch has. Not in the name pool, so never taken twice. */
const discriminator = 'kind';

/** Ordinary names, names that are JSON Schema keywords, and names that are prototype traps. */
const propertyNames = [
  'a',
  'b',
  'city',
  'unit',
  'limit',
  'when',
  'filters',
  'events',
  '__proto__',
  'constructor',
  'toString',
  'properties',
  'items',
  'type',
  'default',
  'anyOf',
  'required',
  'additionalProperties',
  '$ref',
  'a.b',
  'x/y',
  '~0',
  '',
] as const;

const primitiveShape: fc.Arbitrary<Shape> = fc.record({
  kind: fc.constant('primitive' as const),
  type: fc.constantFrom<Primitive>('string', 'number', 'integer', 'boolean'),
  extras: fc.boolean(),
});
const enumShape: fc.Arbitrary<Shape> = fc.record({
  kind: fc.constant('enum' as const),
  values: fc.uniqueArray(fc.constantFrom('red', 'green', 'blue', 'x', '', 'null'), {
    minLength: 1,
    maxLength: 4,
  }),
  typed: fc.boolean(),
});
const constShape: fc.Arbitrary<Shape> = fc.record({
  kind: fc.constant('const' as const),
  value: fc.constantFrom('fixed', 'v1', ''),
  typed: fc.boolean(),
});
const leafShape = fc.oneof(
  { weight: 4, arbitrary: primitiveShape },
  { weight: 2, arbitrary: enumShape },
  { weight: 1, arbitrary: constShape },
);

const shapeArb: fc.Memo<Shape> = fc.memo((depth) =>
  depth <= 1
    ? leafShape
    : fc.oneof(
        { weight: 4, arbitrary: leafShape },
        { weight: 2, arbitrary: objectArb(depth - 1) },
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant('array' as const), item: shapeArb(depth - 1) }),
        },
        { weight: 1, arbitrary: unionArb(depth - 1) },
      ),
);

function objectArb(depth: number): fc.Arbitrary<ObjectShape> {
  return fc.record({
    kind: fc.constant('object' as const),
    props: fc.uniqueArray(propArb(depth), { selector: (prop) => prop.name, maxLength: 4 }),
    closed: fc.boolean(),
    emptyRequired: fc.boolean(),
  });
}

function unionArb(depth: number): fc.Arbitrary<Shape> {
  return fc.record({
    kind: fc.constant('union' as const),
    keyword: fc.constantFrom('oneOf' as const, 'anyOf' as const),
    branches: fc.array(objectArb(depth), { minLength: 1, maxLength: 2 }),
  });
}

function propArb(depth: number): fc.Arbitrary<Prop> {
  return fc
    .record({
      name: fc.constantFrom(...propertyNames),
      shape: shapeArb(depth),
      optional: fc.boolean(),
      nullable: fc.constantFrom(
        'no' as const,
        'no' as const,
        'type-list' as const,
        'any-of' as const,
      ),
      reference: fc.constantFrom(
        'inline' as const,
        'inline' as const,
        'ref' as const,
        'allOf' as const,
      ),
      // One in four has a schema default.
      withDefault: fc.nat(3).map((draw) => draw === 0),
    })
    .chain(
      ({ withDefault, ...prop }): fc.Arbitrary<Prop> =>
        withDefault
          ? arbitraryValueOf(prop.shape).map((value) => ({ ...prop, schemaDefault: { value } }))
          : fc.constant({ ...prop, schemaDefault: undefined }),
    );
}

// ---------------------------------------------------------------------------------------------
// Schemas.

/** Definitions collected while rendering, under `$defs` (valibot) or `definitions` (zod). */
type Rendering = {
  readonly defsKeyword: '$defs' | 'definitions';
  readonly defs: Record<string, unknown>;
  next: number;
};

function renderRoot(
  root: ObjectShape,
  defsKeyword: '$defs' | 'definitions',
  withSchemaUri: boolean,
): Record<string, unknown> {
  const rendering: Rendering = { defsKeyword, defs: {}, next: 0 };
  const schema = renderObject(root, rendering);
  return {
    ...(withSchemaUri ? { $schema: 'http://json-schema.org/draft-07/schema#' } : {}),
    ...schema,
    ...(rendering.next > 0 ? { [defsKeyword]: rendering.defs } : {}),
  };
}

function render(shape: Shape, rendering: Rendering): Record<string, unknown> {
  switch (shape.kind) {
    case 'primitive':
      return renderPrimitive(shape.type, shape.extras);
    case 'enum':
      return shape.typed
        ? { type: 'string', enum: [...shape.values] }
        : { enum: [...shape.values] };
    case 'const':
      return shape.typed ? { type: 'string', const: shape.value } : { const: shape.value };
    case 'object':
      return renderObject(shape, rendering);
    case 'array':
      return { type: 'array', items: render(shape.item, rendering) };
    case 'union':
      return {
        [shape.keyword]: shape.branches.map((branch, index) =>
          renderObject(withDiscriminator(branch, index), rendering),
        ),
      };
  }
}

function renderPrimitive(type: Primitive, extras: boolean): Record<string, unknown> {
  if (!extras) return { type };
  switch (type) {
    case 'string':
      // Dropped (not a strict keyword), its hint moved to the description.
      return { type, description: 'Some text.', maxLength: 100 };
    case 'integer':
      // What zod writes for `.int()`.
      return { type, minimum: -9007199254740991, maximum: 9007199254740991 };
    case 'number':
      return { type, examples: [1.5], title: 'A number' };
    case 'boolean':
      return { type, $comment: 'dropped' };
  }
}

function withDiscriminator(branch: ObjectShape, index: number): ObjectShape {
  const kind: Prop = {
    name: discriminator,
    shape: { kind: 'const', value: `branch${index}`, typed: index % 2 === 0 },
    optional: false,
    nullable: 'no',
    reference: 'inline',
    schemaDefault: undefined,
  };
  return { ...branch, props: [kind, ...branch.props] };
}

function renderObject(shape: ObjectShape, rendering: Rendering): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const prop of shape.props) {
    setOwn(properties, prop.name, renderProp(prop, rendering));
    if (!prop.optional) required.push(prop.name);
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 || shape.emptyRequired ? { required } : {}),
    ...(shape.closed ? { additionalProperties: false } : {}),
  };
}

function renderProp(prop: Prop, rendering: Rendering): Record<string, unknown> {
  let schema = render(prop.shape, rendering);
  if (prop.shape.kind === 'object' && prop.reference !== 'inline') {
    const name = `Def${rendering.next++}`;
    setOwn(rendering.defs, name, schema);
    const ref = { $ref: `#/${rendering.defsKeyword}/${name}` };
    schema = prop.reference === 'ref' ? ref : { allOf: [ref], description: 'By reference.' };
  }
  if (
    prop.nullable === 'type-list' &&
    typeof schema.type === 'string' &&
    isTypeListable(prop.shape)
  ) {
    schema = {
      ...schema,
      type: [schema.type, 'null'],
      ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}),
    };
  } else if (prop.nullable !== 'no') {
    schema = { anyOf: [schema, { type: 'null' }] };
  }
  return prop.schemaDefault === undefined
    ? schema
    : { ...schema, default: prop.schemaDefault.value };
}

function isTypeListable(shape: Shape): boolean {
  return shape.kind === 'primitive' || (shape.kind === 'enum' && shape.typed);
}

// ---------------------------------------------------------------------------------------------
// Values: arguments valid for a shape, what the model sends for them, what decoding gives back.

function arbitraryValueOf(shape: Shape): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'primitive':
      switch (shape.type) {
        case 'string':
          return fc.string({ maxLength: 8 });
        case 'number':
          return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
        case 'integer':
          return fc.integer({ min: -1_000_000, max: 1_000_000 });
        case 'boolean':
          return fc.boolean();
      }
      break;
    case 'enum':
      return fc.constantFrom(...shape.values);
    case 'const':
      return fc.constant(shape.value);
    case 'object':
      return objectValueOf(shape);
    case 'array':
      return fc.array(arbitraryValueOf(shape.item), { maxLength: 3 });
    case 'union':
      return fc.oneof(
        ...shape.branches.map((branch, index) => objectValueOf(withDiscriminator(branch, index))),
      );
  }
}

const absent = Symbol('absent');

function objectValueOf(shape: ObjectShape): fc.Arbitrary<Record<string, unknown>> {
  const entries = shape.props.map((prop) => {
    const value =
      prop.nullable === 'no'
        ? arbitraryValueOf(prop.shape)
        : fc.option(arbitraryValueOf(prop.shape), { nil: null });
    return prop.optional ? fc.option(value, { nil: absent as unknown }) : value;
  });
  return fc.tuple(...entries).map((values) => {
    const object: Record<string, unknown> = {};
    shape.props.forEach((prop, index) => {
      if (values[index] !== absent) setOwn(object, prop.name, values[index]);
    });
    return object;
  });
}

/** Whether strict conversion turns this property into a placeholder. */
function isPlaceholder(prop: Prop): boolean {
  return prop.optional && prop.nullable === 'no';
}

function branchOf(shape: Shape & { kind: 'union' }, value: Record<string, unknown>): ObjectShape {
  const index = shape.branches.findIndex((_, at) => value[discriminator] === `branch${at}`);
  const branch = shape.branches[index];
  if (branch === undefined) throw new Error('a union value without its discriminator');
  return withDiscriminator(branch, index);
}

/**
 * What a strict model sends for the arguments: every property, `null` for the ones left out. With
 * `omitPlaceholders`, a placeholder left out is left out of the call too, as a model that ignores
 * `required` does.
 */
function modelView(shape: Shape, value: unknown, omitPlaceholders: boolean): unknown {
  if (value === null) return null;
  switch (shape.kind) {
    case 'array':
      return (value as unknown[]).map((item) => modelView(shape.item, item, omitPlaceholders));
    case 'union':
      return modelView(branchOf(shape, value as Record<string, unknown>), value, omitPlaceholders);
    case 'object': {
      const source = value as Record<string, unknown>;
      const view: Record<string, unknown> = {};
      for (const prop of shape.props) {
        if (Object.hasOwn(source, prop.name)) {
          setOwn(view, prop.name, modelView(prop.shape, source[prop.name], omitPlaceholders));
        } else if (!(omitPlaceholders && isPlaceholder(prop))) {
          setOwn(view, prop.name, null);
        }
      }
      return view;
    }
    default:
      return value;
  }
}

/**
 * What decoding the model's call must give: the arguments, with the default of every placeholder
 * left out (the configured one first, else the schema's). A property that admitted `null` in the
 * source is no placeholder: the model had to send it, sent `null`, and `null` it stays.
 */
function expectedDecoded(
  shape: Shape,
  value: unknown,
  path: string,
  defaults: Readonly<Record<string, unknown>>,
): unknown {
  if (value === null) return null;
  switch (shape.kind) {
    case 'array':
      return (value as unknown[]).map((item) =>
        expectedDecoded(shape.item, item, `${path}[]`, defaults),
      );
    case 'union':
      return expectedDecoded(
        branchOf(shape, value as Record<string, unknown>),
        value,
        path,
        defaults,
      );
    case 'object': {
      const source = value as Record<string, unknown>;
      const decoded: Record<string, unknown> = {};
      for (const prop of shape.props) {
        const propPath = path === '' ? prop.name : `${path}.${prop.name}`;
        if (Object.hasOwn(source, prop.name)) {
          setOwn(
            decoded,
            prop.name,
            expectedDecoded(prop.shape, source[prop.name], propPath, defaults),
          );
        } else if (isPlaceholder(prop)) {
          if (Object.hasOwn(defaults, propPath)) setOwn(decoded, prop.name, defaults[propPath]);
          else if (prop.schemaDefault !== undefined)
            setOwn(decoded, prop.name, prop.schemaDefault.value);
        } else {
          setOwn(decoded, prop.name, null);
        }
      }
      return decoded;
    }
    default:
      return value;
  }
}

/** Every argument path of the shape's properties, each once. */
function argumentPaths(shape: Shape, path: string, into: Set<string>): Set<string> {
  switch (shape.kind) {
    case 'array':
      argumentPaths(shape.item, `${path}[]`, into);
      break;
    case 'union':
      for (const branch of shape.branches) argumentPaths(branch, path, into);
      break;
    case 'object':
      for (const prop of shape.props) {
        const propPath = path === '' ? prop.name : `${path}.${prop.name}`;
        into.add(propPath);
        argumentPaths(prop.shape, propPath, into);
      }
      break;
  }
  return into;
}

function setOwn(target: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(target, name, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

// ---------------------------------------------------------------------------------------------
// Cases: a schema, its profile and defaults, and one valid set of arguments.

type Case = {
  readonly shape: ObjectShape;
  readonly schema: Record<string, unknown>;
  readonly profile: StrictProfile;
  readonly defaults: Readonly<Record<string, unknown>>;
  readonly args: Record<string, unknown>;
};

const defaultValue = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    shape: objectArb(3),
    defsKeyword: fc.constantFrom('$defs' as const, 'definitions' as const),
    withSchemaUri: fc.boolean(),
    profile: fc.constantFrom(openaiProfile, cerebrasProfile),
  })
  .chain(({ shape, defsKeyword, withSchemaUri, profile }) => {
    const schema = renderRoot(shape, defsKeyword, withSchemaUri);
    const paths = [...argumentPaths(shape, '', new Set())];
    return fc.record({
      shape: fc.constant(shape),
      schema: fc.constant(schema),
      profile: fc.constant(profile),
      defaults: fc.subarray(paths, { maxLength: Math.min(4, paths.length) }).chain((chosen) =>
        fc.tuple(...chosen.map(() => defaultValue)).map((values) => {
          const defaults: Record<string, unknown> = {};
          for (const [index, path] of chosen.entries()) setOwn(defaults, path, values[index]);
          return defaults;
        }),
      ),
      args: objectValueOf(shape),
    });
  });

/** Converts, requiring a strict result: every generated schema can be made strict. */
function convert(testCase: Case) {
  const result = toStrictSchema(testCase.schema, {
    profile: testCase.profile,
    defaults: testCase.defaults,
  });
  if (!result.strict) throw new Error(`not strict: ${result.reason}`);
  return result;
}

// `ownProperties`: without it ajv reads an absent `constructor` or `toString` argument from the
// prototype and judges the inherited function. `messages` and `optimize` off only make compiling
// faster, which is most of the time these tests take.
const ajv = new Ajv({
  strict: false,
  logger: false,
  ownProperties: true,
  messages: false,
  code: { optimize: false },
});

/** Compiles a schema, then lets ajv forget it, so its cache does not grow for the whole run. */
function compile(schema: Record<string, unknown>): ValidateFunction {
  const validate = ajv.compile(schema);
  ajv.removeSchema(schema);
  return validate;
}

// ---------------------------------------------------------------------------------------------

describe('strict conversion, for random schemas and arguments', () => {
  // One property with every check, each labelled: generating and converting a case costs more
  // than most checks, and 10,000 runs of six separate properties would take minutes.
  it(
    '(a) keeps OpenAI strict rules, (b) is JSON Schema, (c) accepts what the model sends, (d) decodes it back, (e) also when placeholders are left out',
    () => {
      fc.assert(
        fc.property(caseArb, (testCase) => {
          // The generator itself: the source schema accepts the arguments. @cfworker/json-schema is
          // an interpreter, so this costs no compiling.
          const source = new Validator(testCase.schema, '7', false).validate(testCase.args);
          expect(source.errors, 'the generated arguments fit the source schema').toEqual([]);

          const { schema, plan } = convert(testCase);

          const violations = strictRuleViolations(schema, {
            allowTypeLists: testCase.profile.nullable === 'type-list',
          });
          expect(violations, '(a) OpenAI strict rules').toEqual([]);

          let validate: ValidateFunction | undefined;
          expect(() => {
            validate = compile(schema);
          }, '(b) ajv compiles the strict schema').not.toThrow();

          const sent = modelView(testCase.shape, testCase.args, false);
          // ajv cannot judge a property named `__proto__` (it calls it additional), so those
          // schemas are judged by @cfworker/json-schema instead.
          if (JSON.stringify(schema).includes('"__proto__"')) {
            const judged = new Validator(schema, '7', false).validate(sent);
            expect(judged.errors, "(c) cfworker accepts the model's call").toEqual([]);
          } else {
            const fits = validate?.(sent);
            expect(
              fits,
              `(c) ajv accepts the model's call: ${JSON.stringify(validate?.errors)}`,
            ).toBe(true);
          }

          const expected = expectedDecoded(testCase.shape, testCase.args, '', testCase.defaults);
          const snapshot = structuredClone(sent);
          const decoded = decodeArguments(sent, plan);
          expect(decoded, '(d) decoded').toEqual(expected);
          expect(JSON.stringify(decoded), '(d) key order').toBe(JSON.stringify(expected));
          expect(sent, '(d) the call is not mutated').toEqual(snapshot);

          // Defaults for left-out placeholders are appended, so only the content is compared.
          const sparse = modelView(testCase.shape, testCase.args, true);
          expect(decodeArguments(sparse, plan), '(e) decoded without placeholders').toEqual(
            expected,
          );
        }),
        { numRuns },
      );
    },
    propertyTimeout,
  );
});

// ---------------------------------------------------------------------------------------------
// Zod 4 schemas as the AI SDK sends them, with maps, untyped values and recursion among them.

type ZodShape =
  | {
      readonly kind: 'leaf';
      readonly leaf: 'string' | 'number' | 'int' | 'boolean' | 'enum' | 'literal' | 'unknown';
    }
  | { readonly kind: 'object'; readonly props: ReadonlyArray<ZodProp> }
  | { readonly kind: 'array'; readonly item: ZodShape }
  | { readonly kind: 'record'; readonly keys: 'string' | 'enum'; readonly value: ZodShape }
  | { readonly kind: 'union'; readonly branches: ReadonlyArray<ZodShape> }
  | { readonly kind: 'tree' };

type ZodProp = {
  readonly name: string;
  readonly shape: ZodShape;
  readonly modifier: 'none' | 'optional' | 'nullable' | 'nullish' | 'default';
};

const zodLeaf: fc.Arbitrary<ZodShape> = fc.record({
  kind: fc.constant('leaf' as const),
  leaf: fc.constantFrom(
    'string' as const,
    'number' as const,
    'int' as const,
    'boolean' as const,
    'enum' as const,
    'literal' as const,
    'unknown' as const,
  ),
});

const zodShapeArb: fc.Memo<ZodShape> = fc.memo((depth) =>
  depth <= 1
    ? fc.oneof(
        { weight: 6, arbitrary: zodLeaf },
        { weight: 1, arbitrary: fc.constant({ kind: 'tree' as const }) },
      )
    : fc.oneof(
        { weight: 3, arbitrary: zodLeaf },
        { weight: 2, arbitrary: zodObjectArb(depth - 1) },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('array' as const),
            item: zodShapeArb(depth - 1),
          }),
        },
        {
          weight: 2,
          arbitrary: fc.record({
            kind: fc.constant('record' as const),
            keys: fc.constantFrom('string' as const, 'enum' as const),
            value: zodShapeArb(depth - 1),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('union' as const),
            branches: fc.array(zodObjectArb(depth - 1), { minLength: 2, maxLength: 3 }),
          }),
        },
        { weight: 1, arbitrary: fc.constant({ kind: 'tree' as const }) },
      ),
);

function zodObjectArb(depth: number): fc.Arbitrary<ZodShape> {
  return fc.record({
    kind: fc.constant('object' as const),
    props: fc.uniqueArray(
      fc.record({
        name: fc.constantFrom('a', 'b', 'city', 'limit', 'when', 'entries', 'key', 'value', 'type'),
        shape: zodShapeArb(depth),
        modifier: fc.constantFrom(
          'none' as const,
          'optional' as const,
          'nullable' as const,
          'nullish' as const,
          'default' as const,
        ),
      }),
      { selector: (prop) => prop.name, maxLength: 4 },
    ),
  });
}

type TreeNode = { name: string; children?: TreeNode[] };
const zodTree: z.ZodType<TreeNode> = z.lazy(() =>
  z.object({ name: z.string(), children: z.array(zodTree).optional() }),
);

function toZod(shape: ZodShape, branch = 0): z.ZodType {
  switch (shape.kind) {
    case 'leaf':
      switch (shape.leaf) {
        case 'string':
          return z.string();
        case 'number':
          return z.number();
        case 'int':
          return z.number().int();
        case 'boolean':
          return z.boolean();
        case 'enum':
          return z.enum(['red', 'green']);
        case 'literal':
          return z.literal('fixed');
        case 'unknown':
          return z.unknown();
      }
      break;
    case 'object':
      return z.object(
        Object.fromEntries([
          ...(branch > 0 ? [['tag', z.literal(`b${branch}`)] as const] : []),
          ...shape.props.map((prop) => [prop.name, withModifier(toZod(prop.shape), prop)] as const),
        ]),
      );
    case 'array':
      return z.array(toZod(shape.item));
    case 'record':
      return shape.keys === 'string'
        ? z.record(z.string(), toZod(shape.value))
        : z.record(z.enum(['x', 'y']), toZod(shape.value));
    case 'union':
      return z.union(
        shape.branches.map((item, index) => toZod(item, index + 1)) as [z.ZodType, z.ZodType],
      );
    case 'tree':
      return zodTree;
  }
}

/** A default each leaf accepts. */
const leafDefaults: Readonly<Record<string, unknown>> = {
  string: 'd',
  number: 1.5,
  int: 2,
  boolean: true,
  enum: 'red',
  literal: 'fixed',
};

function withModifier(schema: z.ZodType, prop: ZodProp): z.ZodType {
  switch (prop.modifier) {
    case 'none':
      return schema;
    case 'optional':
      return schema.optional();
    case 'nullable':
      return schema.nullable();
    case 'nullish':
      return schema.nullish();
    case 'default': {
      const value = leafDefaults[prop.shape.kind === 'leaf' ? prop.shape.leaf : ''];
      return value === undefined ? schema.optional() : schema.default(value as never);
    }
  }
}

const zodCaseArb = fc.record({
  root: zodObjectArb(3),
  profile: fc.constantFrom(openaiProfile, cerebrasProfile),
  seed: fc.integer(),
});

describe('strict conversion of zod 4 schemas, with maps, untyped values and recursion', () => {
  it(
    'keeps the written rules, and every valid instance comes back from what a strict model sends, checked exact',
    async () => {
      const checked = { strict: 0, instances: 0 };
      await fc.assert(
        fc.asyncProperty(zodCaseArb, async ({ root, profile, seed }) => {
          const source = (await asSchema(toZod(root)).jsonSchema) as Record<string, unknown>;
          const result = toStrictSchema(source, { profile });
          if (!result.strict) {
            // Only recursion under a profile without it may be refused.
            expect(profile.recursion, result.reason).toBe(false);
            expect(result.reason).toMatch(/refers to itself/);
            return;
          }
          checked.strict++;
          const { schema, plan } = result;
          expect(strictRuleViolations(schema, rulesOf(profile)), 'written rules').toEqual([]);
          const sourceValidator = new Validator(source, '7', false);
          const strictValidator = new Validator(schema, '2020-12', false);
          const random = seededRandom(seed);
          for (let attempt = 0; attempt < 6; attempt++) {
            const instance = sampleArguments(source, random);
            if (!sourceValidator.validate(instance).valid) continue;
            checked.instances++;
            const sent = encodeForStrict(instance, plan);
            const fits = strictValidator.validate(sent);
            expect(fits.errors, `sent ${JSON.stringify(sent)}`).toEqual([]);
            const { value, problems } = decodeWithPlan(sent, plan);
            expect(problems).toEqual([]);
            expect(value).toEqual(withDefaults(instance, plan));
            expect(checkArguments(source, value, { leniency: 'exact' })).toEqual([]);
          }
        }),
        { numRuns: Math.max(100, Math.floor(numRuns / 5)) },
      );
      expect(checked.strict).toBeGreaterThan(0);
      expect(checked.instances).toBeGreaterThan(0);
    },
    propertyTimeout,
  );

  it(
    'decodes maps and recursion back exactly: decode(encode(x)) = x',
    () => {
      const cases: Array<{ schema: Record<string, unknown>; value: fc.Arbitrary<unknown> }> = [
        {
          schema: {
            type: 'object',
            properties: { m: { type: 'object', additionalProperties: { type: 'number' } } },
            required: ['m'],
          },
          value: fc.record({ m: fc.dictionary(fc.string(), fc.integer()) }),
        },
        {
          schema: {
            type: 'object',
            properties: { id: { type: 'string' } },
            required: ['id'],
            additionalProperties: true,
          },
          value: fc
            .tuple(fc.string(), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })))
            .map(([id, rest]) => ({ ...rest, id })),
        },
        {
          schema: {
            type: 'object',
            properties: { tree: { $ref: '#/$defs/Node' } },
            required: ['tree'],
            $defs: {
              Node: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  children: { type: 'array', items: { $ref: '#/$defs/Node' } },
                  attributes: { type: 'object', additionalProperties: { type: 'string' } },
                },
                required: ['name'],
              },
            },
          },
          value: fc.record({ tree: treeArb }),
        },
      ];
      for (const { schema, value } of cases) {
        const result = toStrictSchema(schema);
        if (!result.strict) throw new Error(result.reason);
        expect(strictRuleViolations(result.schema)).toEqual([]);
        const strictValidator = new Validator(result.schema, '2020-12', false);
        fc.assert(
          fc.property(value, (x) => {
            const sent = encodeForStrict(x, result.plan);
            expect(strictValidator.validate(sent).errors).toEqual([]);
            const decoded = decodeWithPlan(sent, result.plan);
            expect(decoded.problems).toEqual([]);
            expect(decoded.value).toEqual(x);
          }),
          { numRuns: Math.max(100, Math.floor(numRuns / 5)) },
        );
      }
    },
    propertyTimeout,
  );
});

type TreeValue = { name: string; children?: TreeValue[]; attributes?: Record<string, string> };

const treeArb: fc.Arbitrary<TreeValue> = fc.letrec<{ node: TreeValue }>((tie) => ({
  node: fc.record(
    {
      name: fc.string(),
      children: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constant<TreeValue[]>([]),
        fc.array(tie('node'), { maxLength: 2 }),
      ),
      attributes: fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
    },
    { requiredKeys: ['name'] },
  ),
})).node;

function rulesOf(profile: StrictProfile) {
  return {
    allowTypeLists: profile.nullable === 'type-list',
    ...(profile.maxAnyOfBranches === undefined
      ? {}
      : { maxAnyOfBranches: profile.maxAnyOfBranches }),
  };
}
