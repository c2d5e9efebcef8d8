import { prepareSchema } from '../schema/prepare-schema.ts';
import { createCheckState, type Leniency } from './check-state.ts';
import { checkValue } from './check-value.ts';
import { exactFitOf } from './fits-exactly.ts';
import type { Mismatch } from './mismatch.ts';

export type { Leniency } from './check-state.ts';

export type CheckArgumentsOptions = {
  /**
   * `'lenient'` (default) also passes values a tool commonly reads after a cast (`"5"` for an
   * integer, `"true"` for a boolean, an enum member in another letter case, `null` for an argument
   * that may be left out). `'exact'` passes only what JSON Schema passes.
   */
  leniency?: Leniency;
  /** How many mismatches are described; more are only counted. Default 10; `Infinity` for all. */
  maxMismatches?: number;
};

export type ArgumentsJudgement = {
  /** The first `maxMismatches` mismatches, in the order of the arguments. */
  readonly mismatches: readonly Mismatch[];
  /** How many mismatches there are in all. */
  readonly mismatchCount: number;
};

/**
 * Checks tool arguments against the JSON Schema the tool was offered with and returns every
 * mismatch (up to `maxMismatches`), each with a sentence a model can act on. An empty list means
 * the arguments fit.
 *
 * What the checker cannot judge (`$ref`, `oneOf`, `anyOf`, `allOf`, `not`, `if`, unknown types,
 * tuples, `patternProperties` beside `additionalProperties`) it passes. Never throws on any value
 * or schema; never mutates either.
 *
 * @example
 * checkArguments(
 *   { type: 'object', properties: { unit: { enum: ['celsius', 'fahrenheit'] } } },
 *   { unit: 'kelvin' },
 * ); // [{ code: 'enum', path: ['unit'], message: '"unit" must be one of "celsius" or "fahrenheit", not "kelvin".', … }]
 */
export function checkArguments(
  schema: unknown,
  args: unknown,
  options: CheckArgumentsOptions = {},
): Mismatch[] {
  const { mismatches } = judgeArguments(schema, args, options);
  return mismatches.length === 0 ? [] : [...mismatches];
}

/** The cap on described mismatches: the option, with `NaN` read as the default and below 0 as 0. */
export function mismatchCap({ maxMismatches = 10 }: CheckArgumentsOptions): number {
  return Number.isNaN(maxMismatches) ? 10 : Math.max(0, maxMismatches);
}

/** The judgement of arguments that fit; shared, since it is read-only. */
const fits: ArgumentsJudgement = Object.freeze({ mismatches: Object.freeze([]), mismatchCount: 0 });

/**
 * Like {@link checkArguments}, and also counts the mismatches past the cap, for answers that say
 * how many more there are.
 */
export function judgeArguments(
  schema: unknown,
  args: unknown,
  { leniency = 'lenient', maxMismatches = 10 }: CheckArgumentsOptions = {},
): ArgumentsJudgement {
  try {
    const { root } = prepareSchema(schema);
    if (exactFitOf(root)?.(args) === true) return fits;
    const state = createCheckState({ leniency, maxMismatches: mismatchCap({ maxMismatches }) });
    checkValue(root, args, state, 0);
    return { mismatches: state.mismatches, mismatchCount: state.mismatchCount };
  } catch {
    // Only a hostile object (a throwing getter or proxy) gets here: what cannot be read cannot be
    // judged, and the checker never refuses what it cannot judge.
    return fits;
  }
}
