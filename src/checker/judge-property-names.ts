import { JsonKind } from '../schema/json-kind.ts';
import { createCheckState, reportMismatch } from './check-state.ts';
import { excerpt } from './describe-value.ts';
import { createRun, type Judge, type KeywordJudge, refused } from './judge-run.ts';

/**
 * `propertyNames`: each name, as a text, must fit its schema. Names are judged exactly (a name is
 * never cast), and a refused one is told with what the schema asks of a name.
 */
export const propertyNamesKeyword: KeywordJudge = {
  kinds: JsonKind.object,
  build({ propertyNames }, { judgeOf }): Judge | undefined {
    if (propertyNames === undefined) return undefined;
    const judgeName = judgeOf(propertyNames, false);
    return (value, run) => {
      const { report } = run;
      let fits = true;
      for (const name of Object.keys(value as object)) {
        const names = createRun(undefined, undefined);
        if (judgeName(name, names, 0) !== refused) {
          if (!names.complete) run.complete = false;
          continue;
        }
        if (report === undefined) return refused;
        fits = false;
        reportMismatch(report, () => ({
          code: 'property-name',
          expected: whatNameMustBe(judgeName, name),
          received: excerpt(name),
        }));
      }
      return fits ? value : refused;
    };
  },
};

/** What the schema asks of a name, from the first mismatch its describing judgement finds. */
function whatNameMustBe(judgeName: Judge, name: string): string {
  const state = createCheckState({ leniency: 'exact', maxMismatches: 1 });
  judgeName(name, createRun(state, undefined), 0);
  return state.mismatches[0]?.expected ?? 'another name';
}
