import { describe, expect, it } from 'vitest';
import { argumentPathOf, keywordsOf, sentObjectDepth } from './argument-path.ts';

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

describe('sentObjectDepth', () => {
  const sent = new Set(['properties', 'items', 'anyOf', 'additionalProperties']);
  it.each([
    [[], 0],
    [['properties', 'a'], 1],
    [['properties', 'a', 'properties', 'b'], 2],
    [['properties', 'items', 'items', 'properties', 'properties'], 2],
    [['properties', 'a', 'anyOf', 1, 'additionalProperties'], 1],
    [['properties', 'not', 'items'], 1],
    [['properties', 'a', 'not'], -1],
    [['patternProperties', 'a'], -1],
    [['properties', 'a', 'items', 0], -1],
    [['items', 'properties', 'a', 'items', 2, 'properties', 'b'], -1],
  ])('should read %j as %j', (location, depth) => {
    expect(sentObjectDepth(location, sent)).toBe(depth);
  });

  it('should agree with keywordsOf on whether every keyword passed is sent', () => {
    const locations = [
      ['properties', 'not', 'not', 'items'],
      ['properties', 'a', 'if'],
      ['anyOf', 3, 'properties', 'anyOf', 'anyOf', 0],
    ];
    for (const location of locations) {
      const passed = keywordsOf(location);
      expect(sentObjectDepth(location, sent) >= 0).toBe(
        passed.every((keyword) => sent.has(keyword)),
      );
    }
  });
});
