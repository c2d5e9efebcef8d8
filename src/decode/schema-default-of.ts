import { judgeOf } from '../checker/judge-of.ts';
import { usableDefaultOf } from '../checker/usable-default.ts';
import { isRecord } from '../schema/is-record.ts';
import { prepareSchema } from '../schema/prepare-schema.ts';

/**
 * A schema's `default`, as a stand-in for an argument left out: `absent`, `null` (which means left
 * out: `limit: int = None` in pydantic), `unfit` (not JSON, or not fitting the schema exactly), or
 * `fits`.
 */
export type SchemaDefault =
  | { readonly kind: 'absent' | 'null' | 'unfit' }
  | { readonly kind: 'fits'; readonly value: unknown };

/**
 * The `default` of `schema`, judged by the rule lenient judging applies to it: only one that
 * `fits` may stand in for a left-out argument, since a default that does not would be handed on in
 * the model's name and refuse a call that leaving the argument out makes valid.
 */
export function schemaDefaultOf(schema: unknown): SchemaDefault {
  if (!isRecord(schema) || !Object.hasOwn(schema, 'default')) return { kind: 'absent' };
  if (schema.default === null) return { kind: 'null' };
  const { root } = prepareSchema(schema);
  const usable = usableDefaultOf(root, judgeOf(root, false));
  return usable === undefined ? { kind: 'unfit' } : { kind: 'fits', value: usable.value };
}
