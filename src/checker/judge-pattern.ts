import { JsonKind } from '../schema/json-kind.ts';
import type { Pattern } from '../schema/read-pattern.ts';
import { excerpt } from './describe-value.ts';
import type { Judge, KeywordJudge } from './judge-run.ts';
import { refuse } from './refuse.ts';

/** The most characters of a pattern a sentence repeats. */
const maxShownPattern = 100;

/**
 * Longer texts are not matched: matching is linear in the text, but times the pattern's size, and
 * a text sent for a pattern is short.
 */
const maxMatchedLength = 100_000;

/** `pattern`, run in time linear in the text (see `readPattern`); a pattern not judged passes. */
export const patternKeyword: KeywordJudge = {
  kinds: JsonKind.string,
  build({ pattern }): Judge | undefined {
    if (pattern === undefined) return undefined;
    const { test } = pattern;
    if (test === undefined) {
      return (value, run) => {
        run.complete = false;
        return value;
      };
    }
    return (value, run) => {
      const text = value as string;
      if (text.length > maxMatchedLength) {
        run.complete = false;
        return value;
      }
      return test(text)
        ? value
        : refuse(run, () => ({
            code: 'pattern',
            expected: `text matching ${showPattern(pattern)}`,
            received: excerpt(value as string),
            pattern: showPattern(pattern),
          }));
    };
  },
};

/** A pattern as a sentence shows it: as written, cut short when long. */
function showPattern({ source }: Pattern): string {
  return source.length <= maxShownPattern ? source : `${source.slice(0, maxShownPattern)}…`;
}
