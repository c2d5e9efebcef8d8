import type { Judge } from './judge-run.ts';
import { refuse } from './refuse.ts';

/**
 * The judge of a count with bounds (`minItems`/`maxItems`, `minProperties`/`maxProperties`):
 * `undefined` when neither bound is set.
 */
export function countJudge({
  min,
  max,
  countOf,
  one,
  many,
}: {
  min: number | undefined;
  max: number | undefined;
  /** What is counted in a value of the keyword's kind. */
  countOf: (value: unknown) => number;
  /** The noun counted: `item`, `items`. */
  one: string;
  many: string;
}): Judge | undefined {
  if (min === undefined && max === undefined) return undefined;
  return (value, run) => {
    const count = countOf(value);
    const bound =
      min !== undefined && count < min
        ? `at least ${countWithNoun(min, one, many)}`
        : max !== undefined && count > max
          ? `at most ${countWithNoun(max, one, many)}`
          : undefined;
    if (bound === undefined) return value;
    return refuse(run, () => ({ code: 'size', expected: bound, received: String(count) }));
  };
}

/** `1 item`, `3 items`. */
export function countWithNoun(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
