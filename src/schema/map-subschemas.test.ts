import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../test/support/deep-freeze.ts';
import {
  everySubschema,
  mapSubschemas,
  type SchemaLocation,
  type SchemaObject,
  toPointer,
} from './map-subschemas.ts';
import { SchemaError } from './schema-error.ts';

/** Every location the visitor is called with, in call order. */
function visitedPointers(schema: unknown): string[] {
  const pointers: string[] = [];
  mapSubschemas(schema, (node, location) => {
    pointers.push(toPointer(location));
    return node;
  });
  return pointers;
}

function schemaErrorOf(run: () => unknown): SchemaError {
  try {
    run();
  } catch (error) {
    if (SchemaError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a SchemaError');
}

const leaf = { type: 'string' };

describe('mapSubschemas', () => {
  it('should reach every keyword that holds subschemas', () => {
    const schema = {
      properties: { p: leaf },
      patternProperties: { '^x': leaf },
      additionalProperties: leaf,
      propertyNames: leaf,
      items: leaf,
      additionalItems: leaf,
      prefixItems: [leaf],
      contains: leaf,
      allOf: [leaf],
      anyOf: [leaf],
      oneOf: [leaf],
      not: leaf,
      if: leaf,
      // biome-ignore lint/suspicious/noThenProperty: the JSON Schema keyword, never awaited
      then: leaf,
      else: leaf,
      $defs: { d: leaf },
      definitions: { e: leaf },
      dependentSchemas: { f: leaf },
      dependencies: { g: leaf, h: ['p'] },
      unevaluatedItems: leaf,
      unevaluatedProperties: leaf,
      contentSchema: leaf,
    };
    expect(new Set(visitedPointers(schema))).toEqual(
      new Set([
        '/properties/p',
        '/patternProperties/^x',
        '/additionalProperties',
        '/propertyNames',
        '/items',
        '/additionalItems',
        '/prefixItems/0',
        '/contains',
        '/allOf/0',
        '/anyOf/0',
        '/oneOf/0',
        '/not',
        '/if',
        '/then',
        '/else',
        '/$defs/d',
        '/definitions/e',
        '/dependentSchemas/f',
        '/dependencies/g',
        '/unevaluatedItems',
        '/unevaluatedProperties',
        '/contentSchema',
        '',
      ]),
    );
  });

  it('should reach the draft 7 tuple form of items', () => {
    expect(visitedPointers({ items: [leaf, { type: 'number' }] })).toEqual([
      '/items/0',
      '/items/1',
      '',
    ]);
  });

  it('should visit bottom-up: children before their parent, the root last', () => {
    const schema = { properties: { a: { items: { properties: { b: leaf } } } } };
    expect(visitedPointers(schema)).toEqual([
      '/properties/a/items/properties/b',
      '/properties/a/items',
      '/properties/a',
      '',
    ]);
  });

  it('should give the visitor the location as keywords and keys', () => {
    const locations: SchemaLocation[] = [];
    mapSubschemas({ anyOf: [{ properties: { 'a/b': leaf } }, leaf] }, (node, location) => {
      // The walk's own list, read during the call.
      locations.push([...location]);
      return node;
    });
    expect(locations).toEqual([['anyOf', 0, 'properties', 'a/b'], ['anyOf', 0], ['anyOf', 1], []]);
  });

  it('should hand the context option to every call of the visitor', () => {
    const seen = { count: 0 };
    const countNode = (node: SchemaObject, _location: SchemaLocation, context: typeof seen) => {
      context.count++;
      return node;
    };
    mapSubschemas({ properties: { a: leaf, b: { items: leaf } } }, countNode, { context: seen });
    expect(seen.count).toBe(4);
  });

  it('should not enter data keywords (enum, const, default, examples)', () => {
    const schema = {
      enum: [{ type: 'object' }],
      const: { properties: { x: leaf } },
      default: { items: leaf },
      examples: [{ not: leaf }],
    };
    expect(visitedPointers(schema)).toEqual(['']);
  });

  it('should skip boolean subschemas and values that are not schemas', () => {
    const schema = {
      properties: { t: true, f: false, n: null, s: 'x' },
      items: true,
      allOf: [false],
    };
    expect(visitedPointers(schema)).toEqual(['']);
  });

  it('should keep the identity of every branch the visitor leaves unchanged', () => {
    const schema = { properties: { a: { type: 'string' }, b: { items: { type: 'number' } } } };
    expect(mapSubschemas(schema, (node) => node)).toBe(schema);
  });

  it('should copy only the path to a changed node', () => {
    const schema = {
      properties: { a: { type: 'string' }, b: { items: { type: 'number' } } },
      anyOf: [{ type: 'string' }, { type: 'number' }],
    };
    const mapped = mapSubschemas(schema, (node) =>
      node.type === 'number' ? { ...node, minimum: 0 } : node,
    ) as typeof schema & { properties: { b: { items: SchemaObject } } };
    expect(mapped).not.toBe(schema);
    expect(mapped.properties.b.items).toEqual({ type: 'number', minimum: 0 });
    expect(mapped.properties.a).toBe(schema.properties.a);
    expect(mapped.anyOf[0]).toBe(schema.anyOf[0]);
    expect(mapped.anyOf[1]).toEqual({ type: 'number', minimum: 0 });
    expect(schema.properties.b.items).toEqual({ type: 'number' });
  });

  it('should let the visitor see its children already mapped', () => {
    const mapped = mapSubschemas({ items: { type: 'x' } }, (node, location) =>
      location.length === 0 ? { seen: node.items } : { type: 'y' },
    );
    expect(mapped).toEqual({ seen: { type: 'y' } });
  });

  it('should not mutate a frozen schema', () => {
    const schema = deepFreeze({
      properties: { a: { type: 'string' } },
      items: [{ type: 'number' }],
      $defs: { d: { type: 'boolean' } },
    });
    const copy = structuredClone(schema);
    const mapped = mapSubschemas(schema, (node) => ({ ...node, description: 'd' }));
    expect(schema).toEqual(copy);
    expect(mapped).toMatchObject({
      description: 'd',
      properties: { a: { description: 'd' } },
      items: [{ description: 'd' }],
      $defs: { d: { description: 'd' } },
    });
  });

  it('should keep a changed property named __proto__ as an own property', () => {
    const schema = JSON.parse(
      '{"properties":{"__proto__":{"type":"string"},"b":{"type":"number"}}}',
    );
    const mapped = mapSubschemas(schema, (node) =>
      node.type === 'string' ? { type: 'integer' } : node,
    ) as { properties: Record<string, unknown> };
    expect(Object.getPrototypeOf(mapped.properties)).toBe(Object.prototype);
    expect(Object.keys(mapped.properties)).toEqual(['__proto__', 'b']);
    expect(Object.getOwnPropertyDescriptor(mapped.properties, '__proto__')?.value).toEqual({
      type: 'integer',
    });
  });

  it('should throw a cycle error for a schema object that contains itself', () => {
    const schema: Record<string, unknown> = { type: 'object', properties: {} };
    (schema.properties as Record<string, unknown>).self = schema;
    const error = schemaErrorOf(() => mapSubschemas(schema, (node) => node));
    expect(error.reason).toBe('cycle');
    expect(error.pointer).toBe('/properties/self');
  });

  it('should visit a schema object shared by two places (no cycle) in each place', () => {
    const shared = { type: 'string' };
    expect(visitedPointers({ properties: { a: shared, b: shared } })).toEqual([
      '/properties/a',
      '/properties/b',
      '',
    ]);
  });

  it('should throw too-deep past maxDepth', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10; level++) schema = { items: schema };
    expect(() => mapSubschemas(schema, (node) => node, { maxDepth: 11 })).not.toThrow();
    const error = schemaErrorOf(() => mapSubschemas(schema, (node) => node, { maxDepth: 10 }));
    expect(error.reason).toBe('too-deep');
  });

  it('should throw too-deep rather than overflow the stack on very deep schemas', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 100_000; level++) schema = { items: schema };
    expect(schemaErrorOf(() => mapSubschemas(schema, (node) => node)).reason).toBe('too-deep');
  });

  it('should throw too-large past maxNodes', () => {
    const schema = { properties: { a: leaf, b: leaf, c: leaf } };
    expect(() => mapSubschemas(schema, (node) => node, { maxNodes: 4 })).not.toThrow();
    expect(schemaErrorOf(() => mapSubschemas(schema, (node) => node, { maxNodes: 3 })).reason).toBe(
      'too-large',
    );
  });

  it('should return a root that is not a schema object as it is, unvisited', () => {
    for (const root of [true, false, null, 'x', 3, [leaf]]) {
      expect(visitedPointers(root)).toEqual([]);
      expect(mapSubschemas(root, () => 'changed')).toBe(root);
    }
  });
});

