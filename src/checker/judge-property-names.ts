import { JsonKind } from '../schema/json-kind.ts';
import { type CheckState, createCheckState, reportMismatch } from './check-state.ts';
import { excerpt } from './describe-value.ts';
import {
  attempt,
  describeInTrial,
  endTrial,
  type Judge,
  type JudgeRun,
  type KeywordJudge,
  moreWork,
  refused,
  trialOf,
} from './judge-run.ts';
import { exhaust } from './refuse.ts';

/**
 * `propertyNames`: each name, as a text, must fit its schema. Names are judged exactly (a name is
 * never cast) on this judgement's budgets, and a refused one is told with what the schema asks of
 * a name.
 */
export const propertyNamesKeyword: KeywordJudge = {
  kinds: JsonKind.object,
  build({ propertyNames }, { judgeOf }): Judge | undefined {
    if (propertyNames === undefined) return undefined;
    const judgeName = judgeOf(propertyNames, false);
    return (value, run, depth) => {
      const names = Object.keys(value as object);
      run.work -= names.length + 1;
      if (run.work < 0 && !moreWork(run)) return exhaust(run);
      const trial = trialOf(run);
      const outer = trial.complete;
      let sure = true;
      let refusedNames: string[] | undefined;
      for (const name of names) {
        if (attempt(judgeName, name, trial, depth + 1) !== refused) sure &&= trial.complete;
        else if (trial.exhausted) break;
        else if (run.report === undefined) return refused;
        else {
          refusedNames ??= [];
          refusedNames.push(name);
        }
      }
      trial.complete = outer && sure;
      endTrial(run, trial);
      if (run.exhausted) return exhaust(run);
      const { report } = run;
      if (report === undefined || refusedNames === undefined) return value;
      for (const name of refusedNames) {
        reportMismatch(report, () => ({
          code: 'property-name',
          expected: whatNameMustBe(judgeName, name, run, report, depth + 1),
          received: excerpt(name),
        }));
      }
      return refused;
    };
  },
};

/** What the schema asks of a name, from the first mismatch its describing judgement finds. */
function whatNameMustBe(
  judgeName: Judge,
  name: string,
  run: JudgeRun,
  { nameSearch }: CheckState,
  depth: number,
): string {
  const state = createCheckState({ leniency: 'exact', maxMismatches: 1, nameSearch });
  describeInTrial(judgeName, name, run, state, depth);
  return state.mismatches[0]?.expected ?? 'another name';
}
