import { defineOwn } from '../../schema/define-own.ts';

/** The schema and defaults as plain data the conversion owns, or why they cannot be read. */
export type ReadSchema =
  | {
      readonly kind: 'read';
      readonly schema: object;
      readonly defaults: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: 'unreadable'; readonly reason: string };

/**
 * The first pass: a copy of the schema (objects and lists; a part shared or containing itself
 * stays so, for the later passes to name) and of the defaults, so that no later pass runs the
 * caller's code. Reading is the only step where a getter or a proxy trap can throw; what it
 * throws is the reason the schema cannot be converted, never an error for the caller.
 */
export function readSchema(
  schema: object,
  defaults: Readonly<Record<string, unknown>>,
): ReadSchema {
  try {
    return {
      kind: 'read',
      schema: plainCopy(schema, new Map(), 0) as object,
      defaults: { ...defaults },
    };
  } catch (error) {
    return { kind: 'unreadable', reason: `the schema could not be read (${describeError(error)})` };
  }
}

const objectTag = Object.prototype.toString;

/** Deeper than any pass reads (256 levels of subschemas, two steps each at most). */
const maxCopyDepth = 1024;

/**
 * Objects and lists as fresh ones; a `Date`, a `Map` and other values that are not schema
 * objects are kept as they are (a default may be one).
 */
function plainCopy(value: unknown, copies: Map<object, unknown>, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > maxCopyDepth) return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const list: unknown[] = new Array(value.length);
    copies.set(value, list);
    for (let index = 0; index < value.length; index++) {
      if (index in value) list[index] = plainCopy(value[index], copies, depth + 1);
    }
    return list;
  }
  if (objectTag.call(value) !== '[object Object]') return value;
  const object: Record<string, unknown> = {};
  copies.set(value, object);
  for (const key of Object.keys(value)) {
    defineOwn(object, key, plainCopy((value as Record<string, unknown>)[key], copies, depth + 1));
  }
  return object;
}

function describeError(error: unknown): string {
  try {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return text.length > 120 ? `${text.slice(0, 120)}…` : text;
  } catch {
    return 'an error that cannot be described';
  }
}
