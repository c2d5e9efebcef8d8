import { describe, expect, it } from 'vitest';
import { checkArguments } from '../checker/check-arguments.ts';
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
      expect(judged(judged(prepareSchema({ not: { type: 'string' } }).root).not).types).toBe(
        JsonKind.string,
      );
    });
  });

  describe('references', () => {
    const draft7 = 'http://json-schema.org/draft-07/schema#';
    const draft2020 = 'https://json-schema.org/draft/2020-12/schema';

    it('should read a $ref alone as the node it names, through a chain of references', () => {
      const root = judged(
        prepareSchema({
          properties: { a: { $ref: '#/$defs/b' }, c: { $ref: '#/$defs/unit', description: 'd' } },
          $defs: { b: { $ref: '#/$defs/unit' }, unit: { enum: ['C', 'F'] } },
        }).root,
      );
      const unit = root.properties?.get('c');
      expect(judged(unit).allowedValues?.members).toEqual(['C', 'F']);
      expect(root.properties?.get('a')).toBe(unit);
    });

    it('should read a schema that contains itself through a $ref as a cycle of nodes', () => {
      const root = judged(
        prepareSchema({
          $ref: '#/$defs/tree',
          $defs: {
            tree: { type: 'object', properties: { children: { items: { $ref: '#' } } } },
          },
        }).root,
      );
      expect(judged(root.properties?.get('children')).items).toBe(root);
    });

    it('should not judge a $ref that leaves the document, names nothing, or only leads back', () => {
      for (const $ref of ['https://example.com/a.json', '#/$defs/none', '#/$defs/loop']) {
        const schema = { $ref, $defs: { loop: { $ref: '#/$defs/loop' } } };
        expect(prepareSchema(schema).root).toEqual({
          kind: 'any',
          skipped: { code: 'keyword', keyword: '$ref' },
        });
      }
    });

    it('should read "not" of everything beside a $ref as draft 7 does: ignored', () => {
      const schema = { $ref: '#/definitions/a', not: {}, definitions: { a: { type: 'string' } } };
      expect(prepareSchema({ $schema: draft7, ...schema }).root).toMatchObject({
        types: JsonKind.string,
      });
      expect(prepareSchema({ $schema: draft2020, ...schema }).root).toEqual({ kind: 'never' });
    });

    it('should read the keywords 2020-12 added as names that assert nothing in draft 7', () => {
      const schema = {
        prefixItems: [{ type: 'string' }],
        contains: { type: 'integer' },
        minContains: 2,
        dependentRequired: { a: ['b'] },
      };
      const draft7Node = judged(prepareSchema({ $schema: draft7, ...schema }).root);
      expect(draft7Node.prefixItems).toBeUndefined();
      expect(draft7Node.minContains).toBeUndefined();
      expect(draft7Node.dependentRequired).toBeUndefined();
      expect(draft7Node.contains).toBeDefined();
      expect(draft7Node.unjudged).toBeUndefined();
      const draft2020Node = judged(prepareSchema({ $schema: draft2020, ...schema }).root);
      expect(draft2020Node.prefixItems).toHaveLength(1);
      expect(draft2020Node.minContains).toBe(2);
      expect(draft2020Node.dependentRequired?.get('a')).toEqual(['b']);
    });

    it('should resolve a $dynamicRef through the resources on the path taken to it', () => {
      // A generic list whose item type each specialisation binds with its own $dynamicAnchor.
      const list = (itemType: string) => ({
        $id: `${itemType}List`,
        $defs: { itemType: { $dynamicAnchor: 'itemType', type: itemType } },
        $ref: 'genericList',
      });
      const schema = {
        $schema: draft2020,
        $id: 'https://example.com/lists',
        properties: { numbers: { $ref: 'numberList' }, texts: { $ref: 'stringList' } },
        $defs: {
          genericList: {
            $id: 'genericList',
            type: 'array',
            items: { $dynamicRef: '#itemType' },
            $defs: { fallback: { $dynamicAnchor: 'itemType' } },
          },
          numberList: list('number'),
          stringList: list('string'),
        },
      };
      const root = judged(prepareSchema(schema).root);
      const itemsOf = (name: string) => judged(judged(root.properties?.get(name)).items);
      const typesOf = (type: string) => judged(prepareSchema({ type }).root).types;
      expect(judged(itemsOf('numbers').allOf?.[0]).types).toBe(typesOf('number'));
      expect(judged(itemsOf('texts').allOf?.[0]).types).toBe(typesOf('string'));
    });

    it('should read a schema reached through a chain of references by the scope it is reached in', () => {
      // `r2` is reached from `q` directly and from `p` through `r1`, which binds `n`.
      const schema = {
        $schema: draft2020,
        $id: 'https://example.com/root',
        properties: { p: { $ref: 'r1' }, q: { $ref: 'r2' } },
        $defs: {
          r1: { $id: 'r1', $ref: 'r2', $defs: { s: { $dynamicAnchor: 'n', type: 'string' } } },
          r2: { $id: 'r2', $ref: 'list' },
          list: {
            $id: 'list',
            items: { $dynamicRef: '#n' },
            $defs: { any: { $dynamicAnchor: 'n' } },
          },
        },
      };
      const exact = { leniency: 'exact' } as const;
      expect(checkArguments(schema, { q: [{}] }, exact)).toEqual([]);
      expect(checkArguments(schema, { p: [{}] }, exact)).toHaveLength(1);
    });

    it('should read the keywords 2020-12 added as names that assert nothing in 2019-09', () => {
      const schema = {
        $schema: 'https://json-schema.org/draft/2019-09/schema',
        $defs: { text: { type: 'string' } },
        properties: {
          a: { $dynamicRef: '#/$defs/text' },
          b: { prefixItems: [{ type: 'string' }] },
        },
      };
      expect(checkArguments(schema, { a: {}, b: [1] }, { leniency: 'exact' })).toEqual([]);
    });

    it('should leave unjudged the schemas past a bounded number of dynamic scopes', () => {
      // `steps` names, each bound by one of two resources a union chooses: 2^steps scopes.
      const chain = (steps: number) => {
        const $defs: Record<string, unknown> = {
          end: { $dynamicRef: '#n0' },
          fallback: { $dynamicAnchor: 'n0' },
        };
        for (let step = 0; step < steps; step++) {
          const next = step === steps - 1 ? 'end' : `choice${step + 1}`;
          $defs[`choice${step}`] = { anyOf: [{ $ref: `r${step}a` }, { $ref: `r${step}b` }] };
          for (const side of ['a', 'b']) {
            $defs[`r${step}${side}`] = {
              $id: `r${step}${side}`,
              $defs: { anchor: { $dynamicAnchor: `n${step}`, type: 'string' } },
              $ref: `https://example.com/chain#/$defs/${next}`,
            };
          }
        }
        return {
          $schema: draft2020,
          $id: 'https://example.com/chain',
          $ref: '#/$defs/choice0',
          $defs,
        };
      };
      const unjudgedDynamicRef = (steps: number) =>
        JSON.stringify(prepareSchema(chain(steps)).root).includes('"keyword":"$dynamicRef"');
      expect(unjudgedDynamicRef(3)).toBe(false);
      expect(unjudgedDynamicRef(7)).toBe(true);
    });

    it('should judge the keywords beside a $ref as 2020-12 does, ignore them as draft 7 does', () => {
      const schema = (draft: string | undefined) => ({
        ...(draft === undefined ? {} : { $schema: draft }),
        $ref: '#/$defs/list',
        maxItems: 2,
        type: 'array',
        $defs: { list: { type: 'array', items: { type: 'string' } } },
      });
      const list = (root: SchemaNode) => judged(root).items;
      const beside = judged(prepareSchema(schema(draft2020)).root);
      expect(beside.types).toBe(JsonKind.array);
      expect(list(beside.allOf?.[0] as SchemaNode)).toMatchObject({ types: JsonKind.string });
      expect(list(prepareSchema(schema(draft7)).root)).toMatchObject({ types: JsonKind.string });
      // Without a declared draft only the reference is judged, and the node is not judged in full.
      const unknown = judged(prepareSchema(schema(undefined)).root);
      expect(unknown.types).toBe(0);
      expect(unknown.unjudged).toBe('maxItems');
      expect(list(unknown.allOf?.[0] as SchemaNode)).toMatchObject({ types: JsonKind.string });
    });

    it('should resolve $id, $anchor, draft 7 anchors and URNs within the document', () => {
      const typeAt = (schema: object) => judged(prepareSchema(schema).root).types;
      expect(
        typeAt({
          $schema: draft2020,
          $id: 'https://example.com/root.json',
          $ref: 'nested.json#foo',
          $defs: { a: { $id: 'nested.json', $defs: { b: { $anchor: 'foo', type: 'integer' } } } },
        }),
      ).toBe(JsonKind.integer);
      expect(typeAt({ $ref: '#foo', definitions: { a: { $id: '#foo', type: 'string' } } })).toBe(
        JsonKind.string,
      );
      expect(
        typeAt({
          $id: 'urn:uuid:deadbeef-1234-0000-0000-4321feebdaed',
          $ref: 'urn:uuid:deadbeef-1234-0000-0000-4321feebdaed#/$defs/bar',
          $defs: { bar: { type: 'boolean' } },
        }),
      ).toBe(JsonKind.boolean);
      expect(typeAt({ $ref: '#/$defs/a~1b%25', $defs: { 'a/b%': { type: 'null' } } })).toBe(
        JsonKind.null,
      );
    });
  });

  describe('schemas applied to the same value', () => {
    it('should read allOf, anyOf, oneOf, not, if/then/else and dependent schemas', () => {
      const root = judged(
        prepareSchema({
          allOf: [{ type: 'string' }],
          anyOf: [true, false],
          oneOf: [{ type: 'integer' }],
          not: { type: 'null' },
          if: { required: ['a'] },
          else: { required: ['b'] },
          dependentSchemas: { a: { required: ['c'] } },
          dependencies: { b: ['d'] },
        }).root,
      );
      expect(root.allOf?.map((node) => judged(node).types)).toEqual([JsonKind.string]);
      expect(root.anyOf).toEqual([{ kind: 'any' }, { kind: 'never' }]);
      expect(judged(root.oneOf?.[0]).types).toBe(JsonKind.integer);
      expect(judged(root.not).types).toBe(JsonKind.null);
      expect(judged(root.condition?.test).required).toEqual(['a']);
      expect(root.condition?.whenFits).toBeUndefined();
      expect(judged(root.condition?.whenNot).required).toEqual(['b']);
      expect(root.dependentSchemas?.map(([name, node]) => [name, judged(node).required])).toEqual([
        ['a', ['c']],
      ]);
      // Draft 7's list form is read as `dependentRequired`.
      expect(root.dependentRequired).toEqual(new Map([['b', ['d']]]));
      expect(root.unjudged).toBeUndefined();
    });

    it('should keep the first keyword it does not judge, for a pass that is not complete', () => {
      const unjudgedOf = (schema: object) => judged(prepareSchema(schema).root).unjudged;
      expect(unjudgedOf({ type: 'string', format: 'email' })).toBe('format');
      expect(unjudgedOf({ maximum: 1, exclusiveMaximum: true })).toBe('exclusiveMaximum');
      expect(unjudgedOf({ items: [{ type: 'string' }], minItems: 1 })).toBeUndefined();
      // Under another metaschema the validation vocabulary may be off, so it is not judged.
      const custom = { $schema: 'https://example.com/schema', type: 'string', minLength: 1 };
      expect(unjudgedOf(custom)).toBe('minLength');
      expect(unjudgedOf({ unevaluatedProperties: false, 'x-order': 1 })).toBe(
        'unevaluatedProperties',
      );
      expect(unjudgedOf({ type: 'string', title: 't', 'x-order': 1 })).toBeUndefined();
    });

    it('should skip a list of schemas that is not one, and say where', () => {
      const { root, problems } = prepareSchema({ properties: { a: { anyOf: {} } } });
      expect(judged(root).properties?.get('a')).toEqual({
        kind: 'any',
        skipped: { code: 'malformed', keyword: 'anyOf' },
      });
      expect(problems).toEqual([
        { pointer: '/properties/a/anyOf', message: 'anyOf must be a list of schemas' },
      ]);
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
