import { JsonKind } from '../schema/json-kind.ts';
import type { Judge, KeywordJudge } from './judge-run.ts';
import { refuse } from './refuse.ts';

/** `minItems` and `maxItems`. */
export const itemCountKeyword: KeywordJudge = {
  kinds: JsonKind.array,
  build({ minItems, maxItems }): Judge | undefined {
    if (minItems === undefined && maxItems === undefined) return undefined;
    return (value, run) => {
      const { length } = value as unknown[];
      if (minItems !== undefined && length < minItems) {
        return refuse(run, () => ({
          code: 'size',
          expected: `at least ${countOf(minItems, 'item', 'items')}`,
          received: String(length),
        }));
      }
      if (maxItems !== undefined && length > maxItems) {
        return refuse(run, () => ({
          code: 'size',
          expected: `at most ${countOf(maxItems, 'item', 'items')}`,
          received: String(length),
        }));
      }
      return value;
    };
  },
};

/** `1 item`, `3 items`. */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
