/**
 * Freezes a value and everything reachable from it, so a test proves that code under test does not
 * mutate its input: a write to a frozen object throws in strict mode (which ES modules are).
 */
export function deepFreeze<T>(value: T, seen = new Set<object>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  }
  return Object.freeze(value);
}
