import { describe, expect, it } from 'vitest';
import { declaredArgument, parseArgumentPath } from './declared-argument.ts';

describe('parseArgumentPath', () => {
  it('should read names and list depths', () => {
    expect(parseArgumentPath('events[].when')).toEqual([
      { name: 'events', lists: 1 },
      { name: 'when', lists: 0 },
    ]);
    expect(parseArgumentPath('grid[][]')).toEqual([{ name: 'grid', lists: 2 }]);
  });

  it.each(['', 'a..b', '[]', 'a[]b', 'a[', '.a'])('should refuse %j', (path) => {
    expect(parseArgumentPath(path)).toBeUndefined();
  });
});

describe('declaredArgument', () => {
  const schema = {
    type: 'object',
    properties: {
      city: { type: 'string' },
      filters: { type: 'object', properties: { limit: { type: 'integer' } } },
      events: {
        type: 'array',
        items: { $ref: '#/$defs/Event' },
      },
    },
    required: ['city'],
    additionalProperties: false,
    $defs: { Event: { type: 'object', properties: { when: {} }, required: ['when'] } },
  };
  const at = (path: string) => declaredArgument(schema, parseArgumentPath(path) ?? []);

  it('should find a declared argument and whether it is required', () => {
    expect(at('city')).toEqual({ declared: true, schemas: [{ type: 'string' }], required: true });
    expect(at('filters.limit')).toMatchObject({ declared: true, required: false });
    expect(at('events[].when')).toMatchObject({ declared: true, required: true });
  });

  it('should name the object that lacks a name, what it declares and what it admits', () => {
    expect(at('country')).toEqual({
      declared: false,
      parentPath: '',
      name: 'country',
      names: ['city', 'filters', 'events'],
      others: false,
    });
    expect(at('filters.limt')).toMatchObject({ parentPath: 'filters', names: ['limit'] });
    expect(at('events[].where')).toMatchObject({ parentPath: 'events[]', names: ['when'] });
    expect(at('city.name')).toMatchObject({ declared: false, names: [], others: true });
  });

  it('should end on a schema whose references loop', () => {
    const looping = { $ref: '#/$defs/A', $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#' } } };
    expect(declaredArgument(looping, [{ name: 'x', lists: 0 }])).toMatchObject({
      declared: false,
      names: [],
    });
  });
});
