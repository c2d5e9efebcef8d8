import { Validator } from '@cfworker/json-schema';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { checkerClaims } from '../../scripts/checker-claims.ts';
import { checkArguments } from '../../src/checker/index.ts';
import { mapSubschemas } from '../../src/schema/map-subschemas.ts';
import { sampleArguments, seededRandom } from './sample-arguments.ts';

/**
 * The checker against ajv (draft 2020-12) on generated schemas and values. Two families of schemas:
 * the keywords the checker claims (`checkerClaims.fuzzKeywords`), where exact mode must refuse
 * every value ajv refuses (unless cfworker accepts it too: ajv 8 errs on `contains` beside
 * `prefixItems`), and every keyword a tool schema can carry (`$ref` into recursive
 * definitions, the applicators, the assertions, `unevaluated*`), less deeply nested, where the
 * checker must still refuse nothing ajv accepts and its recall is measured (today the claimed
 * keywords are all of them). Run seeded, so a failure is reproducible; `npm test` runs a
 * small count, `npm run conformance` 100,000 cases.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const names = ['a', 'b', 'c'] as const;
const typeNames = ['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'] as const;

/** Patterns that cannot backtrack badly, for `pattern`, `patternProperties` and names. */
const safePatterns = ['^a', 'b', 'b$', '^[a-c]+$', '\\d', '^$', '^.{0,2}$', '^[A-Z]'] as const;

const scalar: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -2, max: 3 }),
  fc.constantFrom(0.5, 2.0, -1.5, 0.25, 10),
  fc.constantFrom('a', 'b', 'A', '1', '2', ' 3 ', 'true', 'FALSE', '', '[1]', 'ab', 'abc', 'ba'),
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

/** A `type` keyword: one JSON Schema type name, or a list of up to three. */
export const typeKeyword = fc.oneof(
  fc.constantFrom(...typeNames),
  fc.uniqueArray(fc.constantFrom(...typeNames), { minLength: 1, maxLength: 3 }),
);

/**
 * What `withDefinitions` defines besides `generated`: a short text, a list of them (a reference to
 * a reference), a tree that holds itself through a property and through a list, and a union that
 * holds itself.
 */
const definitions: Readonly<Record<string, Json>> = {
  text: { type: 'string', maxLength: 2 },
  list: { type: 'array', items: { $ref: '#/$defs/text' } },
  tree: {
    type: 'object',
    properties: {
      a: { type: 'integer' },
      b: { $ref: '#/$defs/tree' },
      c: { type: 'array', items: { $ref: '#/$defs/tree' } },
    },
  },
  choice: {
    anyOf: [
      { type: 'null' },
      { $ref: '#/$defs/tree' },
      { type: 'array', maxItems: 2, items: { $ref: '#/$defs/choice' } },
    ],
  },
};

/**
 * The keywords of every schema object of a definition, and of the definitions it references, so a
 * reference never brings in keywords its family does not use.
 */
function keywordsOf(
  name: string,
  found = new Set<string>(),
  seen = new Set<string>(),
): Set<string> {
  seen.add(name);
  mapSubschemas(definitions[name], (node) => {
    for (const keyword of Object.keys(node)) found.add(keyword);
    const target = typeof node.$ref === 'string' ? node.$ref.slice('#/$defs/'.length) : undefined;
    if (target !== undefined && !seen.has(target)) keywordsOf(target, found, seen);
    return node;
  });
  return found;
}

/**
 * The `$ref`s a family of schemas may hold: `generated` (made of the family's keywords), and each
 * definition that uses only the family's keywords.
 */
function refTargets(keywords: readonly string[]): string[] {
  const targets = Object.keys(definitions).filter((name) =>
    [...keywordsOf(name)].every((keyword) => keywords.includes(keyword)),
  );
  return [...targets, 'generated'].map((name) => `#/$defs/${name}`);
}

