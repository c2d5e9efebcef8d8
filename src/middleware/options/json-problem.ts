/**
 * Why a value given in options is not JSON that survives a round trip (`a bigint is not JSON`,
 * `it refers to itself`), or `undefined` when it is. Defaults and fixed values reach the tool as
 * if the model had sent them, and a model can only send JSON.
 */
export function findJsonProblem(value: unknown, seen = new Set<object>()): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${String(value)} is not a JSON number`;
    case 'object': {
      if (value === null) return undefined;
      if (seen.has(value)) return 'it refers to itself';
      const prototype = Object.getPrototypeOf(value);
      if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) {
        return `a ${value.constructor?.name ?? 'non-plain'} object is not JSON`;
      }
      seen.add(value);
      for (const member of Object.values(value)) {
        const problem = findJsonProblem(member, seen);
        if (problem !== undefined) return problem;
      }
      seen.delete(value);
      return undefined;
    }
    default:
      return `a ${typeof value} is not JSON`;
  }
}
