import { type ApplicatorJudge, refused } from './judge-run.ts';

/**
 * `dependentSchemas` (and draft 7's `dependencies`): an object holding a named property must fit
 * that name's schema as well. Other values pass.
 */
export const dependentSchemasJudge: ApplicatorJudge = (node, { judgeOf, lenient }) => {
  const dependents = node.dependentSchemas?.map(
    ([name, dependent]) => [name, judgeOf(dependent, lenient)] as const,
  );
  if (dependents === undefined) return undefined;
  return (value, run, depth) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    let current = value as Record<string, unknown>;
    let fits = true;
    for (const [name, judge] of dependents) {
      if (!Object.hasOwn(current, name) || current[name] === undefined) continue;
      const next = judge(current, run, depth);
      if (next !== refused) current = next as Record<string, unknown>;
      else if (run.report === undefined) return refused;
      else fits = false;
    }
    return fits ? current : refused;
  };
};
