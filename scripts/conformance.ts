/**
 * Runs the checker over the official JSON-Schema-Test-Suite (draft 2020-12 and draft 7, every file,
 * `optional/` and `optional/format/` included) and prints one line per file:
 *
 * - valid instances, and false refusals among them in exact and in lenient mode: the checker
 *   promises never to refuse what JSON Schema accepts, so any false refusal fails the run (each is
 *   listed);
 * - invalid instances, those left out of recall by the rule of `recall-exclusion.ts` (a `$ref`
 *   outside the document, a format not claimed, an unknown meta-schema, the content vocabulary),
 *   and exact mode's recall on the rest (refused / counted). A file that `checker-claims.ts` lists
 *   (marked `*`) below its minimum recall fails the run (its misses are listed); the others are
 *   printed for the record.
 *
 * `--excluded` lists every case left out of recall with its reason.
 *
 * The suite is read from `../shared/json-schema-test-suite` beside the repository, or from
 * `$JSON_SCHEMA_TEST_SUITE` (the suite folder, or its `tests/` folder). Nothing is fetched.
 *
 * Then a seeded differential fuzz against ajv (`test/support/checker-differential.ts`, 100,000
 * cases): any false refusal, any exact pass that lenient mode refuses, or any value ajv and
 * cfworker both refuse that exact mode passes on a schema of the claimed keywords fails the run;
 * recall on schemas of
 * every keyword is printed. Then the census of strict conversion over real MCP tool schemas and the
 * replay of the shared recordings, each failing the run on its own terms.
 *
 * Usage: `npm run conformance` (`node scripts/conformance.ts [--excluded]`).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { runCheckerDifferential } from '../test/support/checker-differential.ts';
import { checkerClaims } from './checker-claims.ts';
import { runMcpCensus } from './mcp-census.ts';
import {
  type RecallExclusion,
  recallExclusionSubject,
  recallExclusionTitles,
} from './recall-exclusion.ts';
import {
  refused,
  runSuiteConformance,
  type SuiteFileResult,
  type SuiteInstance,
  suiteDrafts,
} from './run-suite-conformance.ts';

function findTestsFolder(): string {
  const besideRepository = path.join(
    import.meta.dirname,
    '..',
    '..',
    'shared',
    'json-schema-test-suite',
  );
  const fromEnv = process.env.JSON_SCHEMA_TEST_SUITE;
  const suite = fromEnv !== undefined && fromEnv !== '' ? path.resolve(fromEnv) : besideRepository;
  const tests = existsSync(path.join(suite, 'tests')) ? path.join(suite, 'tests') : suite;
  const missing = suiteDrafts.filter((draft) => !isFolder(path.join(tests, draft)));
  if (missing.length > 0) {
    console.error(
      `conformance: JSON-Schema-Test-Suite not found: ${missing
        .map((draft) => path.join(tests, draft))
        .join(', ')} missing.\n` +
        `Put the suite (github.com/json-schema-org/JSON-Schema-Test-Suite) at ${besideRepository}, ` +
        'or set JSON_SCHEMA_TEST_SUITE to its folder.',
    );
    process.exit(1);
  }
  return tests;
}

function isFolder(folder: string): boolean {
  return existsSync(folder) && statSync(folder).isDirectory();
}

function percent(part: number, whole: number): string {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`;
}

function describeInstance(file: string, instance: SuiteInstance): string {
  const lines = [
    `  ${file} | ${instance.group} | ${instance.test}`,
    `    schema: ${JSON.stringify(instance.schema)}`,
    `    data:   ${JSON.stringify(instance.data)}`,
  ];
  for (const [leniency, result] of Object.entries(instance.results)) {
    if (typeof result === 'string') lines.push(`    ${leniency}: ${result}`);
    else for (const mismatch of result) lines.push(`    ${leniency}: ${mismatch.message}`);
  }
  return lines.join('\n');
}

/** One line of the table: a file, or the sum of several. */
type Row = {
  valid: number;
  refusedExact: number;
  refusedLenient: number;
  invalid: number;
  counted: number;
  refused: number;
};

function rowOf(files: readonly SuiteFileResult[]): Row {
  const row: Row = {
    valid: 0,
    refusedExact: 0,
    refusedLenient: 0,
    invalid: 0,
    counted: 0,
    refused: 0,
  };
  for (const file of files) {
    row.valid += file.valid;
    row.refusedExact += file.falseRefusals.filter(({ results }) => refused(results.exact)).length;
    row.refusedLenient += file.falseRefusals.filter(({ results }) =>
      refused(results.lenient),
    ).length;
    row.invalid += file.invalid;
    row.counted += file.counted;
    row.refused += file.counted - file.misses.length;
  }
  return row;
}

