import { keywordsAdmitNull } from '../../schema/keywords-admit-null.ts';
import type { SchemaObject } from '../../schema/map-subschemas.ts';
import type { StrictProfile } from '../provider-profiles.ts';

/**
 * Whether a schema already lets `null` through, so `null` is a value of its own there. A node's own
 * keywords are read by {@link keywordsAdmitNull}, the definition the checker uses too; beyond it,
 * a `$ref` is read through `resolve` (a reference it cannot resolve admits no null), and a union
 * admits null when a branch does. As strict conversion sends it (`asSent`, the default), a node
 * without a type that has `properties` or `items` does not: it is sent as the object or list it
 * describes, so a `null` would not fit what the model is offered (JSON Schema alone lets it
 * through, as it does for a schema sent as it is).
 */
export function admitsNull(
  schema: unknown,
  {
    resolve,
    asSent = true,
  }: { resolve?: ((ref: string) => unknown) | undefined; asSent?: boolean } = {},
): boolean {
  return admits(schema, resolve, asSent, new Set());
}

function admits(
  schema: unknown,
  resolve: ((ref: string) => unknown) | undefined,
  asSent: boolean,
  following: ReadonlySet<unknown>,
): boolean {
  if (schema === true) return true;
  if (typeof schema !== 'object' || schema === null || following.has(schema)) return false;
  const node = schema as SchemaObject;
  if (typeof node.$ref === 'string') {
    const target = resolve?.(node.$ref);
    return target !== undefined && admits(target, resolve, asSent, new Set([...following, schema]));
  }
  if (!keywordsAdmitNull(node)) return false;
  if (node.type !== undefined || node.nullable === true) return true;
  if (Object.hasOwn(node, 'const') || Array.isArray(node.enum)) return true;
  const branches = Array.isArray(node.anyOf) ? node.anyOf : node.oneOf;
  if (Array.isArray(branches)) {
    return branches.some((branch) => admits(branch, resolve, asSent, following));
  }
  return !asSent || (node.properties === undefined && node.items === undefined);
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

/**
 * A strict node in the profile's nullable form, so its parent keeps `null` as a value of its own
 * instead of making it a placeholder; a property's `default` stays beside it, for the parent.
 */
export function nullableForm(node: SchemaObject, profile: StrictProfile): SchemaObject {
  const { default: defaultValue, ...rest } = node;
  return {
    ...(makeNullable(rest, profile) as SchemaObject),
    ...(Object.hasOwn(node, 'default') ? { default: defaultValue } : {}),
  };
}

/**
 * `type: [A, B]` as `anyOf: [{ type: A, … }, { type: B, … }]`, for providers that refuse a list of
 * types (Cerebras), even where the source wrote it (zod writes `.nullable()` that way). The node's
 * plan serves every branch: a value's kind says which part of it applies.
 */
export function splitTypeList(node: SchemaObject): SchemaObject {
  // A property's `default` stays beside the anyOf, where its parent reads (and drops) it.
  const { type, description, title, default: defaultValue, ...rest } = node;
  if (!Array.isArray(type)) return node;
  // `null` in the list with an enum that leaves it out admits no null: no branch for it.
  const names = admitsNull(node) ? type : type.filter((name) => name !== 'null');
  return {
    ...(description !== undefined ? { description } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(Object.hasOwn(node, 'default') ? { default: defaultValue } : {}),
    anyOf: names.map((name: unknown) =>
      name === 'null' ? { type: 'null' } : ({ ...rest, type: name } as SchemaObject),
    ),
  };
}
