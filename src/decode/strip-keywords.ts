import { mapSubschemas, type SchemaLocation, type SchemaObject } from '../schema/map-subschemas.ts';
import { SchemaError } from '../schema/schema-error.ts';

/**
 * The schema without the given keywords at any level (Mistral's grammar compiler fails on
 * `$schema` and `$id`). Never mutates; returns the same object when nothing is removed, and the
 * schema as given when it cannot be walked (the provider then answers for it as before).
 *
 * @example
 * import { stripKeywords } from 'toolgate/decode';
 *
 * const sent = stripKeywords(
 *   { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' },
 *   { keywords: ['$schema', '$id'] },
 * );
 */
export function stripKeywords(
  schema: unknown,
  { keywords }: { /** The keywords to remove. */ keywords: readonly string[] },
): unknown {
  if (keywords.length === 0 || typeof schema !== 'object' || schema === null) return schema;
  try {
    return mapSubschemas(schema, withoutKeywords, { context: keywords });
  } catch (error) {
    if (SchemaError.isInstance(error)) return schema;
    throw error;
  }
}

/** The walk's visitor, made once at module level so that it stays compiled from walk to walk. */
function withoutKeywords(
  node: SchemaObject,
  _location: SchemaLocation,
  keywords: readonly string[],
): SchemaObject {
  if (!keywords.some((keyword) => Object.hasOwn(node, keyword))) return node;
  const copy: Record<string, unknown> = { ...node };
  for (const keyword of keywords) delete copy[keyword];
  return copy;
}
