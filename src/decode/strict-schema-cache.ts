import { ContentCache } from '../schema/content-cache.ts';
import { contentKeyOf } from '../schema/content-key.ts';
import { defineOwn } from '../schema/define-own.ts';
import type { SchemaObject } from '../schema/map-subschemas.ts';
import { openaiProfile, resolveProfile } from './provider-profiles.ts';
import {
  noDefaults,
  type StrictSchemaResult,
  type ToStrictSchemaOptions,
  toStrictSchema,
} from './to-strict-schema.ts';

const resultsByContent = new ContentCache<StrictSchemaResult>();
/** The scope of each profile and defaults object pair seen (`null`: not plain data). */
const scopeByOptions = new WeakMap<object, WeakMap<object, string | null>>();
/** A short scope for each combination of profile and defaults contents seen, by those contents. */
const scopeIds = new Map<string, string>();
/** Past this many combinations the numbering starts over in a new generation, never reusing one. */
const maxScopes = 1000;
let scopeGeneration = 0;
/** Sealed copies of results for options without a content key, by the uncached result. */
const sealedByResult = new WeakMap<StrictSchemaResult, StrictSchemaResult>();

/**
 * {@link toStrictSchema}, cached by the content of the schema, the profile and the defaults, so a
 * tool list rebuilt as new objects every request (an MCP client's `tools()`, fresh `jsonSchema()`
 * objects) is converted twice per distinct schema, then found by its content. The cache is
 * bounded (see {@link ContentCache}).
 *
 * A content is kept from its second sighting on. Its first sighting (the only one of a schema seen
 * once: a per-user tool set, a schema made for one request) gets a result of its own, whose strict
 * schema is a copy sharing nothing with the schema passed in, and the cache keeps only the
 * sighting (see {@link ContentCache.seenBefore}): sealing a result to share it adds much to the
 * cost of a new schema, and keeping it alive costs the collector work.
 *
 * A kept result is shared by every caller with the same content, so its strict schema and plan
 * are the cache's own copies: nothing in them is an object the caller passed in, and nothing a
 * caller does to its own schema afterwards reaches the cache. The copies' objects are frozen (the
 * plan's maps are typed read-only but, being maps, not frozen). The strict schema's arrays are
 * not: providers serialize every tool of every request, and the engine serializes a frozen array
 * on a slower path. Instead, a result
 * whose arrays were changed after it was handed out (see {@link isUnchanged}) is never handed out
 * again: the schema is converted anew. Short lists of primitives (`["string", "null"]`) are one
 * array for all kept results, so there are fewer to watch (see `sharedArrays`). A `strict: false`
 * result gives back the caller's own schema, as {@link toStrictSchema} does.
 *
 * Options that are not plain data (a `Date` among the defaults, say) skip the content cache; the
 * result is still a sealed copy, cached per schema object.
 */
export function toStrictSchemaCached(
  schema: unknown,
  {
    profile: profileOrName = openaiProfile,
    defaults = noDefaults,
    toolName,
  }: ToStrictSchemaOptions & {
    /**
     * The tool's name: a new schema object is first compared with the last content seen for that
     * name, which is cheaper than serializing it (a tool list rebuilt every request).
     */
    toolName?: string;
  } = {},
): StrictSchemaResult {
  const profile = resolveProfile(profileOrName);
  if (typeof schema !== 'object' || schema === null) {
    return toStrictSchema(schema, { profile, defaults });
  }
  const scope = scopeOf(profile, defaults);
  if (scope === undefined) {
    const result = toStrictSchema(schema, { profile, defaults });
    let sealed = sealedByResult.get(result);
    if (sealed === undefined || !isUnchanged(sealed)) {
      sealed = trySeal(result, schema) ?? result;
      sealedByResult.set(result, sealed);
    }
    return sealed;
  }
  const cached = resultsByContent.get(schema, scope, toolName);
  // A result whose arrays were changed is left for a new conversion, which takes its place.
  if (cached !== undefined && isUnchanged(cached)) {
    if (cached.strict || cached.schema === schema) return cached;
    // Found under another object of the same content: this caller gets its own schema back.
    const own = forCaller(cached, schema);
    resultsByContent.set(schema, own, scope, toolName);
    return own;
  }
  // Kept here by content, so the conversion's own cache by object would only hold it twice.
  const converted = toStrictSchema(schema, { profile, defaults });
  // A content seen for the first time may never be seen again (a per-user tool set, a schema made
  // per request): its caller gets a result of its own, and nothing is kept but the sighting. A
  // result found changed is no new content: its replacement is kept at once.
  if (cached === undefined && !resultsByContent.seenBefore(schema, scope)) {
    return ownCopy(converted);
  }
  const result = trySeal(converted, schema);
  // A result too deeply nested to copy is handed out as converted, and never shared.
  if (result === undefined) return converted;
  resultsByContent.set(schema, result, scope, toolName);
  return result;
}

