/**
 * Keywords that say something about a schema without constraining values: a schema of these alone
 * (`{}`, `{ description }`) admits every value.
 */
export const annotationKeywords: ReadonlySet<string> = new Set([
  'description',
  'title',
  'default',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * Whether a schema admits every value: `true`, or an object of annotations alone (`{}`). Never
 * throws: a schema that cannot be read admits nothing known.
 */
export function acceptsEverything(schema: unknown): boolean {
  if (schema === true) return true;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  try {
    return Object.keys(schema).every((keyword) => annotationKeywords.has(keyword));
  } catch {
    return false;
  }
}

/**
 * Whether a schema admits no value at all: the boolean schema `false`, or a schema whose `not`
 * admits every value (`{ not: {} }`, as zod and valibot write `never()`). A tool with such a
 * schema accepts no call, so its calls are refused rather than judged. Never throws.
 */
export function acceptsNothing(schema: unknown): boolean {
  if (schema === false) return true;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return false;
  try {
    return Object.hasOwn(schema, 'not') && acceptsEverything((schema as { not: unknown }).not);
  } catch {
    return false;
  }
}
