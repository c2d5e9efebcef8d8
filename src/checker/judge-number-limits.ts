import { JsonKind } from '../schema/json-kind.ts';
import type { Judge, JudgeRun, KeywordJudge } from './judge-run.ts';
import { refuse } from './refuse.ts';

/** `minimum`, `maximum`, `exclusiveMinimum` and `exclusiveMaximum` (draft 6 on: numbers). */
export const numberLimitsKeyword: KeywordJudge = {
  kinds: JsonKind.number | JsonKind.integer,
  build({ minimum, maximum, exclusiveMinimum, exclusiveMaximum }): Judge | undefined {
    if (
      minimum === undefined &&
      maximum === undefined &&
      exclusiveMinimum === undefined &&
      exclusiveMaximum === undefined
    ) {
      return undefined;
    }
    return (value, run) => {
      const number = value as number;
      if (minimum !== undefined && number < minimum) {
        return refuseRange(run, `at least ${minimum}`, number);
      }
      if (exclusiveMinimum !== undefined && number <= exclusiveMinimum) {
        return refuseRange(run, `more than ${exclusiveMinimum}`, number);
      }
      if (maximum !== undefined && number > maximum) {
        return refuseRange(run, `at most ${maximum}`, number);
      }
      if (exclusiveMaximum !== undefined && number >= exclusiveMaximum) {
        return refuseRange(run, `less than ${exclusiveMaximum}`, number);
      }
      return value;
    };
  },
};

function refuseRange(run: JudgeRun, expected: string, number: number) {
  return refuse(run, () => ({ code: 'range', expected, received: String(number) }));
}
