/**
 * Runs the checker over the official JSON-Schema-Test-Suite (draft 2020-12 and draft 7, every file,
 * `optional/` and `optional/format/` included) and reports two numbers:
 *
 * 1. False refusals: instances the suite calls valid that get any mismatch, in either mode. The
 *    checker's promise is that it never refuses what JSON Schema accepts, so any is a failure
 *    (listed, exit code 1).
 * 2. Judged coverage: in exact mode, the share of invalid instances refused, counted only in the
 *    files of the judged keywords and only for cases whose schema is fully judged (see
 *    `unjudgedPartOf`). The target is 100%; each miss is listed (and also fails the run).
 *
 * The suite is read from `../shared/json-schema-test-suite` beside the repository, or from
 * `$JSON_SCHEMA_TEST_SUITE` (the suite folder, or its `tests/` folder). Nothing is fetched: cases
 * with remote references are checked like any other, and the checker skips `$ref` nodes.
 *
 * 3. A seeded differential fuzz against ajv: 100,000 cases over the judged keywords, with unjudged
 *    keywords mixed in; any false refusal, any exact pass that lenient mode refuses, or any invalid
 *    value exact mode passes where only judged keywords are used fails the run.
 *
 * Usage: `npm run conformance` (`node scripts/conformance.ts`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkArguments, type Leniency, type Mismatch } from '../src/checker/index.ts';
import { runCheckerDifferential } from '../test/support/checker-differential.ts';
import { runMcpCensus } from './mcp-census.ts';

const drafts = ['draft2020-12', 'draft7'] as const;

/** The files of the keywords the checker judges; only these count toward judged coverage. */
const judgedFiles = new Set([
  'type.json',
  'enum.json',
  'required.json',
  'properties.json',
  'additionalProperties.json',
  'items.json',
]);

/** Keywords the checker judges (`items` only in its single-schema form; tuples are not judged). */
const judgedKeywords = new Set([
  'type',
  'enum',
  'const',
  'required',
  'properties',
  'additionalProperties',
  'items',
]);

/**
 * Keywords that assert nothing about an instance on their own: identifiers, annotations, and
 * definitions (which only matter through a `$ref`, and a `$ref` anywhere in the walked schema
 * already makes the case unjudged).
 */
const inertKeywords = new Set([
  '$schema',
  '$id',
  '$anchor',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * The standard meta-schemas. A `$schema` naming any other (a custom meta-schema, as in
 * `vocabulary.json`) may switch vocabularies off, so the case is not counted as judged.
 */
const standardMetaSchemas = new Set([
  'https://json-schema.org/draft/2020-12/schema',
  'http://json-schema.org/draft-07/schema#',
  'http://json-schema.org/draft-07/schema',
]);

type TestCase = { description: string; data: unknown; valid: boolean };
type TestGroup = { description: string; schema: unknown; tests: TestCase[] };

type Failure = {
  file: string;
  group: string;
  test: string;
  schema: unknown;
  data: unknown;
  results: Array<{ leniency: Leniency; mismatches: readonly Mismatch[] | string }>;
};

/**
 * Why a group schema is not fully judged, or `undefined` when it is.
 *
 * The schema is walked where the checker walks (`properties`, `additionalProperties`, `items`),
 * and every node on the way may hold only judged keywords and inert ones. So any of `$ref`,
 * `$dynamicRef`, `$recursiveRef`, `anyOf`, `oneOf`, `allOf`, `not`, `if`/`then`/`else`,
 * `patternProperties`, `prefixItems`, tuple `items: [...]`, `additionalItems`, `contains`,
 * `unevaluated*`, `dependent*`/`dependencies`, `propertyNames`, every size, range, pattern or
 * format keyword, and any unknown keyword, on any node reached, leaves the case out. Boolean
 * schemas (`true`, `false`) are judged.
 */
function unjudgedPartOf(schema: unknown, pointer = '#'): string | undefined {
  if (typeof schema === 'boolean') return undefined;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return `${pointer} is not a schema`;
  }
  const node = schema as Record<string, unknown>;
  for (const keyword of Object.keys(node)) {
    if (keyword === '$schema') {
      if (!standardMetaSchemas.has(String(node.$schema))) {
        return `${pointer}/$schema names a custom meta-schema`;
      }
      continue;
    }
    if (inertKeywords.has(keyword)) continue;
    if (!judgedKeywords.has(keyword)) return `${pointer}/${keyword}`;
  }
  if (Array.isArray(node.items)) return `${pointer}/items (tuple)`;
  if (node.items !== undefined) {
    const inItems = unjudgedPartOf(node.items, `${pointer}/items`);
    if (inItems !== undefined) return inItems;
  }
  if (node.additionalProperties !== undefined) {
    const inAdditional = unjudgedPartOf(
      node.additionalProperties,
      `${pointer}/additionalProperties`,
    );
    if (inAdditional !== undefined) return inAdditional;
  }
  if (typeof node.properties === 'object' && node.properties !== null) {
    for (const [name, property] of Object.entries(node.properties)) {
      const inProperty = unjudgedPartOf(property, `${pointer}/properties/${name}`);
      if (inProperty !== undefined) return inProperty;
    }
  }
  return undefined;
}

function findTestsFolder(): string {
  const fromEnv = process.env.JSON_SCHEMA_TEST_SUITE;
  const suite =
    fromEnv !== undefined && fromEnv !== ''
      ? path.resolve(fromEnv)
      : path.join(import.meta.dirname, '..', '..', 'shared', 'json-schema-test-suite');
  const tests = existsSync(path.join(suite, 'tests')) ? path.join(suite, 'tests') : suite;
  const missing = drafts.filter((draft) => !isFolder(path.join(tests, draft)));
  if (missing.length > 0) {
    console.error(
      `conformance: JSON-Schema-Test-Suite not found: ${missing
        .map((draft) => path.join(tests, draft))
        .join(', ')} missing.\n` +
        'Put the suite (github.com/json-schema-org/JSON-Schema-Test-Suite) at ' +
        `${path.join(import.meta.dirname, '..', '..', 'shared', 'json-schema-test-suite')}, ` +
        'or set JSON_SCHEMA_TEST_SUITE to its folder.',
    );
    process.exit(1);
  }
  return tests;
}

function isFolder(folder: string): boolean {
  return existsSync(folder) && statSync(folder).isDirectory();
}

function jsonFilesUnder(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) files.push(...jsonFilesUnder(full));
    else if (entry.isFile() && entry.name.endsWith('.json')) files.push(full);
  }
  return files.sort();
}

