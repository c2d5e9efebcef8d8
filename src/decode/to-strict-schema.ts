import { acceptsNothing } from '../schema/accepts-nothing.ts';
import { defineOwn } from '../schema/define-own.ts';
import { escapePointerSegment, type SchemaObject } from '../schema/map-subschemas.ts';
import { type DecodePlan, emptyDecodePlan } from './decode-plan.ts';
import { type Conversion, type StrictSchemaNote, uniqueName } from './passes/conversion.ts';
import { convertNode } from './passes/convert-node.ts';
import { inlineReferences } from './passes/inline-references.ts';
import { readSchema } from './passes/read-schema.ts';
import { isObjectSchema } from './passes/rewrite-keywords.ts';
import { strictLimitViolation } from './passes/strict-limits.ts';
import { jsonValueSchema } from './passes/untyped-values.ts';
import {
  openaiProfile,
  type ProfileName,
  resolveProfile,
  type StrictProfile,
} from './provider-profiles.ts';

export type { StrictSchemaNote } from './passes/conversion.ts';

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

/** The defaults of a conversion given none. */
export const noDefaults: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * Converts a tool's JSON Schema to the form a strict provider accepts: every property required,
 * `additionalProperties: false` on every object, local `$ref`s inlined (recursive ones kept under
 * `$defs` where the profile takes recursion), keywords the provider rejects dropped (and named in
 * `notes`). A property that was optional and did not admit `null` becomes nullable, and the plan
 * records what its `null` decodes to: the configured default, else the schema's `default` where it
 * fits, else omission. Maps are sent as lists of `{ key, value }` entries, values of no type in the
 * profile's untyped form (JSON kinds or JSON text), and the plan reverses each of these.
 *
 * A schema that cannot be made strict (tuples, names by pattern, a union or a non-object at the
 * root, a schema that admits no arguments at all, a result past the profile's limits) comes back
 * with `strict: false` and a reason; send that tool as it was. Pure: converts again on every call
 * (keep results by content to convert a schema once), never throws on a schema (one whose getters
 * or proxy traps throw cannot be read, which is its reason), never mutates.
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
  { profile = openaiProfile, defaults = noDefaults }: ToStrictSchemaOptions = {},
): StrictSchemaResult {
  const resolved = resolveProfile(profile);
  if (typeof schema !== 'object' || schema === null) {
    const reason = schema === false ? acceptsNothingReason : 'the schema is not an object';
    return { strict: false, schema, plan: emptyDecodePlan, notes: [], reason };
  }
  const read = readSchema(schema, defaults);
  const converted =
    'reason' in read
      ? { notes: [], reason: read.reason }
      : convert(read.schema as SchemaObject, resolved, read.defaults);
  return 'reason' in converted
    ? { strict: false, schema, plan: emptyDecodePlan, ...converted }
    : { strict: true, ...converted };
}

const acceptsNothingReason = 'the schema admits no arguments, so every call is refused';

/** The passes, in order: references inlined, every node made strict, the profile's limits kept. */
function convert(
  read: SchemaObject,
  profile: StrictProfile,
  defaults: Readonly<Record<string, unknown>>,
):
  | { schema: SchemaObject; plan: DecodePlan; notes: StrictSchemaNote[] }
  | { notes: StrictSchemaNote[]; reason: string } {
  // Strict mode could only send an object that admits something; every call is refused anyway.
  if (acceptsNothing(read)) return { notes: [], reason: acceptsNothingReason };
  // Without recursion at the provider, a recursive part is sent as JSON text (see
  // `keptReference`), so its definitions are not sent.
  const inlined = inlineReferences(read, { backReferencesOnly: !profile.recursion });
  if (inlined.kind === 'refused') return { notes: [], reason: inlined.reason };
  const { root, definitions } = inlined;
  if (!isObjectSchema(root) || Array.isArray(root)) {
    return { notes: [], reason: 'the root of the schema is not an object' };
  }
  const union = root.anyOf !== undefined ? 'anyOf' : root.oneOf !== undefined ? 'oneOf' : '';
  if (union !== '') {
    const reason = `the root combines schemas with ${union}, and strict mode accepts no union at the root`;
    return { notes: [], reason };
  }
  const stripped = new Set(profile.stripKeywords ?? []);
  const jsonName = uniqueName('JsonValue', new Set(definitions.keys()));
  const conversion: Conversion = {
    profile,
    keywords: new Set(profile.keywords.filter((keyword) => !stripped.has(keyword))),
    defaults,
    usedDefaults: new Set(),
    notes: [],
    read,
    root,
    definitions,
    json: { name: jsonName, ref: `#/$defs/${jsonName}`, used: false },
    references: new Map(),
  };
  const { notes, references } = conversion;
  const top = { path: '', depth: 0, objects: 0 } as const;
  const converted = convertNode(conversion, root, { ...top, pointer: '', role: 'root' });
  if ('reason' in converted) return { notes: [], reason: converted.reason };
  const strictDefinitions: Record<string, unknown> = {};
  for (const [name, body] of definitions) {
    const pointer = `/$defs/${escapePointerSegment(name)}`;
    const definition = convertNode(conversion, body, { ...top, pointer, role: 'other' });
    if ('reason' in definition) return { notes: [], reason: definition.reason };
    defineOwn(strictDefinitions, name, definition.schema);
    const target = references.get(`#/$defs/${name}`);
    if (target !== undefined) target.plan = definition.plan;
  }
  const rootTarget = references.get('#');
  if (rootTarget !== undefined) rootTarget.plan = converted.plan;
  if (conversion.json.used) {
    defineOwn(strictDefinitions, jsonName, jsonValueSchema(conversion.json.ref));
  }
  const strict =
    Object.keys(strictDefinitions).length > 0
      ? { ...converted.schema, $defs: strictDefinitions }
      : converted.schema;
  const violation = strictLimitViolation(strict, profile);
  if (violation !== undefined) return { notes, reason: violation };
  for (const path of Object.keys(defaults)) {
    if (!conversion.usedDefaults.has(path)) {
      notes.push({
        pointer: '',
        message: `the default for "${path}" matches no optional argument`,
      });
    }
  }
  return { schema: strict, plan: converted.plan, notes };
}
