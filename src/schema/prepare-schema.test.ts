import { describe, expect, it } from 'vitest';
import { JsonKind } from './json-kind.ts';
import { maxSchemaDepth, prepareSchema } from './prepare-schema.ts';
import type { JudgedSchemaNode, SchemaNode } from './schema-node.ts';

function judged(node: SchemaNode | undefined): JudgedSchemaNode {
  if (node?.kind !== 'judged') throw new Error(`expected a judged node, got ${node?.kind}`);
  return node;
}

describe('prepareSchema', () => {
  describe('judged nodes', () => {
    it('should read types, properties, required, additionalProperties and items', () => {
      const root = judged(
        prepareSchema({
          type: 'object',
          properties: { a: { type: ['integer', 'null'] }, b: { type: 'array', items: true } },
          required: ['a', 'a', 5, 'b'],
          additionalProperties: false,
        }).root,
      );
      expect(root.types).toBe(JsonKind.object);
      expect(root.admitsNull).toBe(false);
      expect([...(root.properties?.keys() ?? [])]).toEqual(['a', 'b']);
      expect(root.required).toEqual(['a', 'b']);
      expect(root.additionalProperties).toEqual({ kind: 'never' });
      const a = judged(root.properties?.get('a'));
      expect(a.types).toBe(JsonKind.integer | JsonKind.null);
      expect(a.admitsNull).toBe(true);
      expect(judged(root.properties?.get('b')).items).toEqual({ kind: 'any' });
    });

    it('should read number as numbers and integers', () => {
      expect(judged(prepareSchema({ type: 'number' }).root).types).toBe(
        JsonKind.number | JsonKind.integer,
      );
    });

    it('should admit null without a declared type, or with nullable: true', () => {
      expect(judged(prepareSchema({}).root).admitsNull).toBe(true);
      expect(judged(prepareSchema({ type: 'string', nullable: true }).root).admitsNull).toBe(true);
      expect(judged(prepareSchema({ type: 'string', nullable: 'yes' }).root).admitsNull).toBe(
        false,
      );
    });

    it('should read enum and const into allowed values', () => {
      const values = judged(
        prepareSchema({ enum: ['a', 1, null, [1], { b: 2 }] }).root,
      ).allowedValues;
      expect(values?.members).toEqual(['a', 1, null, [1], { b: 2 }]);
      expect([...(values?.scalars ?? [])]).toEqual(['a', 1, null]);
      expect(values?.composites).toEqual([[1], { b: 2 }]);
      expect(judged(prepareSchema({ const: { a: 1 } }).root).allowedValues?.members).toEqual([
        { a: 1 },
      ]);
      expect(judged(prepareSchema({ const: undefined }).root).allowedValues?.members).toEqual([
        undefined,
      ]);
    });

    it('should keep only the constant when const and enum are both given', () => {
      const both = (schema: object) => judged(prepareSchema(schema).root).allowedValues?.members;
      expect(both({ enum: [{ a: 1 }, 2], const: { a: 1 } })).toEqual([{ a: 1 }]);
      expect(both({ enum: [2], const: 3 })).toEqual([]);
    });

    it('should read only own property names', () => {
      const properties = JSON.parse('{"__proto__":{"type":"string"},"toString":{}}');
      const root = judged(prepareSchema({ properties }).root);
      expect([...(root.properties?.keys() ?? [])]).toEqual(['__proto__', 'toString']);
      expect(judged(prepareSchema({ properties: {} }).root).properties?.has('toString')).toBe(
        false,
      );
    });
  });

  describe('skipped nodes', () => {
    it('should skip a node holding a reference, a combination or a condition', () => {
      for (const keyword of [
        '$ref',
        '$dynamicRef',
        '$recursiveRef',
        'oneOf',
        'anyOf',
        'allOf',
        'not',
        'if',
      ]) {
        // `not: {}` admits nothing, which is judged (see "boolean schemas").
        const subschema = keyword === 'not' ? { type: 'null' } : {};
        expect(prepareSchema({ [keyword]: subschema, type: 'string' }).root).toEqual({
          kind: 'any',
          skipped: { code: 'keyword', keyword },
        });
      }
    });

    it('should skip a node naming an unknown type', () => {
      expect(prepareSchema({ type: ['string', 'date'] }).root).toEqual({
        kind: 'any',
        skipped: { code: 'unknown-type', typeName: 'date' },
      });
      expect(prepareSchema({ type: 'toString' }).root).toMatchObject({ kind: 'any' });
    });

    it('should read patternProperties beside additionalProperties, and tuples', () => {
      const root = judged(
        prepareSchema({ patternProperties: { '^a': {} }, additionalProperties: false }).root,
      );
      expect(root.additionalProperties).toEqual({ kind: 'never' });
      expect(root.patternProperties?.map(({ pattern }) => pattern.source)).toEqual(['^a']);
      const draft7 = judged(prepareSchema({ items: [{}], additionalItems: false }).root);
      expect(draft7.prefixItems).toHaveLength(1);
      expect(draft7.items).toEqual({ kind: 'never' });
      const tuple = judged(prepareSchema({ prefixItems: [{}], items: false }).root);
      expect(tuple.prefixItems).toHaveLength(1);
      expect(tuple.items).toEqual({ kind: 'never' });
      // In 2020-12, `additionalItems` is no keyword; beside one schema for `items`, draft 7 ignores it.
      const single = judged(prepareSchema({ items: {}, additionalItems: false }).root);
      expect(single.prefixItems).toBeUndefined();
      expect(single.items).toMatchObject({ kind: 'judged', types: 0 });
    });

    it('should read assertion keywords only under no $schema or a draft metaschema', () => {
      const keywords = { type: 'object', properties: { n: { minimum: 10 } }, minProperties: 2 };
      for (const $schema of [
        undefined,
        'http://json-schema.org/draft-07/schema#',
        'https://json-schema.org/draft/2020-12/schema',
        'https://json-schema.org/draft/2020-12/schema/',
        'http://json-schema.org/schema#',
        'https://spec.openapis.org/oas/3.1/dialect/base',
      ]) {
        const root = judged(prepareSchema({ $schema, ...keywords }).root);
        expect(root.minProperties).toBe(2);
        expect(judged(root.properties?.get('n') as SchemaNode).minimum).toBe(10);
      }
      // Another metaschema may switch the validation vocabulary off.
      const custom = judged(
        prepareSchema({ $schema: 'https://example.com/no-validation', ...keywords }).root,
      );
      expect(custom).not.toHaveProperty('minProperties');
      expect(judged(custom.properties?.get('n') as SchemaNode)).not.toHaveProperty('minimum');
      expect(custom.types).not.toBe(0);
    });

    it('should note malformed assertion keywords as problems and not judge them', () => {
      const { root, problems } = prepareSchema({
        minLength: -1,
        maximum: '5',
        multipleOf: 0,
        pattern: '(',
        uniqueItems: 'yes',
        exclusiveMaximum: true,
      });
      const node = judged(root);
      for (const keyword of [
        'minLength',
        'maximum',
        'multipleOf',
        'uniqueItems',
        'exclusiveMaximum',
      ]) {
        expect(node).not.toHaveProperty(keyword);
      }
      expect(node.pattern).toEqual({ source: '(', test: undefined, invalid: true });
      expect(problems.map(({ pointer }) => pointer)).toEqual([
        '/minLength',
        '/maximum',
        '/multipleOf',
        '/pattern',
      ]);
    });

    it('should skip what lies deeper than the depth limit', () => {
      let schema: unknown = { type: 'string' };
      for (let level = 0; level < maxSchemaDepth + 5; level++)
        schema = { properties: { a: schema } };
      let node: SchemaNode | undefined = prepareSchema(schema).root;
      let depth = 0;
      while (node?.kind === 'judged') {
        node = node.properties?.get('a');
        depth++;
      }
      expect(depth).toBe(maxSchemaDepth + 1);
      expect(node).toEqual({ kind: 'any', skipped: { code: 'too-deep' } });
    });
  });

  describe('boolean schemas', () => {
    it('should read true as anything and false as nothing', () => {
      expect(prepareSchema(true).root).toEqual({ kind: 'any' });
      expect(prepareSchema(false).root).toEqual({ kind: 'never' });
    });

    it('should read not of a schema that admits everything as nothing, at any depth', () => {
      expect(prepareSchema({ not: {} }).root).toEqual({ kind: 'never' });
      expect(prepareSchema({ type: 'object', not: true }).root).toEqual({ kind: 'never' });
      const { root } = prepareSchema({ type: 'object', properties: { a: { not: {} } } });
      expect(judged(root).properties?.get('a')).toEqual({ kind: 'never' });
      expect(prepareSchema({ not: { type: 'string' } }).root).toEqual({
        kind: 'any',
        skipped: { code: 'keyword', keyword: 'not' },
      });
    });
  });

  describe('malformed schemas', () => {
    it('should report each malformed part with its pointer, and skip it', () => {
      const { root, problems } = prepareSchema({
        type: 'object',
        properties: {
          'a/b~c': { type: 5 },
          x: { properties: [] },
          y: { required: 'q', enum: 'z' },
        },
        items: null,
        additionalProperties: 'x',
      });
      expect(problems).toEqual([
        { pointer: '/properties/a~1b~0c/type', message: 'type must be a name or a list of names' },
        { pointer: '/properties/x/properties', message: 'properties must be an object' },
        { pointer: '/properties/y/enum', message: 'enum must be a list' },
        { pointer: '/properties/y/required', message: 'required must be a list of names' },
        { pointer: '/additionalProperties', message: 'a schema must be an object or a boolean' },
        { pointer: '/items', message: 'a schema must be an object or a boolean' },
      ]);
      const node = judged(root);
      expect(node.properties?.get('a/b~c')).toMatchObject({ kind: 'any' });
      expect(node.additionalProperties).toMatchObject({ kind: 'any' });
      const y = judged(node.properties?.get('y'));
      expect(y.required).toEqual([]);
      expect(y.allowedValues).toBeUndefined();
    });

    it('should read a root that is not a schema as anything', () => {
      for (const schema of [null, undefined, 5, 'x', []]) {
        expect(prepareSchema(schema).root).toMatchObject({ kind: 'any' });
      }
    });
  });

  describe('cycles and edits', () => {
    it('should turn a schema that contains itself into a cycle of nodes', () => {
      const schema: Record<string, unknown> = { type: 'object', properties: {} };
      (schema.properties as Record<string, unknown>).x = schema;
      const root = judged(prepareSchema(schema).root);
      expect(root.properties?.get('x')).toBe(root);
    });

    it('should read a schema edited in place after first use by its new content', () => {
      const schema = { type: 'string' };
      expect(judged(prepareSchema(schema).root).types).toBe(JsonKind.string);
      schema.type = 'number';
      expect(judged(prepareSchema(schema).root).types).toBe(JsonKind.number | JsonKind.integer);
    });

    it('should not change the schema', () => {
      const schema = Object.freeze({
        type: 'object',
        properties: Object.freeze({ a: Object.freeze({ enum: Object.freeze([1, 2]) }) }),
        required: Object.freeze(['a', 'a']),
      });
      const before = structuredClone(schema);
      prepareSchema(schema);
      expect(schema).toEqual(before);
    });
  });
});
