import type { SchemaLocation } from '../schema/map-subschemas.ts';
import { subschemaMapKeywordSet } from '../schema/subschema-keywords.ts';

/**
 * The argument path a schema location describes, as `defaults` keys are written: property names
 * joined by `.`, `[]` for "every item of a list". Branches of `anyOf`/`oneOf`/`allOf` add nothing:
 * `['properties', 'events', 'items', 'properties', 'when']` is `events[].when`.
 */
export function argumentPathOf(location: SchemaLocation): string {
  let path = '';
  for (let index = 0; index < location.length; index++) {
    const keyword = location[index];
    if (keyword === 'properties') {
      const name = String(location[++index]);
      path += path === '' ? name : `.${name}`;
    } else if (keyword === 'items') {
      path += '[]';
    }
  }
  return path;
}

/**
 * The keywords a location passes through, without the property names and list positions between
 * them, so a property named `properties` or `items` is not read as a keyword:
 * `['properties', 'items', 'items']` is `['properties', 'items']`.
 */
export function keywordsOf(location: SchemaLocation): string[] {
  const keywords: string[] = [];
  for (let index = 0; index < location.length; index++) {
    const keyword = String(location[index]);
    keywords.push(keyword);
    if (subschemaMapKeywordSet.has(keyword) || typeof location[index + 1] === 'number') index++;
  }
  return keywords;
}

/**
 * How many objects (`properties` keywords) a location is nested in, or -1 when nothing there is
 * sent: below a keyword whose subschemas are dropped, or at a position of a draft 7 tuple
 * (`items: [...]`), which is refused whole. Read as `keywordsOf` reads a location, without
 * building its list.
 */
export function sentObjectDepth(
  location: SchemaLocation,
  sentKeywords: ReadonlySet<string>,
): number {
  let depth = 0;
  for (let index = 0; index < location.length; index++) {
    const keyword = String(location[index]);
    if (!sentKeywords.has(keyword)) return -1;
    // A property name is always followed by a keyword, so `items` before a number is the keyword.
    const positioned = typeof location[index + 1] === 'number';
    if (keyword === 'items' && positioned) return -1;
    if (keyword === 'properties') depth++;
    if (positioned || subschemaMapKeywordSet.has(keyword)) index++;
  }
  return depth;
}
