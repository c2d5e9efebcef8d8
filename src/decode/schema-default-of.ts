import { fitArguments } from '../checker/check-arguments.ts';
import { isRecord } from '../schema/is-record.ts';

/**
 * A schema's `default`, as a stand-in for an argument left out: `absent`, `null` (which means left
 * out: `limit: int = None` in pydantic), `unfit` (it does not fit the schema exactly), or `fits`.
 */
export type SchemaDefault =
  | { readonly kind: 'absent' | 'null' | 'unfit' }
  | { readonly kind: 'fits'; readonly value: unknown };

/**
 * The `default` of `schema`, judged against the schema itself: only one that `fits` may stand in
 * for a left-out argument, since a default that does not fit would be handed on in the model's
 * name and refuse a call that leaving the argument out makes valid.
 */
export function schemaDefaultOf(schema: unknown): SchemaDefault {
  if (!isRecord(schema) || !Object.hasOwn(schema, 'default')) return { kind: 'absent' };
  const value = schema.default;
  if (value === null) return { kind: 'null' };
  return fitArguments(schema, value, { leniency: 'exact' }).fits
    ? { kind: 'fits', value }
    : { kind: 'unfit' };
}