/**
 * A result for one caller alone: its strict schema is a copy (objects frozen, arrays open, as in
 * a sealed one), so an edit of the schema as sent never reaches the schema converted (in the gate,
 * the private copy calls are judged by). Not kept: nothing else holds it. One too deeply nested
 * to copy is handed out as converted.
 */
function ownCopy(result: StrictSchemaResult): StrictSchemaResult {
  if (!result.strict) return result;
  try {
    return { ...result, schema: schemaCopy(result.schema, undefined) as SchemaObject };
  } catch {
    return result;
  }
}

function trySeal(result: StrictSchemaResult, schema: object): StrictSchemaResult | undefined {
  try {
    return forCaller(seal(result), schema);
  } catch {
    return undefined;
  }
}

/** Found by the options' identity first, so a lasting profile and defaults cost one lookup. */
function scopeOf(profile: object, defaults: object): string | undefined {
  let byDefaults = scopeByOptions.get(profile);
  if (byDefaults === undefined) {
    byDefaults = new WeakMap();
    scopeByOptions.set(profile, byDefaults);
  }
  let scope = byDefaults.get(defaults);
  if (scope === undefined) {
    const profileKey = contentKeyOf(profile);
    const defaultsKey = contentKeyOf(defaults);
    scope =
      profileKey === undefined || defaultsKey === undefined
        ? null
        : scopeOfContents(`${profileKey}\n${defaultsKey}`);
    byDefaults.set(defaults, scope);
  }
  return scope ?? undefined;
}

// JSON text never holds a raw line break, so the two parts of `contents` cannot run together.
function scopeOfContents(contents: string): string {
  let scope = scopeIds.get(contents);
  if (scope === undefined) {
    if (scopeIds.size >= maxScopes) {
      scopeIds.clear();
      scopeGeneration++;
    }
    scope = `${scopeGeneration}.${scopeIds.size}`;
    scopeIds.set(contents, scope);
  }
  return scope;
}

function forCaller(result: StrictSchemaResult, schema: object): StrictSchemaResult {
  return result.strict ? result : Object.freeze({ ...result, schema });
}

/**
 * Whether a result of {@link toStrictSchemaCached} is one it may hand to other callers too (kept,
 * its objects frozen), rather than one made for its caller alone (a first sighting, a schema too
 * deep to copy), which must not be kept past that caller's use.
 */
export function isSealed(result: StrictSchemaResult): boolean {
  return Object.isFrozen(result);
}

/**
 * The arrays of each sealed strict schema with the items each was sealed with, in one flat list:
 * an array, its length, its items, the next array… (see {@link areUnchanged}).
 */
const arraysBySealed = new WeakMap<StrictSchemaResult, readonly unknown[]>();

/**
 * Whether a result of this cache still holds what it was sealed with. Its objects are frozen, so
 * only its strict schema's arrays can have changed (a provider or middleware that edits the
 * schema it was sent in place; see {@link areUnchanged}). Cheap: a typical tool schema has a few
 * short arrays. A result this cache did not seal is taken as it is.
 */
export function isUnchanged(result: StrictSchemaResult): boolean {
  const watched = arraysBySealed.get(result);
  return watched === undefined || areUnchanged(watched);
}

/**
 * What {@link isUnchanged} reads of these results, in one list, for {@link areUnchanged}: a check
 * run on every step then reads one list instead of a weak entry per result, old objects far apart
 * in memory that cost more to reach than to check.
 */
export function watchedArraysOf(results: readonly StrictSchemaResult[]): readonly unknown[] {
  const watched: unknown[] = [];
  // Results share arrays (see `sharedArrays`): each is listed once.
  const listed = new Set<unknown>();
  for (const result of results) {
    const arrays = arraysBySealed.get(result) ?? [];
    let index = 0;
    while (index < arrays.length) {
      const length = arrays[index + 1] as number;
      const end = index + 2 + length;
      if (!listed.has(arrays[index])) {
        listed.add(arrays[index]);
        for (let entry = index; entry < end; entry++) watched.push(arrays[entry]);
      }
      index = end;
    }
  }
  return watched;
}

