import { annotationKeywords } from '../../schema/accepts-nothing.ts';
import { deepEqual } from '../../schema/deep-equal.ts';
import { isRecord } from '../../schema/is-record.ts';
import type { SchemaObject } from '../../schema/map-subschemas.ts';
import { describeDroppedKeyword } from '../describe-dropped-keyword.ts';
import type { Conversion, Place, Refused } from './conversion.ts';

/**
 * Shapes strict mode cannot express, as a reason. Read on the node as the source has it, since
 * dropping `prefixItems` or `patternProperties` as unsupported would silently accept more (or
 * fewer) values than the tool.
 */
export function openShapeReason(node: SchemaObject, pointer: string): string | undefined {
  if (node.patternProperties !== undefined) {
    return `the object at "${pointer || '/'}" accepts names by pattern`;
  }
  if (Array.isArray(node.items) || node.prefixItems !== undefined) {
    return `"${pointer || '/'}" is a tuple (a schema per position), which strict mode does not accept`;
  }
  if (node.items === false) {
    return `"${pointer}/items" is the schema false, which strict mode cannot express`;
  }
  return undefined;
}

/** `allOf: [X]` (zod writes it around a described `$ref`) is X with the node's other keywords. */
export function mergeSingleAllOf(
  node: SchemaObject,
  pointer: string,
): { schema: SchemaObject } | Refused {
  const { allOf, ...rest } = node;
  const member = Array.isArray(allOf) && allOf.length === 1 ? allOf[0] : undefined;
  const reason = `"${pointer || '/'}" combines schemas with allOf, which strict mode does not accept`;
  if (!isRecord(member)) return { reason };
  for (const keyword of Object.keys(rest)) {
    // Two `properties` (or two `required`) would both apply; one written over the other would not.
    if (
      !annotationKeywords.has(keyword) &&
      Object.hasOwn(member, keyword) &&
      !deepEqual(member[keyword], rest[keyword])
    ) {
      return { reason };
    }
  }
  return { schema: { ...member, ...rest } };
}

/** `oneOf` becomes `anyOf`: strict providers accept only the latter; the check still judges the original. */
export function renameOneOf(
  node: SchemaObject,
  pointer: string,
): { schema: SchemaObject } | Refused {
  if (node.oneOf === undefined) return { schema: node };
  if (node.anyOf !== undefined) return { reason: `"${pointer || '/'}" has both anyOf and oneOf` };
  const { oneOf, ...rest } = node;
  return { schema: { ...rest, anyOf: oneOf } };
}

/**
 * The node without the keywords the profile does not send, each named in a note and, where it
 * tells the model something (`maxLength: 80`), hinted at in the description. Lookaround patterns
 * (strict decoders build grammars from patterns) and formats the profile does not list go too; a
 * property's `default` stays, for its parent to read into the plan; definitions left after
 * inlining go silently.
 */
export function dropUnsupported(
  conversion: Conversion,
  node: SchemaObject,
  place: Place,
): SchemaObject {
  const { keywords, profile, notes } = conversion;
  let copy: Record<string, unknown> | undefined;
  let hints: string[] | undefined;
  for (const keyword of Object.keys(node)) {
    if (keyword === '$defs' || keyword === 'definitions') {
      copy ??= { ...node };
      delete copy[keyword];
      continue;
    }
    const keep = keywords.has(keyword) || (keyword === 'default' && place.role === 'property');
    const unsupportedFormat =
      keyword === 'format' &&
      typeof node.format === 'string' &&
      !profile.formats.includes(node.format);
    const lookaroundPattern =
      keyword === 'pattern' && typeof node.pattern === 'string' && /\(\?<?[=!]/.test(node.pattern);
    if (keep && !unsupportedFormat && !lookaroundPattern) continue;
    copy ??= { ...node };
    delete copy[keyword];
    const hint = describeDroppedKeyword(keyword, node[keyword]);
    if (hint !== undefined) {
      hints ??= [];
      hints.push(hint);
    }
    notes.push({
      pointer: `${place.pointer}/${keyword}`,
      message: `"${keyword}" is not accepted in ${profile.name} strict mode; it was left out of the schema sent (the check still applies it where it judges it)`,
    });
  }
  if (copy === undefined) return node;
  if (hints !== undefined) {
    const description = typeof node.description === 'string' ? `${node.description} ` : '';
    copy.description = `${description}${hints.join(' ')}`;
  }
  return copy;
}

/**
 * An object below the root that names nothing itself beside a union of objects (`{ type:
 * "object", required: ["kind"], oneOf: [...] }`, as OpenAPI writes a discriminated union), as the
 * union alone: each branch is a strict object already, and keeps its own `required`. Read as an
 * object that names nothing, it would be sent as a map of any JSON value, its branches lost. The
 * node's `required` must name properties every branch lists; `null` among its types comes back as
 * the profile's nullable form (`admitsNull`). `undefined` for any other node; `sources` are the
 * branches as the source has them.
 */
export function unionOfObjects(
  node: SchemaObject,
  sources: unknown,
  place: Place,
): { schema: SchemaObject; admitsNull: boolean } | Refused | undefined {
  // Only a union of objects: a branch of another kind would be widened by leaving out the type.
  if (
    place.role === 'root' ||
    !Array.isArray(sources) ||
    node.properties !== undefined ||
    node.additionalProperties !== undefined ||
    sources.length !== (node.anyOf as unknown[] | undefined)?.length ||
    !isObjectSchema(node) ||
    !sources.every(isObjectSchema)
  ) {
    return undefined;
  }
  const { type, required, ...union } = node;
  const types: unknown[] = [type ?? 'object'].flat();
  if (!types.every((name) => name === 'object' || name === 'null')) return undefined;
  const names: unknown[] = Array.isArray(required) ? required : [];
  const branches = node.anyOf as SchemaObject[];
  for (let index = 0; index < branches.length; index++) {
    const { properties } = branches[index] as SchemaObject;
    for (const name of names) {
      if (isRecord(properties) && typeof name === 'string' && !Object.hasOwn(properties, name)) {
        return { reason: `"${place.pointer}" requires "${name}", not in its branch ${index + 1}` };
      }
    }
  }
  return { schema: union, admitsNull: types.includes('null') };
}

/** The node without `keyword`; the node itself when it has none. */
export function withoutKeyword(node: SchemaObject, keyword: string): SchemaObject {
  if (!Object.hasOwn(node, keyword)) return node;
  const { [keyword]: _dropped, ...rest } = node;
  return rest;
}

/** Whether a node describes an object: its type says so, or it names properties. */
export function isObjectSchema(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const { type, properties, required } = node as SchemaObject;
  if (type === 'object') return true;
  if (Array.isArray(type)) return type.includes('object');
  return type === undefined && (properties !== undefined || required !== undefined);
}
