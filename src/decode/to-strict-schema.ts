import { acceptsNothing, annotationKeywords } from '../schema/accepts-nothing.ts';
import { deepEqual } from '../schema/deep-equal.ts';
import { defineOwn } from '../schema/define-own.ts';
import { isRecord } from '../schema/is-record.ts';
import {
  escapePointerSegment,
  mapSubschemas,
  type SchemaLocation,
  type SchemaObject,
  toPointer,
} from '../schema/map-subschemas.ts';
import { SchemaError } from '../schema/schema-error.ts';
import { argumentPathOf, keywordsOf, sentObjectDepth } from './argument-path.ts';
import { type DecodePlan, emptyDecodePlan, isEmptyPlan, type Placeholder } from './decode-plan.ts';
import { describeDroppedKeyword } from './describe-dropped-keyword.ts';
import { inlineReferences, withoutDefinitions } from './inline-references.ts';
import { admitsNull, makeNullable } from './nullable-schema.ts';
import {
  openaiProfile,
  type ProfileName,
  resolveProfile,
  type StrictProfile,
} from './provider-profiles.ts';
import { entryListSchema, jsonValueSchema } from './strict-forms.ts';
import { strictLimitViolation } from './strict-limits.ts';

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
      /** How to turn what the model sends back into the tool's arguments, for `decodeWithPlan`. */
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