describe('toPointer', () => {
  it('should write a location as a JSON pointer, escaping ~ and /', () => {
    expect(toPointer([])).toBe('');
    expect(toPointer(['properties', 'a/b', 'items', 0])).toBe('/properties/a~1b/items/0');
    expect(toPointer(['properties', '~x'])).toBe('/properties/~0x');
    expect(toPointer(['properties', '~1'])).toBe('/properties/~01');
  });
});

describe('everySubschema', () => {
  const noReference = (node: SchemaObject) => typeof node.$ref !== 'string';

  it('should test the objects mapSubschemas visits, and no others', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'array', items: { anyOf: [{ type: 'string' }, true] } } },
      enum: [{ $ref: '#/not-a-schema' }],
      default: { $ref: '#/not-a-schema' },
    };
    const visited: SchemaObject[] = [];
    mapSubschemas(schema, (node) => {
      visited.push(node);
      return node;
    });
    const tested: SchemaObject[] = [];
    expect(everySubschema(schema, (node) => tested.push(node) > 0)).toBe(true);
    expect(tested).toEqual(visited);
  });

  it('should be false when one nested object fails the test', () => {
    expect(
      everySubschema(
        { properties: { a: { items: [{ type: 'string' }, { $ref: '#/$defs/x' }] } } },
        noReference,
      ),
    ).toBe(false);
    expect(everySubschema({ dependencies: { a: { $ref: '#' }, b: ['a'] } }, noReference)).toBe(
      false,
    );
  });

  it('should be false for a schema mapSubschemas refuses or cannot read', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic };
    let deep: Record<string, unknown> = { type: 'string' };
    for (let index = 0; index < 5; index++) deep = { items: deep };
    const throwing = {
      get properties(): unknown {
        throw new Error('boom');
      },
    };
    expect(everySubschema(cyclic, noReference)).toBe(false);
    expect(everySubschema(deep, noReference, { maxDepth: 3 })).toBe(false);
    expect(everySubschema(deep, noReference, { maxNodes: 3 })).toBe(false);
    expect(everySubschema(deep, noReference)).toBe(true);
    expect(everySubschema(throwing, noReference)).toBe(false);
  });
});
