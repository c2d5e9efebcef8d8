/** How deep {@link deepEqual} compares before it stops and calls the values equal. */
export const maxCompareDepth = 256;

/**
 * What {@link compareDeeply} finds: `unknown` for values that differ nowhere above
 * {@link maxCompareDepth} levels but hold lists or objects that deep, not compared.
 */
export type DeepComparison = 'equal' | 'unequal' | 'unknown';

/**
 * Structural equality of JSON values, as JSON Schema's `enum` and `const` define it: object key order
 * does not matter, `1` equals `1.0`.
 *
 * Beyond {@link maxCompareDepth} levels (or in a cycle) the values are called equal, so a
 * comparison that cannot finish never turns into a refusal; {@link compareDeeply} tells such a
 * match from a sure one.
 */
export function deepEqual(left: unknown, right: unknown): boolean {
  return compareDeeply(left, right) !== 'unequal';
}

/** {@link deepEqual}, saying where it could not compare in full. */
export function compareDeeply(left: unknown, right: unknown, depth = 0): DeepComparison {
  if (left === right) return 'equal';
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) {
    return 'unequal';
  }
  if (depth >= maxCompareDepth) return 'unknown';
  const leftIsArray = Array.isArray(left);
  if (leftIsArray !== Array.isArray(right)) return 'unequal';
  let found: DeepComparison = 'equal';
  if (leftIsArray) {
    const rightArray = right as unknown[];
    if (left.length !== rightArray.length) return 'unequal';
    for (let index = 0; index < left.length; index++) {
      const item = compareDeeply(left[index], rightArray[index], depth + 1);
      if (item === 'unequal') return item;
      if (item === 'unknown') found = item;
    }
    return found;
  }
  const leftKeys = Object.keys(left);
  if (leftKeys.length !== Object.keys(right).length) return 'unequal';
  for (const key of leftKeys) {
    if (!Object.hasOwn(right, key)) return 'unequal';
    const entry = compareDeeply(
      (left as Record<string, unknown>)[key],
      (right as Record<string, unknown>)[key],
      depth + 1,
    );
    if (entry === 'unequal') return entry;
    if (entry === 'unknown') found = entry;
  }
  return found;
}
