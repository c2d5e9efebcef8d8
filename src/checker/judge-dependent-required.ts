import { JsonKind } from '../schema/json-kind.ts';
import { reportMismatch } from './check-state.ts';
import { formatPath } from './format-path.ts';
import { isAbsent } from './is-absent.ts';
import { type Judge, type KeywordJudge, refused } from './judge-run.ts';

/** `dependentRequired` (and draft 7 `dependencies` lists): names required when another is sent. */
export const dependentRequiredKeyword: KeywordJudge = {
  kinds: JsonKind.object,
  build({ dependentRequired }): Judge | undefined {
    if (dependentRequired === undefined) return undefined;
    return (value, run) => {
      const object = value as Record<string, unknown>;
      const { report } = run;
      let fits = true;
      for (const [name, required] of dependentRequired) {
        if (isAbsent(object, name)) continue;
        for (const other of required) {
          if (!isAbsent(object, other)) continue;
          if (report === undefined) return refused;
          fits = false;
          const requiredBy = formatPath([...report.path, name]);
          reportMismatch(
            report,
            () => ({ code: 'missing', expected: 'a value', received: '', requiredBy }),
            other,
          );
        }
      }
      return fits ? value : refused;
    };
  },
};
