import { JsonKind } from '../schema/json-kind.ts';
import { maxSchemaDepth } from '../schema/prepare-schema.ts';
import { asIsNone, asIsTestOf, fitsAsIs } from './as-is-test.ts';
import { type Judge, type KeywordJudge, moreWork, refused } from './judge-run.ts';
import { exhaust } from './refuse.ts';

/** `prefixItems` and `items` (draft 7: a list of `items`, then `additionalItems`): the list rule. */
export const itemsKeyword: KeywordJudge = {
  kinds: JsonKind.array,
  testsKind: true,
  build(node, { judgeOf, lenient, wrongType }): Judge | undefined {
    const { prefixItems = [], items } = node;
    if (items === undefined && prefixItems.length === 0) return undefined;
    const judgePrefix = prefixItems.map((child) => judgeOf(child, lenient));
    const judgeRest = items === undefined ? undefined : judgeOf(items, lenient);
    const { asIs, members } =
      items === undefined ? { asIs: asIsNone, members: undefined } : asIsTestOf(items);
    const prefixLength = judgePrefix.length;
    return (value, run, depth) => {
      if (wrongType !== undefined && !Array.isArray(value)) return wrongType(value, run, depth);
      const list = value as unknown[];
      if (depth > maxSchemaDepth) {
        run.complete = false;
        return value;
      }
      // Without a rule for the rest, only the first items are walked.
      const walked = judgeRest === undefined ? Math.min(list.length, prefixLength) : list.length;
      // Charged before the walk, so a sparse list of length 2^32 - 1 costs nothing.
      run.work -= walked + 1;
      if (run.work < 0 && !moreWork(run)) return exhaust(run);
      const { report } = run;
      if (report !== undefined) {
        // A value that contains itself (never so in JSON) is judged where it first appears.
        if (report.open.includes(list)) return list;
        report.open.push(list);
      }
      let copy: unknown[] | undefined;
      let fits = true;
      for (let index = 0; index < walked; index++) {
        const item = list[index];
        const judgeItem =
          index < prefixLength ? (judgePrefix[index] as Judge) : (judgeRest as Judge);
        if (index >= prefixLength && fitsAsIs(asIs, members, item)) continue;
        if (report !== undefined) report.path.push(index);
        const next = judgeItem(item, run, depth + 1);
        if (report !== undefined) report.path.pop();
        if (next === item) continue;
        if (next === refused) {
          if (report === undefined) return refused;
          fits = false;
          continue;
        }
        copy ??= list.slice();
        copy[index] = next;
      }
      if (report !== undefined) report.open.pop();
      return fits ? (copy ?? list) : refused;
    };
  },
};
