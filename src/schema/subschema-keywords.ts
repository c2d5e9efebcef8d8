/**
 * Where subschemas can live in a JSON Schema (draft 7 and 2020-12), written down once.
 *
 * Every part of toolgate that descends into a schema reads this table, so a keyword added here is
 * seen by the checker, the strict conversion and the reference resolver alike.
 */

/** Keywords whose value is a single subschema. */
export const singleSubschemaKeywords = [
  'additionalProperties',
  'additionalItems',
  'items',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
] as const;

/** Keywords whose value is a list of subschemas (`items` too, in its draft 7 tuple form). */
export const subschemaListKeywords = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;

/** Keywords whose value maps names to subschemas (`dependencies` too, where a value is a schema). */
export const subschemaMapKeywords = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
] as const;

/**
 * Keywords that make a node's meaning depend on something the checker does not judge: a reference,
 * a combination of schemas, or a condition. A node holding one is skipped with everything below it.
 */
export const unjudgedCombinatorKeywords = [
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
] as const;

/** The type names JSON Schema defines. Any other name makes a node unjudgeable. */
export const jsonTypeNames = [
  'null',
  'boolean',
  'object',
  'array',
  'number',
  'integer',
  'string',
] as const;

export type JsonTypeName = (typeof jsonTypeNames)[number];