const labelWidth = 56;

function formatRow(mark: string, label: string, row: Row): string {
  return [
    `${mark} ${label.padEnd(labelWidth)}`,
    String(row.valid).padStart(5),
    String(row.refusedExact).padStart(7),
    String(row.refusedLenient).padStart(8),
    String(row.invalid).padStart(9),
    String(row.invalid - row.counted).padStart(10),
    `${row.refused}/${row.counted}`.padStart(10),
    percent(row.refused, row.counted).padStart(8),
  ].join('');
}

const testsFolder = findTestsFolder();
const { minimumRecall } = checkerClaims;
const claimedFiles = new Set(checkerClaims.keywordFiles);
const files = runSuiteConformance({
  testsFolder,
  claimedFormats: new Set(checkerClaims.formats),
});

console.log(`JSON-Schema-Test-Suite (${testsFolder}), one line per file:`);
console.log(
  '  false refusals are valid instances refused, per mode; recall is what exact mode refused of the',
);
console.log(
  `  invalid instances not left out; * marks a file the checker claims (recall at least ${percent(minimumRecall, 1)}).`,
);
console.log(`  ${''.padEnd(labelWidth)}${''.padStart(5)}${'false refusals'.padStart(15)}`);
console.log(
  `  ${'file'.padEnd(labelWidth)}${[
    'valid'.padStart(5),
    'exact'.padStart(7),
    'lenient'.padStart(8),
    'invalid'.padStart(9),
    'left out'.padStart(10),
    'recall (exact)'.padStart(18),
  ].join('')}`,
);
for (const file of files) {
  console.log(formatRow(claimedFiles.has(file.file) ? '*' : ' ', file.file, rowOf([file])));
}
for (const draft of suiteDrafts) {
  const inDraft = files.filter((file) => file.file.startsWith(`${draft}/`));
  console.log(formatRow(' ', `${draft}: ${inDraft.length} files`, rowOf(inDraft)));
}
const total = rowOf(files);
console.log(formatRow(' ', `total: ${files.length} files`, total));
console.log('');

// What was left out of recall and why: per kind, the formats by name and the other kinds by file.
const excluded = new Map<RecallExclusion['kind'], Map<string, number>>();
for (const file of files) {
  for (const { exclusion, instances, group } of file.excluded) {
    const subject = recallExclusionSubject(exclusion);
    if (process.argv.includes('--excluded')) {
      console.log(
        `  left out: ${file.file} | ${group} | ${instances} | ${recallExclusionTitles[exclusion.kind]}: ${subject}`,
      );
    }
    const counts = excluded.get(exclusion.kind) ?? new Map<string, number>();
    const key = exclusion.kind === 'format' ? subject : file.file;
    counts.set(key, (counts.get(key) ?? 0) + instances);
    excluded.set(exclusion.kind, counts);
  }
}
console.log(
  `Left out of recall by the rule of scripts/recall-exclusion.ts (\`--excluded\` lists each case): ${total.invalid - total.counted} invalid instances`,
);
for (const [kind, counts] of excluded) {
  const sum = [...counts.values()].reduce((all, count) => all + count, 0);
  const parts = [...counts].sort(([, left], [, right]) => right - left);
  const shown = parts.slice(0, 6).map(([key, count]) => `${key} ${count}`);
  if (parts.length > shown.length) shown.push(`${parts.length - shown.length} more`);
  console.log(`  ${recallExclusionTitles[kind]}: ${sum} (${shown.join(', ')})`);
}
console.log('');

