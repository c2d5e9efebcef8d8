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
 * The keywords of draft 7 and 2020-12 (and 2019-09) that can refuse a value. Any other keyword
 * asserts nothing (an annotation, or a name JSON Schema does not define), so a node is judged in
 * full when the checker judges every one of these it holds. `then`/`else` count through `if`.
 */
export const assertionKeywords = [
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'contentEncoding',
  'contentMediaType',
  'contentSchema',
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  'maxContains',
  'minContains',
  'maxItems',
  'minItems',
  'uniqueItems',
  'unevaluatedItems',
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'propertyNames',
  'required',
  'maxProperties',
  'minProperties',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
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
