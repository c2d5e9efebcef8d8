import { JsonKind } from '../schema/json-kind.ts';
import { maxSchemaDepth } from '../schema/prepare-schema.ts';
import { asIsTestOf, fitsAsIs } from './as-is-test.ts';
import { type Judge, type KeywordJudge, refused } from './judge-run.ts';
import { exhaust } from './refuse.ts';

/** `items` (one schema for every item): the list rule. */
export const itemsKeyword: KeywordJudge = {
  kinds: JsonKind.array,
  build(node, { judgeOf, lenient, wrongType }): Judge | undefined {
    if (node.items === undefined) return undefined;
    const judgeItem = judgeOf(node.items, lenient);
    const { asIs, members } = asIsTestOf(node.items);
    return (value, run, depth) => {
      if (wrongType !== undefined && !Array.isArray(value)) return wrongType(value, run, depth);
      const list = value as unknown[];
      if (depth > maxSchemaDepth) {
        run.complete = false;
        return value;
      }
      // Charged before the walk, so a sparse list of length 2^32 - 1 costs nothing.
      run.work -= list.length + 1;
      if (run.work < 0) return exhaust(run);
      const { report } = run;
      if (report !== undefined) {
        // A value that contains itself (never so in JSON) is judged where it first appears.
        if (report.open.includes(list)) return list;
        report.open.push(list);
      }
      let copy: unknown[] | undefined;
      let fits = true;
      for (let index = 0; index < list.length; index++) {
        const item = list[index];
        if (fitsAsIs(asIs, members, item)) continue;
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
