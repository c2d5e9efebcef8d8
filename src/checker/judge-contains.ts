import { JsonKind } from '../schema/json-kind.ts';
import { countWithNoun } from './count-judge.ts';
import {
  attempt,
  endTrial,
  type Judge,
  type KeywordJudge,
  moreWork,
  refused,
  trialOf,
} from './judge-run.ts';
import { exhaust, refuse } from './refuse.ts';

/**
 * `contains` with `minContains` (default 1) and `maxContains`. Items are counted by the exact
 * judge: a lenient cast is not an item the schema accepts, and a count never runs higher than
 * JSON Schema's. Where some item met a part that is not judged, that count can run higher (an
 * unjudged part passes), so `maxContains` is then not judged and a pass is not complete.
 */
export const containsKeyword: KeywordJudge = {
  kinds: JsonKind.array,
  build({ contains, minContains = 1, maxContains }, { judgeOf }): Judge | undefined {
    if (contains === undefined || (minContains === 0 && maxContains === undefined)) {
      return undefined;
    }
    const judgeItem = judgeOf(contains, false);
    return (value, run, depth) => {
      const list = value as unknown[];
      run.work -= list.length + 1;
      if (run.work < 0 && !moreWork(run)) return exhaust(run);
      // The items are tried on this judgement's budgets, as a union's branches are.
      const trial = trialOf(run);
      const outer = trial.complete;
      let count = 0;
      let sure = true;
      for (let index = 0; index < list.length; index++) {
        if (attempt(judgeItem, list[index], trial, depth + 1) !== refused) {
          count++;
          sure &&= trial.complete;
        } else if (trial.exhausted) {
          break;
        }
      }
      trial.complete = outer;
      endTrial(run, trial);
      if (run.exhausted) return exhaust(run);
      if (count < minContains) {
        return refuse(run, () => ({
          code: 'contains',
          expected: `at least ${fitting(minContains)}`,
          received: String(count),
        }));
      }
      // An item that met a part not judged may not fit: a count that passes is then not sure.
      if (!sure) {
        run.complete = false;
        return value;
      }
      if (maxContains === undefined || count <= maxContains) return value;
      return refuse(run, () => ({
        code: 'contains',
        expected: `at most ${fitting(maxContains)}`,
        received: String(count),
      }));
    };
  },
};

/** `1 item that fits its "contains" schema`, `2 items that fit …`. */
function fitting(count: number): string {
  return `${countWithNoun(count, 'item that fits', 'items that fit')} its "contains" schema`;
}
