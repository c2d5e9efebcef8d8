import { JsonKind } from '../schema/json-kind.ts';
import { countWithNoun } from './count-judge.ts';
import type { Judge, KeywordJudge } from './judge-run.ts';
import { refuse } from './refuse.ts';

/** `minLength` and `maxLength`, counted in code points as JSON Schema counts them. */
export const lengthKeyword: KeywordJudge = {
  kinds: JsonKind.string,
  build({ minLength, maxLength }): Judge | undefined {
    if (minLength === undefined && maxLength === undefined) return undefined;
    return (value, run) => {
      const text = value as string;
      // A text has at most as many code points as UTF-16 units, and at least half as many: most
      // texts are decided without counting.
      const units = text.length;
      if (
        minLength !== undefined &&
        (units < minLength || (units < 2 * minLength && codePoints(text) < minLength))
      ) {
        return refuse(run, () => ({
          code: 'length',
          expected: `at least ${countWithNoun(minLength, 'character', 'characters')} long`,
          received: countWithNoun(codePoints(text), 'character', 'characters'),
        }));
      }
      if (maxLength !== undefined && units > maxLength && codePoints(text) > maxLength) {
        return refuse(run, () => ({
          code: 'length',
          expected: `at most ${countWithNoun(maxLength, 'character', 'characters')} long`,
          received: countWithNoun(codePoints(text), 'character', 'characters'),
        }));
      }
      return value;
    };
  },
};

/** Code points: UTF-16 units less one for each surrogate pair. */
function codePoints(text: string): number {
  let count = text.length;
  for (let at = 0; at < text.length - 1; at++) {
    const unit = text.charCodeAt(at);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(at + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        at++;
      }
    }
  }
  return count;
}
