import { describe, expect, it } from 'vitest';
import { type InlinedReferences, inlineReferences } from './inline-references.ts';

function inlined(result: InlinedReferences) {
  if (result.kind === 'refused') throw new Error(`expected inlined, got: ${result.reason}`);
  return result;
}

describe('inlineReferences', () => {
  it('should inline references that do not recur and keep no definitions', () => {
    const { root, definitions } = inlined(
      inlineReferences({
        type: 'object',
        properties: { a: { $ref: '#/$defs/A', description: 'Here.' } },
        $defs: { A: { type: 'string' } },
      }),
    );
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
    const { root, definitions } = inlined(
      inlineReferences({
        type: 'object',
        properties: { tree: { $ref: '#/definitions/Node' } },
        definitions: { Node: node },
      }),
    );
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
    expect(inlineReferences(schema)).toEqual({
      kind: 'inlined',
      root: schema,
      definitions: new Map(),
    });
  });

  it('should inline once and keep only the back reference, when asked', () => {
    const { root, definitions } = inlined(
      inlineReferences(
        {
          type: 'object',
          properties: { tree: { $ref: '#/$defs/Node' } },
          $defs: { Node: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } } },
        },
        { backReferencesOnly: true },
      ),
    );
    expect(root).toEqual({
      type: 'object',
      properties: {
        tree: { type: 'object', properties: { next: { $ref: '#/$defs/Node' } } },
      },
    });
    expect(definitions.size).toBe(0);
  });

  it('should refuse a definition that is only a reference to itself, or one that resolves nowhere', () => {
    expect(
      inlineReferences({
        type: 'object',
        properties: { a: { $ref: '#/$defs/A' } },
        $defs: { A: { $ref: '#/$defs/A' } },
      }),
    ).toEqual({
      kind: 'refused',
      reason: 'the schema refers to itself at "/", and a recursive schema cannot be inlined',
    });
    expect(inlineReferences({ type: 'object', properties: { a: { $ref: '#/$defs/B' } } })).toEqual({
      kind: 'refused',
      reason: 'the reference at "/properties/a" cannot be resolved within the schema',
    });
  });

  it('should refuse a schema object that contains itself, naming where', () => {
    const properties: Record<string, unknown> = {};
    const schema = { type: 'object', properties };
    properties.self = { type: 'object', properties: { again: schema } };
    expect(inlineReferences(schema)).toEqual({
      kind: 'refused',
      // The walk starts from a copy of the root without its definitions, met again one level on.
      reason:
        'the schema object contains itself at "/properties/self/properties/again/properties/self"',
    });
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
    expect(inlineReferences({ type: 'object', properties, $defs }, { maxNodes: 100_000 })).toEqual({
      kind: 'refused',
      reason: 'the schema is too large to convert',
    });
  });
});
