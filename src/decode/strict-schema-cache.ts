import { ContentCache } from '../schema/content-cache.ts';
import { contentKeyOf } from '../schema/content-key.ts';
import { defineOwn } from '../schema/define-own.ts';
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
 * objects, per-user tool sets) is converted once per distinct schema. The cache is bounded (see
 * {@link ContentCache}).
 *
 * A result is shared by every caller with the same content, so it is handed out frozen, and its
 * strict schema and plan are the cache's own copies: nothing in them is an object the caller
 * passed in, and nothing a caller does to its own schema afterwards reaches the cache (the plan's
 * maps are typed read-only but, being maps, not frozen). A `strict: false` result gives back the
 * caller's own schema, as {@link toStrictSchema} does.
 *
 * Options that are not plain data (a `Date` among the defaults, say) skip the content cache; the
 * result is still a frozen copy, cached per schema object.
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
    if (sealed === undefined) {
      sealed = trySeal(result, schema) ?? result;
      sealedByResult.set(result, sealed);
    }
    return sealed;
  }
  const cached = resultsByContent.get(schema, scope, toolName);
  if (cached !== undefined) {
    if (cached.strict || cached.schema === schema) return cached;
    // Found under another object of the same content: this caller gets its own schema back.
    const own = forCaller(cached, schema);
    resultsByContent.set(schema, own, scope, toolName);
    return own;
  }
  const converted = toStrictSchema(schema, { profile, defaults });
  const result = trySeal(converted, schema);
  // A result too deeply nested to copy is handed out as converted, and never shared.
  if (result === undefined) return converted;
  resultsByContent.set(schema, result, scope, toolName);
  return result;
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

/** A frozen copy of a result; the schema of a `strict: false` result stays the caller's. */
function seal(result: StrictSchemaResult): StrictSchemaResult {
  const copies = new Map<object, unknown>();
  if (!result.strict) {
    return Object.freeze({
      ...result,
      plan: frozenCopy(result.plan, copies),
      notes: frozenCopy(result.notes, copies),
    }) as StrictSchemaResult;
  }
  return frozenCopy(result, copies) as StrictSchemaResult;
}

/**
 * Copies plain objects, arrays and maps (keeping shared parts shared, so a plan's variant still
 * points into the copied schema) and freezes the objects and arrays. Anything else (a `Date`
 * default, say) is not schema data the conversion built, and is kept as it is.
 */
function frozenCopy(value: unknown, copies: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  if (value instanceof Map) {
    const map = new Map();
    copies.set(value, map);
    for (const [key, entry] of value) map.set(key, frozenCopy(entry, copies));
    return map;
  }
  if (Array.isArray(value)) {
    const array: unknown[] = [];
    copies.set(value, array);
    for (const item of value) array.push(frozenCopy(item, copies));
    return Object.freeze(array);
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const object: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  copies.set(value, object);
  for (const key of Object.keys(value)) {
    const copy = frozenCopy((value as Record<string, unknown>)[key], copies);
    defineOwn(object, key, copy);
  }
  return Object.freeze(object);
}
