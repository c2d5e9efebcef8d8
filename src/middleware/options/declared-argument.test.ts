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
  return declared.map(({ path, required, combinedBy }) => ({ path, required, combinedBy }));
}

describe('declaredArguments', () => {
  it('should find arguments by path through properties, list items, references and unions', () => {
    expect(pathsOf(declaredArguments(schema))).toEqual([
      { path: 'filters.limit', required: false, combinedBy: undefined },
      { path: 'events[].when', required: true, combinedBy: undefined },
      { path: 'rule.strict', required: false, combinedBy: 'allOf' },
      { path: 'city', required: true, combinedBy: undefined },
      { path: 'filters', required: false, combinedBy: undefined },
      { path: 'events', required: false, combinedBy: undefined },
      { path: 'pair', required: false, combinedBy: undefined },
      { path: 'rule', required: false, combinedBy: undefined },
    ]);
  });

  it('should mark every argument of a root that combines schemas', () => {
    const combined = {
      type: 'object',
      allOf: [
        { properties: { city: { type: 'string' } } },
        { properties: { unit: { enum: ['c', 'f'] } } },
      ],
    };
    expect(pathsOf(declaredArguments(combined))).toEqual([
      { path: 'city', required: false, combinedBy: 'allOf' },
      { path: 'unit', required: false, combinedBy: 'allOf' },
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
