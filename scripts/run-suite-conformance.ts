/**
 * The checker over every file of the JSON-Schema-Test-Suite's draft 2020-12 and draft 7 folders
 * (`optional/` and `optional/format/` included), file by file: valid instances refused in either
 * mode (false refusals), and in exact mode the invalid instances refused, apart from those that
 * `recall-exclusion.ts` leaves out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkArguments, type Leniency, type Mismatch } from '../src/checker/index.ts';
import { type RecallExclusion, recallExclusionOf, type SuiteDraft } from './recall-exclusion.ts';

export const suiteDrafts: readonly SuiteDraft[] = ['draft2020-12', 'draft7'];

/** One instance of the suite with what each mode said of it. */
export type SuiteInstance = {
  readonly group: string;
  readonly test: string;
  readonly schema: unknown;
  readonly data: unknown;
  /** Mismatches per mode, or the error text when the checker threw (which it promises never to). */
  readonly results: Readonly<Record<Leniency, readonly Mismatch[] | string>>;
};

export type ExcludedCase = {
  readonly group: string;
  /** Invalid instances of the case, all left out of recall. */
  readonly instances: number;
  readonly exclusion: RecallExclusion;
};

export type SuiteFileResult = {
  /** Relative to the suite's `tests/` folder: `draft7/optional/format/date.json`. */
  readonly file: string;
  readonly valid: number;
  /** Valid instances refused in either mode. */
  readonly falseRefusals: readonly SuiteInstance[];
  readonly invalid: number;
  readonly excluded: readonly ExcludedCase[];
  /** Invalid instances counted toward recall: `invalid` less the excluded ones. */
  readonly counted: number;
  /** Counted invalid instances that exact mode passed. */
  readonly misses: readonly SuiteInstance[];
};

type TestGroup = {
  description: string;
  schema: unknown;
  tests: Array<{ description: string; data: unknown; valid: boolean }>;
};

export function runSuiteConformance({
  testsFolder,
  claimedFormats,
}: {
  /** The suite's `tests/` folder, holding one folder per draft. */
  testsFolder: string;
  claimedFormats: ReadonlySet<string>;
}): SuiteFileResult[] {
  const results: SuiteFileResult[] = [];
  for (const draft of suiteDrafts) {
    for (const file of jsonFilesUnder(path.join(testsFolder, draft))) {
      const groups = JSON.parse(readFileSync(file, 'utf8')) as TestGroup[];
      results.push(
        runFile(path.relative(testsFolder, file).split(path.sep).join('/'), groups, {
          draft,
          claimedFormats,
        }),
      );
    }
  }
  return results;
}

function runFile(
  file: string,
  groups: readonly TestGroup[],
  options: { draft: SuiteDraft; claimedFormats: ReadonlySet<string> },
): SuiteFileResult {
  let valid = 0;
  let invalid = 0;
  let counted = 0;
  const falseRefusals: SuiteInstance[] = [];
  const misses: SuiteInstance[] = [];
  const excluded: ExcludedCase[] = [];
  for (const group of groups) {
    const exclusion = recallExclusionOf(group.schema, options);
    const invalidInGroup = group.tests.filter((test) => !test.valid).length;
    if (exclusion !== undefined && invalidInGroup > 0) {
      excluded.push({ group: group.description, instances: invalidInGroup, exclusion });
    }
    for (const test of group.tests) {
      const instance: SuiteInstance = {
        group: group.description,
        test: test.description,
        schema: group.schema,
        data: test.data,
        results: {
          exact: check(group.schema, test.data, 'exact'),
          lenient: check(group.schema, test.data, 'lenient'),
        },
      };
      if (test.valid) {
        valid++;
        if (refused(instance.results.exact) || refused(instance.results.lenient)) {
          falseRefusals.push(instance);
        }
        continue;
      }
      invalid++;
      if (exclusion !== undefined) continue;
      counted++;
      if (!refused(instance.results.exact)) misses.push(instance);
    }
  }
  return { file, valid, falseRefusals, invalid, excluded, counted, misses };
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

function check(schema: unknown, data: unknown, leniency: Leniency): readonly Mismatch[] | string {
  try {
    return checkArguments(schema, data, { leniency, maxMismatches: 10 });
  } catch (error) {
    return `threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  }
}

/** Whether a mode refused: any mismatch, or a throw. */
export function refused(result: readonly Mismatch[] | string): boolean {
  return typeof result === 'string' || result.length > 0;
}
