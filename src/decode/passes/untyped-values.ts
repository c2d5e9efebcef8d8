import type { SchemaObject } from '../../schema/map-subschemas.ts';
import {
  type DecodePlan,
  emptyDecodePlan,
  jsonKindsPlan,
  type ListDecodePlan,
} from '../decode-plan.ts';
import { type Conversion, type Converted, pick } from './conversion.ts';

const jsonTextPlan: DecodePlan = Object.freeze({ kind: 'json-text', parsed: emptyDecodePlan });

/**
 * A value of no declared type, in the widest form the profile takes (see `untypedValues`): any
 * JSON kind, objects inside as `{ key, value }` entries (the JSON-kinds definition, then sent),
 * or JSON text, parsed back and decoded with `parsed`. `why` replaces the note's usual sentence.
 */
export function untypedValue(
  conversion: Conversion,
  node: SchemaObject | undefined,
  pointer: string,
  { why, parsed }: { why?: string; parsed?: DecodePlan } = {},
): Converted {
  const { profile, json, notes } = conversion;
  const description = typeof node?.description === 'string' ? node.description : undefined;
  const kept = node === undefined ? {} : pick(node, ['title', 'default']);
  const kinds = profile.untypedValues === 'json-kinds' && profile.recursion;
  notes.push({
    pointer,
    message:
      why ??
      (kinds
        ? 'the value has no type: it is sent as any JSON value, with objects as lists of { key, value } entries, decoded back'
        : 'the value has no type: it is sent as JSON text, parsed back when decoded'),
  });
  if (kinds) {
    json.used = true;
    const schema =
      description === undefined && Object.keys(kept).length === 0
        ? { $ref: json.ref }
        : {
            ...(description === undefined ? {} : { description }),
            ...kept,
            anyOf: [{ $ref: json.ref }],
          };
    return { schema, plan: jsonKindsPlan };
  }
  const hint = 'Any JSON value, written as JSON text.';
  return {
    schema: {
      type: 'string',
      description: description === undefined ? hint : `${description} ${hint}`,
      ...kept,
    },
    plan: parsed === undefined ? jsonTextPlan : { kind: 'json-text', parsed },
  };
}

/**
 * A list needs an items schema in strict mode: one that says nothing (absent, `true`) gets the
 * untyped form. `undefined` for a node that is no list or has its items.
 */
export function withUntypedItems(
  conversion: Conversion,
  node: SchemaObject,
  pointer: string,
): { schema: SchemaObject; plan: ListDecodePlan } | undefined {
  const type = node.type;
  if (type !== 'array' && !(Array.isArray(type) && type.includes('array'))) return undefined;
  if (node.items !== undefined && node.items !== true) return undefined;
  const items = untypedValue(conversion, undefined, `${pointer}/items`);
  return { schema: { ...node, items: items.schema }, plan: { kind: 'list', items: items.plan } };
}

/**
 * The strict form of a map: a list of `{ key, value }` entries, one per key. The key keeps what the
 * source's `propertyNames` says of it where strict mode can say it too (an enum of names, a
 * pattern without lookaround); the check judges the decoded object against the source anyway.
 */
export function entryListSchema(value: unknown, source: unknown): SchemaObject {
  const names =
    typeof source === 'object' && source !== null
      ? (source as SchemaObject).propertyNames
      : undefined;
  const key: Record<string, unknown> = { type: 'string' };
  if (typeof names === 'object' && names !== null) {
    const { enum: members, pattern } = names as SchemaObject;
    if (Array.isArray(members) && members.every((name) => typeof name === 'string')) {
      key.enum = members;
    }
    if (typeof pattern === 'string' && !/\(\?<?[=!]/.test(pattern)) key.pattern = pattern;
  }
  return {
    type: 'array',
    items: {
      type: 'object',
      properties: { key, value },
      required: ['key', 'value'],
      additionalProperties: false,
    },
  };
}

/**
 * Any JSON value in strict form, as a definition that refers to itself through `ref`: the scalars,
 * a list of values, and an object as `{ entries: [{ key, value }] }` (strict mode has no open
 * object, and a bare list of entries could not be told from a list).
 */
export function jsonValueSchema(ref: string): SchemaObject {
  return {
    anyOf: [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
      { type: 'array', items: { $ref: ref } },
      {
        type: 'object',
        properties: { entries: entryListSchema({ $ref: ref }, undefined) },
        required: ['entries'],
        additionalProperties: false,
      },
    ],
  };
}
