import { contentKeyOf } from '../schema/content-key.ts';
import { defineOwn } from '../schema/define-own.ts';
import { isRecord } from '../schema/is-record.ts';
import type { SchemaObject } from '../schema/map-subschemas.ts';
import { resolveRef } from '../schema/resolve-ref.ts';
import type { PreparedStore, StoreScope } from '../store/prepared-store.ts';
import {
  type DecodePlan,
  type DecodeVariant,
  emptyDecodePlan,
  objectPlan,
  type Placeholder,
} from './decode-plan.ts';
import { admitsNull } from './passes/nullable-forms.ts';
import { schemaDefaultOf } from './schema-default-of.ts';

/** Schema objects read for one plan, and levels followed, at most: beyond, nothing is decoded. */
const maxNodes = 10_000;
const maxDepth = 64;

/**
 * The plan for what a model sends against a schema sent as it is (a profile that converts
 * nothing, a tool sent without strict, a part sent as JSON text): a `null` for an optional
 * argument whose schema does not admit null decodes to omission, or the configured default, or
 * the schema's `default` where that is not `null` and fits (the rule lenient judging applies
 * where it judges), also behind `$ref`s (recursion included), in the branches of
 * `anyOf`/`oneOf` (decoded with the branch the decoded value fits, beside the object's own
 * properties) and across `allOf`. `root` resolves references; `path` is where `schema` sits, for
 * `defaults` (`filters.limit`, `events[].when`).
 */
export function optionalNullPlan(
  schema: unknown,
  {
    root = schema,
    defaults = noDefaults,
    path = '',
    usedDefaults,
  }: {
    root?: unknown;
    defaults?: Readonly<Record<string, unknown>>;
    path?: string;
    /** Where to add the paths of the defaults the plan takes. */
    usedDefaults?: Set<string>;
  } = {},
): DecodePlan {
  const walk = { root, defaults, usedDefaults, left: maxNodes, chain: new Map() };
  return planOf(walk, schema, path, 0);
}

/**
 * {@link optionalNullPlan} kept in a store: built once per content of the schema and the defaults,
 * then found by content (at once for a copy the store made). Without a store, or with defaults
 * that are not plain JSON data, the plan is built on every call.
 */
export function storedOptionalNullPlan(
  schema: unknown,
  {
    defaults = noDefaults,
    store,
  }: { defaults?: Readonly<Record<string, unknown>>; store: PreparedStore | undefined },
): DecodePlan {
  const defaultsKey = contentKeyOf(defaults);
  // A kept plan holds the store's frozen copy of the defaults, never the app's own object.
  const kept = store === undefined || defaultsKey === undefined ? undefined : store.keep(defaults);
  if (store === undefined || kept === undefined) return optionalNullPlan(schema, { defaults });
  // JSON text holds no raw line break, so the parts cannot run together.
  const scope: StoreScope<DecodePlan> = `optional nulls\n${defaultsKey}`;
  const build = (content: unknown) => optionalNullPlan(content, { defaults: kept });
  return store.recall(schema, scope, build) ?? optionalNullPlan(schema, { defaults });
}

const noDefaults: Readonly<Record<string, unknown>> = Object.freeze({});

type Walk = {
  readonly root: unknown;
  readonly defaults: Readonly<Record<string, unknown>>;
  readonly usedDefaults: Set<string> | undefined;
  left: number;
  /** The references being followed, each with the plan it will have (for recursion). */
  readonly chain: Map<string, { plan: DecodePlan }>;
};

function planOf(walk: Walk, schema: unknown, path: string, depth: number): DecodePlan {
  if (!isRecord(schema) || --walk.left < 0 || depth > maxDepth) return emptyDecodePlan;
  const ref = schema.$ref;
  if (typeof ref !== 'string') return planOfParts(walk, [schema], path, depth);
  const following = walk.chain.get(ref);
  if (following !== undefined) return { kind: 'reference', target: following };
  const target = { plan: emptyDecodePlan };
  walk.chain.set(ref, target);
  target.plan = planOfParts(walk, [schema], path, depth);
  walk.chain.delete(ref);
  return target.plan;
}

/**
 * The plan of a value that must fit every one of `parts` (a node and its `allOf` members): a
 * union in one of them gives each branch the plan of the parts with that branch.
 */
