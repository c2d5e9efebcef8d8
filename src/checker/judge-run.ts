import type { JsonKindSet } from '../schema/json-kind.ts';
import type { JudgedSchemaNode, SchemaNode } from '../schema/schema-node.ts';
import type { CheckState } from './check-state.ts';
import { holdsMoreValues } from './holds-more-values.ts';
import type { ArgumentPath } from './mismatch.ts';

/**
 * A prepared node's judge: a closure specialised for the node (no code generation), built once per
 * node and leniency by `judgeOf`. It runs in two modes of one walk:
 *
 * - yes/no (`run.report` undefined): answers at the first mismatch, builds no path and no
 *   sentence. Most model calls fit, and this is all they cost.
 * - describing (`run.report` set): goes on past mismatches and reports each with its path.
 *
 * A judge returns the value in its declared form (the same value when nothing was cast, so an
 * unchanged branch keeps its identity), or {@link refused}.
 */
export type Judge = (value: unknown, run: JudgeRun, depth: number) => unknown;

/** What a judge returns for a value that does not fit. */
export const refused: unique symbol = Symbol('toolgate.refused');

/**
 * The most values (list items and object properties, counted along every path) arguments may hold
 * where the checker walks them: larger arguments are refused as too large to check. Schemas that
 * walk the same values again (the branches of a union, the members of `allOf`) may walk arguments
 * of this size 8 times over in all; past that the arguments pass, not judged in full.
 */
export const maxJudgedValues = 1_000_000;

/** How many times over one judgement may walk arguments of {@link maxJudgedValues} values. */
const maxWalks = 8;

/**
 * How many times one judgement applies a schema to a value it shares with its node (see
 * `JudgeRun.applications`).
 */
export const maxApplications = 100_000;

/** A configured value for an argument path: `{ value }`, or `undefined` for none. */
export type DefaultFor = (path: ArgumentPath) => { readonly value: unknown } | undefined;

/** The running state of one judgement. */
export type JudgeRun = {
  /** Describing mode when set: mismatches are reported there with their paths. */
  readonly report: CheckState | undefined;
  readonly defaultFor: DefaultFor | undefined;
  /** The arguments judged, measured when the work budget first runs out (see {@link moreWork}). */
  readonly args: unknown;
  /**
   * Walks of list items and object properties still allowed, each walk of a value by a schema
   * counted: past it, see {@link moreWork}.
   */
  work: number;
  /** Whether the arguments hold more than {@link maxJudgedValues} values; unknown until measured. */
  tooLarge: boolean | undefined;
  /**
   * Schemas still allowed to be applied to a value they share with their node (`allOf`, `anyOf`,
   * a `$ref` beside keywords, …): past these, a value is passed unjudged, as a schema that applies
   * itself to the same value over and over never ends.
   */
  applications: number;
  /** Whether every part of the value met a node the checker judges in full. */
  complete: boolean;
  /**
   * Set when the work budget ran out: the walk answers refused, and its caller refuses the
   * arguments as too large where `tooLarge` says so, else passes them, not judged in full.
   */
  exhausted: boolean;
  /**
   * How many `unevaluated*` are trying the schemas applied beside them: past a few, one met inside
   * passes unjudged instead of trying its own (each try doubles the work of the levels below).
   */
  collecting: number;
};

/**
 * A judgement of `args`: yes/no unless `report` is given (describing), with `defaultFor` for the
 * `null`s a lenient judgement turns into a configured value.
 */
export function createRun({
  args,
  report,
  defaultFor,
}: {
  args: unknown;
  report?: CheckState | undefined;
  defaultFor?: DefaultFor | undefined;
}): JudgeRun {
  return {
    report,
    defaultFor,
    args,
    work: maxJudgedValues,
    tooLarge: undefined,
    applications: maxApplications,
    complete: true,
    exhausted: false,
    collecting: 0,
  };
}

/**
 * Called when `run.work` has run out: whether the walk may go on. The first time, the arguments
 * are measured: holding at most {@link maxJudgedValues} values, they have been walked more than
 * once (by the branches of a union, the members of `allOf`, `contains` beside `items`), and the
 * budget grows to {@link maxWalks} walks of arguments that large; holding more, they are too large
 * to check.
 */