/**
 * Whether every array in a flat list of watched arrays (an array, its length, the items it was
 * sealed with, the next array…) still holds those items and is still sent as them: no other
 * prototype, no own `toJSON`, and still open (a frozen array serializes on a slow path, and a
 * middleware that edits the schema it is sent could no longer; arrays are shared, see
 * `sharedArrays`, so one tool's freeze would reach every tool holding the array).
 */
export function areUnchanged(watched: readonly unknown[]): boolean {
  try {
    let index = 0;
    while (index < watched.length) {
      const array = watched[index] as readonly unknown[];
      const length = watched[index + 1] as number;
      if (
        array.length !== length ||
        Object.getPrototypeOf(array) !== Array.prototype ||
        !Object.isExtensible(array) ||
        Object.hasOwn(array, 'toJSON')
      ) {
        return false;
      }
      index += 2;
      for (let item = 0; item < length; item++, index++) {
        if (array[item] !== watched[index]) return false;
      }
    }
    return true;
  } catch {
    // An item turned into a getter that throws.
    return false;
  }
}

/**
 * A sealed copy of a result (see {@link toStrictSchemaCached}); the schema of a `strict: false`
 * result stays the caller's.
 */
function seal(result: StrictSchemaResult): StrictSchemaResult {
  // The plan and notes get copies of their own, apart from the schema's, so an edit of the
  // schema as sent never reaches decoding.
  const copies = new Map<object, unknown>();
  const plan = frozenCopy(result.plan, copies);
  const notes = frozenCopy(result.notes, copies);
  if (!result.strict) return Object.freeze({ ...result, plan, notes }) as StrictSchemaResult;
  const arrays: unknown[] = [];
  const schema = schemaCopy(result.schema, arrays, { share: true });
  const sealed = Object.freeze({ ...result, schema, plan, notes }) as StrictSchemaResult;
  arraysBySealed.set(sealed, arrays);
  return sealed;
}

/**
 * A copy of a strict schema with frozen objects and open arrays, each array listed in
 * `openArrays` (when given) with its length and items (see {@link watchOpenArray}), once. With
 * `share`, a short list of primitives is the one other sealed schemas hold with the same items
 * (see {@link sharedArrayLike}).
 */
function schemaCopy(
  schema: unknown,
  openArrays: unknown[] | undefined,
  { share = false }: { share?: boolean } = {},
): unknown {
  try {
    return treeCopy(schema, openArrays, {
      left: maxTreeCopyParts,
      watched: share ? new Set() : undefined,
    });
  } catch (error) {
    if (!(error instanceof SharedPartsError)) throw error;
    if (openArrays !== undefined) openArrays.length = 0;
    return frozenCopy(schema, new Map(), openArrays ?? []);
  }
}

/**
 * Most objects and arrays {@link treeCopy} copies. A strict tool schema has tens or hundreds; one
 * past this shares parts many times over (a subschema object used at every level), and is copied
 * keeping them shared instead.
 */
const maxTreeCopyParts = 10_000;

class SharedPartsError extends Error {}

/**
 * The strict schema's copy for {@link seal}: {@link frozenCopy} with open arrays, but as a tree,
 * each part that recurs in the schema copied again. Finding shared parts takes a map of every
 * object, which cost more than the rest of the copy; a strict schema is JSON for the provider,
 * where sharing means nothing.
 */
function treeCopy(
  value: unknown,
  openArrays: unknown[] | undefined,
  copying: {
    left: number;
    /** The shared arrays already listed in `openArrays`; absent: share none. */
    readonly watched: Set<readonly unknown[]> | undefined;
  },
): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (--copying.left < 0) throw new SharedPartsError();
  if (Array.isArray(value)) {
    const array: unknown[] = [];
    for (const item of value) array.push(treeCopy(item, openArrays, copying));
    if (copying.watched === undefined) {
      if (openArrays !== undefined) watchOpenArray(array, openArrays);
      return array;
    }
    const shared = sharedArrayLike(array);
    if (!copying.watched.has(shared)) {
      copying.watched.add(shared);
      if (openArrays !== undefined) watchOpenArray(shared, openArrays);
    }
    return shared;
  }
  const prototype = Object.getPrototypeOf(value);
  if (value instanceof Map || (prototype !== Object.prototype && prototype !== null)) {
    return frozenCopy(value, new Map(), openArrays ?? []);
  }
  const object: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  for (const key of Object.keys(value)) {
    defineOwn(object, key, treeCopy((value as Record<string, unknown>)[key], openArrays, copying));
  }
  return Object.freeze(object);
}

