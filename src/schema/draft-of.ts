import { isRecord } from './is-record.ts';

/**
 * Whose rules a schema follows, as its root's `$schema` says: draft 7 (and 4 and 6) ignores the
 * keywords beside a `$ref`, 2020-12 (and 2019-09) applies them. `unknown` when it names neither.
 */
export type SchemaDraft = 'draft7' | '2020-12' | 'unknown';

export function draftOf(schema: unknown): SchemaDraft {
  let uri: unknown;
  try {
    uri = isRecord(schema) ? schema.$schema : undefined;
  } catch {
    return 'unknown';
  }
  if (typeof uri !== 'string') return 'unknown';
  if (/\/draft-0[4-7]\/schema\b/.test(uri)) return 'draft7';
  return /\/draft\/(?:2019-09|2020-12)\/schema\b/.test(uri) ? '2020-12' : 'unknown';
}
