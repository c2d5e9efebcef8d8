import type { SchemaObject } from '../schema/map-subschemas.ts';

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