/** A generator for each keyword's value but `$ref`'s; `schema` is a generated subschema. */
function keywordArbitraries(schema: fc.Arbitrary<Json>): Record<string, fc.Arbitrary<Json>> {
  const schemaList = fc.array(schema, { minLength: 1, maxLength: 3 });
  const bound = fc.constantFrom(-1, 0, 0.5, 1, 2);
  const count = fc.nat(3);
  const nameMap = (entry: fc.Arbitrary<Json>) =>
    fc.dictionary(fc.constantFrom(...names), entry, { maxKeys: 2, noNullPrototype: true });
  return {
    type: typeKeyword,
    enum: members,
    const: value,
    properties: fc.dictionary(fc.constantFrom(...names), schema, {
      maxKeys: 3,
      noNullPrototype: true,
    }),
    required: fc.uniqueArray(fc.constantFrom(...names, 'd'), { maxLength: 3 }),
    additionalProperties: schema,
    items: schema,
    anyOf: schemaList,
    oneOf: schemaList,
    allOf: schemaList,
    not: schema,
    if: schema,
    // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, not a promise
    then: schema,
    else: schema,
    prefixItems: fc.array(schema, { minLength: 1, maxLength: 2 }),
    contains: schema,
    dependentRequired: nameMap(fc.uniqueArray(fc.constantFrom(...names, 'd'), { maxLength: 2 })),
    dependentSchemas: nameMap(schema),
    patternProperties: fc.dictionary(fc.constantFrom(...safePatterns), schema, {
      maxKeys: 2,
      noNullPrototype: true,
    }),
    propertyNames: fc.oneof(
      schema,
      fc.record({ pattern: fc.constantFrom(...safePatterns) }),
      fc.record({ maxLength: fc.nat(1) }),
      fc.record({ enum: fc.uniqueArray(fc.constantFrom(...names), { minLength: 1 }) }),
    ),
    minimum: bound,
    maximum: bound,
    exclusiveMinimum: bound,
    exclusiveMaximum: bound,
    multipleOf: fc.constantFrom(0.5, 2, 3),
    minLength: count,
    maxLength: count,
    pattern: fc.constantFrom(...safePatterns),
    minItems: count,
    maxItems: count,
    uniqueItems: fc.boolean(),
    minProperties: count,
    maxProperties: count,
  };
}

/** Slow for ajv to compile, so kept out of the large seeded run. */
function unevaluatedArbitraries(schema: fc.Arbitrary<Json>): Record<string, fc.Arbitrary<Json>> {
  return { unevaluatedProperties: schema, unevaluatedItems: schema };
}

/**
 * Schemas of the claimed keywords only (`mixed` false), or of every keyword (`mixed` true; with
 * `unevaluated`, `unevaluated*` too): an object of up to five keywords at the root, with the
 * definitions of `withDefinitions` (`generated` made of the same keywords) for its `$ref`s.
 */
export function schemaArbitrary(mixed: boolean, { unevaluated = false } = {}): fc.Arbitrary<Json> {
  return fc
    .tuple(
      nodeArbitrary(mixed, { unevaluated, withRef: true }),
      nodeArbitrary(mixed, { unevaluated, withRef: false }),
    )
    .map(([schema, generated]) => withDefinitions(schema, generated));
}

/**
 * A schema object of the chosen keywords, each subschema one too or now and then a boolean.
 * `withRef: false` leaves `$ref` out, for the generated definition (so no reference can loop
 * without reading the value).
 */
function nodeArbitrary(
  mixed: boolean,
  { unevaluated, withRef }: { unevaluated: boolean; withRef: boolean },
): fc.Arbitrary<Json> {
  const claimed: readonly string[] = checkerClaims.fuzzKeywords;
  const included = (keyword: string) =>
    (mixed || claimed.includes(keyword)) && (withRef || keyword !== '$ref');
  return fc.letrec<{ schema: Json; node: Json }>((tie) => {
    const subschema = tie('schema');
    const all = {
      ...keywordArbitraries(subschema),
      ...(unevaluated ? unevaluatedArbitraries(subschema) : {}),
    };
    const keywords = [...Object.keys(all), '$ref'].filter(included);
    const arbitraries: Record<string, fc.Arbitrary<Json>> = {
      ...all,
      $ref: fc.constantFrom(...refTargets(keywords)),
    };
    return {
      // A subschema is now and then `true` or `false` (always at the deepest level).
      schema: fc.oneof(
        { maxDepth: mixed ? 2 : 3, depthSize: 'small', withCrossShrink: true },
        { arbitrary: fc.boolean(), weight: 1 },
        { arbitrary: tie('node'), weight: 3 },
      ),
      node: fc
        .uniqueArray(fc.constantFrom(...keywords), { maxLength: 5 })
        .chain((chosen) =>
          fc.record(
            Object.fromEntries(
              chosen.map((keyword) => [keyword, arbitraries[keyword] as fc.Arbitrary<Json>]),
            ),
          ),
        ),
    };
  }).node;
}

