import { describe, expect, it } from 'vitest';
import { declaredArguments, missingStep } from './declared-argument.ts';

const schema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    filters: {
      anyOf: [{ type: 'object', properties: { limit: { type: 'integer' } } }, { type: 'null' }],
    },
    events: { type: 'array', items: { $ref: '#/$defs/Event' } },
    pair: { type: 'array', items: [{ type: 'object', properties: { x: {} } }] },
    rule: { allOf: [{ type: 'object', properties: { strict: { type: 'boolean' } } }] },
  },
  required: ['city'],
  $defs: { Event: { type: 'object', properties: { when: {} }, required: ['when'] } },
};

function pathsOf(declared: ReturnType<typeof declaredArguments>) {
  return declared.map(({ path, required }) => ({ path, required }));
}

describe('declaredArguments', () => {
  it('should find arguments by path through properties, list items, references and unions', () => {
    expect(pathsOf(declaredArguments(schema))).toEqual([
      { path: 'filters.limit', required: false },
      { path: 'events[].when', required: true },
      { path: 'rule.strict', required: false },
      { path: 'city', required: true },
      { path: 'filters', required: false },
      { path: 'events', required: false },
      { path: 'pair', required: false },
      { path: 'rule', required: false },
    ]);
  });

  it('should find the arguments of a root that combines schemas', () => {
    const combined = {
      type: 'object',
      allOf: [
        { properties: { city: { type: 'string' } } },
        { properties: { unit: { enum: ['c', 'f'] } } },
      ],
    };
    expect(pathsOf(declaredArguments(combined))).toEqual([
      { path: 'city', required: false },
      { path: 'unit', required: false },
    ]);
  });

  it('should not follow a recursive reference, nor one that points outside', () => {
    const tree = {
      type: 'object',
      properties: { name: {}, children: { type: 'array', items: { $ref: '#' } } },
    };
    expect(declaredArguments(tree).map((argument) => argument.path)).toEqual(['name', 'children']);
    const remote = { type: 'object', properties: { a: { $ref: 'https://example.com/a' }, b: {} } };
    expect(declaredArguments(remote).map((argument) => argument.path)).toEqual(['a', 'b']);
  });
});

describe('missingStep', () => {
  const declared = declaredArguments(schema);

  it('should name the object that lacks a name, and the names it has', () => {
    expect(missingStep(declared, 'country')).toEqual({
      parentPath: '',
      name: 'country',
      names: ['city', 'filters', 'events', 'pair', 'rule'],
    });
    expect(missingStep(declared, 'filters.limt')).toEqual({
      parentPath: 'filters',
      name: 'limt',
      names: ['limit'],
    });
    expect(missingStep(declared, 'events[].where')).toMatchObject({ parentPath: 'events[]' });
    expect(missingStep(declared, 'cty.name')).toMatchObject({ parentPath: '', name: 'cty' });
    expect(missingStep(declared, 'city.name')).toEqual({
      parentPath: 'city',
      name: 'name',
      names: [],
    });
  });
});
