import { isPlainObject } from '../schema/json-kind.ts';

/**
 * Whether `value` holds more than `limit` values: list items and object properties, counted along
 * every path (a list met twice counts twice, as judging walks it twice). Lists and plain objects
 * are looked into, nothing else JSON cannot hold; at most about `limit` values are read.
 */
export function holdsMoreValues(value: unknown, limit: number): boolean {
  const pending: object[] = [];
  let left = limit;
  const meet = (part: unknown) => {
    if (typeof part === 'object' && part !== null) pending.push(part);
  };
  meet(value);
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (Array.isArray(current)) {
      // Counted before they are read, so a sparse list of length 2^32 - 1 costs nothing.
      left -= current.length;
      if (left < 0) return true;
      for (let index = 0; index < current.length; index++) meet(current[index]);
    } else if (isPlainObject(current)) {
      const names = Object.keys(current);
      left -= names.length;
      if (left < 0) return true;
      for (const name of names) meet((current as Record<string, unknown>)[name]);
    }
  }
  return false;
}
