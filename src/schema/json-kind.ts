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

/** Bit for values that are not JSON at all (functions, symbols). */
export const notJsonKind = 128;

/**
 * The kind of a runtime value. Integers report `number | integer`; `undefined` is treated by callers
 * as an absent value before this is asked.
 */
export function kindOfValue(value: unknown): JsonKindSet {
  switch (typeof value) {
    case 'string':
      return JsonKind.string;
    case 'number':
      return Number.isInteger(value) ? JsonKind.number | JsonKind.integer : JsonKind.number;
    case 'bigint':
      return JsonKind.number | JsonKind.integer;
    case 'boolean':
      return JsonKind.boolean;
    case 'object':
      if (value === null) return JsonKind.null;
      return Array.isArray(value) ? JsonKind.array : JsonKind.object;
    default:
      return notJsonKind;
  }
}
