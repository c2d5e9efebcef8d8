import { defineOwn } from '../../schema/define-own.ts';

/**
 * The first pass: the schema and the defaults copied as data the conversion owns (objects and
 * lists; a part shared or containing itself stays so, for the later passes to name), so no later
 * pass runs the caller's code. A getter or proxy trap that throws here is the reason the schema
 * cannot be converted, never an error for the caller.
 */
export function readSchema(
  schema: object,
  defaults: Readonly<Record<string, unknown>>,
):
  | { readonly schema: object; readonly defaults: Readonly<Record<string, unknown>> }
  | { readonly reason: string } {
  try {
    return { schema: plainCopy(schema, new Map(), 0) as object, defaults: { ...defaults } };
  } catch (error) {
    return { reason: `the schema could not be read (${describeError(error)})` };
  }
}

const objectTag = Object.prototype.toString;
/** Deeper than any pass reads (256 levels of subschemas, two steps each at most). */
const maxCopyDepth = 1024;

/** Objects and lists as new ones; a `Date`, a `Map` or a function is kept as it is. */
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
  for (const [key, item] of Object.entries(value)) {
    defineOwn(object, key, plainCopy(item, copies, depth + 1));
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
