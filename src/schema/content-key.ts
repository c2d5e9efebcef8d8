/**
 * A string that is the same for two schemas exactly when their content is: the schema as JSON text,
 * or `undefined` when it is not plain JSON data. Lets a tool list rebuilt as new objects (an MCP
 * client's `tools()` per request, a fresh `jsonSchema()`) find what was prepared for the same
 * content under another identity.
 *
 * Computed by the engine's own `JSON.stringify` (the cheapest full read of a schema), then one
 * walk that refuses anything the JSON text would misstate (a replacer function doing the same
 * check inside `JSON.stringify` costs more: each value becomes a call out of the engine's
 * serializer). Key order counts: two schemas that differ only in key order get different keys (a
 * miss, never a wrong answer), and order matters to what is built from a schema, since a strict
 * schema keeps its property order.
 *
 * Never throws. Gives `undefined` (so the caller falls back to caching by identity) for:
 * - a cycle, or nesting too deep for the engine's stack;
 * - `undefined`, a function, a symbol, a bigint, `NaN` or an infinity anywhere (JSON would drop
 *   or rewrite them, so `{ const: undefined }` would pass for `{}`);
 * - an object that is not a plain object or array (a `Date`, `Map`, class instance, boxed
 *   primitive, even under another prototype, a `JSON.rawJSON` value), or one with a `toJSON`
 *   method (own, hidden or inherited): JSON text would then not be what a walker reads;
 * - a getter or proxy trap that throws.
 * Only own enumerable string-keyed properties are read, as JSON reads them (a getter by the value
 * it gives); a prototype other than `Object.prototype`, `Array.prototype` or `null` is refused, a
 * non-enumerable property goes unseen, and a proxy or getter that answers differently on each
 * read is outside what any cache can honour.
 */
export function contentKeyOf(value: unknown): string | undefined {
  try {
    const text = JSON.stringify(value);
    return typeof text === 'string' && isPlainData(value) ? text : undefined;
  } catch {
    return undefined;
  }
}

const objectTag = Object.prototype.toString;
/** `JSON.isRawJSON`, which the TypeScript library does not declare yet (absent before Node 21). */
const rawJson = JSON as { isRawJSON?: (value: unknown) => boolean };

/** Whether JSON text says all there is to this value (cycles were refused by the serializer). */
function isPlainData(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
      const prototype = Object.getPrototypeOf(value);
      if (Array.isArray(value)) {
        if (prototype !== Array.prototype) return false;
        // A hole reads as `undefined`, which is refused.
        for (let index = 0; index < value.length; index++) {
          if (!isPlainData(value[index])) return false;
        }
        return true;
      }
      if (prototype !== Object.prototype && prototype !== null) return false;
      // A boxed primitive or a raw JSON value is written as a primitive, whatever its keys.
      if (objectTag.call(value) !== '[object Object]') return false;
      if (prototype === null && rawJson.isRawJSON?.(value) === true) return false;
      for (const key in value) {
        if (!isPlainData((value as Record<string, unknown>)[key])) return false;
      }
      return true;
    }
    default:
      return false;
  }
}