/**
 * Open arrays of primitives that sealed strict schemas hold in common, by their items as JSON
 * text: `["string","null"]` and its like recur in most tools, and each step of a request reads
 * every array it sends (see {@link areUnchanged}), so each distinct one is read once however many
 * schemas hold it. An edit of a shared array is noticed in every result holding it, and a shared
 * array found edited is replaced here, never handed out again. Bounded: past
 * {@link maxSharedArrays} it starts over (the arrays stay with the results holding them).
 */
const sharedArrays = new Map<string, readonly unknown[]>();
const maxSharedArrays = 1000;
/**
 * Longer lists (a long `enum`, long texts) are rarely the same in two tools; they are not shared,
 * and the table stays small whatever the schemas.
 */
const maxSharedKeyLength = 200;

/**
 * The shared array with the items of `array` (a new, open one), or `array` itself, now shared or
 * not shareable: longer than {@link maxSharedKeyLength} as JSON text, or holding an object, `-0`
 * or a number JSON text would misstate.
 */
function sharedArrayLike(array: unknown[]): unknown[] {
  if (array.length > maxSharedKeyLength / 2 || !array.every(isShareableItem)) return array;
  const key = JSON.stringify(array);
  if (key.length > maxSharedKeyLength) return array;
  const known = sharedArrays.get(key);
  if (known !== undefined && holdsItems(known, array)) return known as unknown[];
  if (sharedArrays.size >= maxSharedArrays) sharedArrays.clear();
  sharedArrays.set(key, array);
  return array;
}

/** Items JSON text tells apart exactly, so equal text means equal items. */
function isShareableItem(item: unknown): boolean {
  return (
    (typeof item === 'string' && item.length <= maxSharedKeyLength) ||
    typeof item === 'boolean' ||
    item === null ||
    (typeof item === 'number' && Number.isFinite(item) && !Object.is(item, -0))
  );
}

/**
 * Whether a shared array is still exactly an open list of these items: one edited in place (an
 * item, its length, a getter, a property of its own such as `toJSON`, frozen) is not handed out
 * again.
 */
function holdsItems(shared: readonly unknown[], items: readonly unknown[]): boolean {
  if (
    Object.getPrototypeOf(shared) !== Array.prototype ||
    !Object.isExtensible(shared) ||
    shared.length !== items.length ||
    Reflect.ownKeys(shared).length !== items.length + 1
  ) {
    return false;
  }
  // A getter has no `value`, and no shared item is `undefined`.
  for (let index = 0; index < items.length; index++) {
    if (Object.getOwnPropertyDescriptor(shared, index)?.value !== items[index]) return false;
  }
  return true;
}

/**
 * Copies plain objects, arrays and maps (keeping parts shared within the value shared) and
 * freezes the objects and arrays. Anything else (a `Date` default, say) is not schema data the
 * conversion built, and is kept as it is. Given `openArrays`, arrays are left open instead, each
 * listed there with its length and items (see {@link watchOpenArray}).
 */
function frozenCopy(value: unknown, copies: Map<object, unknown>, openArrays?: unknown[]): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  if (value instanceof Map) {
    const map = new Map();
    copies.set(value, map);
    for (const [key, entry] of value) map.set(key, frozenCopy(entry, copies, openArrays));
    return map;
  }
  if (Array.isArray(value)) {
    const array: unknown[] = [];
    copies.set(value, array);
    for (const item of value) array.push(frozenCopy(item, copies, openArrays));
    if (openArrays === undefined) return Object.freeze(array);
    watchOpenArray(array, openArrays);
    return array;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const object: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  copies.set(value, object);
  for (const key of Object.keys(value)) {
    const copy = frozenCopy((value as Record<string, unknown>)[key], copies, openArrays);
    defineOwn(object, key, copy);
  }
  return Object.freeze(object);
}

/** Lists an array left open with its length and items, as {@link areUnchanged} reads them. */
function watchOpenArray(array: readonly unknown[], openArrays: unknown[]): void {
  openArrays.push(array, array.length);
  for (const item of array) openArrays.push(item);
}