/** The defaults of a conversion given none; a conversion with it reads no argument paths. */
export const noDefaults: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * Converts a tool's JSON Schema to the form a strict provider accepts: every property required,
 * `additionalProperties: false` on every object, local `$ref`s inlined (recursive ones kept under
 * `$defs` where the profile takes recursion), keywords the provider rejects dropped (and named in
 * `notes`). A property that was optional and did not admit `null` becomes nullable, and the plan
 * records what its `null` decodes to: the configured default, else the schema's `default`, else
 * omission. Maps are sent as lists of `{ key, value }` entries, values of no type in the profile's
 * untyped form (JSON kinds or JSON text), and the plan reverses each of these.
 *
 * A schema that cannot be made strict (tuples, names by pattern, a union or a non-object at the
 * root, a schema that admits no arguments at all, a result past the profile's limits) comes back with `strict: false` and a reason; send that
 * tool as it was. Not cached (a caller converting the same content again keeps the result, see
 * `PreparedStore`); never throws, never mutates.
 *
 * @example
 * import { toStrictSchema } from 'toolgate/decode';
 *
 * const { schema, plan } = toStrictSchema(
 *   {
 *     type: 'object',
 *     properties: { city: { type: 'string' }, unit: { enum: ['celsius', 'fahrenheit'] } },
 *     required: ['city'],
 *   },
 *   { defaults: { unit: 'celsius' } },
 * );
 */
export function toStrictSchema(
  schema: unknown,
  { profile: profileOrName = openaiProfile, defaults = noDefaults }: ToStrictSchemaOptions = {},
): StrictSchemaResult {
  const profile = resolveProfile(profileOrName);
  if (typeof schema !== 'object' || schema === null) {
    return notStrict(
      schema,
      [],
      schema === false ? acceptsNothingReason : 'the schema is not an object',
    );
  }
  return convertOrExplain(schema, profile, defaults);
}

/** Every failure becomes a reason: a schema that cannot be read is sent as it was. */
function convertOrExplain(
  schema: object,
  profile: StrictProfile,
  defaults: Readonly<Record<string, unknown>>,
): StrictSchemaResult {
  try {
    return convert(schema, profile, defaults);
  } catch (error) {
    if (error instanceof NotStrictable) return notStrict(schema, [], error.message);
    if (SchemaError.isInstance(error)) return notStrict(schema, [], schemaErrorReason(error));
    // A throwing getter, a proxy whose traps throw, a revoked proxy: what cannot be read cannot be
    // converted, and a conversion never fails the request.
    return notStrict(schema, [], `the schema could not be read (${describeError(error)})`);
  }
}

function describeError(error: unknown): string {
  try {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return text.length > 120 ? `${text.slice(0, 120)}…` : text;
  } catch {
    return 'an error that cannot be described';
  }
}

function notStrict(
  schema: unknown,
  notes: readonly StrictSchemaNote[],
  reason: string,
): StrictSchemaResult {
  return { strict: false, schema, plan: emptyDecodePlan, notes, reason };
}

/** The keywords a profile sends, read from the profile as it is now. */
function keywordSetsOf(profile: StrictProfile) {
  const stripped = new Set(profile.stripKeywords ?? []);
  const keywords = new Set(profile.keywords.filter((keyword) => !stripped.has(keyword)));
  // Keywords whose subschemas are sent (after renaming oneOf, merging allOf, inlining $defs).
  const convertedKeywords = new Set([...keywords, 'oneOf', 'allOf', '$defs', 'definitions']);
  return { keywords, convertedKeywords };
}

function convert(
  original: object,
  profile: StrictProfile,
  defaults: Readonly<Record<string, unknown>>,
): StrictSchemaResult {
  // Most tool schemas hold no reference: the conversion's own walk finds that, instead of a walk
  // of its own before it. A schema with one is converted again once its references are inlined,
  // and so is one the first walk refuses, so that its reason is the one the inlining gives. One
  // with definitions most likely refers to them: it is inlined first.
  // Strict mode could only send an object that admits something; every call is refused anyway.
  if (acceptsNothing(original)) throw new NotStrictable(acceptsNothingReason);
  const source = original as SchemaObject;
  const plain = withoutDefinitions(source);
  if (source.$defs === undefined && source.definitions === undefined && isStrictRoot(plain)) {
    try {
      return convertRoot(original, plain, noDefinitions, profile, defaults, false);
    } catch {
      // Converted again below.
    }
  }
  // Without recursion at the provider, a recursive part is sent as JSON text (see keptReference),
  // so its definitions are not sent.
  const { root, definitions } = inlineReferences(original as SchemaObject, {
    backReferencesOnly: !profile.recursion,
  });
  if (!isObjectSchema(root) || Array.isArray(root)) {
    return notStrict(original, [], 'the root of the schema is not an object');
  }
  if (root.anyOf !== undefined || root.oneOf !== undefined) {
    throw new NotStrictable(
      `the root combines schemas with ${root.anyOf !== undefined ? 'anyOf' : 'oneOf'}, and strict mode accepts no union at the root`,
    );
  }
  return convertRoot(original, root, definitions, profile, defaults, true);
}

const noDefinitions: ReadonlyMap<string, SchemaObject> = new Map();

const acceptsNothingReason = 'the schema admits no arguments, so every call is refused';

/** Whether a root can be sent strict: an object, and no union (strict mode takes none there). */
function isStrictRoot(root: SchemaObject): boolean {
  return (
    isObjectSchema(root) &&
    !Array.isArray(root) &&
    root.anyOf === undefined &&
    root.oneOf === undefined
  );
}

/** Met by a conversion that was not given inlined references: the schema is converted again. */
class FoundReference extends Error {}

/**
 * The conversion of a root whose references are inlined (`inlined`), or of one expected to hold
 * none, where the first reference met throws {@link FoundReference}.
 */
function convertRoot(
  original: object,
  root: SchemaObject,
  definitions: ReadonlyMap<string, SchemaObject>,
  profile: StrictProfile,
  defaults: Readonly<Record<string, unknown>>,
  inlined: boolean,
): StrictSchemaResult {
  const conversion = newConversion(profile, defaults, root, definitions, inlined);
  const { plans, notes } = conversion;
  let strict = mapSubschemas(root, visitNode, {
    maxDepth: 64,
    context: conversion,
  }) as SchemaObject;
  const strictDefinitions: Record<string, unknown> = {};
  for (const [name, body] of definitions) {
    const converted = mapSubschemas(body, visitDefinition, {
      maxDepth: 64,
      context: { conversion, prefix: ['$defs', name] },
    });
    defineOwn(strictDefinitions, name, converted);
    const holder = conversion.referencePlans.get(`#/$defs/${name}`);
    if (holder !== undefined && typeof converted === 'object' && converted !== null) {
      holder.plan = plans.get(converted) ?? emptyDecodePlan;
    }
  }
  const rootHolder = conversion.referencePlans.get('#');
  if (rootHolder !== undefined) rootHolder.plan = plans.get(strict) ?? emptyDecodePlan;
  if (conversion.usesJsonDefinition) {
    defineOwn(strictDefinitions, conversion.jsonName, jsonValueSchema(conversion.jsonRef));
  }
  const plan = plans.get(strict) ?? emptyDecodePlan;
  if (Object.keys(strictDefinitions).length > 0) strict = { ...strict, $defs: strictDefinitions };

  const violation = strictLimitViolation(strict, profile);
  if (violation !== undefined) return notStrict(original, notes, violation);
  for (const path of Object.keys(defaults)) {
    if (!conversion.usedDefaults.has(path)) {
      notes.push({
        pointer: '',
        message: `the default for "${path}" matches no optional argument`,
      });
    }
  }
  return { strict: true, schema: strict, plan, notes };
}

/**
 * One conversion's state, made by one object literal so that every conversion's state has the
 * same layout and the code compiled for one serves the next; the conversion's steps are
 * module-level functions that take it. Closures made per conversion, or a class whose instances
 * gain their fields one by one, can leave the next conversion to be compiled again.
 */
type Conversion = {
  readonly profile: StrictProfile;
  readonly defaults: Readonly<Record<string, unknown>>;
  readonly root: SchemaObject;
  readonly definitions: ReadonlyMap<string, SchemaObject>;
  readonly notes: StrictSchemaNote[];
  readonly plans: WeakMap<object, DecodePlan>;
  readonly usedDefaults: Set<string>;
  /** Plans of the definitions kept for recursion, filled once each is converted. */
  readonly referencePlans: Map<string, { plan: DecodePlan }>;
  usesJsonDefinition: boolean;
  readonly keywords: ReadonlySet<string>;
  readonly convertedKeywords: ReadonlySet<string>;
  readonly untypedForm: 'kinds' | 'text';
  readonly jsonName: string;
  readonly jsonRef: string;
  /** Whether references were inlined before the walk; if not, the walk stops at the first one. */
  readonly inlined: boolean;
  /** Reads a reference of the converted schema, for {@link admitsNull}. */
  resolve: (ref: string) => unknown;
};

function newConversion(
  profile: StrictProfile,
  defaults: Readonly<Record<string, unknown>>,
  root: SchemaObject,
  definitions: ReadonlyMap<string, SchemaObject>,
  inlined: boolean,
): Conversion {
  const { keywords, convertedKeywords } = keywordSetsOf(profile);
  const jsonName = uniqueName('JsonValue', new Set(definitions.keys()));
  const conversion: Conversion = {
    profile,
    defaults,
    root,
    definitions,
    notes: [],
    plans: new WeakMap(),
    usedDefaults: new Set(),
    referencePlans: new Map(),
    usesJsonDefinition: false,
    keywords,
    convertedKeywords,
    untypedForm: profile.untypedValues === 'json-kinds' && profile.recursion ? 'kinds' : 'text',
    jsonName,
    jsonRef: `#/$defs/${jsonName}`,
    inlined,
    resolve: noReference,
  };
  conversion.resolve = (ref) => resolveReference(conversion, ref);
  return conversion;
}

function noReference(): unknown {
  return undefined;
}

/** The source node (references inlined) at a location of the walk. */
function sourceAt(conversion: Conversion, location: SchemaLocation): unknown {
  let node: unknown = conversion.root;
  let start = 0;
  if (location[0] === '$defs') {
    node = conversion.definitions.get(String(location[1]));
    start = 2;
  }
  for (let index = start; index < location.length; index++) {
    if (typeof node !== 'object' || node === null) return undefined;
    const segment = location[index] as string | number;
    node = Object.hasOwn(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return node;
}

function resolveReference(conversion: Conversion, ref: string): unknown {
  if (ref === conversion.jsonRef) return true;
  if (ref === '#') return conversion.root;
  return ref.startsWith('#/$defs/')
    ? conversion.definitions.get(ref.slice('#/$defs/'.length))
    : undefined;
}

function admitsNullHere(conversion: Conversion, schema: unknown): boolean {
  return admitsNull(schema, conversion.resolve);
}

/** A node of a definition kept for recursion, at its location below `#/$defs/<name>`. */
function visitDefinition(
  node: SchemaObject,
  location: SchemaLocation,
  { conversion, prefix }: { conversion: Conversion; prefix: SchemaLocation },
): unknown {
  return visitNode(node, [...prefix, ...location], conversion);
}

/** The walk's visitor: one node, its subschemas converted already. */
function visitNode(node: SchemaObject, location: SchemaLocation, conversion: Conversion): unknown {
  const { plans, profile } = conversion;
  if (!conversion.inlined && typeof node.$ref === 'string') throw new FoundReference();
  // Below a keyword that is dropped (not, if, propertyNames…) nothing is sent, so nothing there
  // has to be strict: converting it could only refuse the schema for a part left out anyway.
  const objectDepth = sentObjectDepth(location, conversion.convertedKeywords);
  if (objectDepth < 0) return node;
  // Before anything is dropped: dropping these would change what the schema accepts.
  rejectOpenShapes(node, location);
  let next = mergeSingleAllOf(node, location);
  // The member was converted already (the walk is bottom-up): its plan holds for the merged node.
  const member = next === node ? undefined : (node.allOf as unknown[])[0];
  const memberPlan = typeof member === 'object' && member !== null ? plans.get(member) : undefined;
  if (typeof next.$ref === 'string') return keptReference(conversion, next, location, memberPlan);
  const unionKeyword = next.oneOf !== undefined ? 'oneOf' : 'anyOf';
  next = renameOneOf(next, location);
  // OpenAPI's `nullable: true` is not a strict keyword, but `null` is a value of its own there.
  const openApiNullable = next.nullable === true;
  next = withoutKeyword(next, 'nullable');
  next = dropUnsupported(next, location, conversion.keywords, profile, conversion.notes);
  // An object whose names its union's branches list is sent as that union (see unionOfObjects).
  const union = unionOfObjects(conversion, next, location, unionKeyword);
  next = union?.node ?? next;

  if (isObjectSchema(next)) {
    if (objectDepth + 1 > profile.maxObjectDepth) {
      throw new NotStrictable(
        `objects are nested more than ${profile.maxObjectDepth} levels deep (at "${toPointer(location)}")`,
      );
    }
    // A converted member has every property required already: doing it again would lose its
    // placeholders.
    if (!isObjectSchema(member as SchemaObject))
      next = requireEveryProperty(conversion, next, location);
  } else if (
    next.type === undefined &&
    next.anyOf === undefined &&
    next.enum === undefined &&
    !Object.hasOwn(next, 'const')
  ) {
    next = untypedValue(conversion, next, toPointer(location));
  }
  next = withItems(conversion, next, location);
  if (memberPlan !== undefined && !plans.has(next)) plans.set(next, memberPlan);
  recordPlan(conversion, next, location, unionKeyword);
  // The root stays an object: a root anyOf is refused everywhere.
  if (profile.nullable === 'any-of' && location.length > 0) next = splitTypeList(conversion, next);
  // Written in the profile's nullable form once the node itself is strict, so its parent keeps
  // `null` as a value instead of turning it into a placeholder.
  // The root stays an object here too: arguments are never null.
  const admitsNullValue = openApiNullable || union?.admitsNull === true;
  if (admitsNullValue && location.length > 0 && !admitsNullHere(conversion, next)) {
    next = nullable(conversion, next);
  }
  return next;
}

/**
 * An object below the root that names nothing itself beside a union of objects (`{ type:
 * "object", required: ["kind"], oneOf: [...] }`, as OpenAPI writes a discriminated union), as the
 * union alone: each branch is a strict object already, and keeps its own `required`. Read as an
 * object that names nothing, it would be sent as a map of any JSON value, its branches lost. The
 * node's `required` must name properties every branch lists; `null` among its types comes back as
 * the profile's nullable form (`admitsNull`). `undefined` for any other node.
 */
function unionOfObjects(
  conversion: Conversion,
  node: SchemaObject,
  location: SchemaLocation,
  unionKeyword: 'anyOf' | 'oneOf',
): { node: SchemaObject; admitsNull: boolean } | undefined {
  const { type, required, ...union } = node;
  const types: unknown[] = [type ?? 'object'].flat();
  const names: unknown[] = Array.isArray(required) ? required : [];
  // Only a union of objects: a branch of another kind would be widened by leaving out the type.
  const sources = sourceAt(conversion, [...location, unionKeyword]);
  if (
    location.length === 0 ||
    node.properties !== undefined ||
    node.additionalProperties !== undefined ||
    !isObjectSchema(node) ||
    !types.every((name) => name === 'object' || name === 'null') ||
    !Array.isArray(sources) ||
    sources.length !== (node.anyOf as unknown[] | undefined)?.length ||
    !sources.every(isObjectSchema)
  ) {
    return undefined;
  }
  (node.anyOf as SchemaObject[]).forEach(({ properties }, index) => {
    for (const name of names) {
      if (isRecord(properties) && typeof name === 'string' && !Object.hasOwn(properties, name)) {
        throw new NotStrictable(
          `"${toPointer(location)}" requires "${name}", not in its branch ${index + 1}`,
        );
      }
    }
  });
  return { node: union, admitsNull: types.includes('null') };
}

/** The node in the profile's nullable form, keeping its plan and (for its parent) its default. */
function nullable(conversion: Conversion, node: SchemaObject): SchemaObject {
  const plan = conversion.plans.get(node);
  const { default: defaultValue, ...rest } = node;
  const result = {
    ...(makeNullable(rest, conversion.profile) as SchemaObject),
    ...(Object.hasOwn(node, 'default') ? { default: defaultValue } : {}),
  };
  if (plan !== undefined) conversion.plans.set(result, plan);
  return result;
}

/** A reference kept for recursion; a description beside it moves onto an anyOf around it. */
function keptReference(
  conversion: Conversion,
  node: SchemaObject,
  location: SchemaLocation,
  memberPlan: DecodePlan | undefined,
): SchemaObject {
  const { profile } = conversion;
  const ref = node.$ref as string;
  if (!profile.recursion) {
    // A profile without recursion keeps the tool strict with the recursive part as JSON text;
    // the check judges the parsed value against the source, to any depth.
    const { $ref: _ref, ...annotations } = node;
    return untypedValue(
      conversion,
      annotations,
      toPointer(location),
      `the schema refers to itself here, which ${profile.name} strict mode does not accept: this part is sent as JSON text`,
    );
  }
  let holder = conversion.referencePlans.get(ref);
  if (holder === undefined) {
    holder = { plan: emptyDecodePlan };
    conversion.referencePlans.set(ref, holder);
  }
  const plan = memberPlan ?? { reference: holder };
  const { $ref: _ref, ...siblings } = node;
  const names = Object.keys(siblings);
  if (names.some((name) => !annotationKeywords.has(name))) {
    throw new NotStrictable(
      `the reference at "${toPointer(location) || '/'}" has keywords beside it that strict mode cannot keep`,
    );
  }
  const kept = pick(siblings, ['description', 'title', 'default']);
  const result =
    Object.keys(kept).length === 0 ? { $ref: ref } : { ...kept, anyOf: [{ $ref: ref }] };
  conversion.plans.set(result, plan);
  return result;
}

/** A value of no declared type, in the widest form the profile takes (see `untypedValues`). */
function untypedValue(
  conversion: Conversion,
  node: SchemaObject | undefined,
  pointer: string,
  why: string | undefined = undefined,
): SchemaObject {
  const description = typeof node?.description === 'string' ? node.description : undefined;
  const kept = node === undefined ? {} : pick(node, ['title', 'default']);
  let result: SchemaObject;
  if (conversion.untypedForm === 'kinds') {
    conversion.usesJsonDefinition = true;
    result =
      description === undefined && Object.keys(kept).length === 0
        ? { $ref: conversion.jsonRef }
        : {
            ...(description === undefined ? {} : { description }),
            ...kept,
            anyOf: [{ $ref: conversion.jsonRef }],
          };
    conversion.plans.set(result, jsonKindsPlan);
  } else {
    const hint = 'Any JSON value, written as JSON text.';
    result = {
      type: 'string',
      description: description === undefined ? hint : `${description} ${hint}`,
      ...kept,
    };
    conversion.plans.set(result, jsonTextPlan);
  }
  conversion.notes.push({
    pointer,
    message:
      why ??
      (conversion.untypedForm === 'kinds'
        ? 'the value has no type: it is sent as any JSON value, with objects as lists of { key, value } entries, decoded back'
        : 'the value has no type: it is sent as JSON text, parsed back when decoded'),
  });
  return result;
}

/** A list needs an items schema in strict mode: one that says nothing gets the untyped form. */
function withItems(
  conversion: Conversion,
  node: SchemaObject,
  location: SchemaLocation,
): SchemaObject {
  const type = node.type;
  if (type !== 'array' && !(Array.isArray(type) && type.includes('array'))) return node;
  if (node.items !== undefined && node.items !== true) return node;
  const items = untypedValue(conversion, undefined, `${toPointer(location)}/items`);
  const result = { ...node, items };
  const plan = conversion.plans.get(node);
  conversion.plans.set(
    result,
    plan === undefined
      ? { items: jsonPlanOf(conversion, items) }
      : { ...plan, items: jsonPlanOf(conversion, items) },
  );
  return result;
}

function jsonPlanOf(conversion: Conversion, node: SchemaObject): DecodePlan {
  return conversion.plans.get(node) ?? emptyDecodePlan;
}

/**
 * `type: [A, B]` as `anyOf: [{ type: A, … }, { type: B, … }]`, for providers that refuse a list of
 * types (Cerebras), even where the source wrote it (zod writes `.nullable()` that way).
 */
function splitTypeList(conversion: Conversion, node: SchemaObject): SchemaObject {
  // A property's `default` stays beside the anyOf, where its parent reads (and drops) it.
  const { type, description, title, default: defaultValue, ...rest } = node;
  if (!Array.isArray(type)) return node;
  // `null` in the list with an enum that leaves it out admits no null: no branch for it.
  const names = admitsNull(node) ? type : type.filter((name) => name !== 'null');
  const branches = names.map((name: unknown) =>
    name === 'null' ? { type: 'null' } : ({ ...rest, type: name } as SchemaObject),
  );
  const result = {
    ...(description !== undefined ? { description } : {}),
    ...(title !== undefined ? { title } : {}),
    ...(Object.hasOwn(node, 'default') ? { default: defaultValue } : {}),
    anyOf: branches,
  };
  // One plan serves every branch: a value's kind says which part of it applies.
  const plan = conversion.plans.get(node);
  if (plan !== undefined) conversion.plans.set(result, plan);
  return result;
}

/** Everything required; optional properties become nullable placeholders; other names, entries. */
function requireEveryProperty(
  conversion: Conversion,
  node: SchemaObject,
  location: SchemaLocation,
): SchemaObject {
  const { plans, profile, defaults, notes, usedDefaults } = conversion;
  // An object that names nothing accepts any names (`{ type: "object" }` for "any object"), but
  // the root stays closed: there it is a tool without arguments.
  const namesNothing =
    node.properties === undefined && node.additionalProperties === undefined && location.length > 0;
  const additional = namesNothing ? true : node.additionalProperties;
  const open = additional !== undefined && additional !== false;
  const properties = (isRecord(node.properties) ? node.properties : {}) as Record<string, unknown>;
  const required = new Set<string>();
  if (Array.isArray(node.required)) {
    for (const name of node.required) if (typeof name === 'string') required.add(name);
  }
  if (!open) {
    for (const name of required) {
      if (!Object.hasOwn(properties, name)) {
        // Closed, the object could never hold it: every call would be refused as incomplete.
        throw new NotStrictable(
          `the object at "${toPointer(location) || '/'}" requires "${name}", which is not among its properties`,
        );
      }
    }
  }
  // Argument paths are read only against defaults and in notes: written only where one is.
  const readsDefaults = defaults !== noDefaults;
  let basePath: string | undefined;
  const strictProperties: Record<string, unknown> = {};
  let placeholders: Map<string, Placeholder> | undefined;
  let nested: Map<string, DecodePlan> | undefined;
  for (const name of Object.keys(properties)) {
    let property = properties[name];
    if (property === true) {
      property = untypedValue(conversion, undefined, propertyPointer(location, name));
    }
    if (typeof property !== 'object' || property === null) {
      // `false` (never) cannot be required.
      throw new NotStrictable(
        `the property at "${propertyPointer(location, name)}" is the schema ${String(property)}, which strict mode cannot express`,
      );
    }
    const childPlan = plans.get(property);
    if (childPlan !== undefined && !isEmptyPlan(childPlan)) {
      nested ??= new Map();
      nested.set(name, childPlan);
    }
    const schemaDefault = readDefault(property);
    property = withoutDefault(property);
    let path = '';
    if (readsDefaults || schemaDefault !== undefined) {
      basePath ??= argumentPathOf(location);
      path = basePath === '' ? name : `${basePath}.${name}`;
    }
    const isRequired = required.has(name);
    if (!isRequired && profile.optionalStaysOptional === true) {
      // The provider lets the model leave it out: nothing to decode.
    } else if (!isRequired && !admitsNullHere(conversion, property)) {
      placeholders ??= new Map();
      placeholders.set(name, placeholderFor(conversion, path, schemaDefault, location, name));
      property = makeNullable(property, profile);
    } else if (Object.hasOwn(defaults, path)) {
      notes.push({
        pointer: propertyPointer(location, name),
        message: isRequired
          ? `the default for "${path}" is not used: the argument is required`
          : `the default for "${path}" is not used: null is a value of its own there`,
      });
      usedDefaults.add(path);
    } else if (schemaDefault !== undefined) {
      notes.push({
        pointer: `${propertyPointer(location, name)}/default`,
        message: isRequired
          ? `the schema's default for "${path}" is left out of the schema sent: the argument is required`
          : schemaDefault.value === null
            ? `the schema's default for "${path}" is left out of the schema sent; null is a value of its own there`
            : `the schema's default for "${path}" is not applied: the argument admits null, so the model now sends null or a value for it`,
      });
    }
    defineOwn(strictProperties, name, property);
  }
  let otherEntries: DecodePlan['otherEntries'];
  if (open) {
    const value =
      additional === true
        ? untypedValue(conversion, undefined, `${toPointer(location)}/additionalProperties`)
        : additional;
    const valuePlan = plans.get(value as object) ?? emptyDecodePlan;
    const list = entryListSchema(value, sourceAt(conversion, location));
    if (Object.keys(properties).length === 0 && location.length > 0) {
      return mapAsEntries(conversion, node, list, valuePlan, toPointer(location));
    }
    const name = uniqueName('entries', new Set(Object.keys(properties)));
    defineOwn(strictProperties, name, {
      ...list,
      description: 'The names not listed above, each as a { key, value } entry.',
    });
    otherEntries = { name, value: valuePlan, names: Object.keys(properties) };
    notes.push({
      pointer: `${toPointer(location)}/additionalProperties`,
      message: `the object accepts names it does not list: they are sent as { key, value } entries in "${name}" and decoded back into the object`,
    });
  }
  const names = Object.keys(strictProperties);
  const strictNode: SchemaObject = {
    ...node,
    // Arguments are always an object; strict providers want exactly that type at the root.
    type: location.length === 0 ? 'object' : (node.type ?? 'object'),
    properties: strictProperties,
    required: profile.optionalStaysOptional ? names.filter((name) => required.has(name)) : names,
    additionalProperties: false,
  };
  const plan = objectPlan(placeholders, nested, otherEntries);
  if (plan !== undefined) plans.set(strictNode, plan);
  return strictNode;
}

/**
 * An object's plan with only the parts it has, each combination written as one literal: a plan
 * given its parts one by one would take layouts that die with the plans, and code compiled for
 * them would have to be compiled again (see {@link Conversion}).
 */
function objectPlan(
  placeholders: DecodePlan['placeholders'],
  properties: DecodePlan['properties'],
  otherEntries: DecodePlan['otherEntries'],
): DecodePlan | undefined {
  if (otherEntries === undefined) {
    if (placeholders === undefined) return properties === undefined ? undefined : { properties };
    return properties === undefined ? { placeholders } : { placeholders, properties };
  }
  if (placeholders === undefined) {
    return properties === undefined ? { otherEntries } : { properties, otherEntries };
  }
  return properties === undefined
    ? { placeholders, otherEntries }
    : { placeholders, properties, otherEntries };
}

/** The pointer of a named property of the object at a location, for a note or a reason. */
function propertyPointer(location: SchemaLocation, name: string): string {
  return `${toPointer(location)}/properties/${escapePointerSegment(name)}`;
}

/** A map with no named properties (`z.record`), sent as the list of its entries. */
function mapAsEntries(
  conversion: Conversion,
  node: SchemaObject,
  list: SchemaObject,
  valuePlan: DecodePlan,
  pointer: string,
): SchemaObject {
  const { plans, notes } = conversion;
  const hint = 'A map, as a list of { key, value } entries, one per key.';
  const description = typeof node.description === 'string' ? `${node.description} ${hint}` : hint;
  let result: SchemaObject = {
    ...(node.title !== undefined ? { title: node.title } : {}),
    ...(Object.hasOwn(node, 'default') ? { default: node.default } : {}),
    description,
    ...list,
  };
  const plan: DecodePlan = { entries: valuePlan };
  plans.set(result, plan);
  if (admitsNull(node)) result = nullable(conversion, result);
  notes.push({
    pointer,
    message: `the object is a map: it is sent as a list of { key, value } entries and decoded back into the object${Array.isArray(node.required) && node.required.length > 0 ? ' (the keys it requires are checked after decoding)' : ''}`,
  });
  return result;
}

function placeholderFor(
  conversion: Conversion,
  path: string,
  schemaDefault: { value: unknown } | undefined,
  location: SchemaLocation,
  name: string,
): Placeholder {
  const { defaults, notes, usedDefaults } = conversion;
  if (Object.hasOwn(defaults, path)) {
    usedDefaults.add(path);
    return { decodeTo: 'default', value: defaults[path] };
  }
  if (schemaDefault === undefined) return { decodeTo: 'omission' };
  const pointer = propertyPointer(location, name);
  if (schemaDefault.value === null) {
    // `limit: int = None` in pydantic: the default says "left out", not "null", which the
    // property does not accept.
    notes.push({
      pointer: `${pointer}/default`,
      message: `the schema's default for "${path}" is null, which the argument does not accept: its null decodes to leaving it out`,
    });
    return { decodeTo: 'omission' };
  }
  notes.push({
    pointer: `${pointer}/default`,
    message: `the schema's default for "${path}" is left out of the schema sent: a null there decodes to it`,
  });
  return { decodeTo: 'default', value: schemaDefault.value };
}

/** Lists and unions carry their children's plans up; a union keeps each branch's source. */
function recordPlan(
  conversion: Conversion,
  node: SchemaObject,
  location: SchemaLocation,
  unionKeyword: 'anyOf' | 'oneOf',
): void {
  const { plans } = conversion;
  if (plans.has(node)) return;
  const items = node.items;
  if (typeof items === 'object' && items !== null && !Array.isArray(items)) {
    const itemPlan = plans.get(items);
    if (itemPlan !== undefined) plans.set(node, { items: itemPlan });
    return;
  }
  const branches = node.anyOf;
  if (!Array.isArray(branches)) return;
  const branchPlans = branches.map((branch: unknown) =>
    typeof branch === 'object' && branch !== null
      ? (plans.get(branch) ?? emptyDecodePlan)
      : emptyDecodePlan,
  );
  if (branchPlans.every(isEmptyPlan)) return;
  const sources = sourceAt(conversion, [...location, unionKeyword]);
  plans.set(node, {
    variants: branches.map((branch: unknown, index) => ({
      schema:
        Array.isArray(sources) && sources.length === branches.length ? sources[index] : branch,
      strictSchema: branch,
      plan: branchPlans[index] ?? emptyDecodePlan,
    })),
  });
}

const jsonKindsPlan: DecodePlan = Object.freeze({ json: 'kinds' });
const jsonTextPlan: DecodePlan = Object.freeze({ json: 'text' });

function uniqueName(base: string, taken: ReadonlySet<string>): string {
  let name = base;
  for (let index = 2; taken.has(name); index++) name = `${base}_${index}`;
  return name;
}

function pick(node: SchemaObject, names: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const name of names) if (Object.hasOwn(node, name)) picked[name] = node[name];
  return picked;
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

/**
 * Shapes strict mode cannot express. Checked on the source node, since dropping `prefixItems` or
 * `patternProperties` as unsupported would silently accept more (or fewer) values than the tool.
 */
function rejectOpenShapes(node: SchemaObject, location: SchemaLocation): void {
  if (node.patternProperties !== undefined) {
    throw new NotStrictable(
      `the object at "${toPointer(location) || '/'}" accepts names by pattern`,
    );
  }
  if (Array.isArray(node.items) || node.prefixItems !== undefined) {
    throw new NotStrictable(
      `"${toPointer(location) || '/'}" is a tuple (a schema per position), which strict mode does not accept`,
    );
  }
  if (node.items === false) {
    throw new NotStrictable(
      `"${toPointer(location)}/items" is the schema false, which strict mode cannot express`,
    );
  }
}

function isObjectSchema(node: SchemaObject): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const type = node.type;
  if (type === 'object') return true;
  if (Array.isArray(type)) return type.includes('object');
  return type === undefined && (node.properties !== undefined || node.required !== undefined);
}

/** `allOf: [X]` (zod writes it around a described `$ref`) is X with the node's other keywords. */
function mergeSingleAllOf(node: SchemaObject, location: SchemaLocation): SchemaObject {
  if (node.allOf === undefined) return node;
  const { allOf, ...rest } = node;
  const member = Array.isArray(allOf) && allOf.length === 1 ? allOf[0] : undefined;
  if (typeof member !== 'object' || member === null)
    throw new NotStrictable(allOfReason(toPointer(location)));
  for (const keyword of Object.keys(rest)) {
    // Two `properties` (or two `required`) would both apply; one written over the other would not.
    if (
      !annotationKeywords.has(keyword) &&
      Object.hasOwn(member, keyword) &&
      !deepEqual((member as SchemaObject)[keyword], rest[keyword])
    ) {
      throw new NotStrictable(allOfReason(toPointer(location)));
    }
  }
  return { ...(member as SchemaObject), ...rest };
}

function allOfReason(pointer: string): string {
  return `"${pointer || '/'}" combines schemas with allOf, which strict mode does not accept`;
}

/** `oneOf` becomes `anyOf`: strict providers accept only the latter; the check still judges the original. */
function renameOneOf(node: SchemaObject, location: SchemaLocation): SchemaObject {
  if (node.oneOf === undefined) return node;
  if (node.anyOf !== undefined) {
    throw new NotStrictable(`"${toPointer(location) || '/'}" has both anyOf and oneOf`);
  }
  const { oneOf, ...rest } = node;
  return { ...rest, anyOf: oneOf };
}

function dropUnsupported(
  node: SchemaObject,
  location: SchemaLocation,
  keywords: ReadonlySet<string>,
  profile: StrictProfile,
  notes: StrictSchemaNote[],
): SchemaObject {
  let copy: Record<string, unknown> | undefined;
  let hints: string[] | undefined;
  for (const keyword of Object.keys(node)) {
    if (keyword === '$defs' || keyword === 'definitions') {
      // Every reference was inlined before the walk; what is left is unused.
      copy ??= { ...node };
      delete copy[keyword];
      continue;
    }
    // A property's `default` is read by its parent (into the plan) before it is dropped there.
    const keep =
      keywords.has(keyword) ||
      (keyword === 'default' && keywordsOf(location).at(-1) === 'properties');
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
    if (hint !== undefined) {
      hints ??= [];
      hints.push(hint);
    }
    notes.push({
      pointer: `${toPointer(location)}/${keyword}`,
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
