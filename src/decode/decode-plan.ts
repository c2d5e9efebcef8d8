/**
 * What a `null` at a placeholder decodes to: the argument left out, or a default value.
 */
export type Placeholder =
  | { readonly decodeTo: 'omission' }
  | { readonly decodeTo: 'default'; readonly value: unknown };

/**
 * How strict conversion changed the shape of the arguments, mirroring that shape: an object level
 * lists its placeholders by property name and the plans of nested values; a list level holds the
 * plan of its items; a map sent as entries, a value sent as JSON text or as a JSON kind, and a
 * recursive reference each say how to turn what the model sent back into what the tool expects.
 * Built once per schema, immutable, and safe to share between requests, since it depends only on
 * the schema and the options. A recursive schema gives a plan that contains itself.
 */
export type DecodePlan = {
  /** Properties that were optional and became nullable, with what their `null` decodes to. */
  readonly placeholders?: ReadonlyMap<string, Placeholder>;
  /** Plans for the values of named properties that hold placeholders further down. */
  readonly properties?: ReadonlyMap<string, DecodePlan>;
  /** The plan for every item of a list. */
  readonly items?: DecodePlan;
  /**
   * Plans for the branches of an `anyOf`, in order: a value is decoded with the first branch it
   * fits as sent and, decoded, fits as the source has it (see `fitArguments`).
   */
  readonly variants?: ReadonlyArray<DecodeVariant>;
  /**
   * The value is a map sent as a list of `{ key, value }` entries: decoded into an object, each
   * value with the `value` plan. A key listed twice is a problem, never an overwrite.
   */
  readonly entries?: DecodePlan;
  /**
   * The object's other names (`additionalProperties`) were sent in the extra property `name` as a
   * list of `{ key, value }` entries: they are moved back into the object.
   */
  readonly otherEntries?: {
    readonly name: string;
    readonly value: DecodePlan;
    /** The object's named properties: an entry may not name one of them. */
    readonly names: readonly string[];
  };
  /**
   * A value of no declared type: `'text'` was sent as JSON text and is parsed back; `'kinds'` was
   * sent as one of the JSON kinds, with every object inside as `{ entries: [{ key, value }] }`.
   */
  readonly json?: 'text' | 'kinds';
  /** A recursive reference: the plan of the definition it names (filled once that is converted). */
  readonly reference?: { readonly plan: DecodePlan };
};

/** One branch of a union, for choosing the branch a value was meant for. */
export type DecodeVariant = {
  /** The branch as the source schema has it (references inlined), which decoded values must fit. */
  readonly schema: unknown;
  /** The branch as sent, which what the model sent must fit (placeholders left out aside). */
  readonly strictSchema: unknown;
  readonly plan: DecodePlan;
};

/** A plan that decodes nothing. */
export const emptyDecodePlan: DecodePlan = Object.freeze({});

/** Whether decoding with this plan can change anything. */
export function isEmptyPlan(plan: DecodePlan): boolean {
  return (
    plan.placeholders === undefined &&
    plan.properties === undefined &&
    plan.items === undefined &&
    plan.variants === undefined &&
    plan.entries === undefined &&
    plan.otherEntries === undefined &&
    plan.json === undefined &&
    plan.reference === undefined
  );
}
