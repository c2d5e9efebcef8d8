import { maxCompareDepth } from './deep-equal.ts';

/** Most lists, objects and values one hash reads before it gives up (a cycle, a huge value). */
const maxHashedParts = 100_000;

export type DeepEqualHashOptions = {
  /**
   * Give up (`undefined`) on an object with a non-enumerable property of its own: {@link deepEqual}
   * reads such a property of its right-hand side, which a hash of enumerable keys does not see. Set
   * for the value looked up, not for the members it is looked up among.
   */
  enumerableOnly?: boolean;
};

/**
 * A 32-bit hash that two values {@link deepEqual} calls equal always share (object key order
 * aside, `0` and `-0` alike, lists and objects past its depth limit alike), so a value is found
 * among many lists and objects by one lookup and a few comparisons instead of one comparison per
 * member. `undefined` when the value is too large to hash, or reading it throws; the caller then
 * compares as before.
 */
export function deepEqualHash(
  value: unknown,
  { enumerableOnly = false }: DeepEqualHashOptions = {},
): number | undefined {
  const state = { left: maxHashedParts, enumerableOnly };
  try {
    return hashOf(value, 0, state);
  } catch {
    return undefined;
  }
}

type HashState = { left: number; readonly enumerableOnly: boolean };

/** Thrown inside a hash that gives up; caught at its top. */
class Unhashable extends Error {}

function hashOf(value: unknown, depth: number, state: HashState): number {
  if (--state.left < 0) throw new Unhashable();
  switch (typeof value) {
    case 'string':
      return mix(1, textHash(value));
    case 'number':
      // `1` and `1.0` are one number; a 32-bit integer is its own hash (`-0 | 0` is `0`, as
      // `-0 === 0`), any other number hashes its text.
      return mix(2, (value | 0) === value ? value | 0 : textHash(String(value)));
    case 'boolean':
      return value ? 3 : 4;
    case 'object':
      break;
    default:
      // A bigint by its digits; `undefined`, symbols and functions, equal only to themselves, by
      // their text: two of the same text may share a hash, as colliding values may.
      return mix(5, textHash(String(value)));
  }
  if (value === null) return 8;
  if (depth >= maxCompareDepth) return 9;
  if (Array.isArray(value)) {
    let hash = mix(10, value.length);
    for (let index = 0; index < value.length; index++) {
      hash = mix(hash, hashOf(value[index], depth + 1, state));
    }
    return hash;
  }
  const keys = Object.keys(value);
  if (state.enumerableOnly && Object.getOwnPropertyNames(value).length !== keys.length) {
    throw new Unhashable();
  }
  // A sum of the entries' hashes: the same whatever the key order.
  let sum = 0;
  for (const key of keys) {
    const entry = hashOf((value as Record<string, unknown>)[key], depth + 1, state);
    sum = (sum + mix(textHash(key), entry)) | 0;
  }
  return mix(mix(11, keys.length), sum);
}

function mix(hash: number, part: number): number {
  return Math.imul(hash ^ part, 0x9e3779b1) ^ (hash >>> 15);
}

/** FNV-1a over the UTF-16 code units. */
function textHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash;
}
