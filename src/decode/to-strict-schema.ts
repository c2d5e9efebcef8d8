import { deepEqual } from '../schema/deep-equal.ts';
import {
  mapSubschemas,
  type SchemaLocation,
  type SchemaObject,
  toPointer,
} from '../schema/map-subschemas.ts';
import { inlineRefs } from '../schema/resolve-ref.ts';
import { SchemaError } from '../schema/schema-error.ts';
import { argumentPathOf, keywordsOf } from './argument-path.ts';
import { type DecodePlan, emptyDecodePlan, isEmptyPlan, type Placeholder } from './decode-plan.ts';
import { describeDroppedKeyword } from './describe-dropped-keyword.ts';
import { admitsNull, makeNullable } from './nullable-schema.ts';
import {
  openaiProfile,
  type ProfileName,
  resolveProfile,
  type StrictProfile,
} from './provider-profiles.ts';

export type ToStrictSchemaOptions = {
  /**
   * What strict means at the provider, as a profile or its name (`'openai'`, `'anthropic'`, …).
   * Default: {@link openaiProfile} (OpenAI Chat and Responses).
   */
  profile?: StrictProfile | ProfileName;
  /**
   * Defaults for optional arguments, by argument path (`unit`, `filters.limit`, `events[].when`).
   * A `null` the model sends there decodes to this value; it wins over the schema's `default`.
   */
  defaults?: Readonly<Record<string, unknown>>;
};

/** Something the conversion changed that the caller may want to know, with where it was. */
export type StrictSchemaNote = {
  readonly pointer: string;
  readonly message: string;
};

export type StrictSchemaResult =
  | {
      readonly strict: true;
      /** The schema to send with `strict: true`. */
      readonly schema: SchemaObject;
      /** Where `null` placeholders were added, for {@link decodeArguments}. */
      readonly plan: DecodePlan;
      readonly notes: readonly StrictSchemaNote[];
    }
  | {
      readonly strict: false;
      /** The schema as given: send it without `strict`. */
      readonly schema: unknown;
      readonly plan: DecodePlan;
      readonly notes: readonly StrictSchemaNote[];
      /** Why the schema cannot be made strict, in one sentence. */
      readonly reason: string;
    };

/** Thrown inside the conversion for a schema that cannot be made strict; caught into a reason. */
class NotStrictable extends Error {}

const cache = new WeakMap<object, WeakMap<StrictProfile, WeakMap<object, StrictSchemaResult>>>();
const noDefaults: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * Converts a tool's JSON Schema to the form a strict provider accepts: every property required,
 * `additionalProperties: false` on every object, local `$ref`s inlined, keywords the provider
 * rejects dropped (and named in `notes`). A property that was optional and did not admit `null`
 * becomes nullable, and the plan records what its `null` decodes to: the configured default, else
 * the schema's `default`, else omission.
 *
 * A schema that cannot be made strict (open dictionaries, recursion, a root that is not an object)
 * comes back with `strict: false` and a reason; send that tool as it was. Cached per schema object,
 * profile and defaults object; never throws, never mutates.
 *
 * @example
 * const { schema, plan } = toStrictSchema(tool.inputSchema, { defaults: { unit: 'celsius' } });
 */
export function toStrictSchema(
  schema: unknown,
  { profile: profileOrName = openaiProfile, defaults = noDefaults }: ToStrictSchemaOptions = {},
): StrictSchemaResult {
  const profile = resolveProfile(profileOrName);
  if (typeof schema !== 'object' || schema === null) {
    return notStrict(schema, [], 'the schema is not an object');
  }
  let byProfile = cache.get(schema);
  if (byProfile === undefined) {
    byProfile = new WeakMap();
    cache.set(schema, byProfile);
  }
  let byDefaults = byProfile.get(profile);
  if (byDefaults === undefined) {
    byDefaults = new WeakMap();
    byProfile.set(profile, byDefaults);
  }
  const cached = byDefaults.get(defaults);
  if (cached !== undefined) return cached;
  const result = convert(schema, profile, defaults);
  byDefaults.set(defaults, result);
  return result;
}

