import type { SchemaNode } from '../schema/schema-node.ts';
import { describeUnion } from './describe-union.ts';
import {
  type ApplicatorJudge,
  attempt,
  endTrial,
  type Judge,
  type JudgeContext,
  type JudgeRun,
  refused,
  trialOf,
} from './judge-run.ts';
import { refuse } from './refuse.ts';

/** `anyOf`: the value must fit one of the schemas at least. */
export const anyOfJudge: ApplicatorJudge = (node, context) =>
  node.anyOf === undefined ? undefined : unionJudge(node.anyOf, false, context);

/**
 * `oneOf`: the value must fit exactly one of the schemas. Only fits judged in full count toward
 * "more than one", so a branch the checker cannot judge in full never makes a value refused.
 */
export const oneOfJudge: ApplicatorJudge = (node, context) =>
  node.oneOf === undefined ? undefined : unionJudge(node.oneOf, true, context);

/**
 * A union. A branch the value fits as it is wins over one it fits only after a lenient cast (a
 * judge hands on the very value it was given when it cast nothing), so each branch is judged once
 * whatever the mode; for `oneOf`, a cast value is handed on only when it then fits a single branch.
 * A value that fits none is described by {@link describeUnion}.
 */
function unionJudge(
  branches: readonly SchemaNode[],
  exactlyOne: boolean,
  { judgeOf, lenient }: JudgeContext,
): Judge {
  const exact = branches.map((branch) => judgeOf(branch, false));
  const judges = lenient ? branches.map((branch) => judgeOf(branch, true)) : exact;
  return (value, run, depth) => {
    const trial = trialOf(run);
    const outer = trial.complete;
    let fits = 0;
    let certain = 0;
    let casts: Array<{ value: unknown; complete: boolean }> | undefined;
    for (const judge of judges) {
      const next = attempt(judge, value, trial, depth);
      if (next === refused) continue;
      if (next !== value) {
        casts ??= [];
        casts.push({ value: next, complete: trial.complete });
        continue;
      }
      fits++;
      if (trial.complete) certain++;
      if (certain > 0 && !exactlyOne) break;
    }
    let next: unknown = refused;
    if (fits > 0) {
      trial.complete = outer && (exactlyOne ? fits === 1 && certain === 1 : certain > 0);
      if (!exactlyOne || certain < 2) next = value;
    }
    for (const cast of fits === 0 ? (casts ?? []) : []) {
      if (exactlyOne && certainFits(exact, cast.value, trial, depth) > 1) {
        certain = 2;
        continue;
      }
      trial.complete = outer && cast.complete;
      next = cast.value;
      break;
    }
    endTrial(run, trial);
    if (run.exhausted) return refused;
    if (next !== refused || run.report === undefined) return next;
    if (exactlyOne && certain > 1) {
      return refuse(run, () => ({
        code: 'ambiguous',
        expected: 'exactly one alternative',
        received: `${certain} of them`,
      }));
    }
    return describeUnion(branches, judges, value, run, depth);
  };
}

/** How many branches a value fits with a judgement in full (counting stops at two). */
function certainFits(judges: readonly Judge[], value: unknown, trial: JudgeRun, depth: number) {
  let certain = 0;
  for (const judge of judges) {
    if (attempt(judge, value, trial, depth) !== refused && trial.complete && ++certain > 1) break;
  }
  return certain;
}