function planOfParts(
  walk: Walk,
  given: readonly SchemaObject[],
  path: string,
  depth: number,
): DecodePlan {
  const parts = given.flatMap((part) => partsOf(walk, part, 0));
  const withUnion = parts.findIndex((part) => Array.isArray(part.anyOf ?? part.oneOf));
  if (withUnion >= 0) {
    const { anyOf, oneOf, ...rest } = parts[withUnion] as SchemaObject;
    const others = parts
      .map((part, index) => (index === withUnion ? rest : part))
      .filter((part) => Object.keys(part).length > 0);
    const variants: DecodeVariant[] = ((anyOf ?? oneOf) as unknown[]).map((branch) => {
      const target = isRecord(branch) ? resolved(walk, branch) : branch;
      const branchParts = isRecord(target) ? [...others, target] : others;
      return {
        // What a decoded value must fit: the branch together with the object's own keywords.
        schema: isRecord(target) ? mergedParts(branchParts) : target,
        strictSchema: undefined,
        plan: depth > maxDepth ? emptyDecodePlan : planOfParts(walk, branchParts, path, depth + 1),
      };
    });
    return variants.every((variant) => variant.plan.kind === 'none')
      ? emptyDecodePlan
      : { kind: 'union', variants };
  }
  const items = parts.find((part) => isRecord(part.items))?.items;
  if (items !== undefined) {
    const plan = planOf(walk, items, `${path}[]`, depth + 1);
    return plan.kind === 'none' ? plan : { kind: 'list', items: plan };
  }
  const required = new Set(
    parts.flatMap((part) => (Array.isArray(part.required) ? part.required : [])),
  );
  const byName = new Map<string, unknown[]>();
  for (const part of parts) {
    if (!isRecord(part.properties)) continue;
    for (const [name, property] of Object.entries(part.properties)) {
      byName.set(name, [...(byName.get(name) ?? []), property]);
    }
  }
  const placeholders = new Map<string, Placeholder>();
  const properties = new Map<string, DecodePlan>();
  for (const [name, schemas] of byName) {
    const at = path === '' ? name : `${path}.${name}`;
    const resolve = (ref: string) => resolveRef(walk.root, ref);
    if (
      !required.has(name) &&
      !schemas.some((schema) => admitsNull(schema, { resolve, asSent: false }))
    ) {
      placeholders.set(name, placeholderFor(walk, at, schemas[0]));
    }
    const plan = planOf(walk, schemas[0], at, depth + 1);
    if (plan.kind !== 'none') properties.set(name, plan);
  }
  return objectPlan(placeholders, properties);
}

/** A part with its `$ref` followed (keywords beside it kept) and its `allOf` members beside it. */
function partsOf(walk: Walk, part: SchemaObject, depth: number): SchemaObject[] {
  if (depth > 16 || --walk.left < 0) return [];
  const node = resolved(walk, part);
  if (!isRecord(node)) return [];
  const { allOf, ...rest } = node;
  if (!Array.isArray(allOf)) return [node];
  return [
    rest,
    ...allOf.flatMap((member) => (isRecord(member) ? partsOf(walk, member, depth + 1) : [])),
  ];
}

/** One schema for parts a value must all fit: their keywords, properties and `required` joined. */
function mergedParts(parts: readonly SchemaObject[]): SchemaObject {
  if (parts.length === 1) return parts[0] as SchemaObject;
  const merged: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  for (const part of parts) {
    for (const keyword of Object.keys(part)) defineOwn(merged, keyword, part[keyword]);
    if (!isRecord(part.properties)) continue;
    for (const name of Object.keys(part.properties)) {
      defineOwn(properties, name, part.properties[name]);
    }
  }
  const required = parts.flatMap((part) => (Array.isArray(part.required) ? part.required : []));
  return { ...merged, properties, required };
}

/** The node a `$ref` points at, with the keywords beside the reference; others as they are. */
function resolved(walk: Walk, node: SchemaObject): unknown {
  if (typeof node.$ref !== 'string') return node;
  const { $ref, ...siblings } = node;
  const target = resolveRef(walk.root, $ref);
  return isRecord(target) ? { ...target, ...siblings } : target;
}

function placeholderFor(walk: Walk, path: string, property: unknown): Placeholder {
  if (Object.hasOwn(walk.defaults, path)) {
    walk.usedDefaults?.add(path);
    return { decodeTo: 'default', value: walk.defaults[path] };
  }
  const found = schemaDefaultOf(isRecord(property) ? resolved(walk, property) : property);
  return found.kind === 'fits'
    ? { decodeTo: 'default', value: found.value }
    : { decodeTo: 'omission' };
}