/**
 * Gives a generated `$ref` something to point at: the fixed definitions above, and `generated`
 * (a generated schema without `$ref`; `true` when not given). Replaces the schema's own `$defs`,
 * and names draft 2020-12, whose rules ajv applies (the keywords beside a `$ref`, `unevaluated*`).
 */
const draft2020 = 'https://json-schema.org/draft/2020-12/schema';

export function withDefinitions(schema: Json, generated: Json = true): Json {
  return typeof schema === 'object' && schema !== null && !Array.isArray(schema)
    ? { $schema: draft2020, ...schema, $defs: { ...definitions, generated } }
    : schema;
}

/** How the checker's exact mode did on the values ajv refused, in one family of schemas. */
export type DifferentialRecall = {
  readonly cases: number;
  /** Values ajv accepted (the ones a false refusal could be found in). */
  readonly accepted: number;
  /** Values ajv refused, and how many of them exact mode refused too. */
  readonly invalid: number;
  readonly refused: number;
};

export type DifferentialReport = {
  readonly cases: number;
  /** Values JSON Schema accepts that the checker refused (in either mode): must be 0. */
  readonly falseRefusals: readonly Failure[];
  /** Values exact mode passed that lenient mode refused: must be 0. */
  readonly lenientNarrower: readonly Failure[];
  /**
   * Among schemas of the claimed keywords, values ajv and cfworker both refuse that exact mode
   * passed: must be 0.
   */
  readonly missedInJudged: readonly Failure[];
  /** Schemas of the claimed keywords only. */
  readonly claimed: DifferentialRecall;
  /** Schemas of every keyword: recall here is measured, not required. */
  readonly mixed: DifferentialRecall;
  /**
   * Generated schemas ajv could not compile or run (ajv 8 throws on a few unions of `$ref`s whose
   * targets use `contains`), replaced by the next ones generated.
   */
  readonly ajvFailures: number;
  /**
   * Values ajv accepted and the checker refused where a second implementation (cfworker) refuses
   * them too, as the suite's rules do: ajv 8 accepts `[]` under `contains` beside a `prefixItems`
   * that holds `false`. Not false refusals; counted so a change in them is seen.
   */
  readonly ajvOverAccepts: readonly Failure[];
  /**
   * Among schemas of the claimed keywords, values ajv refused and exact mode passed where cfworker
   * accepts them too (the same `contains` beside `prefixItems`, seen from a `not` or a `oneOf`).
   * Not misses; counted so a change in them is seen.
   */
  readonly ajvOverRefusals: readonly Failure[];
};

type Failure = { readonly schema: Json; readonly value: Json };

