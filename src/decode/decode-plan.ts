/**
 * What a `null` at a placeholder decodes to: the argument left out, or a default value.
 */
export type Placeholder =
  | { readonly decodeTo: 'omission' }
  | { readonly decodeTo: 'default'; readonly value: unknown };

/**
 * Where strict conversion added `null` placeholders, mirroring the shape of the arguments: an
 * object level lists its placeholders by property name and the plans of nested values; a list
 * level holds the plan of its items. Built once per schema, immutable, and safe to share between
 * requests, since it depends only on the schema and the options.
 */
export type DecodePlan = {
  /** Properties that were optional and became nullable, with what their `null` decodes to. */
  readonly placeholders?: ReadonlyMap<string, Placeholder>;
  /** Plans for the values of named properties that hold placeholders further down. */
  readonly properties?: ReadonlyMap<string, DecodePlan>;
  /** The plan for every item of a list. */
  readonly items?: DecodePlan;
  /**
   * Plans for the branches of an `anyOf`: the first branch whose strict schema the value fits is
   * decoded with its plan.
   */
  readonly variants?: ReadonlyArray<{ readonly schema: unknown; readonly plan: DecodePlan }>;
};

/** A plan that decodes nothing. */
export const emptyDecodePlan: DecodePlan = Object.freeze({});

/** Whether decoding with this plan can change anything. */
export function isEmptyPlan(plan: DecodePlan): boolean {
  return (
    plan.placeholders === undefined &&
    plan.properties === undefined &&
    plan.items === undefined &&
    plan.variants === undefined
  );
}
