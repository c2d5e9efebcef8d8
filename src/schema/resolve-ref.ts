import { mapSubschemas, type SchemaObject, toPointer } from './map-subschemas.ts';
import { SchemaError } from './schema-error.ts';

/**
 * Looks up a local reference (`#`, `#/$defs/name`, `#/definitions/name`, any JSON pointer into the
 * root). `undefined` for references that leave the document or point nowhere.
 */
export function resolveRef(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = unescapeSegment(raw);
    if (segment === undefined) return undefined;
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment))
      return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** A pointer segment as a key; `undefined` for a malformed `%` escape, which names nothing. */
function unescapeSegment(raw: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return decoded.replaceAll('~1', '/').replaceAll('~0', '~');
}

/**
 * Replaces every local `$ref` by a copy of what it points to (keywords beside the `$ref` win), and
 * drops the root's `$defs`/`definitions`. Throws {@link SchemaError}: `recursive-ref` for a
 * reference that leads back into itself, `unresolved-ref` for one that cannot be resolved here,
 * `too-large` when more than `maxNodes` schema objects (default 100,000) are walked in all.
 */
export function inlineRefs(schema: unknown, { maxNodes = 100_000 } = {}): unknown {
  const chain: string[] = [];
  // Every inlined copy is walked again, so definitions that each use the next one twice grow the
  // schema exponentially; one budget across all the walks stops that early.
  let visited = 0;

  const inline = (node: SchemaObject, location: ReadonlyArray<string | number>): unknown => {
    if (++visited > maxNodes) throw new SchemaError({ reason: 'too-large', pointer: '' });
    const ref = node.$ref;
    if (typeof ref !== 'string') return node;
    const pointer = toPointer(location);
    if (chain.includes(ref)) throw new SchemaError({ reason: 'recursive-ref', pointer });
    const target = resolveRef(schema, ref);
    if (target === undefined) throw new SchemaError({ reason: 'unresolved-ref', pointer });
    chain.push(ref);
    const inlined = mapSubschemas(target, inline);
    chain.pop();
    const { $ref: _ref, ...siblings } = node;
    if (typeof inlined !== 'object' || inlined === null) {
      // A boolean target: `true` adds nothing to the siblings; `false` allows nothing.
      return inlined === false ? false : siblings;
    }
    return { ...(inlined as SchemaObject), ...siblings };
  };

  if (typeof schema !== 'object' || schema === null) return schema;
  // Definitions are reached through references; walking them on their own would only find
  // (perhaps recursive) schemas nothing uses.
  const { $defs: _defs, definitions: _definitions, ...rest } = schema as SchemaObject;
  return mapSubschemas(rest, inline);
}
