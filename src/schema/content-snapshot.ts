/**
 * A picture of a content key's value, to tell whether a new object has that content without
 * serializing it: comparing against a known candidate costs less than {@link contentKeyOf} (one
 * walk, no text built, no string hashed).
 *
 * It is the value as one flat list of tokens in the order JSON text writes it: a primitive
 * stands for itself; an object is {@link objectStart}, its number of keys, then each key followed
 * by its value's tokens; a list is {@link listStart}, its length, then its items' tokens. A
 * comparison walks the new value and the list side by side and allocates nothing. One list
 * instead of objects per node matters where snapshots are compared on every request: they are
 * old objects by then, and reading many small objects spread over memory costs more than the
 * comparison itself. A snapshot is never handed out; its list is not frozen, since reading a
 * frozen array's items is slower.
 */
export type ContentSnapshot = readonly unknown[] & { readonly [snapshotBrand]: true };
declare const snapshotBrand: unique symbol;

/** Marks an object in a snapshot's tokens; no value of any content is this symbol. */
const objectStart = Symbol('object');
/** Marks a list in a snapshot's tokens. */
const listStart = Symbol('list');

/**
 * The snapshot of the value a content key was made from (the key is JSON text of plain data), or
 * `undefined` when it cannot be made (nesting too deep for the stack). Never throws.
 */
export function snapshotOfContentKey(key: string): ContentSnapshot | undefined {
  try {
    const tokens: unknown[] = [];
    pushTokens(JSON.parse(key), tokens);
    return tokens as unknown as ContentSnapshot;
  } catch {
    return undefined;
  }
}

function pushTokens(value: unknown, tokens: unknown[]): void {
  if (typeof value !== 'object' || value === null) {
    tokens.push(value);
  } else if (Array.isArray(value)) {
    tokens.push(listStart, value.length);
    for (const item of value) pushTokens(item, tokens);
  } else {
    const keys = Object.keys(value);
    tokens.push(objectStart, keys.length);
    for (const key of keys) {
      tokens.push(key);
      pushTokens((value as Record<string, unknown>)[key], tokens);
    }
  }
}

/**
 * Whether `value` has exactly the content of `snapshot`: its content key would be the snapshot's
 * key. Holds to the rules of {@link contentKeyOf}: keys in the same order, plain objects and arrays
 * only, no hole, no `undefined`, no function; `-0` is `0`, as JSON writes it. A getter or proxy
 * trap that throws makes it `false`, never an error. It compares what a walker reads, so an object
 * JSON text would misstate (a hidden `toJSON`, a boxed primitive under `Object.prototype`), which
 * has no content key, still matches the content it holds; what is built from that content fits it.
 */
export function hasSnapshotContent(snapshot: ContentSnapshot, value: unknown): boolean {
  try {
    return matchFrom(snapshot, 0, value) === snapshot.length;
  } catch {
    return false;
  }
}

/**
 * Matches `value` against the tokens of one value starting at `index`: the index after them, or
 * -1 at the first difference.
 */
function matchFrom(tokens: readonly unknown[], index: number, value: unknown): number {
  const token = tokens[index];
  if (token === objectStart) {
    if (typeof value !== 'object' || value === null) return -1;
    const prototype = Object.getPrototypeOf(value);
    if ((prototype !== Object.prototype && prototype !== null) || Array.isArray(value)) return -1;
    const count = tokens[index + 1] as number;
    let next = index + 2;
    let seen = 0;
    let lastKey: string | undefined;
    // `for…in` yields own keys in the order JSON text writes them, so a key out of order is
    // another content key. It yields inherited enumerable keys (a polluted `Object.prototype`)
    // after all own ones, so the last key it yields is own exactly when none was inherited.
    for (const key in value) {
      if (seen === count || key !== tokens[next]) return -1;
      lastKey = key;
      const item = (value as Record<string, unknown>)[key];
      // Most values are primitives: compared here, they spare a call each.
      next =
        typeof item === 'object' && item !== null
          ? matchFrom(tokens, next + 1, item)
          : item === tokens[next + 1]
            ? next + 2
            : -1;
      if (next < 0) return -1;
      seen++;
    }
    if (seen !== count) return -1;
    return lastKey === undefined || Object.hasOwn(value, lastKey) ? next : -1;
  }
  if (token === listStart) {
    if (typeof value !== 'object' || value === null) return -1;
    const length = tokens[index + 1] as number;
    if (
      Object.getPrototypeOf(value) !== Array.prototype ||
      !Array.isArray(value) ||
      value.length !== length
    ) {
      return -1;
    }
    let next = index + 2;
    for (let position = 0; position < length; position++) {
      const item = value[position];
      next =
        typeof item === 'object' && item !== null
          ? matchFrom(tokens, next, item)
          : item === tokens[next]
            ? next + 1
            : -1;
      if (next < 0) return -1;
    }
    return next;
  }
  return value === token ? index + 1 : -1;
}
