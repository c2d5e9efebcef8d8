import { nearestName } from '../../checker/nearest-name.ts';
import { isPromiseLike } from '../../schema/is-promise-like.ts';

/** What one field of an option must be: the phrase a message names it with, and the test. */
export type FieldRule = {
  readonly expected: string;
  readonly fits: (value: unknown) => boolean;
  /** Whether leaving the field out (`undefined`) is a mistake; otherwise it takes its default. */
  readonly required?: boolean;
};

/** The first field that breaks its rule, with its value; `undefined` when every one keeps it. */
export function brokenField(
  fields: Readonly<Record<string, unknown>>,
  rules: Readonly<Record<string, FieldRule>>,
): { field: string; rule: FieldRule; value: unknown } | undefined {
  for (const [field, rule] of Object.entries(rules)) {
    const value = fields[field];
    if (value === undefined ? rule.required === true : !rule.fits(value)) {
      return { field, rule, value };
    }
  }
  return undefined;
}

/** The end of a sentence about a name: `; did you mean "unit"?` for the name likely meant, else `.`. */
export function didYouMean(sent: string, accepted: readonly string[]): string {
  const nearest = nearestName(sent, accepted);
  return nearest === undefined ? '.' : `; did you mean "${nearest}"?`;
}

/** `import * as tools from '../tools.ts'` gives a module namespace object, a set of tools too. */
const objectTags: readonly string[] = ['[object Object]', '[object Module]'];

/**
 * An object of names, as options and tool sets are written: not a list, a `Map`, a promise or
 * another built-in; plain, with no prototype, a module namespace, or a class instance read for its own keys.
 */
export function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    objectTags.includes(Object.prototype.toString.call(value)) &&
    !isPromiseLike(value)
  );
}