/**
 * Runs `schemaCount` schemas (half of the claimed keywords, half of every keyword) with
 * `valuesPerSchema` values each, so the cases are `schemaCount * valuesPerSchema`; ajv compiles
 * each schema once.
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
  const ajvOverAccepts: Failure[] = [];
  const ajvOverRefusals: Failure[] = [];
  const tally = { claimed: emptyRecall(), mixed: emptyRecall() };
  let ajvFailures = 0;
  const claimedCount = Math.ceil(schemaCount / 2);
  const families = [
    { family: 'claimed' as const, count: claimedCount, seed },
    { family: 'mixed' as const, count: schemaCount - claimedCount, seed: seed + 1 },
  ];
  // Values drawn independently of a schema rarely fit one of several keywords, and a false refusal
  // can only be found among values that fit. So each schema gets `valuesPerSchema` values chosen
  // from twice as many drawn independently and as many sampled from the schema itself: as many
  // that ajv accepts as there are, up to half, and refused ones for the rest.
  const drawn = fc.sample(value, { seed: seed + 2, numRuns: schemaCount * valuesPerSchema * 2 });
  const random = seededRandom(seed + 3);
  let schemaIndex = 0;
  for (const { family, count, seed: familySeed } of families) {
    // Drawn with some to spare, for the schemas ajv fails on.
    const spare = Math.ceil(count / 20) + 5;
    const schemas = fc.sample(schemaArbitrary(family === 'mixed', { unevaluated: true }), {
      seed: familySeed,
      numRuns: count + spare,
    });
    const recall = tally[family];
    let done = 0;
    for (const schema of schemas) {
      if (done === count) break;
      const offered = [
        ...drawn.slice(schemaIndex * valuesPerSchema * 2, (schemaIndex + 1) * valuesPerSchema * 2),
        ...Array.from(
          { length: valuesPerSchema * 2 },
          () => sampleArguments(schema, random) as Json,
        ),
      ];
      let chosen: ReturnType<typeof chooseValues>;
      try {
        chosen = chooseValues(offered, ajv.compile(schema as object | boolean), valuesPerSchema);
      } catch {
        ajvFailures++;
        continue;
      } finally {
        if (typeof schema === 'object' && schema !== null) ajv.removeSchema(schema);
      }
      done++;
      schemaIndex++;
      for (const { value: args, accepted } of chosen) {
        recall.cases++;
        const exact = checkArguments(schema, args, { leniency: 'exact' }).length === 0;
        const lenient = checkArguments(schema, args).length === 0;
        if (accepted) recall.accepted++;
        else {
          recall.invalid++;
          if (!exact) recall.refused++;
        }
        if (accepted && !(exact && lenient)) {
          const refusedByAll = !secondOpinionAccepts(schema, args);
          (refusedByAll ? ajvOverAccepts : falseRefusals).push({ schema, value: args });
        }
        if (exact && !lenient) lenientNarrower.push({ schema, value: args });
        if (family === 'claimed' && !accepted && exact) {
          const acceptedByOther = secondOpinionAccepts(schema, args);
          (acceptedByOther ? ajvOverRefusals : missedInJudged).push({ schema, value: args });
        }
      }
    }
    if (done < count) throw new Error(`ajv failed on more than ${spare} generated schemas`);
  }
  return {
    cases: tally.claimed.cases + tally.mixed.cases,
    falseRefusals,
    lenientNarrower,
    missedInJudged,
    claimed: tally.claimed,
    mixed: tally.mixed,
    ajvFailures,
    ajvOverAccepts,
    ajvOverRefusals,
  };
}

/** cfworker's verdict (draft 2020-12), asked only where ajv and the checker disagree. */
function secondOpinionAccepts(schema: Json, value: Json): boolean {
  return new Validator(schema as object | boolean, '2020-12', false).validate(value).valid;
}

/**
 * `count` of the candidates with ajv's verdict: the accepted ones first, up to half of `count`,
 * then refused ones, then accepted ones again if too few were refused.
 */
function chooseValues(
  candidates: readonly Json[],
  validate: (value: Json) => boolean | Promise<unknown>,
  count: number,
): Array<{ value: Json; accepted: boolean }> {
  const judged = candidates.map((candidate) => ({
    value: candidate,
    accepted: validate(candidate) === true,
  }));
  const accepted = judged.filter((candidate) => candidate.accepted);
  const refused = judged.filter((candidate) => !candidate.accepted);
  const half = Math.ceil(count / 2);
  const chosen = [
    ...accepted.slice(0, half),
    ...refused.slice(0, count - Math.min(half, accepted.length)),
  ];
  return [...chosen, ...accepted.slice(half, half + count - chosen.length)];
}

function emptyRecall(): { cases: number; accepted: number; invalid: number; refused: number } {
  return { cases: 0, accepted: 0, invalid: 0, refused: 0 };
}
