import { compareDeeply } from '../schema/deep-equal.ts';
import { deepEqualHash } from '../schema/deep-equal-hash.ts';
import { JsonKind } from '../schema/json-kind.ts';
import type { Judge, KeywordJudge } from './judge-run.ts';
import { refuse } from './refuse.ts';

/** Up to this many items, comparing each pair costs less than hashing them. */
const maxPairwiseItems = 8;

/** `uniqueItems: true`: no two items equal, as `enum` compares them (key order aside, `1` = `1.0`). */
export const uniqueItemsKeyword: KeywordJudge = {
  kinds: JsonKind.array,
  build({ uniqueItems }): Judge | undefined {
    if (uniqueItems !== true) return undefined;
    return (value, run) => {
      const list = value as unknown[];
      const pair = equalPairOf(list);
      if (pair === undefined) return value;
      if (pair === 'unknown') {
        run.complete = false;
        return value;
      }
      return refuse(run, () => ({
        code: 'unique',
        expected: 'no item twice',
        received: `items ${pair[0]} and ${pair[1]} are equal`,
      }));
    };
  },
};

/**
 * The first two positions holding equal items; `'unknown'` when no two are surely equal but two
 * may be (equal as deep as {@link compareDeeply} compares).
 */
function equalPairOf(list: readonly unknown[]): readonly [number, number] | 'unknown' | undefined {
  let found: 'unknown' | undefined;
  const equal = (first: number, second: number) => {
    const comparison = compareDeeply(list[first], list[second]);
    if (comparison === 'unknown') found = comparison;
    return comparison === 'equal';
  };
  if (list.length <= maxPairwiseItems) {
    for (let second = 1; second < list.length; second++) {
      for (let first = 0; first < second; first++) {
        if (equal(first, second)) return [first, second];
      }
    }
    return found;
  }
  // Equal items share a hash: each item is compared only with the earlier ones of its hash.
  const byHash = new Map<number | undefined, number[]>();
  for (let index = 0; index < list.length; index++) {
    const hash = deepEqualHash(list[index], { enumerableOnly: true });
    // An item too large to hash is compared with every earlier one that could not be hashed.
    const earlier = byHash.get(hash);
    if (earlier === undefined) {
      byHash.set(hash, [index]);
      continue;
    }
    for (const first of earlier) if (equal(first, index)) return [first, index];
    earlier.push(index);
  }
  return found;
}
