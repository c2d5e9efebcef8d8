import { JsonKind } from '../schema/json-kind.ts';
import { countOf } from './judge-item-count.ts';
import type { Judge, KeywordJudge } from './judge-run.ts';
import { refuse } from './refuse.ts';

/** `minProperties` and `maxProperties`: names holding a value (`undefined` is no JSON value). */
export const propertyCountKeyword: KeywordJudge = {
  kinds: JsonKind.object,
  build({ minProperties, maxProperties }): Judge | undefined {
    if (minProperties === undefined && maxProperties === undefined) return undefined;
    return (value, run) => {
      const object = value as Record<string, unknown>;
      let count = 0;
      for (const name of Object.keys(object)) if (object[name] !== undefined) count++;
      if (minProperties !== undefined && count < minProperties) {
        return refuse(run, () => ({
          code: 'size',
          expected: `at least ${countOf(minProperties, 'property', 'properties')}`,
          received: String(count),
        }));
      }
      if (maxProperties !== undefined && count > maxProperties) {
        return refuse(run, () => ({
          code: 'size',
          expected: `at most ${countOf(maxProperties, 'property', 'properties')}`,
          received: String(count),
        }));
      }
      return value;
    };
  },
};
