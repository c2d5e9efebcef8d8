import { contentKeyOf } from '../schema/content-key.ts';
import type { PreparedStore, StoreScope } from '../store/prepared-store.ts';
import type { StrictProfile } from './provider-profiles.ts';
import { noDefaults, type StrictSchemaResult, toStrictSchema } from './to-strict-schema.ts';

/**
 * What a store keeps strict conversions under for one profile and one set of defaults: their
 * contents, so a profile or defaults object edited in place is another scope. `undefined` when
 * either is not plain JSON data: such conversions are not kept.
 */
export function strictScopeOf(
  profile: StrictProfile,
  defaults: Readonly<Record<string, unknown>> = noDefaults,
): StoreScope<StrictSchemaResult> | undefined {
  const profileKey = contentKeyOf(profile);
  const defaultsKey = contentKeyOf(defaults);
  if (profileKey === undefined || defaultsKey === undefined) return undefined;
  // JSON text holds no raw line break, so the parts cannot run together.
  return `strict\n${profileKey}\n${defaultsKey}`;
}

/**
 * {@link toStrictSchema} kept in a store: converted once per content of the schema, the profile
 * and the defaults, then found by content (at once for a copy the store made). The result is
 * frozen and shared by every caller of the same contents; a `strict: false` result gives back the
 * caller's own schema, as {@link toStrictSchema} does. A schema, profile or defaults that are not
 * plain JSON data are converted on every call.
 */
export function storedStrictSchema(
  schema: unknown,
  {
    profile,
    defaults = noDefaults,
    store,
    scope = strictScopeOf(profile, defaults),
  }: {
    profile: StrictProfile;
    defaults?: Readonly<Record<string, unknown>>;
    store: PreparedStore;
    /** {@link strictScopeOf} the profile and defaults, when the caller has it already. */
    scope?: StoreScope<StrictSchemaResult> | undefined;
  },
): StrictSchemaResult {
  // Converted from the store's frozen copies alone, so nothing kept is an object a caller holds.
  const result =
    scope === undefined
      ? undefined
      : store.recall(schema, scope, (content) =>
          toStrictSchema(content, {
            profile: store.keep(profile) ?? profile,
            defaults: store.keep(defaults) ?? defaults,
          }),
        );
  if (result === undefined) return toStrictSchema(schema, { profile, defaults });
  return result.strict || result.schema === schema ? result : { ...result, schema };
}