/** The checker's mismatches, or the error text if it threw (which it promises never to do). */
function check(schema: unknown, data: unknown, leniency: Leniency): readonly Mismatch[] | string {
  try {
    return checkArguments(schema, data, { leniency, maxMismatches: 10 });
  } catch (error) {
    return `threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  }
}

const refused = (result: readonly Mismatch[] | string): boolean =>
  typeof result === 'string' || result.length > 0;

function describeFailure(failure: Failure): string {
  const lines = [
    `  ${failure.file} | ${failure.group} | ${failure.test}`,
    `    schema: ${JSON.stringify(failure.schema)}`,
    `    data:   ${JSON.stringify(failure.data)}`,
  ];
  for (const { leniency, mismatches } of failure.results) {
    if (typeof mismatches === 'string') {
      lines.push(`    ${leniency}: ${mismatches}`);
      continue;
    }
    if (mismatches.length === 0) continue;
    for (const mismatch of mismatches) {
      lines.push(`    ${leniency}: [${mismatch.code}] ${mismatch.message}`);
    }
  }
  return lines.join('\n');
}

function percent(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`;
}

const testsFolder = findTestsFolder();

let fileCount = 0;
let validCount = 0;
let invalidCount = 0;
let invalidRefusedCount = 0;
let judgedInvalidCount = 0;
let judgedCaseCount = 0;
let outOfScopeInvalidCount = 0;
const falseRefusals: Failure[] = [];
const judgedMisses: Failure[] = [];
const unjudgedReasons = new Map<string, number>();

for (const draft of drafts) {
  for (const file of jsonFilesUnder(path.join(testsFolder, draft))) {
    fileCount++;
    const relative = path.relative(testsFolder, file);
    const inJudgedFile =
      path.dirname(relative) === draft && judgedFiles.has(path.basename(relative));
    const groups = JSON.parse(readFileSync(file, 'utf8')) as TestGroup[];
    for (const group of groups) {
      const unjudged = inJudgedFile ? unjudgedPartOf(group.schema) : 'not a judged-keyword file';
      if (inJudgedFile) {
        if (unjudged === undefined) judgedCaseCount += group.tests.length;
        else {
          // The last segment of the pointer: the keyword, e.g. `patternProperties`, `items (tuple)`.
          const keyword = unjudged.slice(unjudged.lastIndexOf('/') + 1);
          unjudgedReasons.set(keyword, (unjudgedReasons.get(keyword) ?? 0) + group.tests.length);
        }
      }
      for (const test of group.tests) {
        const lenient = check(group.schema, test.data, 'lenient');
        const exact = check(group.schema, test.data, 'exact');
        const failure: Failure = {
          file: relative,
          group: group.description,
          test: test.description,
          schema: group.schema,
          data: test.data,
          results: [
            { leniency: 'lenient', mismatches: lenient },
            { leniency: 'exact', mismatches: exact },
          ],
        };
        if (test.valid) {
          validCount++;
          if (refused(lenient) || refused(exact)) falseRefusals.push(failure);
          continue;
        }
        invalidCount++;
        if (refused(exact)) invalidRefusedCount++;
        if (unjudged !== undefined) {
          if (!refused(exact)) outOfScopeInvalidCount++;
          continue;
        }
        judgedInvalidCount++;
        if (!refused(exact)) judgedMisses.push(failure);
      }
    }
  }
}

const judgedRefusedCount = judgedInvalidCount - judgedMisses.length;

console.log(`JSON-Schema-Test-Suite: ${testsFolder}`);
console.log(
  `${fileCount} files, ${validCount + invalidCount} instances (${validCount} valid, ${invalidCount} invalid)`,
);
console.log('');

if (falseRefusals.length > 0) {
  console.log(`False refusals (valid instances refused):`);
  for (const failure of falseRefusals) console.log(describeFailure(failure));
  console.log('');
}
if (judgedMisses.length > 0) {
  console.log('Missed in judged keywords (invalid instances passed in exact mode):');
  for (const failure of judgedMisses) console.log(describeFailure(failure));
  console.log('');
}

console.log(
  'Cases left out of judged coverage in the judged-keyword files, by the first unjudged keyword:',
);
console.log(
  `  ${[...unjudgedReasons]
    .sort(([, left], [, right]) => right - left)
    .map(([keyword, count]) => `${keyword} ${count}`)
    .join(', ')}`,
);
console.log(
  `  (${judgedCaseCount} cases in ${[...judgedFiles].join(', ')} of both drafts have fully judged schemas)`,
);
console.log('');

console.log(
  `false refusals: ${falseRefusals.length} of ${validCount} valid instances (both modes)`,
);
console.log(
  `exact-mode refusals of invalid instances in judged keywords: ${judgedRefusedCount}/${judgedInvalidCount} (${percent(judgedRefusedCount, judgedInvalidCount)})`,
);
console.log(
  `exact-mode refusals of all invalid instances (for reference): ${invalidRefusedCount}/${invalidCount} (${percent(invalidRefusedCount, invalidCount)})`,
);
console.log(
  `not counted: ${outOfScopeInvalidCount} invalid instances outside the judged keywords, passed by design`,
);

// Passed: valid instances passed in both modes, and invalid instances refused in exact mode.
// Failed: false refusals, and invalid instances in judged keywords that exact mode passed.
const passed = validCount - falseRefusals.length + invalidRefusedCount;
const failed = falseRefusals.length + judgedMisses.length;
console.log(`conformance: ${passed} passed, ${failed} failed`);
console.log('');

// The seeded differential fuzz against ajv: 6,250 generated schemas (half of judged keywords only,
// half with unjudged keywords mixed in), 16 values each: ajv compiles each schema once.
const fuzzStarted = performance.now();
const fuzz = runCheckerDifferential({ seed: 20_261_201, schemaCount: 6_250, valuesPerSchema: 16 });
const fuzzFailures = [
  ...fuzz.falseRefusals.map((failure) => ({ kind: 'false refusal', ...failure })),
  ...fuzz.lenientNarrower.map((failure) => ({ kind: 'lenient refused an exact pass', ...failure })),
  ...fuzz.missedInJudged.map((failure) => ({ kind: 'exact passed an invalid value', ...failure })),
];
console.log('');
for (const failure of fuzzFailures.slice(0, 20)) {
  console.log(`  ${failure.kind}: schema ${JSON.stringify(failure.schema)}`);
  console.log(`    value ${JSON.stringify(failure.value)}`);
}
console.log(
  `differential fuzz against ajv (seeded): ${fuzz.cases} cases in ${((performance.now() - fuzzStarted) / 1000).toFixed(0)} s; ` +
    `false refusals ${fuzz.falseRefusals.length}, lenient narrower than exact ${fuzz.lenientNarrower.length}, ` +
    `invalid values passed in judged keywords ${fuzz.missedInJudged.length}`,
);

console.log('');
const censusPassed = runMcpCensus(
  process.env.MCP_SCHEMAS ?? path.join(import.meta.dirname, '..', '..', 'shared', 'mcp-schemas'),
);

const replayFailures = await (await import('./replay-recordings.ts')).replaySharedRecordings();
process.exit(failed > 0 || fuzzFailures.length > 0 || !censusPassed || replayFailures > 0 ? 1 : 0);
