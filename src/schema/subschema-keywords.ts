/**
 * Where subschemas can live in a JSON Schema (draft 7 and 2020-12), written down once.
 *
 * Every part of toolgate that descends into a schema reads this table, so a keyword added here is
 * seen by the checker, the strict conversion and the reference resolver alike.
 */

/** Keywords whose value is a single subschema. */
const singleSubschemaKeywords = [
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
const subschemaListKeywords = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;

/** Keywords whose value maps names to subschemas (`dependencies` too, where a value is a schema). */
export const subschemaMapKeywords = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
] as const;

/** Every keyword that holds subschemas, each once, in the order above. */
export const subschemaKeywords: readonly string[] = [
  ...new Set<string>([
    ...singleSubschemaKeywords,
    ...subschemaListKeywords,
    ...subschemaMapKeywords,
  ]),
];

export const subschemaMapKeywordSet: ReadonlySet<string> = new Set(subschemaMapKeywords);

/**
 * The keywords of draft 7 and 2020-12 (and 2019-09) that can refuse a value: those above that hold
 * subschemas, but for definitions and `then`/`else` (which count through `if`), and these. Any
 * other keyword asserts nothing (an annotation, or a name JSON Schema does not define).
 */
const validationKeywords = [
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
  'maxContains',
  'minContains',
  'maxItems',
  'minItems',
  'uniqueItems',
  'required',
  'maxProperties',
  'minProperties',
  'dependentRequired',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
] as const;

export const assertionKeywords: ReadonlySet<string> = new Set<string>(
  [...validationKeywords, ...subschemaKeywords].filter(
    (keyword) => !['$defs', 'definitions', 'then', 'else'].includes(keyword),
  ),
);

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
