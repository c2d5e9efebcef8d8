import { describeMismatch } from '../checker/describe-mismatch.ts';
import { excerpt } from '../checker/describe-value.ts';
import type { ArgumentPath } from '../checker/mismatch.ts';

/**
 * Something in what a strict model sent that cannot be turned back into the tool's arguments
 * without guessing, as data with the sentence a model reads:
 *
 * - `duplicate-key`: a map sent as `{ key, value }` entries names a key twice, or names a property
 *   the object lists on its own;
 * - `json-text`: a value sent as JSON text does not parse.
 */
export type DecodeProblem = {
  readonly code: 'duplicate-key' | 'json-text';
  /** Where in the decoded arguments: the map, or the value sent as text. */
  readonly path: ArgumentPath;
  /** The key named twice, for `duplicate-key`. */
  readonly key?: string;
  /** One sentence a model can act on. */
  readonly message: string;
};

/** The problem of a key sent twice (or beside a property of the same name). */
export function duplicateKeyProblem(
  path: ArgumentPath,
  key: string,
  namedProperty: boolean,
): DecodeProblem {
  const { message } = describeMismatch({
    code: 'duplicate-key',
    path,
    expected: 'each key once',
    received: excerpt(key),
    namedProperty,
  });
  return { code: 'duplicate-key', path: [...path], key, message };
}

/** The problem of a value sent as JSON text that does not parse. */
export function jsonTextProblem(path: ArgumentPath, text: string): DecodeProblem {
  const { message } = describeMismatch({
    code: 'json-text',
    path,
    expected: 'JSON text',
    received: excerpt(text),
  });
  return { code: 'json-text', path: [...path], message };
}
