import type { SchemaLocation } from '../schema/map-subschemas.ts';

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
