import { describe, expect, it } from 'vitest';
import { deepFreeze } from '../../test/support/deep-freeze.ts';
import { inlineRefs, resolveRef } from './resolve-ref.ts';
import { SchemaError } from './schema-error.ts';

/** The SchemaError `run` throws, or a failure when it throws nothing or something else. */
function schemaErrorOf(run: () => unknown): SchemaError {
  try {
    run();
  } catch (error) {
    if (SchemaError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a SchemaError');
}

describe('resolveRef', () => {
  const root = {
    $defs: { address: { type: 'object' }, 'a/b': { type: 'string' }, 'a~b': { type: 'integer' } },
    definitions: { user: { type: 'object', properties: { name: { type: 'string' } } } },
    properties: { list: { items: [{ type: 'boolean' }, { type: 'null' }] } },
  };

  it('should return the root for "#"', () => {
    expect(resolveRef(root, '#')).toBe(root);
  });

  it('should follow $defs and definitions pointers', () => {
    expect(resolveRef(root, '#/$defs/address')).toBe(root.$defs.address);
    expect(resolveRef(root, '#/definitions/user')).toBe(root.definitions.user);
    expect(resolveRef(root, '#/definitions/user/properties/name')).toEqual({ type: 'string' });
  });

  it('should follow any pointer into the root, list positions included', () => {
    expect(resolveRef(root, '#/properties/list/items/1')).toEqual({ type: 'null' });
  });

  it('should unescape ~1 as "/" and ~0 as "~" (in that order)', () => {
    expect(resolveRef(root, '#/$defs/a~1b')).toEqual({ type: 'string' });
    expect(resolveRef(root, '#/$defs/a~0b')).toEqual({ type: 'integer' });
  });

  it('should decode percent escapes of the URI fragment', () => {
    expect(resolveRef({ $defs: { 'a b': { const: 1 } } }, '#/$defs/a%20b')).toEqual({ const: 1 });
    expect(resolveRef({ $defs: { '%': { const: 2 } } }, '#/$defs/%25')).toEqual({ const: 2 });
  });

  it('should return undefined for a malformed percent escape instead of throwing', () => {
    expect(resolveRef(root, '#/$defs/%E0%A4%A')).toBeUndefined();
    expect(resolveRef(root, '#/$defs/%')).toBeUndefined();
  });

  it('should return undefined for references that point nowhere or leave the document', () => {
    expect(resolveRef(root, '#/$defs/missing')).toBeUndefined();
    expect(resolveRef(root, '#/$defs/address/type/deeper')).toBeUndefined();
    expect(resolveRef(root, 'other.json#/$defs/address')).toBeUndefined();
    expect(resolveRef(root, 'https://example.com/schema')).toBeUndefined();
    expect(resolveRef(root, '#address')).toBeUndefined();
    expect(resolveRef(null, '#/a')).toBeUndefined();
  });

  it('should not find inherited names such as __proto__ or constructor', () => {
    expect(resolveRef(root, '#/__proto__')).toBeUndefined();
    expect(resolveRef(root, '#/$defs/constructor')).toBeUndefined();
    expect(resolveRef(root, '#/$defs/toString')).toBeUndefined();
  });

  it('should find an own __proto__ key, as JSON.parse makes it', () => {
    const parsed = JSON.parse('{"$defs":{"__proto__":{"type":"string"}}}');
    expect(resolveRef(parsed, '#/$defs/__proto__')).toEqual({ type: 'string' });
  });
});

describe('inlineRefs', () => {
  it('should replace a $ref by what it points to and drop the root definitions', () => {
    const schema = {
      type: 'object',
      properties: { home: { $ref: '#/$defs/address' }, owner: { $ref: '#/definitions/user' } },
      $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } },
      definitions: { user: { type: 'string' } },
    };
    expect(inlineRefs(schema)).toEqual({
      type: 'object',
      properties: {
        home: { type: 'object', properties: { city: { type: 'string' } } },
        owner: { type: 'string' },
      },
    });
  });

  it('should let keywords beside the $ref win over the target', () => {
    const schema = {
      properties: { a: { $ref: '#/$defs/t', description: 'beside' } },
      $defs: { t: { type: 'string', description: 'target' } },
    };
    expect(inlineRefs(schema)).toEqual({
      properties: { a: { type: 'string', description: 'beside' } },
    });
  });

  it('should inline references inside definitions, and the same definition twice', () => {
    const schema = {
      properties: { a: { $ref: '#/$defs/outer' }, b: { $ref: '#/$defs/outer' } },
      $defs: {
        outer: { type: 'array', items: { $ref: '#/$defs/inner' } },
        inner: { type: 'integer' },
      },
    };
    const expected = { type: 'array', items: { type: 'integer' } };
    expect(inlineRefs(schema)).toEqual({ properties: { a: expected, b: expected } });
  });

  it('should inline zod’s allOf-wrapped reference', () => {
    const schema = {
      properties: { a: { allOf: [{ $ref: '#/definitions/__schema0' }], description: 'd' } },
      definitions: { __schema0: { type: 'string' } },
    };
    expect(inlineRefs(schema)).toEqual({
      properties: { a: { allOf: [{ type: 'string' }], description: 'd' } },
    });
  });

  it('should keep siblings for a `true` target and give `false` for a `false` target', () => {
    const schema = {
      properties: { any: { $ref: '#/$defs/yes', description: 'x' }, none: { $ref: '#/$defs/no' } },
      $defs: { yes: true, no: false },
    };
    expect(inlineRefs(schema)).toEqual({ properties: { any: { description: 'x' }, none: false } });
  });

  it('should throw recursive-ref for a definition that refers to itself', () => {
    const schema = {
      type: 'object',
      properties: { root: { $ref: '#/definitions/node' } },
      definitions: {
        node: { type: 'object', properties: { next: { $ref: '#/definitions/node' } } },
      },
    };
    const error = schemaErrorOf(() => inlineRefs(schema));
    expect(error.reason).toBe('recursive-ref');
    expect(error.pointer).toBe('/properties/next');
  });

  it('should throw recursive-ref for a reference to the root ("#")', () => {
    const schema = { type: 'object', properties: { next: { allOf: [{ $ref: '#' }] } } };
    expect(schemaErrorOf(() => inlineRefs(schema)).reason).toBe('recursive-ref');
  });

  it('should throw recursive-ref for mutual recursion', () => {
    const schema = {
      properties: { a: { $ref: '#/$defs/a' } },
      $defs: {
        a: { properties: { b: { $ref: '#/$defs/b' } } },
        b: { items: { $ref: '#/$defs/a' } },
      },
    };
    expect(schemaErrorOf(() => inlineRefs(schema)).reason).toBe('recursive-ref');
  });

  it('should throw unresolved-ref, with where, for a reference that points nowhere', () => {
    const error = schemaErrorOf(() =>
      inlineRefs({ properties: { a: { $ref: '#/$defs/missing' } } }),
    );
    expect(error.reason).toBe('unresolved-ref');
    expect(error.pointer).toBe('/properties/a');
    expect(schemaErrorOf(() => inlineRefs({ items: { $ref: 'https://x/y.json' } })).reason).toBe(
      'unresolved-ref',
    );
    expect(schemaErrorOf(() => inlineRefs({ items: { $ref: '#/$defs/%' } })).reason).toBe(
      'unresolved-ref',
    );
  });

  it('should stop with too-large when definitions double at each level', () => {
    // Each definition uses the next one twice: 2^40 nodes once inlined.
    const $defs: Record<string, unknown> = { d0: { type: 'string' } };
    for (let level = 1; level <= 40; level++) {
      $defs[`d${level}`] = {
        type: 'object',
        properties: { l: { $ref: `#/$defs/d${level - 1}` }, r: { $ref: `#/$defs/d${level - 1}` } },
      };
    }
    const error = schemaErrorOf(() =>
      inlineRefs({ properties: { a: { $ref: '#/$defs/d40' } }, $defs }),
    );
    expect(error.reason).toBe('too-large');
  });

  it('should honour a smaller maxNodes', () => {
    const schema = { properties: { a: { type: 'string' }, b: { type: 'string' } } };
    expect(inlineRefs(schema, { maxNodes: 3 })).toEqual(schema);
    expect(schemaErrorOf(() => inlineRefs(schema, { maxNodes: 2 })).reason).toBe('too-large');
  });

  it('should share, not copy, the parts without references', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    const inlined = inlineRefs(schema) as typeof schema;
    expect(inlined).toEqual(schema);
    expect(inlined.properties).toBe(schema.properties);
  });

  it('should return values that are not objects as they are', () => {
    expect(inlineRefs(true)).toBe(true);
    expect(inlineRefs(null)).toBe(null);
    expect(inlineRefs('x')).toBe('x');
  });

  it('should not mutate a frozen schema', () => {
    const schema = deepFreeze({
      properties: { a: { $ref: '#/$defs/t', title: 'A' } },
      $defs: {
        t: { type: 'object', properties: { b: { $ref: '#/$defs/u' } } },
        u: { type: 'string' },
      },
    });
    const copy = structuredClone(schema);
    expect(inlineRefs(schema)).toEqual({
      properties: { a: { type: 'object', properties: { b: { type: 'string' } }, title: 'A' } },
    });
    expect(schema).toEqual(copy);
  });

  it('should keep a property named __proto__ as an own property', () => {
    const schema = JSON.parse(
      '{"properties":{"__proto__":{"$ref":"#/$defs/t"},"a":{"type":"string"}},"$defs":{"t":{"type":"integer"}}}',
    );
    const inlined = inlineRefs(schema) as { properties: Record<string, unknown> };
    expect(Object.hasOwn(inlined.properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(inlined.properties)).toBe(Object.prototype);
    expect(Object.keys(inlined.properties)).toEqual(['__proto__', 'a']);
    expect(Object.getOwnPropertyDescriptor(inlined.properties, '__proto__')?.value).toEqual({
      type: 'integer',
    });
  });
});
