import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { checkArguments } from '../../src/checker/index.ts';

/**
 * The checker against ajv (draft 2020-12) on generated schemas and values: the keywords the checker
 * judges, with the keywords it does not judge mixed in. Run seeded, so a failure is reproducible;
 * `npm test` runs a small count, `npm run conformance` at least 100,000 cases.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const names = ['a', 'b', 'c'] as const;
const typeNames = ['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'] as const;

const scalar: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -2, max: 3 }),
  fc.constantFrom(0.5, 2.0, -1.5),
  fc.constantFrom('a', 'b', 'A', '1', '2', ' 3 ', 'true', 'FALSE', '', '[1]'),
);

/** JSON values of the shapes the generated schemas talk about. */
export const { value: jsonValueArbitrary } = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...names, 'd'), tie('value'), {
      maxKeys: 4,
      noNullPrototype: true,
    }),
  ),
}));

const value = jsonValueArbitrary;

const members = fc.uniqueArray(value, {
  minLength: 1,
  maxLength: 4,
  selector: (member) => JSON.stringify(member),
});

const typeKeyword = fc.oneof(
  fc.constantFrom(...typeNames),
  fc.uniqueArray(fc.constantFrom(...typeNames), { minLength: 1, maxLength: 3 }),
);

/**
 * Judged keywords only, at the top of every node; unjudged ones beside them when `mixed`, and
 * `unevaluated*`/`dependentSchemas` too with `unevaluated` (slow for ajv to compile, so kept out of
 * the large seeded run).
 */
export function schemaArbitrary(mixed: boolean, { unevaluated = false } = {}): fc.Arbitrary<Json> {
  return fc.letrec<{ schema: Json }>((tie) => {
    const judged = {
      type: typeKeyword,
      enum: members,
      const: value,
      properties: fc.dictionary(fc.constantFrom(...names), tie('schema'), {
        maxKeys: 3,
        noNullPrototype: true,
      }),
      required: fc.uniqueArray(fc.constantFrom(...names, 'd'), { maxLength: 3 }),
      additionalProperties: tie('schema'),
      items: tie('schema'),
    };
    const unjudged = {
      anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }),
      oneOf: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }),
      allOf: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }),
      not: tie('schema'),
      if: tie('schema'),
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a promise
      then: tie('schema'),
      else: tie('schema'),
      $ref: fc.constantFrom('#/$defs/text', '#/$defs/list'),
      patternProperties: fc.dictionary(fc.constantFrom('^a', '^d', 'b$'), tie('schema'), {
        maxKeys: 2,
        noNullPrototype: true,
      }),
      prefixItems: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }),
      dependentRequired: fc.dictionary(
        fc.constantFrom(...names),
        fc.uniqueArray(fc.constantFrom(...names, 'd'), { maxLength: 2 }),
        { maxKeys: 2, noNullPrototype: true },
      ),
      minimum: fc.integer({ min: -1, max: 2 }),
      maxLength: fc.nat(2),
      minItems: fc.nat(2),
      minProperties: fc.nat(2),
      pattern: fc.constantFrom('^a', 'b'),
      ...(unevaluated
        ? {
            unevaluatedProperties: tie('schema'),
            unevaluatedItems: tie('schema'),
            dependentSchemas: fc.dictionary(fc.constantFrom(...names), tie('schema'), {
              maxKeys: 2,
              noNullPrototype: true,
            }),
          }
        : {}),
    };
    return {
      schema: fc.oneof(
        { maxDepth: mixed ? 2 : 3, depthSize: 'small', withCrossShrink: true },
        fc.boolean(),
        fc.record(mixed ? { ...judged, ...unjudged } : judged, {
          requiredKeys: [],
        }) as fc.Arbitrary<Json>,
      ),
    };
  }).schema;
}

/** Gives a generated `$ref` something to point at. */
export function withDefinitions(schema: Json): Json {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema)
    ? { ...schema, $defs: { text: { type: 'string' }, list: { type: 'array' } } }
    : schema;
}

export type DifferentialReport = {
  readonly cases: number;
  /** Values JSON Schema accepts that the checker refused (in either mode): must be 0. */
  readonly falseRefusals: readonly Failure[];
  /** Values exact mode passed that lenient mode refused: must be 0. */
  readonly lenientNarrower: readonly Failure[];
  /** Among judged-only schemas, values JSON Schema refuses that exact mode passed: must be 0. */
  readonly missedInJudged: readonly Failure[];
};

type Failure = { readonly schema: Json; readonly value: Json };

/**
 * Runs `schemaCount` schemas (half judged-only, half mixed) with `valuesPerSchema` values each, so
 * the cases are `schemaCount * valuesPerSchema`; ajv compiles each schema once.
 */
export function runCheckerDifferential({
  seed,
  schemaCount,
  valuesPerSchema,
}: {
  seed: number;
  schemaCount: number;
  valuesPerSchema: number;
}): DifferentialReport {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  const falseRefusals: Failure[] = [];
  const lenientNarrower: Failure[] = [];
  const missedInJudged: Failure[] = [];
  const judgedCount = Math.ceil(schemaCount / 2);
  const schemas = [
    ...fc.sample(schemaArbitrary(false), { seed, numRuns: judgedCount }).map((schema) => ({
      schema,
      judgedOnly: true,
    })),
    ...fc
      .sample(schemaArbitrary(true), { seed: seed + 1, numRuns: schemaCount - judgedCount })
      .map((schema) => ({ schema: withDefinitions(schema), judgedOnly: false })),
  ];
  const values = fc.sample(value, { seed: seed + 2, numRuns: schemaCount * valuesPerSchema });
  let cases = 0;
  schemas.forEach(({ schema, judgedOnly }, schemaIndex) => {
    const validate = ajv.compile(schema as object | boolean);
    for (let offset = 0; offset < valuesPerSchema; offset++) {
      const args = values[schemaIndex * valuesPerSchema + offset] as Json;
      cases++;
      const accepted = validate(args) === true;
      const exact = checkArguments(schema, args, { leniency: 'exact' }).length === 0;
      const lenient = checkArguments(schema, args).length === 0;
      if (accepted && !(exact && lenient)) falseRefusals.push({ schema, value: args });
      if (exact && !lenient) lenientNarrower.push({ schema, value: args });
      if (judgedOnly && !accepted && exact) missedInJudged.push({ schema, value: args });
    }
    if (typeof schema === 'object' && schema !== null) ajv.removeSchema(schema);
  });
  return { cases, falseRefusals, lenientNarrower, missedInJudged };
}
