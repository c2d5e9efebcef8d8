import { describe, expect, it } from 'vitest';
import { argumentPathOf, keywordsOf } from './argument-path.ts';

describe('argumentPathOf', () => {
  it.each([
    [[], ''],
    [['properties', 'unit'], 'unit'],
    [['properties', 'filters', 'properties', 'limit'], 'filters.limit'],
    [['properties', 'events', 'items', 'properties', 'when'], 'events[].when'],
    [['properties', 'grid', 'items', 'items', 'properties', 'v'], 'grid[][].v'],
    [['properties', 'ev', 'anyOf', 1, 'properties', 'x'], 'ev.x'],
    [['properties', 'ev', 'oneOf', 0, 'allOf', 0, 'properties', 'x'], 'ev.x'],
    [['properties', 'items', 'items', 'properties', 'properties'], 'items[].properties'],
  ])('should write %j as %j', (location, path) => {
    expect(argumentPathOf(location)).toBe(path);
  });
});

describe('keywordsOf', () => {
  it.each([
    [[], []],
    [['properties', 'a'], ['properties']],
    [['properties', 'properties'], ['properties']],
    [
      ['properties', 'items', 'items'],
      ['properties', 'items'],
    ],
    [
      ['properties', 'a', 'anyOf', 0, 'items'],
      ['properties', 'anyOf', 'items'],
    ],
    [['items', 1], ['items']],
    [
      ['$defs', 'properties', 'additionalProperties'],
      ['$defs', 'additionalProperties'],
    ],
    [
      ['patternProperties', 'not', 'not'],
      ['patternProperties', 'not'],
    ],
    [['properties', 'additionalProperties'], ['properties']],
  ])('should read %j as %j', (location, keywords) => {
    expect(keywordsOf(location)).toEqual(keywords);
  });
});
