import { isRecord } from './is-record.ts';

/**
 * Whose rules a schema follows, as its root's `$schema` says: draft 7 (and 4 and 6) ignores the
 * keywords beside a `$ref`, 2020-12 (and 2019-09) applies them. `unknown` when it names neither.
 */
export type SchemaDraft = 'draft7' | '2020-12' | 'unknown';

export function draftOf(schema: unknown): SchemaDraft {
  const uri = schemaUriOf(schema);
  if (uri === undefined) return 'unknown';
  if (/\/draft-0[4-7]\/schema\b/.test(uri)) return 'draft7';
  return /\/draft\/(?:2019-09|2020-12)\/schema\b/.test(uri) ? '2020-12' : 'unknown';
}

/**
 * The keywords a later draft added that the schema's own draft reads as names asserting nothing:
 * draft 7 has no `prefixItems`, `dependentRequired`, `minContains` or `maxContains`; 2019-09 no
 * `prefixItems` (its `items` list is the tuple) or `$dynamicRef`.
 */
export function keywordsLaterThan(schema: unknown): readonly string[] {
  const uri = schemaUriOf(schema);
  if (uri === undefined) return [];
  if (/\/draft-0[4-7]\/schema\b/.test(uri)) {
    return ['prefixItems', 'dependentRequired', 'minContains', 'maxContains'];
  }
  return /\/draft\/2019-09\/schema\b/.test(uri) ? ['prefixItems', '$dynamicRef'] : [];
}

function schemaUriOf(schema: unknown): string | undefined {
  try {
    const uri = isRecord(schema) ? schema.$schema : undefined;
    return typeof uri === 'string' ? uri : undefined;
  } catch {
    return undefined;
  }
}
