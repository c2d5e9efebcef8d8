import { escapePointerSegment, type SchemaObject } from '../schema/map-subschemas.ts';
import type { StrictProfile } from './provider-profiles.ts';

/**
 * The first way a converted schema breaks the profile's written limits, as a reason, or
 * `undefined` when it keeps them all. Run on every strict result, so a conversion that produces
 * something the provider would answer 400 (or silently not enforce) is sent non-strict instead:
 * keywords outside the profile's list, a `$ref` with siblings, a list without `items`, too many
 * `anyOf` branches, objects nested too deep, too many properties or enum members, or too many
 * characters in names, enum and const strings.
 */
export function strictLimitViolation(
  schema: SchemaObject,
  profile: StrictProfile,
): string | undefined {
  const count: Count = {
    profile,
    // Read from the profile as it is now: a profile edited in place is judged by its new content.
    keywords: new Set(profile.keywords),
    properties: 0,
    enumValues: 0,
    stringLength: 0,
  };
  const violation = violationIn(count, schema, undefined, 0);
  if (violation !== undefined) return violation;
  if (count.properties > profile.maxProperties) {
    return `the schema has more than ${profile.maxProperties} properties`;
  }
  if (count.enumValues > profile.maxEnumValues) {
    return `the schema has more than ${profile.maxEnumValues} enum values in all`;
  }
  if (count.stringLength > profile.maxSchemaStringLength) {
    return `the schema has more than ${profile.maxSchemaStringLength} characters in property names, definition names, and enum and const strings`;
  }
  return undefined;
}

/** What one check has counted so far. */
type Count = {
  readonly profile: StrictProfile;
  readonly keywords: ReadonlySet<string>;
  properties: number;
  enumValues: number;
  stringLength: number;
};

/**
 * Where a node sits: its parent's place and the segment below it (a keyword, a property or
 * definition name, an index), written as a pointer only for a violation (most schemas have none).
 */
type Place = { readonly parent: Place | undefined; readonly segment: string | number };

function pointerOf(place: Place | undefined): string {
  if (place === undefined) return '';
  const { segment } = place;
  return `${pointerOf(place.parent)}/${typeof segment === 'string' ? escapePointerSegment(segment) : segment}`;
}

/** A place quoted for a reason, the root as `/`. */
function quoted(place: Place | undefined): string {
  return `"${pointerOf(place) || '/'}"`;
}

/** The first violation in a node or below it; counts what it passes. */
function violationIn(
  count: Count,
  node: unknown,
  place: Place | undefined,
  depth: number,
): string | undefined {
  const { profile } = count;
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    return `${quoted(place)} is not a schema object`;
  }
  const source = node as SchemaObject;
  for (const keyword of Object.keys(source)) {
    const allowed =
      count.keywords.has(keyword) ||
      keyword === '$ref' ||
      (keyword === '$defs' && place === undefined);
    if (!allowed) {
      return `${quoted(place)} has the keyword "${keyword}", which ${profile.name} strict mode does not accept`;
    }
  }
  if (Object.hasOwn(source, '$ref')) {
    return Object.keys(source).length > 1 ? `${quoted(place)} has keywords beside $ref` : undefined;
  }
  const type = source.type;
  if (
    (type === 'array' || (Array.isArray(type) && type.includes('array'))) &&
    source.items === undefined
  ) {
    return `the list at ${quoted(place)} has no items schema`;
  }
  if (Array.isArray(source.enum)) {
    const members = source.enum;
    count.enumValues += members.length;
    if (members.length > profile.maxEnumValues) {
      return `an enum at "${pointerOf(place)}" has more than ${profile.maxEnumValues} values`;
    }
    let enumLength = 0;
    for (const member of members) {
      if (typeof member === 'string') enumLength += member.length;
    }
    count.stringLength += enumLength;
    if (
      members.length > profile.largeEnumSize &&
      members.every((member) => typeof member === 'string' || member === null) &&
      enumLength > profile.maxLargeEnumStringLength
    ) {
      return `an enum at "${pointerOf(place)}" has more than ${profile.largeEnumSize} values and more than ${profile.maxLargeEnumStringLength} characters in all`;
    }
  }
  if (typeof source.const === 'string') count.stringLength += source.const.length;
  let level = depth;
  if (source.properties !== undefined) {
    level = depth + 1;
    if (level > profile.maxObjectDepth) {
      return `objects are nested more than ${profile.maxObjectDepth} levels deep (at "${pointerOf(place)}")`;
    }
    const named = source.properties as SchemaObject;
    const properties: Place = { parent: place, segment: 'properties' };
    for (const name of Object.keys(named)) {
      count.properties++;
      count.stringLength += name.length;
      const violation = violationIn(
        count,
        named[name],
        { parent: properties, segment: name },
        level,
      );
      if (violation !== undefined) return violation;
    }
  }
  if (source.items !== undefined) {
    const violation = violationIn(count, source.items, { parent: place, segment: 'items' }, level);
    if (violation !== undefined) return violation;
  }
  if (Array.isArray(source.anyOf)) {
    const branches = source.anyOf;
    if (profile.maxAnyOfBranches !== undefined && branches.length > profile.maxAnyOfBranches) {
      return `the anyOf at ${quoted(place)} has more than ${profile.maxAnyOfBranches} branches`;
    }
    const anyOf: Place = { parent: place, segment: 'anyOf' };
    for (let index = 0; index < branches.length; index++) {
      // A hole in the list is no branch (as `forEach` reads it).
      if (!(index in branches)) continue;
      const violation = violationIn(
        count,
        branches[index],
        { parent: anyOf, segment: index },
        depth,
      );
      if (violation !== undefined) return violation;
    }
  }
  if (place === undefined && typeof source.$defs === 'object' && source.$defs !== null) {
    const definitions = source.$defs as SchemaObject;
    const defs: Place = { parent: undefined, segment: '$defs' };
    for (const name of Object.keys(definitions)) {
      count.stringLength += name.length;
      const violation = violationIn(count, definitions[name], { parent: defs, segment: name }, 0);
      if (violation !== undefined) return violation;
    }
  }
  return undefined;
}
