import { excerpt } from './describe-value.ts';
import type { ArgumentPath } from './mismatch.ts';

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Writes an argument path the way a model reads it back: `items[2].name`, `tags["a b"]`.
 * Long names are cut to an excerpt so a path never carries a whole value.
 */
export function formatPath(path: ArgumentPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (identifier.test(segment) && segment.length <= 64) {
      text += text === '' ? segment : `.${segment}`;
    } else {
      // An empty first name stays bracketed, or the path would read as the name after it.
      const bare = text === '' && segment !== '' && segment.length <= 64;
      text += bare ? segment : `[${excerpt(segment)}]`;
    }
  }
  return text;
}
