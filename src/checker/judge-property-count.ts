import { JsonKind } from '../schema/json-kind.ts';
import { countJudge } from './count-judge.ts';
import type { KeywordJudge } from './judge-run.ts';

/** `minProperties` and `maxProperties`: names holding a value (`undefined` is no JSON value). */
export const propertyCountKeyword: KeywordJudge = {
  kinds: JsonKind.object,
  build: ({ minProperties, maxProperties }) =>
    countJudge({
      min: minProperties,
      max: maxProperties,
      countOf: (value) => {
        const object = value as Record<string, unknown>;
        let count = 0;
        for (const name of Object.keys(object)) if (object[name] !== undefined) count++;
        return count;
      },
      one: 'property',
      many: 'properties',
    }),
};
