import type { ArgumentPath } from './mismatch.ts';

/** How many values the search for an unreadable part looks at before it gives up. */
const maxProbedValues = 100_000;

/**
 * Where reading a value throws: a getter or a proxy trap that throws, or a revoked proxy. Asked
 * only after judging threw, to tell arguments that cannot be read (refused with a sentence) from a
 * fault of the checker (a `CheckerError`). `undefined` when every read it tries succeeds.
 */
export function unreadablePartOf(value: unknown): ArgumentPath | undefined {
  const pending: Array<{ value: unknown; path: ArgumentPath }> = [{ value, path: [] }];
  const seen = new Set<object>();
  let budget = maxProbedValues;
  while (pending.length > 0 && budget-- > 0) {
    const { value: current, path } = pending.pop() as { value: unknown; path: ArgumentPath };
    if (typeof current !== 'object' || current === null) continue;
    if (seen.has(current)) continue;
    seen.add(current);
    let names: string[];
    try {
      Object.getPrototypeOf(current);
      names = Array.isArray(current) ? [] : Object.keys(current);
      if (Array.isArray(current)) {
        const length = Math.min(current.length, budget);
        for (let index = 0; index < length; index++) {
          pending.push({ value: current[index], path: [...path, index] });
        }
      }
    } catch {
      return path;
    }
    for (const name of names) {
      try {
        pending.push({ value: (current as Record<string, unknown>)[name], path: [...path, name] });
      } catch {
        return [...path, name];
      }
    }
  }
  return undefined;
}