function notStrict(
  schema: unknown,
  notes: readonly StrictSchemaNote[],
  reason: string,
): StrictSchemaResult {
  return { strict: false, schema, plan: emptyDecodePlan, notes, reason };
}

function convert(
  original: object,
  profile: StrictProfile,
  defaults: Readonly<Record<string, unknown>>,
): StrictSchemaResult {
  const notes: StrictSchemaNote[] = [];
  const plans = new WeakMap<object, DecodePlan>();
  const usedDefaults = new Set<string>();
  let propertyCount = 0;
  const stripped = new Set(profile.stripKeywords ?? []);
  const keywords = new Set(profile.keywords.filter((keyword) => !stripped.has(keyword)));
  // Keywords whose subschemas are sent (after renaming oneOf, merging allOf, inlining $defs).
  const convertedKeywords = new Set([...keywords, 'oneOf', 'allOf', '$defs', 'definitions']);

  const visit = (node: SchemaObject, location: SchemaLocation): unknown => {
    const pointer = toPointer(location);
    const passed = keywordsOf(location);
    // Below a keyword that is dropped (not, if, propertyNames…) nothing is sent, so nothing there
    // has to be strict: converting it could only refuse the schema for a part left out anyway.
    if (passed.some((keyword) => !convertedKeywords.has(keyword)) || isInTuple(location)) {
      return node;
    }
    // Before anything is dropped: dropping these would change what the schema accepts.
    rejectOpenShapes(node, pointer, passed);
    let next = mergeSingleAllOf(node, pointer);
    // The member was converted already (the walk is bottom-up): its plan holds for the merged node.
    const member = next === node ? undefined : (node.allOf as unknown[])[0];
    const memberPlan =
      typeof member === 'object' && member !== null ? plans.get(member) : undefined;
    next = renameOneOf(next, pointer);
    // OpenAPI's `nullable: true` is not a strict keyword, but `null` is a value of its own there.
    const openApiNullable = next.nullable === true;
    next = withoutKeyword(next, 'nullable');
    next = dropUnsupported(next, location, passed, keywords, profile, notes);

    if (isObjectSchema(next)) {
      const depth = passed.filter((keyword) => keyword === 'properties').length + 1;
      if (depth > profile.maxObjectDepth) {
        throw new NotStrictable(
          `objects are nested more than ${profile.maxObjectDepth} levels deep (at "${pointer}")`,
        );
      }
      // A converted member has every property required already: doing it again would lose its
      // placeholders and count its properties twice.
      if (!isObjectSchema(member as SchemaObject)) {
        next = requireEveryProperty(next, location);
        propertyCount += Object.keys(next.properties ?? {}).length;
      }
    } else if (
      next.type === undefined &&
      next.anyOf === undefined &&
      next.enum === undefined &&
      !Object.hasOwn(next, 'const')
    ) {
      throw new NotStrictable(`"${pointer || '/'}" has no type, and strict mode needs one`);
    }
    if (Array.isArray(next.enum) && next.enum.length > profile.maxEnumValues) {
      throw new NotStrictable(
        `an enum at "${pointer}" has more than ${profile.maxEnumValues} values`,
      );
    }
    if (memberPlan !== undefined) plans.set(next, memberPlan);
    // The root stays an object: a root anyOf is refused everywhere.
    if (profile.nullable === 'any-of' && location.length > 0) next = splitTypeList(next);
    // Written in the profile's nullable form once the node itself is strict, so its parent keeps
    // `null` as a value instead of turning it into a placeholder.
    if (openApiNullable && !admitsNull(next)) {
      recordPlan(next);
      next = makeNullable(next, profile) as SchemaObject;
    }
    recordPlan(next);
    return next;
  };

  /**
   * `type: [A, B]` as `anyOf: [{ type: A, … }, { type: B, … }]`, for providers that refuse a list of
   * types (Cerebras), even where the source wrote it (zod writes `.nullable()` that way).
   */
  const splitTypeList = (node: SchemaObject): SchemaObject => {
    // A property's `default` stays beside the anyOf, where its parent reads (and drops) it.
    const { type, description, title, default: defaultValue, ...rest } = node;
    if (!Array.isArray(type)) return node;
    const plan = plans.get(node);
    // `null` in the list with an enum that leaves it out admits no null: no branch for it.
    const names = admitsNull(node) ? type : type.filter((name) => name !== 'null');
    const branches = names.map((name: unknown) => {
      const branch = name === 'null' ? { type: 'null' } : ({ ...rest, type: name } as SchemaObject);
      // The plan was made for the object (or list) this node describes; it now sits in a branch.
      if (plan !== undefined && (name === 'object' || name === 'array')) plans.set(branch, plan);
      return branch;
    });
    return {
      ...(description !== undefined ? { description } : {}),
      ...(title !== undefined ? { title } : {}),
      ...(Object.hasOwn(node, 'default') ? { default: defaultValue } : {}),
      anyOf: branches,
    };
  };

  /** Everything required; optional properties become nullable placeholders. */
  const requireEveryProperty = (node: SchemaObject, location: SchemaLocation): SchemaObject => {
    const pointer = toPointer(location);
    const additional = node.additionalProperties;
    if (additional !== undefined && additional !== false) {
      throw new NotStrictable(openObjectReason(pointer));
    }
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    const required = new Set(
      Array.isArray(node.required) ? node.required.filter((name) => typeof name === 'string') : [],
    );
    const strictProperties: Record<string, unknown> = {};
    const placeholders = new Map<string, Placeholder>();
    const nested = new Map<string, DecodePlan>();
    for (const name of Object.keys(properties)) {
      let property = properties[name];
      if (typeof property !== 'object' || property === null) {
        // `true` (anything) has no type to send; `false` (never) cannot be required.
        throw new NotStrictable(
          `the property at "${pointer}/properties/${escapeName(name)}" is the schema ${String(property)}, which strict mode cannot express`,
        );
      }
      const path = argumentPathOf([...location, 'properties', name]);
      const childPlan =
        typeof property === 'object' && property !== null ? plans.get(property) : undefined;
      if (childPlan !== undefined && !isEmptyPlan(childPlan)) nested.set(name, childPlan);
      const schemaDefault = readDefault(property);
      property = withoutDefault(property);
      if (!required.has(name) && profile.optionalStaysOptional === true) {
        // The provider lets the model leave it out: nothing to decode.
      } else if (!required.has(name) && !admitsNull(property)) {
        placeholders.set(name, placeholderFor(path, schemaDefault));
        property = makeNullable(property, profile);
      } else if (Object.hasOwn(defaults, path)) {
        notes.push({
          pointer: `${pointer}/properties/${name}`,
          message: required.has(name)
            ? `the default for "${path}" is not used: the argument is required`
            : `the default for "${path}" is not used: null is a value of its own there`,
        });
        usedDefaults.add(path);
      } else if (
        !required.has(name) &&
        schemaDefault !== undefined &&
        schemaDefault.value !== null
      ) {
        notes.push({
          pointer: `${pointer}/properties/${name}/default`,
          message: `the schema's default for "${path}" is not applied: the argument admits null, so the model now sends null or a value for it`,
        });
      }
      Object.defineProperty(strictProperties, name, {
        value: property,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    const plan: DecodePlan = {
      ...(placeholders.size > 0 ? { placeholders } : {}),
      ...(nested.size > 0 ? { properties: nested } : {}),
    };
    const strictNode: SchemaObject = {
      ...node,
      // Arguments are always an object; strict providers want exactly that type at the root.
      type: location.length === 0 ? 'object' : (node.type ?? 'object'),
      properties: strictProperties,
      required: profile.optionalStaysOptional
        ? Object.keys(properties).filter((name) => required.has(name))
        : Object.keys(properties),
      additionalProperties: false,
    };
    if (!isEmptyPlan(plan)) plans.set(strictNode, plan);
    return strictNode;
  };

  const placeholderFor = (
    path: string,
    schemaDefault: { value: unknown } | undefined,
  ): Placeholder => {
    if (Object.hasOwn(defaults, path)) {
      usedDefaults.add(path);
      return { decodeTo: 'default', value: defaults[path] };
    }
    if (schemaDefault !== undefined) return { decodeTo: 'default', value: schemaDefault.value };
    return { decodeTo: 'omission' };
  };

  /** Lists and unions carry their children's plans up. */
  const recordPlan = (node: SchemaObject): void => {
    if (plans.has(node)) return;
    const items = node.items;
    if (typeof items === 'object' && items !== null && !Array.isArray(items)) {
      const itemPlan = plans.get(items);
      if (itemPlan !== undefined) plans.set(node, { items: itemPlan });
      return;
    }
    if (Array.isArray(node.anyOf)) {
      const variants = node.anyOf.flatMap((branch: unknown) => {
        const plan = typeof branch === 'object' && branch !== null ? plans.get(branch) : undefined;
        return plan === undefined ? [] : [{ schema: branch, plan }];
      });
      if (variants.length > 0) plans.set(node, { variants });
    }
  };

  try {
    const inlined = inlineRefs(original);
    if (!isObjectSchema(inlined as SchemaObject) || Array.isArray(inlined)) {
      return notStrict(original, notes, 'the root of the schema is not an object');
    }
    const strict = mapSubschemas(inlined, visit, { maxDepth: 64 }) as SchemaObject;
    if (propertyCount > profile.maxProperties) {
      return notStrict(
        original,
        notes,
        `the schema has more than ${profile.maxProperties} properties`,
      );
    }
    for (const path of Object.keys(defaults)) {
      if (!usedDefaults.has(path)) {
        notes.push({
          pointer: '',
          message: `the default for "${path}" matches no optional argument`,
        });
      }
    }
    return { strict: true, schema: strict, plan: plans.get(strict) ?? emptyDecodePlan, notes };
  } catch (error) {
    if (error instanceof NotStrictable) return notStrict(original, notes, error.message);
    if (SchemaError.isInstance(error)) return notStrict(original, notes, schemaErrorReason(error));
    throw error;
  }
}

function schemaErrorReason(error: SchemaError): string {
  const at = `"${error.pointer || '/'}"`;
  switch (error.reason) {
    case 'recursive-ref':
      return `the schema refers to itself at ${at}, and a recursive schema cannot be inlined`;
    case 'unresolved-ref':
      return `the reference at ${at} cannot be resolved within the schema`;
    case 'cycle':
      return `the schema object contains itself at ${at}`;
    case 'too-deep':
      return `the schema is nested too deeply (at ${at})`;
    case 'too-large':
      return 'the schema is too large to convert';
  }
}

function openObjectReason(pointer: string): string {
  return `the object at "${pointer || '/'}" accepts names it does not list (additionalProperties), and strict mode needs a closed object`;
}

/**
 * Shapes strict mode cannot express. Checked on the source node, since dropping `prefixItems` or
 * `patternProperties` as unsupported would silently accept more (or fewer) values than the tool.
 */
function rejectOpenShapes(node: SchemaObject, pointer: string, passed: readonly string[]): void {
  if (passed[passed.length - 1] === 'additionalProperties') {
    // The schema for unlisted names: any schema here (even `{}`) opens its object.
    throw new NotStrictable(openObjectReason(pointer.slice(0, -'/additionalProperties'.length)));
  }
  if (node.patternProperties !== undefined) {
    throw new NotStrictable(`the object at "${pointer || '/'}" accepts names by pattern`);
  }
  if (Array.isArray(node.items) || node.prefixItems !== undefined) {
    throw new NotStrictable(
      `"${pointer || '/'}" is a tuple (a schema per position), which strict mode does not accept`,
    );
  }
  const items = node.items;
  if (items === true || items === false) {
    throw new NotStrictable(
      `"${pointer}/items" is the schema ${items}, which strict mode cannot express`,
    );
  }
}

/** Whether a location is a position of a draft 7 tuple (`items: [...]`), which is refused whole. */
function isInTuple(location: SchemaLocation): boolean {
  // A property name is always followed by a keyword, so `items` before a number is the keyword.
  return location.some(
    (segment, index) => segment === 'items' && typeof location[index + 1] === 'number',
  );
}

function escapeName(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}

function isObjectSchema(node: SchemaObject): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const type = node.type;
  if (type === 'object') return true;
  if (Array.isArray(type)) return type.includes('object');
  return type === undefined && (node.properties !== undefined || node.required !== undefined);
}

/** Keywords that say something about a schema without constraining values: beside allOf, these win. */
const annotationKeywords: ReadonlySet<string> = new Set([
  'description',
  'title',
  'default',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** `allOf: [X]` (zod writes it around a described `$ref`) is X with the node's other keywords. */
function mergeSingleAllOf(node: SchemaObject, pointer: string): SchemaObject {
  if (node.allOf === undefined) return node;
  const { allOf, ...rest } = node;
  const member = Array.isArray(allOf) && allOf.length === 1 ? allOf[0] : undefined;
  if (typeof member !== 'object' || member === null) throw new NotStrictable(allOfReason(pointer));
  for (const keyword of Object.keys(rest)) {
    // Two `properties` (or two `required`) would both apply; one written over the other would not.
    if (
      !annotationKeywords.has(keyword) &&
      Object.hasOwn(member, keyword) &&
      !deepEqual((member as SchemaObject)[keyword], rest[keyword])
    ) {
      throw new NotStrictable(allOfReason(pointer));
    }
  }
  return { ...(member as SchemaObject), ...rest };
}

function allOfReason(pointer: string): string {
  return `"${pointer || '/'}" combines schemas with allOf, which strict mode does not accept`;
}

/** `oneOf` becomes `anyOf`: strict providers accept only the latter; the check still judges the original. */
function renameOneOf(node: SchemaObject, pointer: string): SchemaObject {
  if (node.oneOf === undefined) return node;
  if (node.anyOf !== undefined) {
    throw new NotStrictable(`"${pointer || '/'}" has both anyOf and oneOf`);
  }
  const { oneOf, ...rest } = node;
  return { ...rest, anyOf: oneOf };
}

function dropUnsupported(
  node: SchemaObject,
  location: SchemaLocation,
  passed: readonly string[],
  keywords: ReadonlySet<string>,
  profile: StrictProfile,
  notes: StrictSchemaNote[],
): SchemaObject {
  // A property's `default` is read by its parent (into the plan) before it is dropped there.
  const isProperty = passed[passed.length - 1] === 'properties';
  let copy: Record<string, unknown> | undefined;
  const hints: string[] = [];
  for (const keyword of Object.keys(node)) {
    if (keyword === '$defs' || keyword === 'definitions') {
      // Every reference was inlined before the walk; what is left is unused.
      copy ??= { ...node };
      delete copy[keyword];
      continue;
    }
    const keep = keywords.has(keyword) || (keyword === 'default' && isProperty);
    const unsupportedFormat =
      keyword === 'format' &&
      typeof node.format === 'string' &&
      !profile.formats.includes(node.format);
    // Strict decoders build grammars from patterns; lookaround has no such grammar.
    const lookaroundPattern =
      keyword === 'pattern' && typeof node.pattern === 'string' && /\(\?<?[=!]/.test(node.pattern);
    if (keep && !unsupportedFormat && !lookaroundPattern) continue;
    copy ??= { ...node };
    delete copy[keyword];
    const hint = describeDroppedKeyword(keyword, node[keyword]);
    if (hint !== undefined) hints.push(hint);
    notes.push({
      pointer: `${toPointer(location)}/${keyword}`,
      message: `"${keyword}" is not accepted in ${profile.name} strict mode; it was left out of the schema sent (the check still applies it where it judges it)`,
    });
  }
  if (copy === undefined) return node;
  if (hints.length > 0) {
    const description = typeof node.description === 'string' ? `${node.description} ` : '';
    copy.description = `${description}${hints.join(' ')}`;
  }
  return copy;
}

function withoutKeyword(node: SchemaObject, keyword: string): SchemaObject {
  if (!Object.hasOwn(node, keyword)) return node;
  const { [keyword]: _dropped, ...rest } = node;
  return rest;
}

function readDefault(property: unknown): { value: unknown } | undefined {
  if (typeof property !== 'object' || property === null || !Object.hasOwn(property, 'default')) {
    return undefined;
  }
  return { value: (property as SchemaObject).default };
}

function withoutDefault(property: unknown): unknown {
  if (typeof property !== 'object' || property === null || !Object.hasOwn(property, 'default')) {
    return property;
  }
  const { default: _default, ...rest } = property as SchemaObject;
  return rest;
}
