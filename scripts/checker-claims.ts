/**
 * What the checker claims to judge, which `npm run conformance` holds it to. Judging a new keyword
 * means adding it here: its suite files, each of which must keep exact-mode recall (invalid
 * instances refused) at or above `minimumRecall`, counted over the instances that
 * `recall-exclusion.ts` does not leave out (the run names the files that reach it unlisted); and
 * the keyword itself to `fuzzKeywords`.
 */
export const checkerClaims: {
  /** Files of the JSON-Schema-Test-Suite, relative to its `tests/` folder. */
  readonly keywordFiles: readonly string[];
  /** `format` names the checker asserts; a case using any other is left out of recall. */
  readonly formats: readonly string[];
  /**
   * Keywords of the differential fuzz against ajv (`test/support/checker-differential.ts`) whose
   * schemas, alone, must leave exact mode no value ajv refuses.
   */
  readonly fuzzKeywords: readonly string[];
  /** The share of counted invalid instances each claimed file must refuse in exact mode. */
  readonly minimumRecall: number;
} = {
  keywordFiles: [
    'draft2020-12/boolean_schema.json',
    'draft2020-12/const.json',
    'draft2020-12/contains.json',
    'draft2020-12/default.json',
    'draft2020-12/dependentRequired.json',
    'draft2020-12/enum.json',
    'draft2020-12/exclusiveMaximum.json',
    'draft2020-12/exclusiveMinimum.json',
    'draft2020-12/maxContains.json',
    'draft2020-12/maxItems.json',
    'draft2020-12/maxLength.json',
    'draft2020-12/maxProperties.json',
    'draft2020-12/maximum.json',
    'draft2020-12/minContains.json',
    'draft2020-12/minItems.json',
    'draft2020-12/minLength.json',
    'draft2020-12/minProperties.json',
    'draft2020-12/minimum.json',
    'draft2020-12/optional/bignum.json',
    'draft2020-12/optional/no-schema.json',
    'draft2020-12/optional/non-bmp-regex.json',
    'draft2020-12/patternProperties.json',
    'draft2020-12/prefixItems.json',
    'draft2020-12/properties.json',
    'draft2020-12/propertyNames.json',
    'draft2020-12/required.json',
    'draft2020-12/type.json',
    'draft2020-12/uniqueItems.json',
    'draft7/boolean_schema.json',
    'draft7/const.json',
    'draft7/contains.json',
    'draft7/default.json',
    'draft7/enum.json',
    'draft7/exclusiveMaximum.json',
    'draft7/exclusiveMinimum.json',
    'draft7/maxItems.json',
    'draft7/maxLength.json',
    'draft7/maxProperties.json',
    'draft7/maximum.json',
    'draft7/minItems.json',
    'draft7/minLength.json',
    'draft7/minProperties.json',
    'draft7/minimum.json',
    'draft7/optional/bignum.json',
    'draft7/optional/non-bmp-regex.json',
    'draft7/pattern.json',
    'draft7/patternProperties.json',
    'draft7/properties.json',
    'draft7/propertyNames.json',
    'draft7/required.json',
    'draft7/type.json',
    'draft7/uniqueItems.json',
  ],
  formats: [],
  fuzzKeywords: [
    'type',
    'enum',
    'const',
    'required',
    'properties',
    'additionalProperties',
    'items',
  ],
  minimumRecall: 0.99,
};
