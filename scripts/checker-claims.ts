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
    'draft2020-12/enum.json',
    'draft2020-12/required.json',
    'draft2020-12/type.json',
    'draft7/boolean_schema.json',
    'draft7/const.json',
    'draft7/enum.json',
    'draft7/required.json',
    'draft7/type.json',
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
