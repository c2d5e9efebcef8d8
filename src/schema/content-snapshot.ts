/**
 * A picture of a content key's value, to tell whether a new object has that content without
 * serializing it: comparing against a known candidate costs about half of {@link contentKeyOf} on
 * a typical tool schema (one walk, no text built, no string hashed).
 *
 * Objects are kept as parallel lists of keys and values, so a comparison walks the new object's
 * keys in order and allocates nothing; objects and lists are instances of two classes, so telling
 * them apart is one check. A snapshot is typed read-only and never handed out; it is not frozen,
 * since reading a frozen array's items is slower.
 */
export type ContentSnapshot = string | number | boolean | null | SnapshotObject | SnapshotList;

class SnapshotObject {
  readonly keys: readonly string[];
  readonly values: readonly ContentSnapshot[];
  constructor(keys: readonly string[], values: readonly ContentSnapshot[]) {
    this.keys = keys;
    this.values = values;
  }
}

class SnapshotList {
  readonly items: readonly ContentSnapshot[];
  constructor(items: readonly ContentSnapshot[]) {
    this.items = items;
  }
}

/**
 * The snapshot of the value a content key was made from (the key is JSON text of plain data), or
 * `undefined` when it cannot be made (nesting too deep for the stack). Never throws.
 */
export function snapshotOfContentKey(key: string): ContentSnapshot | undefined {
  try {
    return snapshotOf(JSON.parse(key));
  } catch {
    return undefined;
  }
}

function snapshotOf(value: unknown): ContentSnapshot {
  if (typeof value !== 'object' || value === null) return value as ContentSnapshot;
  if (Array.isArray(value)) return new SnapshotList(value.map(snapshotOf));
  const keys = Object.keys(value);
  const values = keys.map((key) => snapshotOf((value as Record<string, unknown>)[key]));
  return new SnapshotObject(keys, values);
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
    return sameContent(snapshot, value);
  } catch {
    return false;
  }
}

function sameContent(snapshot: ContentSnapshot, value: unknown): boolean {
  if (typeof snapshot !== 'object' || snapshot === null) return value === snapshot;
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  if (snapshot instanceof SnapshotObject) {
    if ((prototype !== Object.prototype && prototype !== null) || Array.isArray(value)) {
      return false;
    }
    const { keys, values } = snapshot;
    let index = 0;
    // `for…in` yields own keys in the order JSON text writes them (no inherited ones: the
    // prototype is `Object.prototype` or `null`), so a key out of order is another content key.
    for (const key in value) {
      if (key !== keys[index]) return false;
      const entry = (value as Record<string, unknown>)[key];
      if (!sameContent(values[index] as ContentSnapshot, entry)) return false;
      index++;
    }
    return index === keys.length;
  }
  const { items } = snapshot;
  if (prototype !== Array.prototype || !Array.isArray(value) || value.length !== items.length) {
    return false;
  }
  for (let index = 0; index < items.length; index++) {
    if (!sameContent(items[index] as ContentSnapshot, value[index])) return false;
  }
  return true;
}
