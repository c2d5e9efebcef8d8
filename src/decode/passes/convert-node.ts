import { annotationKeywords } from '../../schema/accepts-nothing.ts';
import { defineOwn } from '../../schema/define-own.ts';
import { isRecord } from '../../schema/is-record.ts';
import type { SchemaObject } from '../../schema/map-subschemas.ts';
import { resolveRef } from '../../schema/resolve-ref.ts';
import { type DecodePlan, type DecodeVariant, emptyDecodePlan } from '../decode-plan.ts';
import { optionalNullPlan } from '../optional-null-plan.ts';
import {
  type Conversion,
  type Converted,
  type Place,
  pick,
  placeBelow,
  type Refused,
  resolveKept,
} from './conversion.ts';
import { unwalkableReason } from './inline-references.ts';
import { admitsNull, nullableForm, splitTypeList } from './nullable-forms.ts';
import { requireProperties } from './require-properties.ts';
import {
  dropUnsupported,
  isObjectSchema,
  mergeSingleAllOf,
  openShapeReason,
  renameOneOf,
  unionOfObjects,
  withoutKeyword,
} from './rewrite-keywords.ts';
import { untypedValue, withUntypedItems } from './untyped-values.ts';

/** Deeper than this, no schema is made strict: no provider nests its strict schemas so far. */
const maxDepth = 64;

/**
 * One node of the schema (references inlined) in strict form, with the plan that decodes it. Its
 * subschemas go first, so what they note comes before what the node notes; then the node, pass by
 * pass: shapes strict mode cannot express refused, keywords rewritten (`allOf: [X]` merged, `oneOf`
 * as `anyOf`) and the ones the profile does not send dropped, every property of an object
 * required, a value of no type in the untyped form, a list given items, and the nullable form the
 * profile writes. Nothing below a keyword that is not sent is converted: it is left out anyway.
 */
export function convertNode(
  conversion: Conversion,
  source: SchemaObject,
  place: Place,
): Converted | Refused {
  const { profile } = conversion;
  if (place.depth >= maxDepth) return { reason: unwalkableReason('too-deep', place.pointer) };
  const subschemas = convertSubschemas(conversion, source, place);
  if ('reason' in subschemas) return subschemas;
  const { plans } = subschemas;
  let node = subschemas.schema;
  const open = openShapeReason(node, place.pointer);
  if (open !== undefined) return { reason: open };
  // The member is strict already (subschemas go first), and its plan holds for the merged node.
  let member: unknown;
  if (node.allOf !== undefined) {
    const merged = mergeSingleAllOf(node, place.pointer);
    if ('reason' in merged) return merged;
    member = (node.allOf as unknown[])[0];
    node = merged.schema;
  }
  const memberPlan =
    member === undefined ? emptyDecodePlan : (plans.get('allOf/0') ?? emptyDecodePlan);
  if (typeof node.$ref === 'string') return keptReference(conversion, node, place, memberPlan);
  const unionKeyword = node.oneOf !== undefined ? 'oneOf' : 'anyOf';
  const renamed = renameOneOf(node, place.pointer);
  if ('reason' in renamed) return renamed;
  // OpenAPI's `nullable: true` is not a strict keyword, but `null` is a value of its own there.
  const nullable = renamed.schema.nullable === true;
  node = dropUnsupported(conversion, withoutKeyword(renamed.schema, 'nullable'), place);
  // An object whose names its union's branches list is sent as that union.
  const union = unionOfObjects(node, source[unionKeyword], place);
  if (union !== undefined && 'reason' in union) return union;
  if (union !== undefined) node = union.schema;

  let plan = emptyDecodePlan;
  if (isObjectSchema(node)) {
    if (place.objects + 1 > profile.maxObjectDepth) {
      return {
        reason: `objects are nested more than ${profile.maxObjectDepth} levels deep (at "${place.pointer}")`,
      };
    }
    // A strict member has every property required already: doing it again would lose its
    // placeholders.
    if (!isObjectSchema(member)) {
      const object = requireProperties(conversion, node, { place, source, plans });
      if ('reason' in object) return object;
      ({ schema: node, plan } = object);
    }
  } else if (
    node.type === undefined &&
    node.anyOf === undefined &&
    node.enum === undefined &&
    !Object.hasOwn(node, 'const')
  ) {
    ({ schema: node, plan } = untypedValue(conversion, node, place.pointer));
  }
  // A node that may be an object or a list (`type: ["object", "array"]`) keeps both plans.
  const untypedItems = withUntypedItems(conversion, node, place.pointer);
  if (untypedItems !== undefined) node = untypedItems.schema;
  const itemsPlan = plans.get('items') ?? emptyDecodePlan;
  const list =
    untypedItems?.plan ??
    (plan.kind === 'object' && itemsPlan.kind !== 'none'
      ? { kind: 'list' as const, items: itemsPlan }
      : undefined);
  if (list !== undefined) {
    plan = plan.kind === 'object' ? { kind: 'object-or-list', object: plan, list } : list;
  }
  if (plan.kind === 'none') plan = memberPlan;
  if (plan.kind === 'none') plan = listOrUnionPlan(node, source[unionKeyword], unionKeyword, plans);
  // The root stays an object: arguments are never null, and a root anyOf is refused everywhere.
  if (place.role !== 'root') {
    if (profile.nullable === 'any-of') node = splitTypeList(node);
    // In the nullable form once the node itself is strict, so its parent keeps `null` as a value
    // instead of making it a placeholder.
    if (
      (nullable || union?.admitsNull === true) &&
      !admitsNull(node, { resolve: (ref) => resolveKept(conversion, ref) })
    ) {
      node = nullableForm(node, profile);
    }
  }
  return { schema: node, plan };
}

