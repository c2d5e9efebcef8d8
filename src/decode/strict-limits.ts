import { escapePointerSegment, type SchemaObject } from '../schema/map-subschemas.ts';
import type { StrictProfile } from './provider-profiles.ts';

const keywordSets = new WeakMap<StrictProfile, ReadonlySet<string>>();

/** The profile's keywords as a set, made once per profile. */
function keywordSetOf(profile: StrictProfile): ReadonlySet<string> {
  let keywords = keywordSets.get(profile);
  if (keywords === undefined) {
    keywords = new Set(profile.keywords);
    keywordSets.set(profile, keywords);
  }
  return keywords;
}

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
  const keywords = keywordSetOf(profile);
  let properties = 0;
  let enumValues = 0;
  let stringLength = 0;
  let violation: string | undefined;

  const visit = (node: unknown, pointer: string, depth: number): void => {
    if (violation !== undefined) return;
    const at = () => `"${pointer || '/'}"`;
    if (typeof node !== 'object' || node === null || Array.isArray(node)) {
      violation = `${at()} is not a schema object`;
      return;
    }
    const source = node as SchemaObject;
    for (const keyword of Object.keys(source)) {
      const allowed =
        keywords.has(keyword) || keyword === '$ref' || (keyword === '$defs' && pointer === '');
      if (!allowed) {
        violation = `${at()} has the keyword "${keyword}", which ${profile.name} strict mode does not accept`;
        return;
      }
    }
    if (Object.hasOwn(source, '$ref')) {
      if (Object.keys(source).length > 1) violation = `${at()} has keywords beside $ref`;
      return;
    }
    const types = Array.isArray(source.type) ? source.type : [source.type];
    if (types.includes('array') && source.items === undefined) {
      violation = `the list at ${at()} has no items schema`;
      return;
    }
    if (Array.isArray(source.enum)) {
      enumValues += source.enum.length;
      if (source.enum.length > profile.maxEnumValues) {
        violation = `an enum at "${pointer}" has more than ${profile.maxEnumValues} values`;
        return;
      }
      let enumLength = 0;
      for (const member of source.enum) {
        if (typeof member === 'string') enumLength += member.length;
      }
      stringLength += enumLength;
      if (
        source.enum.length > profile.largeEnumSize &&
        source.enum.every((member) => typeof member === 'string' || member === null) &&
        enumLength > profile.maxLargeEnumStringLength
      ) {
        violation = `an enum at "${pointer}" has more than ${profile.largeEnumSize} values and more than ${profile.maxLargeEnumStringLength} characters in all`;
        return;
      }
    }
    if (typeof source.const === 'string') stringLength += source.const.length;
    let level = depth;
    if (source.properties !== undefined) {
      level = depth + 1;
      if (level > profile.maxObjectDepth) {
        violation = `objects are nested more than ${profile.maxObjectDepth} levels deep (at "${pointer}")`;
        return;
      }
      const named = source.properties as SchemaObject;
      for (const name of Object.keys(named)) {
        properties++;
        stringLength += name.length;
        visit(named[name], `${pointer}/properties/${escapePointerSegment(name)}`, level);
      }
    }
    if (source.items !== undefined) visit(source.items, `${pointer}/items`, level);
    if (Array.isArray(source.anyOf)) {
      if (
        profile.maxAnyOfBranches !== undefined &&
        source.anyOf.length > profile.maxAnyOfBranches
      ) {
        violation = `the anyOf at ${at()} has more than ${profile.maxAnyOfBranches} branches`;
        return;
      }
      source.anyOf.forEach((branch, index) => {
        visit(branch, `${pointer}/anyOf/${index}`, depth);
      });
    }
    if (pointer === '' && typeof source.$defs === 'object' && source.$defs !== null) {
      const definitions = source.$defs as SchemaObject;
      for (const name of Object.keys(definitions)) {
        stringLength += name.length;
        visit(definitions[name], `/$defs/${escapePointerSegment(name)}`, 0);
      }
    }
  };

  visit(schema, '', 0);
  if (violation !== undefined) return violation;
  if (properties > profile.maxProperties) {
    return `the schema has more than ${profile.maxProperties} properties`;
  }
  if (enumValues > profile.maxEnumValues) {
    return `the schema has more than ${profile.maxEnumValues} enum values in all`;
  }
  if (stringLength > profile.maxSchemaStringLength) {
    return `the schema has more than ${profile.maxSchemaStringLength} characters in property names, definition names, and enum and const strings`;
  }
  return undefined;
}
