import { type ApplicatorJudge, attempt, endTrial, refused, trialOf } from './judge-run.ts';

/**
 * `if`/`then`/`else`: `if` is judged exactly (a lenient cast must not change which schema
 * applies), then the value must fit `then` when it fits, `else` when not. When the fit of `if` is
 * not known in full, either may apply, so only a value that fits neither is refused.
 */
export const conditionJudge: ApplicatorJudge = (node, { judgeOf, lenient }) => {
  const { condition } = node;
  if (condition === undefined) return undefined;
  if (condition.whenFits === undefined && condition.whenNot === undefined) return undefined;
  const test = judgeOf(condition.test, false);
  const whenFits = condition.whenFits && judgeOf(condition.whenFits, lenient);
  const whenNot = condition.whenNot && judgeOf(condition.whenNot, lenient);
  return (value, run, depth) => {
    const trial = trialOf(run);
    const outer = trial.complete;
    const fits = attempt(test, value, trial, depth) !== refused;
    const certain = trial.complete;
    trial.complete = outer && (certain || !fits);
    endTrial(run, trial);
    if (run.exhausted) return refused;
    if (!fits) return whenNot === undefined ? value : whenNot(value, run, depth);
    if (certain) return whenFits === undefined ? value : whenFits(value, run, depth);
    if (whenFits === undefined || whenNot === undefined) return value;
    const either = trialOf(run);
    const next = whenFits(value, either, depth);
    endTrial(run, either);
    return next !== refused || run.exhausted ? next : whenNot(value, run, depth);
  };
};
