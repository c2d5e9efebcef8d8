/** How deep {@link deepEqual} compares before it stops and calls the values equal. */
export const maxCompareDepth = 256;

/**
 * Structural equality of JSON values, as JSON Schema's `enum` and `const` define it: object key order
 * does not matter, `1` equals `1.0`.
 *
 * Beyond {@link maxCompareDepth} levels (or in a cycle) the values are called equal, so a
 * comparison that cannot finish never turns into a refusal.
 */
export function deepEqual(left: unknown, right: unknown, depth = 0): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) {
    return false;
  }
  if (depth >= maxCompareDepth) return true;
  const leftIsArray = Array.isArray(left);
  if (leftIsArray !== Array.isArray(right)) return false;
  if (leftIsArray) {
    const rightArray = right as unknown[];
    if (left.length !== rightArray.length) return false;
    for (let index = 0; index < left.length; index++) {
      if (!deepEqual(left[index], rightArray[index], depth + 1)) return false;
    }
    return true;
  }
  const leftKeys = Object.keys(left);
  if (leftKeys.length !== Object.keys(right).length) return false;
  for (const key of leftKeys) {
    if (!Object.hasOwn(right, key)) return false;
    if (
      !deepEqual(
        (left as Record<string, unknown>)[key],
        (right as Record<string, unknown>)[key],
        depth + 1,
      )
    ) {
      return false;
    }
  }
  return true;
}