/**
 * The node with the subschemas strict mode sends made strict, in the order the walk of
 * `mapSubschemas` takes (so the first reason met is the one it would meet), and their plans by
 * where each sits below the node: `items`, `anyOf/1`, `properties/<name>`.
 */
function convertSubschemas(
  conversion: Conversion,
  source: SchemaObject,
  place: Place,
): { schema: SchemaObject; plans: ReadonlyMap<string, DecodePlan> } | Refused {
  const { keywords } = conversion;
  const plans = new Map<string, DecodePlan>();
  // Copied once a subschema is converted: the source is left as it is.
  let node: Record<string, unknown> | undefined;
  for (const keyword of ['additionalProperties', 'items'] as const) {
    const child = source[keyword];
    if (!keywords.has(keyword) || !isRecord(child)) continue;
    const converted = convertNode(conversion, child, placeBelow(place, keyword));
    if ('reason' in converted) return converted;
    node ??= { ...source };
    node[keyword] = converted.schema;
    plans.set(keyword, converted.plan);
  }
  // `allOf` is merged and `oneOf` renamed, so their branches are sent even if the profile does
  // not list the keywords.
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = source[keyword];
    if ((keyword === 'anyOf' && !keywords.has(keyword)) || !Array.isArray(branches)) continue;
    const strictBranches = [...branches];
    for (let index = 0; index < branches.length; index++) {
      const branch = branches[index];
      if (!isRecord(branch)) continue;
      const converted = convertNode(conversion, branch, placeBelow(place, keyword, index));
      if ('reason' in converted) return converted;
      strictBranches[index] = converted.schema;
      plans.set(`${keyword}/${index}`, converted.plan);
    }
    node ??= { ...source };
    node[keyword] = strictBranches;
  }
  const properties = source.properties;
  if (keywords.has('properties') && isRecord(properties)) {
    const strictProperties: Record<string, unknown> = { ...properties };
    for (const name of Object.keys(properties)) {
      const property = properties[name];
      if (!isRecord(property)) continue;
      const converted = convertNode(conversion, property, placeBelow(place, 'properties', name));
      if ('reason' in converted) return converted;
      defineOwn(strictProperties, name, converted.schema);
      plans.set(`properties/${name}`, converted.plan);
    }
    node ??= { ...source };
    node.properties = strictProperties;
  }
  return { schema: node ?? source, plans };
}

/**
 * The plan of a node with no plan of its own: its items', or the branches of its union, each with
 * its source (a value is decoded with the branch it fits).
 */
function listOrUnionPlan(
  node: SchemaObject,
  sources: unknown,
  unionKeyword: 'anyOf' | 'oneOf',
  plans: ReadonlyMap<string, DecodePlan>,
): DecodePlan {
  if (isRecord(node.items)) {
    const items = plans.get('items') ?? emptyDecodePlan;
    return items.kind === 'none' ? items : { kind: 'list', items };
  }
  const branches = node.anyOf;
  const planOf = (index: number) => plans.get(`${unionKeyword}/${index}`) ?? emptyDecodePlan;
  if (!Array.isArray(branches) || branches.every((_, index) => planOf(index).kind === 'none')) {
    return emptyDecodePlan;
  }
  const variants: DecodeVariant[] = branches.map((branch: unknown, index) => ({
    schema: Array.isArray(sources) && sources.length === branches.length ? sources[index] : branch,
    strictSchema: branch,
    plan: planOf(index),
  }));
  return { kind: 'union', variants };
}

/**
 * A reference kept for recursion: sent as it is where the profile takes recursion (a description
 * beside it moves onto an `anyOf` around it), its plan the definition's; else as JSON text, whose
 * parsed value is decoded as a schema sent as it is (see `optionalNullPlan`).
 */
function keptReference(
  conversion: Conversion,
  node: SchemaObject,
  place: Place,
  memberPlan: DecodePlan,
): Converted | Refused {
  const { profile, references } = conversion;
  const { $ref: ref, ...siblings } = node as SchemaObject & { $ref: string };
  if (!profile.recursion) {
    // The check judges the parsed value against the source, to any depth.
    return untypedValue(conversion, siblings, place.pointer, {
      why: `the schema refers to itself here, which ${profile.name} strict mode does not accept: this part is sent as JSON text`,
      parsed: optionalNullPlan(resolveRef(conversion.read, ref), {
        root: conversion.read,
        defaults: conversion.defaults,
        path: place.path,
        usedDefaults: conversion.usedDefaults,
      }),
    });
  }
  if (Object.keys(siblings).some((name) => !annotationKeywords.has(name))) {
    return {
      reason: `the reference at "${place.pointer || '/'}" has keywords beside it that strict mode cannot keep`,
    };
  }
  let target = references.get(ref);
  if (target === undefined) {
    target = { plan: emptyDecodePlan };
    references.set(ref, target);
  }
  const kept = pick(siblings, ['description', 'title', 'default']);
  return {
    schema: Object.keys(kept).length === 0 ? { $ref: ref } : { ...kept, anyOf: [{ $ref: ref }] },
    plan: memberPlan.kind === 'none' ? { kind: 'reference', target } : memberPlan,
  };
}
