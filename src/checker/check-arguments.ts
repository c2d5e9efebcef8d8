import { prepareSchema } from '../schema/prepare-schema.ts';
import type { PreparedStore, StoreScope } from '../store/prepared-store.ts';
import { storeOption } from '../store/store-option.ts';
import { createCheckState, type Leniency } from './check-state.ts';
import { CheckerError } from './checker-error.ts';
import { describeMismatch } from './describe-mismatch.ts';
import { judgeOf } from './judge-of.ts';
import {
  argumentsTooLarge,
  createRun,
  type Judge,
  type JudgeRun,
  maxJudgedValues,
  refused,
} from './judge-run.ts';
import type { ArgumentPath, Mismatch } from './mismatch.ts';
import type { NameSearchBudget } from './nearest-name.ts';
import { unreadablePartOf } from './unreadable-part.ts';

export type { Leniency } from './check-state.ts';

export type CheckArgumentsOptions = {
  /**
   * `'lenient'` (default) also passes values a tool commonly reads after a cast (`"5"` for an
   * integer, `"true"` for a boolean, an enum member in another letter case, `null` for an argument
   * that may be left out) and hands them on in their declared form (see `judgeArguments`).
   * `'exact'` passes only what JSON Schema passes.
   */
  leniency?: Leniency;
  /**
   * How many mismatches are described; more are only counted. Default 10; `Infinity` for all. At
   * least 1 is always described for arguments that do not fit.
   */
  maxMismatches?: number;
  /**
   * Where the schema's reading is kept, found again by the schema's content (or at once for a
   * copy the store made, see `PreparedStore.keep`). Without one, the schema is read on every call.
   */
  store?: PreparedStore;
};

export type JudgeArgumentsOptions = CheckArgumentsOptions & {
  /**
   * In lenient mode, what a `null` for an argument that may be left out (and whose schema does not
   * admit null) becomes: `{ value }` for a configured value, `undefined` to fall back to the
   * schema's `default`, else omission. Asked with the argument's path (`['events', 0, 'when']`).
   */
  defaultFor?: (path: ArgumentPath) => { readonly value: unknown } | undefined;
};

export type ArgumentsJudgement = {
  /** The first `maxMismatches` mismatches, in the order of the arguments. */
  readonly mismatches: readonly Mismatch[];
  /** How many mismatches there are in all. */
  readonly mismatchCount: number;
  /**
   * The arguments as the tool should receive them. When they fit: in lenient mode every value
   * that fits only thanks to a cast in its declared form (`"5"` → `5`, `"Celsius"` → `"celsius"`),
   * and each `null` for an argument that may be left out as omission or its default; the very
   * same object when nothing changed, and always in exact mode. When they do not fit: the
   * arguments as given.
   */
  readonly value: unknown;
};

/**
 * Checks tool arguments against the JSON Schema the tool was offered with and returns every
 * mismatch (up to `maxMismatches`), each with a sentence a model can act on. An empty list means
 * the arguments fit.
 *
 * It judges `$ref`s within the schema, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`,
 * `dependentSchemas` and `unevaluated*` beside the keywords that assert; what it cannot judge (a
 * remote `$ref`, unknown types, `format`, a `pattern` RE2 cannot run the same way) it passes, and
 * a fit it could not judge in full never refuses (it is never "more than one" of a `oneOf`, `not`
 * of it passes). `not` of a schema that admits everything (`{ not: {} }`) admits nothing, like
 * `false`. Arguments that cannot be read (throwing getters, proxies) are refused with a sentence;
 * a fault inside the checker throws a {@link CheckerError}, never passes. Never mutates the schema
 * or the arguments. The schema is read on every call, unless `options.store` keeps what was read
 * of its content.
 *
 * @example
 * import { checkArguments } from 'toolgate/checker';
 *
 * const mismatches = checkArguments(
 *   { type: 'object', properties: { unit: { enum: ['celsius', 'fahrenheit'] } } },
 *   { unit: 'kelvin' },
 * );
 * // [{ code: 'enum', path: ['unit'], message: '"unit" must be one of "celsius" or "fahrenheit", not "kelvin".', … }]
 */
export function checkArguments(
  schema: unknown,
  args: unknown,
  options?: CheckArgumentsOptions,
): Mismatch[] {
  const store = storeOption(options?.store, 'checkArguments');
  const judge = judgeOfSchema(schema, options?.leniency !== 'exact', store);
  if (fitsQuickly(judge, args)) return [];
  return [...describe(judge, args, options ?? {}).mismatches];
}

/** The cap on described mismatches: the option, with `NaN` read as the default, and at least 1. */
export function mismatchCap({ maxMismatches = 10 }: CheckArgumentsOptions): number {
  return Number.isNaN(maxMismatches) ? 10 : Math.max(1, maxMismatches);
}

const noMismatches: readonly Mismatch[] = Object.freeze([]);

/**
 * Like {@link checkArguments}, and also counts the mismatches past the cap and returns the
 * arguments in their declared form (`value`), for answers that say how many more there are and
 * for handing the tool what the check passed.
 *
 * @example
 * import { judgeArguments } from 'toolgate/checker';
 *
 * const judgement = judgeArguments(
 *   { type: 'object', properties: { n: { type: 'integer' } } },
 *   { n: '5' },
 * );
 * // { mismatches: [], mismatchCount: 0, value: { n: 5 } }
 */
export function judgeArguments(
  schema: unknown,
  args: unknown,
  options: JudgeArgumentsOptions = {},
): ArgumentsJudgement {
  return judgeArgumentsWithin(schema, args, options, undefined);
}

