import type { JsonTypeName } from './subschema-keywords.ts';

/**
 * The kinds of value a tool argument can be, as bits, so a node's declared `type` list is one
 * number and a type test is one `&`.
 */
export const JsonKind = {
  null: 1,
  boolean: 2,
  object: 4,
  array: 8,
  number: 16,
  integer: 32,
  string: 64,
} as const satisfies Record<JsonTypeName, number>;

/** A set of {@link JsonKind} bits. `0` means the node declares no type. */
export type JsonKindSet = number;

/**
 * The kinds a `type` name declares: `number` includes `integer`. `undefined` for a name JSON
 * Schema does not define.
 */
export function kindOfTypeName(name: string): JsonKindSet | undefined {
  return Object.hasOwn(kindByTypeName, name) ? kindByTypeName[name] : undefined;
}

const kindByTypeName: Readonly<Record<string, JsonKindSet>> = {
  null: JsonKind.null,
  boolean: JsonKind.boolean,
  object: JsonKind.object,
  array: JsonKind.array,
  number: JsonKind.number | JsonKind.integer,
  integer: JsonKind.integer,
  string: JsonKind.string,
};

/** Bit for values that are not JSON at all (functions, symbols). */
export const notJsonKind = 128;

/**
 * The kind of a runtime value. Integers report `number | integer`; `undefined` is treated by callers
 * as an absent value before this is asked. What JSON cannot carry (`NaN`, `Infinity` as
 * `JSON.parse` reads `1e400`, BigInt, functions, symbols, `undefined`) reports {@link notJsonKind}.
 */
export function kindOfValue(value: unknown): JsonKindSet {
  switch (typeof value) {
    case 'string':
      return JsonKind.string;
    case 'number':
      if (Number.isInteger(value)) return JsonKind.number | JsonKind.integer;
      return value - value === 0 ? JsonKind.number : notJsonKind;
    case 'boolean':
      return JsonKind.boolean;
    case 'object':
      if (value === null) return JsonKind.null;
      return Array.isArray(value) ? JsonKind.array : JsonKind.object;
    default:
      return notJsonKind;
  }
}

/**
 * Whether an object is plain data, as `JSON.parse` builds it: its prototype is a realm's
 * `Object.prototype` (or none). Dates, maps, typed arrays and class instances are not.
 */
export function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return (
    prototype === Object.prototype ||
    prototype === null ||
    Object.getPrototypeOf(prototype) === null
  );
}
