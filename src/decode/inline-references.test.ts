import { describe, expect, it } from 'vitest';
import { SchemaError } from '../schema/schema-error.ts';
import { inlineReferences } from './inline-references.ts';

describe('inlineReferences', () => {
  it('should inline references that do not recur and keep no definitions', () => {
    const { root, definitions } = inlineReferences({
      type: 'object',
      properties: { a: { $ref: '#/$defs/A', description: 'Here.' } },
      $defs: { A: { type: 'string' } },
    });
    expect(root).toEqual({
      type: 'object',
      properties: { a: { type: 'string', description: 'Here.' } },
    });
    expect(definitions.size).toBe(0);
  });

  it('should keep a recursive reference, with its target among the definitions', () => {
    const node = {
      type: 'object',
      properties: { kids: { type: 'array', items: { $ref: '#/definitions/Node' } } },
    };
    const { root, definitions } = inlineReferences({
      type: 'object',
      properties: { tree: { $ref: '#/definitions/Node' } },
      definitions: { Node: node },
    });
    expect(root).toEqual({ type: 'object', properties: { tree: { $ref: '#/$defs/Node' } } });
    expect(Object.fromEntries(definitions)).toEqual({
      Node: {
        type: 'object',
        properties: { kids: { type: 'array', items: { $ref: '#/$defs/Node' } } },
      },
    });
  });

  it('should keep a reference to the root as #', () => {
    const schema = { type: 'object', properties: { self: { $ref: '#' } } };
    expect(inlineReferences(schema)).toEqual({ root: schema, definitions: new Map() });
  });

  it('should inline once and keep only the back reference, when asked', () => {
    const { root, definitions } = inlineReferences(
      {
        type: 'object',
        properties: { tree: { $ref: '#/$defs/Node' } },
        $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
      },
      { backReferencesOnly: true },
    );
    expect(root).toEqual({
      type: 'object',
      properties: {
        tree: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } },
      },
    });
    expect(definitions.size).toBe(0);
  });

  it('should throw for a definition that is only a reference to itself, or one that resolves nowhere', () => {
    expect(() =>
      inlineReferences({
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: { A: { $ref: '#/$defs/A' } },
      }),
    ).toThrow(SchemaError);
    expect(() =>
      inlineReferences({ type: 'object', properties: { a: { $ref: '#/$defs/B' } } }),
    ).toThrow(SchemaError);
  });

  it('should share one budget across restarts, so many recursive definitions end early', () => {
    const $defs: Record<string, unknown> = {};
    const properties: Record<string, unknown> = {};
    for (let index = 0; index < 600; index++) {
      const filler = Object.fromEntries(
        Array.from({ length: 50 }, (_, field) => [`f${field}`, { type: 'string' }]),
      );
      $defs[`D${index}`] = {
        type: 'object',
        properties: { ...filler, self: { $ref: `#/$defs/D${index}` } },
      };
      properties[`p${index}`] = { $ref: `#/$defs/D${index}` };
    }
    expect(() =>
      inlineReferences({ type: 'object', properties, $defs }, { maxNodes: 100_000 }),
    ).toThrow(SchemaError);
  });
});