/**
 * {@link judgeArguments} drawing its suggestions on `nameSearch`, a budget shared with other
 * judgements (the calls of one turn); `undefined` for one of its own.
 */
export function judgeArgumentsWithin(
  schema: unknown,
  args: unknown,
  options: JudgeArgumentsOptions,
  nameSearch: NameSearchBudget | undefined,
): ArgumentsJudgement {
  const lenient = options.leniency !== 'exact';
  const judge = judgeOfSchema(schema, lenient, storeOption(options.store, 'judgeArguments'));
  const run = createRun({ args, defaultFor: lenient ? options.defaultFor : undefined });
  let value: unknown;
  try {
    value = judge(args, run, 0);
    if (value === refused && passesUnjudged(run)) value = args;
  } catch (error) {
    return answerToThrow(error, args);
  }
  if (value !== refused) return { mismatches: noMismatches, mismatchCount: 0, value };
  return describe(judge, args, options, nameSearch);
}

/**
 * A yes/no fit with no sentences, for choosing among union branches. `complete` is false when some
 * part of the value met a keyword the checker does not judge (a remote `$ref`, an unknown type,
 * `format`, …), lay deeper than it judges, or exceeded the work budget: there "fits" means only
 * "not refused".
 * Arguments that cannot be read, or that are too large to check (see `maxJudgedValues`), do not
 * fit.
 */
export function fitArguments(
  schema: unknown,
  value: unknown,
  { leniency = 'lenient', store }: Pick<CheckArgumentsOptions, 'leniency' | 'store'> = {},
): { fits: boolean; complete: boolean } {
  const given = storeOption(store, 'fitArguments');
  const run = createRun({ args: value });
  try {
    const judged = judgeOfSchema(schema, leniency !== 'exact', given)(value, run, 0);
    return { fits: judged !== refused || passesUnjudged(run), complete: run.complete };
  } catch {
    return { fits: false, complete: false };
  }
}

/** What a store keeps of a schema for the checker: its judge in each mode. */
const judgesInStore = {
  lenient: {
    scope: 'judged lenient' as StoreScope<Judge>,
    prepare: (schema: unknown) => judgeOf(prepareSchema(schema).root, true),
  },
  exact: {
    scope: 'judged exact' as StoreScope<Judge>,
    prepare: (schema: unknown) => judgeOf(prepareSchema(schema).root, false),
  },
};

function judgeOfSchema(schema: unknown, lenient: boolean, store: PreparedStore | undefined): Judge {
  const { scope, prepare } = lenient ? judgesInStore.lenient : judgesInStore.exact;
  return store?.recall(schema, scope, prepare) ?? prepare(schema);
}

/** The yes/no pass alone, for callers that need no value. */
function fitsQuickly(judge: Judge, args: unknown): boolean {
  try {
    const run = createRun({ args });
    return judge(args, run, 0) !== refused || passesUnjudged(run);
  } catch {
    return false;
  }
}

/** The describing pass: every mismatch with its sentence, or (when it finds none) the value. */
function describe(
  judge: Judge,
  args: unknown,
  options: JudgeArgumentsOptions,
  nameSearch?: NameSearchBudget,
): ArgumentsJudgement {
  const lenient = options.leniency !== 'exact';
  const report = createCheckState({
    leniency: lenient ? 'lenient' : 'exact',
    maxMismatches: mismatchCap(options),
    nameSearch,
  });
  const run = createRun({ args, report, defaultFor: lenient ? options.defaultFor : undefined });
  let value: unknown;
  let tooLarge: boolean;
  try {
    value = judge(args, run, 0);
    tooLarge = run.exhausted && argumentsTooLarge(run);
  } catch (error) {
    return answerToThrow(error, args);
  }
  if (tooLarge) {
    // Said last, in place of the last described mismatch when the list is full.
    report.mismatchCount++;
    if (report.mismatches.length >= report.maxMismatches) report.mismatches.pop();
    report.mismatches.push(
      describeMismatch({
        code: 'too-large',
        path: [],
        expected: `at most ${maxJudgedValues.toLocaleString('en-US')} values`,
        received: `more than ${maxJudgedValues.toLocaleString('en-US')} values`,
      }),
    );
  }
  if (report.mismatchCount > 0) {
    return { mismatches: report.mismatches, mismatchCount: report.mismatchCount, value: args };
  }
  // The budget ran out on arguments within the bound before any mismatch was found.
  if (run.exhausted) return { mismatches: noMismatches, mismatchCount: 0, value: args };
  // The two passes disagree: a fault.
  if (value === refused) {
    throw new CheckerError({ message: 'The checker refused the arguments without a mismatch.' });
  }
  return { mismatches: noMismatches, mismatchCount: 0, value };
}

/**
 * Whether the walk stopped on the work budget while the arguments hold no more than
 * {@link maxJudgedValues} values: the schema walks them too many times over (wide unions of wide
 * unions), which refuses nothing, so they pass, not judged in full.
 */
function passesUnjudged(run: JudgeRun): boolean {
  return run.exhausted && !argumentsTooLarge(run);
}

/** Arguments whose reading throws are refused; anything else that throws is the checker's fault. */
function answerToThrow(error: unknown, args: unknown): ArgumentsJudgement {
  if (CheckerError.isInstance(error)) throw error;
  const path = unreadablePartOf(args);
  if (path === undefined) throw new CheckerError({ cause: error });
  const mismatch = describeMismatch({ code: 'unreadable', path, expected: 'JSON', received: '' });
  return { mismatches: [mismatch], mismatchCount: 1, value: args };
}
