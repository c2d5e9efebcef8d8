/** Thrown inside the serializer to stop at the first value that is not plain JSON data. */
class NotPlainData extends Error {}

/**
 * A string that is the same for two schemas exactly when their content is: the schema as JSON text,
 * or `undefined` when it is not plain JSON data. Lets a tool list rebuilt as new objects (an MCP
 * client's `tools()` per request, a fresh `jsonSchema()`) find what was prepared for the same
 * content under another identity.
 *
 * Computed by the engine's own `JSON.stringify` (the cheapest full read of a schema), with a
 * check of each value that refuses anything the JSON text would misstate. Key order counts: two
 * schemas that differ only in key order get different keys (a miss, never a wrong answer), and
 * order matters to what is built from a schema, since a strict schema keeps its property order.
 *
 * Never throws. Gives `undefined` (so the caller falls back to caching by identity) for:
 * - a cycle, or nesting too deep for the engine's stack;
 * - `undefined`, a function, a symbol, a bigint, `NaN` or an infinity anywhere (JSON would drop
 *   or rewrite them, so `{ const: undefined }` would pass for `{}`);
 * - an object that is not a plain object or array (a `Date`, `Map`, class instance, boxed
 *   primitive), or one whose `toJSON` or getter answers with another object;
 * - a getter or proxy trap that throws.
 * Only own enumerable string-keyed properties are read, as JSON reads them; an object that hides
 * properties from that read (non-enumerable, inherited from a prototype other than
 * `Object.prototype`) is refused by the prototype check or goes unseen, and a proxy or getter that
 * answers differently on each read is outside what any cache can honour.
 */
export function contentKeyOf(value: unknown): string | undefined {
  try {
    const text = JSON.stringify(value, onlyPlainData);
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

function onlyPlainData(this: unknown, key: string, value: unknown): unknown {
  // `this[key]` is the value as stored; `value` is what `toJSON` (if any) turned it into.
  const stored = (this as Record<string, unknown>)[key];
  switch (typeof stored) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (Number.isFinite(stored)) return value;
      throw new NotPlainData();
    case 'object': {
      if (stored === null) return value;
      if (stored !== value) throw new NotPlainData();
      const prototype = Object.getPrototypeOf(stored);
      if (
        prototype === Object.prototype ||
        prototype === null ||
        (prototype === Array.prototype && Array.isArray(stored))
      ) {
        return value;
      }
      throw new NotPlainData();
    }
    default:
      throw new NotPlainData();
  }
}