export function moreWork(run: JudgeRun): boolean {
  if (run.tooLarge !== undefined || argumentsTooLarge(run)) return false;
  run.work += (maxWalks - 1) * maxJudgedValues;
  return run.work >= 0;
}

/** Whether the arguments hold more than {@link maxJudgedValues} values (measured once a run). */
export function argumentsTooLarge(run: JudgeRun): boolean {
  run.tooLarge ??= holdsMoreValues(run.args, maxJudgedValues);
  return run.tooLarge;
}

/** What a keyword's judge is built with. */
export type JudgeContext = {
  readonly lenient: boolean;
  /** The judge of another node (a subschema); the dispatcher's own, passed to keep files acyclic. */
  readonly judgeOf: (node: SchemaNode, lenient: boolean) => Judge;
  /**
   * Set when the node declares exactly the kinds this keyword judges and nothing else judges them:
   * the keyword's judge then tests the kind itself and hands any other value here, which spares a
   * call per value on the common path (an object of declared type `object`).
   */
  readonly wrongType: Judge | undefined;
};

/**
 * What one keyword (or a family of keywords read together, such as `properties`, `required` and
 * `additionalProperties`) contributes to a node's judge: one entry in the dispatcher's table.
 */
export type KeywordJudge = {
  /** The kinds of value the keyword speaks about; values of other kinds never reach its judge. */
  readonly kinds: JsonKindSet;
  /** Whether its judge tests the kind itself when the context gives `wrongType`. */
  readonly testsKind?: boolean;
  /** The judge for a node, or `undefined` when the node does not use the keyword. */
  readonly build: (node: JudgedSchemaNode, context: JudgeContext) => Judge | undefined;
};

/** Builds the judge of keywords that apply schemas to the value itself, whatever its kind. */
export type ApplicatorJudge = (node: JudgedSchemaNode, context: JudgeContext) => Judge | undefined;

/**
 * Judges run one after the other on one value. In describing mode each is asked even after one
 * refused, so every mismatch is told.
 */
export function chain(judges: readonly Judge[]): Judge | undefined {
  if (judges.length <= 1) return judges[0];
  return (value, run, depth) => {
    let current = value;
    let fits = true;
    for (const judge of judges) {
      const next = judge(current, run, depth);
      if (next !== refused) current = next;
      else if (run.report === undefined) return refused;
      else fits = false;
    }
    return fits ? current : refused;
  };
}

/**
 * The run in which a schema is tried before anything is said about it (a union's branches, `not`,
 * `if`): `run` itself in yes/no mode, else a yes/no run on the same budget, handed back with
 * {@link endTrial}.
 */
export function trialOf(run: JudgeRun): JudgeRun {
  return run.report === undefined ? run : { ...run, report: undefined };
}

/** Hands what a trial spent (and found: too large, exhausted, not complete) back to its run. */
export function endTrial(run: JudgeRun, trial: JudgeRun): void {
  if (trial === run) return;
  run.work = trial.work;
  run.tooLarge = trial.tooLarge;
  run.applications = trial.applications;
  run.complete = trial.complete;
  run.exhausted = trial.exhausted;
}

/**
 * Judges `value` in a describing run of its own, reporting to `report` (a part described apart
 * from the judgement under way, such as a union's branch), on the budgets of `run`.
 */
export function describeInTrial(
  judge: Judge,
  value: unknown,
  run: JudgeRun,
  report: CheckState,
  depth: number,
): unknown {
  const trial: JudgeRun = { ...run, report, complete: true };
  const next = judge(value, trial, depth);
  const { complete } = run;
  endTrial(run, trial);
  run.complete = complete;
  return next;
}

/**
 * Tries `judge` in `trial` (see {@link trialOf}): the value it hands on, or {@link refused}. On
 * return `trial.complete` says whether this judgement alone was complete: a schema whose fit is
 * decisive (`not`, `oneOf`, `if`) counts a fit only when it was; the caller puts back what
 * `complete` was before.
 */
export function attempt(judge: Judge, value: unknown, trial: JudgeRun, depth: number): unknown {
  trial.complete = true;
  return judge(value, trial, depth);
}
