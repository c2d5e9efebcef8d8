import { JsonKind } from '../schema/json-kind.ts';
import type { Judge, KeywordJudge } from './judge-run.ts';
import { refuse } from './refuse.ts';

/**
 * How far from a whole number a quotient may lie and still count as one, in units of its own size:
 * `0.3 / 0.1` is 2.9999999999999996 in binary floating point, and a value JSON Schema accepts is
 * never refused for that.
 */
const tolerance = 4 * Number.EPSILON;

/** `multipleOf`. */
export const multipleOfKeyword: KeywordJudge = {
  kinds: JsonKind.number | JsonKind.integer,
  build({ multipleOf }): Judge | undefined {
    if (multipleOf === undefined) return undefined;
    return (value, run) => {
      const quotient = (value as number) / multipleOf;
      if (Number.isInteger(quotient)) return value;
      if (!Number.isFinite(quotient)) {
        // Too large to divide: not judged.
        run.complete = false;
        return value;
      }
      const offset = Math.abs(quotient - Math.round(quotient));
      if (offset <= tolerance * Math.max(1, Math.abs(quotient))) return value;
      return refuse(run, () => ({
        code: 'multiple-of',
        expected: `a multiple of ${multipleOf}`,
        received: String(value),
      }));
    };
  },
};
