/**
 * What a `null` at a placeholder decodes to: the argument left out, or a default value.
 */
export type Placeholder =
  | { readonly decodeTo: 'omission' }
  | { readonly decodeTo: 'default'; readonly value: unknown };

/**
 * How to turn what the model sends back into the tool's arguments, mirroring their shape: one
 * variant per way a part of the schema was sent, told apart by `kind`. Immutable, and safe to
 * share between requests (a `PreparedStore` keeps one per content), since it depends only on the
 * schema and the options. A recursive schema gives a plan that contains itself (through `reference`).
 *
 * - `none`: sent as it is, nothing to decode;
 * - `object`: the optional properties whose `null` is a placeholder (`placeholders`, with what it
 *   decodes to), the plans of named properties that need decoding further down, and, when the
 *   object's other names were sent as entries in an extra property, `otherEntries`;
 * - `list`: the plan of every item;
 * - `object-or-list`: a value that may be either (`type: ["object", "array"]`), each with its plan;
 * - `union`: the branches of an `anyOf` (or `oneOf`), in order: a value is decoded with the first
 *   branch it fits as sent and, decoded, fits as the source has it (see `fitArguments`);
 * - `map`: a map sent as a list of `{ key, value }` entries, each value with the `values` plan; a
 *   key listed twice is a problem, never an overwrite;
 * - `json-text`: a value sent as JSON text, parsed back, then decoded with `parsed` (a part that
 *   refers to itself keeps its placeholders there);
 * - `json-kinds`: a value of no declared type sent as one of the JSON kinds, every object inside as
 *   `{ entries: [{ key, value }] }`;
 * - `reference`: a part that refers to itself, decoded with the plan of the definition it names.
 */
export type DecodePlan =
  | { readonly kind: 'none' }
  | ObjectDecodePlan
  | ListDecodePlan
  | {
      readonly kind: 'object-or-list';
      readonly object: ObjectDecodePlan;
      readonly list: ListDecodePlan;
    }
  | { readonly kind: 'union'; readonly variants: ReadonlyArray<DecodeVariant> }
  | { readonly kind: 'map'; readonly values: DecodePlan }
  | { readonly kind: 'json-text'; readonly parsed: DecodePlan }
  | { readonly kind: 'json-kinds' }
  | {
      readonly kind: 'reference';
      /** The definition's plan, filled once the definition is converted. */
      readonly target: { readonly plan: DecodePlan };
    };

/** The plan of an object (see {@link DecodePlan}). */
export type ObjectDecodePlan = {
  readonly kind: 'object';
  /**
   * Optional properties whose `null` stands for leaving them out (made nullable for strict mode,
   * or of a schema sent as it is that does not admit null), with what it decodes to.
   */
  readonly placeholders: ReadonlyMap<string, Placeholder>;
  /** Plans for the values of named properties that need decoding further down. */
  readonly properties: ReadonlyMap<string, DecodePlan>;
  /**
   * The object's other names (`additionalProperties`) were sent in the extra property `name` as a
   * list of `{ key, value }` entries: they are moved back into the object.
   */
  readonly otherEntries:
    | {
        readonly name: string;
        readonly values: DecodePlan;
        /** The object's named properties: an entry may not name one of them. */
        readonly names: readonly string[];
      }
    | undefined;
};

/** The plan of a list (see {@link DecodePlan}). */
export type ListDecodePlan = { readonly kind: 'list'; readonly items: DecodePlan };

/** One branch of a union, for choosing the branch a value was meant for. */
export type DecodeVariant = {
  /** The branch as the source schema has it (references inlined), which decoded values must fit. */
  readonly schema: unknown;
  /**
   * The branch as sent, which what the model sent must fit (placeholders left out aside);
   * `undefined` where the schema is sent as it is, so only a decoded value that fits `schema`
   * chooses the branch.
   */
  readonly strictSchema: unknown;
  readonly plan: DecodePlan;
};

/** A plan that decodes nothing. */
export const emptyDecodePlan: DecodePlan = Object.freeze({ kind: 'none' });

/** The plan of a value sent as one of the JSON kinds, every object inside as `{ entries }`. */
export const jsonKindsPlan: DecodePlan = Object.freeze({ kind: 'json-kinds' });

/** An object's plan, or {@link emptyDecodePlan} when it has nothing to decode. */
export function objectPlan(
  placeholders: ReadonlyMap<string, Placeholder>,
  properties: ReadonlyMap<string, DecodePlan>,
  otherEntries?: ObjectDecodePlan['otherEntries'],
): DecodePlan {
  return placeholders.size === 0 && properties.size === 0 && otherEntries === undefined
    ? emptyDecodePlan
    : { kind: 'object', placeholders, properties, otherEntries };
}
