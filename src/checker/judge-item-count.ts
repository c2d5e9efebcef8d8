import { JsonKind } from '../schema/json-kind.ts';
import { countJudge } from './count-judge.ts';
import type { KeywordJudge } from './judge-run.ts';

/** `minItems` and `maxItems`. */
export const itemCountKeyword: KeywordJudge = {
  kinds: JsonKind.array,
  build: ({ minItems, maxItems }) =>
    countJudge({
      min: minItems,
      max: maxItems,
      countOf: (value) => (value as unknown[]).length,
      one: 'item',
      many: 'items',
    }),
};
