import { isPlainObject } from '../schema/json-kind.ts';

/**
 * Whether `value` holds more than `limit` values: list items and object properties, counted along
 * every path (a list met twice counts twice, as judging walks it twice). Lists and plain objects
 * are looked into, nothing else JSON cannot hold; at most about `limit` values are read.
 */
export function holdsMoreValues(value: unknown, limit: number): boolean {
  const pending = [value];
  let left = limit;
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    const parts = Array.isArray(current)
      ? current
      : isPlainObject(current)
        ? Object.values(current)
        : [];
    // Counted before they are read, so a sparse list of length 2^32 - 1 costs nothing.
    left -= parts.length;
    if (left < 0) return true;
    for (let index = 0; index < parts.length; index++) pending.push(parts[index]);
  }
  return false;
}
