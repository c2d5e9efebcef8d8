/**
 * Whether a schema object's own keywords let `null` through: the one definition of "may this be
 * null" that the checker (through the prepared node) and the strict conversion both read.
 *
 * The types must admit it (`null` listed, no type declared, or OpenAPI's `nullable: true`) and so
 * must `enum` and `const` when present, as OpenAPI 3.0.3 reads `nullable` beside an `enum`.
 * Subschemas (`anyOf`, `properties`, …) are not looked at: that is the caller's part.
 */
export function keywordsAdmitNull(schema: Readonly<Record<string, unknown>>): boolean {
  const { type } = schema;
  const typesAdmit =
    type === undefined ||
    type === 'null' ||
    (Array.isArray(type) && type.includes('null')) ||
    schema.nullable === true;
  if (!typesAdmit) return false;
  if (Object.hasOwn(schema, 'const') && schema.const !== null) return false;
  return !Array.isArray(schema.enum) || schema.enum.includes(null);
}
