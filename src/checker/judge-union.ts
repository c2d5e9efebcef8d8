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
 * A union. Each branch is first tried exactly, so a branch the value fits as it is wins over one it
 * fits only after a lenient cast; in lenient mode the first branch it fits after a cast hands on
 * the cast value (for `oneOf`, one that then fits a single branch). A value that fits none is
 * described by {@link describeUnion}.
 */
function unionJudge(
  branches: readonly SchemaNode[],
  exactlyOne: boolean,
  { judgeOf, lenient }: JudgeContext,
): Judge {
  const exact = branches.map((branch) => judgeOf(branch, false));
  const cast = lenient ? branches.map((branch) => judgeOf(branch, true)) : undefined;
  return (value, run, depth) => {
    const trial = trialOf(run);
    const outer = trial.complete;
    let fits = 0;
    let certain = 0;
    for (const judge of exact) {
      if (attempt(judge, value, trial, depth) === refused) continue;
      fits++;
      if (trial.complete) certain++;
      if (certain > 0 && !exactlyOne) break;
    }
    let next: unknown = value;
    if (fits === 0) {
      next = cast === undefined ? refused : castFit(cast, exact, exactlyOne, value, trial, depth);
      trial.complete &&= outer;
    } else {
      trial.complete = outer && (exactlyOne ? fits === 1 && certain === 1 : certain > 0);
      if (exactlyOne && certain > 1) next = refused;
    }
    endTrial(run, trial);
    if (run.exhausted) return refused;
    if (next !== refused || run.report === undefined) return next;
    if (fits > 1) {
      return refuse(run, () => ({
        code: 'ambiguous',
        expected: 'exactly one alternative',
        received: `${certain} of them`,
      }));
    }
    return describeUnion(branches, cast ?? exact, value, run, depth);
  };
}

/**
 * The value as the first branch it fits after a lenient cast hands it on; `trial.complete` is left
 * as that judgement's. For `oneOf`, a cast value that fits more than one branch is passed over.
 */
function castFit(
  cast: readonly Judge[],
  exact: readonly Judge[],
  exactlyOne: boolean,
  value: unknown,
  trial: JudgeRun,
  depth: number,
): unknown {
  for (const judge of cast) {
    const next = attempt(judge, value, trial, depth);
    if (next === refused) continue;
    const complete = trial.complete;
    if (exactlyOne && certainFits(exact, next, trial, depth) > 1) continue;
    trial.complete = complete;
    return next;
  }
  return refused;
}

/** How many branches a value fits with a judgement in full (counting stops at two). */
function certainFits(judges: readonly Judge[], value: unknown, trial: JudgeRun, depth: number) {
  let certain = 0;
  for (const judge of judges) {
    if (attempt(judge, value, trial, depth) !== refused && trial.complete && ++certain > 1) break;
  }
  return certain;
}