// The gates: no false refusal anywhere, and each claimed file at its minimum recall.
const falseRefusals = files.flatMap((file) =>
  file.falseRefusals.map((instance) => describeInstance(file.file, instance)),
);
if (falseRefusals.length > 0) {
  console.log('False refusals (valid instances refused):');
  for (const description of falseRefusals) console.log(description);
  console.log('');
}
const byName = new Map(files.map((file) => [file.file, file]));
const claimFailures: string[] = [];
for (const name of claimedFiles) {
  const file = byName.get(name);
  if (file === undefined) {
    claimFailures.push(`${name}: claimed, but no such file in the suite`);
    continue;
  }
  if (file.counted === 0) {
    claimFailures.push(`${name}: claimed, but no invalid instance of it counts toward recall`);
    continue;
  }
  const refusedCount = file.counted - file.misses.length;
  if (refusedCount < minimumRecall * file.counted) {
    claimFailures.push(
      `${name}: recall ${percent(refusedCount, file.counted)} (${refusedCount}/${file.counted}), below ${percent(minimumRecall, 1)}`,
    );
  }
  if (file.misses.length > 0) {
    console.log(`Invalid instances of claimed ${name} that exact mode passed:`);
    for (const miss of file.misses) console.log(describeInstance(name, miss));
    console.log('');
  }
}
const reachingUnclaimed = files
  .filter(
    (file) =>
      !claimedFiles.has(file.file) &&
      file.counted > 0 &&
      file.counted - file.misses.length >= minimumRecall * file.counted,
  )
  .map((file) => file.file);

console.log(
  `false refusals: ${total.refusedExact} exact, ${total.refusedLenient} lenient, of ${total.valid} valid instances`,
);
console.log(
  `recall (exact mode): ${total.refused}/${total.counted} (${percent(total.refused, total.counted)}) of the invalid instances not left out, in all files`,
);
console.log(
  `claimed files (scripts/checker-claims.ts): ${claimedFiles.size - claimFailures.length} of ${claimedFiles.size} at or above ${percent(minimumRecall, 1)}`,
);
for (const failure of claimFailures) console.log(`  FAILED ${failure}`);
if (reachingUnclaimed.length > 0) {
  console.log(
    `  at or above ${percent(minimumRecall, 1)} but not claimed: ${reachingUnclaimed.join(', ')}`,
  );
}
console.log('');

// The seeded differential fuzz against ajv: 6,250 generated schemas (half of the claimed keywords
// only, half of every keyword), 16 values each; ajv compiles each schema once.
const fuzzStarted = performance.now();
const fuzz = runCheckerDifferential({ seed: 20_261_201, schemaCount: 6_250, valuesPerSchema: 16 });
const fuzzFailures = [
  ...fuzz.falseRefusals.map((failure) => ({ kind: 'false refusal', ...failure })),
  ...fuzz.lenientNarrower.map((failure) => ({ kind: 'lenient refused an exact pass', ...failure })),
  ...fuzz.missedInJudged.map((failure) => ({
    kind: 'exact passed an invalid value of claimed keywords',
    ...failure,
  })),
];
for (const failure of fuzzFailures.slice(0, 20)) {
  console.log(`  ${failure.kind}: schema ${JSON.stringify(failure.schema)}`);
  console.log(`    value ${JSON.stringify(failure.value)}`);
}
console.log(
  `differential fuzz against ajv (seeded): ${fuzz.cases} cases in ${((performance.now() - fuzzStarted) / 1000).toFixed(0)} s, ` +
    `${fuzz.claimed.accepted + fuzz.mixed.accepted} of them values ajv accepts; false refusals ${fuzz.falseRefusals.length}, ` +
    `lenient narrower than exact ${fuzz.lenientNarrower.length}` +
    (fuzz.ajvFailures > 0 ? `; ajv threw on ${fuzz.ajvFailures} other generated schemas` : '') +
    (fuzz.ajvOverAccepts.length > 0
      ? `; ${fuzz.ajvOverAccepts.length} values ajv alone accepts (cfworker refuses them, as the checker does)`
      : ''),
);
console.log(
  `  claimed keywords only: exact mode refused ${fuzz.claimed.refused} of ${fuzz.claimed.invalid} values ajv refuses (all required` +
    (fuzz.ajvOverRefusals.length > 0
      ? ` but the ${fuzz.ajvOverRefusals.length} that cfworker accepts, as the checker does)`
      : ')'),
);
console.log(
  `  every keyword, less deeply nested: exact mode refused ${fuzz.mixed.refused} of ${fuzz.mixed.invalid} (${percent(fuzz.mixed.refused, fuzz.mixed.invalid)}; measured, not required)`,
);
console.log('');

const censusPassed = runMcpCensus(
  process.env.MCP_SCHEMAS ?? path.join(import.meta.dirname, '..', '..', 'shared', 'mcp-schemas'),
);

const replayFailures = await (await import('./replay-recordings.ts')).replaySharedRecordings();
const suiteFailed = falseRefusals.length > 0 || claimFailures.length > 0;
process.exit(suiteFailed || fuzzFailures.length > 0 || !censusPassed || replayFailures > 0 ? 1 : 0);
