/**
 * Whether a tool's schema lets a call send no arguments at all: an object schema (or none) that
 * requires nothing. Then `"null"` as the arguments text, as Cohere sends for a tool without
 * parameters, means `{}`; for any other tool `null` stays a mismatch.
 */
export function acceptsNoArguments(schema: unknown): boolean {
  if (schema === undefined || schema === true) return true;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  const { type, required } = schema as { type?: unknown; required?: unknown };
  const objectType =
    type === undefined || type === 'object' || (Array.isArray(type) && type.includes('object'));
  return objectType && (!Array.isArray(required) || required.length === 0);
}
