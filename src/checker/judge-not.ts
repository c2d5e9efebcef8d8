import { describeNode } from './describe-node.ts';
import { describeValue } from './describe-value.ts';
import { type ApplicatorJudge, attempt, endTrial, refused, trialOf } from './judge-run.ts';
import { refuse } from './refuse.ts';

/**
 * `not`: the value must not fit the schema, judged exactly (a value that fits it only after a
 * lenient cast does not fit it). A fit that was not judged in full refuses nothing.
 */
export const notJudge: ApplicatorJudge = (node, { judgeOf }) => {
  const excluded = node.not;
  if (excluded === undefined) return undefined;
  const judge = judgeOf(excluded, false);
  return (value, run, depth) => {
    const trial = trialOf(run);
    const outer = trial.complete;
    const fits = attempt(judge, value, trial, depth) !== refused;
    const certain = trial.complete;
    trial.complete = outer && !fits;
    endTrial(run, trial);
    if (run.exhausted) return refused;
    if (!fits || !certain) return value;
    return refuse(run, () => ({
      code: 'excluded',
      expected: describeNode(excluded, { exactly: true }) ?? 'a value its "not" schema admits',
      received: describeValue(value),
    }));
  };
};
