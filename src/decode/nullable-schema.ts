import type { SchemaObject } from '../schema/map-subschemas.ts';
import type { StrictProfile } from './provider-profiles.ts';

/**
 * Whether a schema already lets `null` through, so `null` is a value of its own there. A `$ref` is
 * read through `resolve` (a reference it cannot resolve admits no null).
 */
export function admitsNull(
  schema: unknown,
  resolve?: (ref: string) => unknown,
  seen: ReadonlySet<unknown> = new Set(),
): boolean {
  if (schema === true) return true;
  if (typeof schema !== 'object' || schema === null || seen.has(schema)) return false;
  const node = schema as SchemaObject;
  if (typeof node.$ref === 'string') {
    const target = resolve?.(node.$ref);
    return target !== undefined && admitsNull(target, resolve, new Set([...seen, schema]));
  }
  // `null` must pass every keyword that restricts values, not just one of them.
  if (Object.hasOwn(node, 'const') && node.const !== null) return false;
  if (Array.isArray(node.enum) && !node.enum.includes(null)) return false;
  if (node.nullable === true) return true;
  if (node.type === 'null') return true;
  if (Array.isArray(node.type) && node.type.includes('null')) return true;
  if (node.type !== undefined) return false;
  if (Object.hasOwn(node, 'const') || Array.isArray(node.enum)) return true;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = node[keyword];
    if (Array.isArray(branches)) {
      return branches.some((branch) => admitsNull(branch, resolve, seen));
    }
  }
  return node.type === undefined && node.properties === undefined && node.items === undefined;
}

const primitiveTypes = new Set(['string', 'number', 'integer', 'boolean']);

/** The nullable form the profile wants: `type: [T, "null"]` for primitives, else `anyOf`. */
export function makeNullable(schema: unknown, profile: StrictProfile): unknown {
  const node = (typeof schema === 'object' && schema !== null ? schema : {}) as SchemaObject;
  const types = typeof node.type === 'string' ? [node.type] : node.type;
  // `null` may be listed already when an enum kept it out; it is not listed twice.
  const primitive =
    Array.isArray(types) &&
    types.every((type) => type === 'null' || primitiveTypes.has(String(type)));
  if (profile.nullable === 'type-list' && primitive && !Object.hasOwn(node, 'const')) {
    return {
      ...node,
      type: types.includes('null') ? types : [...types, 'null'],
      ...(Array.isArray(node.enum) && !node.enum.includes(null)
        ? { enum: [...node.enum, null] }
        : {}),
    };
  }
  if (
    Array.isArray(node.anyOf) &&
    Object.keys(node).every((key) => key === 'anyOf' || key === 'description' || key === 'title')
  ) {
    return { ...node, anyOf: [...node.anyOf, { type: 'null' }] };
  }
  return { anyOf: [node, { type: 'null' }] };
}
