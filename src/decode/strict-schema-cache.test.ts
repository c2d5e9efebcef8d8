import { describe, expect, it } from 'vitest';
import { decodeArguments } from './decode-arguments.ts';
import { cerebrasProfile, openaiProfile } from './provider-profiles.ts';
import {
  areUnchanged,
  isSealed,
  isUnchanged,
  toStrictSchemaCached,
  watchedArraysOf,
} from './strict-schema-cache.ts';
import { toStrictSchema } from './to-strict-schema.ts';

/** A conversion no cache has seen: each call gets a new object. */
const freshConversionOf = (schema: object) => toStrictSchema(structuredClone(schema)).schema;

/** Every object and array in a value. */
function objectsOf(value: unknown, found = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null && !found.has(value)) {
    found.add(value);
    for (const item of Object.values(value)) objectsOf(item, found);
  }
  return found;
}

/** An MCP-like tool schema, built anew on each call as a client's `tools()` would. */
function weatherSchema(): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name.' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      tags: { type: 'array', items: { type: 'string' } },
    },
    required: ['city'],
    additionalProperties: false,
  };
}

describe('toStrictSchemaCached', () => {
  describe('caching by content', () => {
    it('should share one result among new objects of the same content from its second sighting on', () => {
      // Content of its own, so that its first sighting is in this test.
      const schema = () => ({ ...weatherSchema(), description: 'Seen again and again.' });
      const first = toStrictSchemaCached(schema());
      const second = toStrictSchemaCached(schema());
      expect(first.strict).toBe(true);
      expect(isSealed(first)).toBe(false);
      expect(isSealed(second)).toBe(true);
      expect(second).toEqual(first);
      expect(toStrictSchemaCached(schema())).toBe(second);
      expect(toStrictSchemaCached(JSON.parse(JSON.stringify(schema())))).toBe(second);
    });

    it('should give a content seen for the first time a result of its own, sharing no object with the schema passed in', () => {
      const schema = { ...weatherSchema(), description: 'Seen once.' };
      const result = toStrictSchemaCached(schema);
      if (!result.strict) throw new Error('expected a strict result');
      expect(JSON.stringify(result.schema)).toBe(JSON.stringify(freshConversionOf(schema)));
      const passedIn = objectsOf(schema);
      expect([...objectsOf(result.schema)].filter((object) => passedIn.has(object))).toEqual([]);
      // The same object again is the content's second sighting: a sealed result, kept from then on.
      const again = toStrictSchemaCached(schema);
      expect(again).not.toBe(result);
      expect(isSealed(again)).toBe(true);
      expect(toStrictSchemaCached(schema)).toBe(again);
    });

    it('should count sightings per profile and defaults', () => {
      const schema = () => ({ ...weatherSchema(), description: 'Seen under two profiles.' });
      expect(isSealed(toStrictSchemaCached(schema()))).toBe(false);
      expect(isSealed(toStrictSchemaCached(schema(), { profile: cerebrasProfile }))).toBe(false);
      expect(isSealed(toStrictSchemaCached(schema(), { profile: cerebrasProfile }))).toBe(true);
    });

    it('should convert as toStrictSchema does', () => {
      const schema = weatherSchema();
      const cached = toStrictSchemaCached(schema, { defaults: { unit: 'celsius' } });
      const direct = toStrictSchema(schema, { defaults: { unit: 'celsius' } });
      expect(cached).toEqual(direct);
      expect(decodeArguments({ city: 'Oslo', unit: null, tags: null }, cached.plan)).toEqual({
        city: 'Oslo',
        unit: 'celsius',
      });
    });

    it('should give different results for different content, profiles and defaults', () => {
      const base = toStrictSchemaCached(weatherSchema());
      const otherContent = toStrictSchemaCached({
        ...weatherSchema(),
        required: ['city', 'unit'],
      });
      const otherProfile = toStrictSchemaCached(weatherSchema(), { profile: cerebrasProfile });
      const otherDefaults = toStrictSchemaCached(weatherSchema(), {
        defaults: { unit: 'fahrenheit' },
      });
      const results = [base, otherContent, otherProfile, otherDefaults];
      expect(new Set(results).size).toBe(4);
      expect(otherContent.schema).not.toEqual(base.schema);
      expect(otherProfile.schema).not.toEqual(base.schema);
      expect(otherDefaults.plan).not.toEqual(base.plan);
    });

    it('should find defaults and profiles by content, not by object', () => {
      const convert = () =>
        toStrictSchemaCached(weatherSchema(), {
          profile: { ...openaiProfile },
          defaults: { unit: 'celsius' },
        });
      convert();
      expect(convert()).toBe(convert());
    });

    it('should give a schema that cannot be strict back to its own caller', () => {
      // A tuple: no strict form exists for it.
      const open = () => ({
        type: 'object',
        properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }] } },
      });
      const first = open();
      const second = open();
      const one = toStrictSchemaCached(first);
      const other = toStrictSchemaCached(second);
      expect(one.strict).toBe(false);
      expect(one.schema).toBe(first);
      expect(other.schema).toBe(second);
      expect(toStrictSchemaCached(second)).toBe(other);
    });
  });

  describe('what callers may do to results', () => {
    it('should hand out copies with frozen objects that share nothing with the schema passed in', () => {
      const schema = weatherSchema();
      toStrictSchemaCached(weatherSchema(), { defaults: { tags: ['x'] } });
      const result = toStrictSchemaCached(schema, { defaults: { tags: ['x'] } });
      if (!result.strict) throw new Error('expected a strict result');
      const strictSchema = result.schema as { properties: Record<string, object> };
      expect(Object.isFrozen(result)).toBe(true);
      expect(Object.isFrozen(strictSchema)).toBe(true);
      expect(Object.isFrozen(strictSchema.properties.city)).toBe(true);
      expect(Object.isFrozen(result.notes)).toBe(true);
      expect(strictSchema.properties.city).not.toBe(
        (schema.properties as Record<string, object>).city,
      );
      expect(() => {
        (strictSchema.properties as Record<string, unknown>).city = { type: 'number' };
      }).toThrow(TypeError);
    });

    it('should leave the strict schema arrays open, and never hand out again a result whose arrays changed', () => {
      // Content of its own: this test replaces what the cache holds for it.
      const schema = () => ({ ...weatherSchema(), description: 'Arrays changed in place.' });
      const changes: Array<(strictSchema: Record<string, unknown>) => void> = [
        (strictSchema) => (strictSchema.required as string[]).pop(),
        (strictSchema) => {
          const unit = (strictSchema.properties as Record<string, Record<string, unknown>>).unit;
          (unit?.enum as unknown[])[0] = 'kelvin';
        },
        (strictSchema) => {
          const unit = (strictSchema.properties as Record<string, Record<string, unknown>>).unit;
          Object.defineProperty(unit?.type as unknown[], 0, {
            get: () => {
              throw new Error('read');
            },
          });
        },
      ];
      const expected = JSON.stringify(toStrictSchemaCached(schema()).schema);
      for (const change of changes) {
        const handedOut = toStrictSchemaCached(schema());
        expect(toStrictSchemaCached(schema())).toBe(handedOut);
        const strictSchema = handedOut.schema as Record<string, unknown>;
        expect(Object.isFrozen(strictSchema.required)).toBe(false);
        expect(isUnchanged(handedOut)).toBe(true);
        const watched = watchedArraysOf([handedOut]);
        expect(areUnchanged(watched)).toBe(true);
        change(strictSchema);
        expect(isUnchanged(handedOut)).toBe(false);
        expect(areUnchanged(watched)).toBe(false);
        const next = toStrictSchemaCached(schema());
        expect(next === handedOut).toBe(false);
        expect(JSON.stringify(next.schema)).toBe(expected);
        expect(toStrictSchemaCached(schema())).toBe(next);
      }
    });

    it('should not let a change to the caller own schema reach the cache', () => {
      const schema = weatherSchema();
      toStrictSchemaCached(weatherSchema());
      const before = toStrictSchemaCached(schema);
      expect(isSealed(before)).toBe(true);
      (
        (schema.properties as Record<string, Record<string, unknown>>).city as Record<
          string,
          unknown
        >
      ).type = 'number';
      const fresh = toStrictSchemaCached(weatherSchema());
      expect(fresh).toBe(before);
      expect(JSON.stringify(fresh.schema)).toContain('"city":{"type":"string"');
    });

    it('should still seal results when the options are not plain data', () => {
      const defaults = { when: new Date(0) };
      const schema = {
        type: 'object',
        properties: { when: { type: 'string' } },
        additionalProperties: false,
      };
      const result = toStrictSchemaCached(schema, { defaults });
      expect(result.strict).toBe(true);
      expect(Object.isFrozen(result.schema)).toBe(true);
      expect(toStrictSchemaCached(schema, { defaults })).toEqual(result);
      expect(decodeArguments({ when: null }, result.plan)).toEqual({ when: new Date(0) });
    });
  });

  describe('arrays shared between sealed schemas', () => {
    type Part = { readonly type?: unknown; readonly enum?: unknown };
    /** A kept (sealed) result: the second sighting of its content. */
    function sealedOf(schema: () => object) {
      toStrictSchemaCached(schema());
      const result = toStrictSchemaCached(schema());
      if (!result.strict || !isSealed(result)) throw new Error('expected a sealed strict result');
      return result as typeof result & {
        schema: { properties: Record<'from' | 'to' | 'pick', Part> };
      };
    }
    /** Two optional string parameters: each becomes `type: ["string", "null"]`. */
    const twoOptional = (description: string) => ({
      type: 'object',
      description,
      properties: { from: { type: 'string' }, to: { type: 'string' } },
      additionalProperties: false,
    });

    it('should give equal short lists of primitives one array, watched once', () => {
      const one = sealedOf(() => twoOptional('shared one'));
      const other = sealedOf(() => twoOptional('shared other'));
      const shared = one.schema.properties.from.type;
      expect(shared).toEqual(['string', 'null']);
      expect(one.schema.properties.to.type).toBe(shared);
      expect(other.schema.properties.from.type).toBe(shared);
      expect(Object.isFrozen(shared)).toBe(false);
      const watched = watchedArraysOf([one, other]);
      expect(watched.filter((entry) => entry === shared)).toHaveLength(1);
    });

    it('should notice an edit of a shared array in every result holding it, and share it no more', () => {
      const one = sealedOf(() => twoOptional('edited one'));
      const other = sealedOf(() => twoOptional('edited other'));
      const shared = one.schema.properties.from.type as unknown[];
      shared.reverse();
      expect(isUnchanged(one)).toBe(false);
      expect(isUnchanged(other)).toBe(false);
      const next = toStrictSchemaCached(twoOptional('edited one'));
      const nextType = (next.schema as typeof one.schema).properties.from.type;
      expect(nextType).toEqual(['string', 'null']);
      expect(nextType).not.toBe(shared);
      expect(isUnchanged(next)).toBe(true);
    });

    it('should not share again an array given a property of its own or a getter, even with its items', () => {
      const edits: Array<(array: unknown[]) => void> = [
        (array) => Object.defineProperty(array, 'toJSON', { value: () => ['number'] }),
        (array) => Object.defineProperty(array, 0, { get: () => 'string', enumerable: true }),
      ];
      for (const [index, edit] of edits.entries()) {
        const description = `own property ${index}`;
        const before = sealedOf(() => twoOptional(description)).schema.properties.from.type;
        edit(before as unknown[]);
        const after = sealedOf(() => twoOptional(`${description}, another`)).schema.properties.from
          .type;
        expect(after).not.toBe(before);
        expect(JSON.stringify(after)).toBe('["string","null"]');
      }
    });

    it('should share only short lists (200 characters as JSON) of strings, finite numbers, booleans and null', () => {
      const withEnum = (values: unknown[]) => () => ({
        type: 'object',
        properties: { pick: { enum: values } },
        required: ['pick'],
        additionalProperties: false,
      });
      const many = Array.from({ length: 40 }, (_, index) => `v${index}`);
      const lists: unknown[][] = [[0, -0], [{ a: 1 }], many, ['x'.repeat(201)]];
      for (const values of lists) {
        const one = sealedOf(withEnum(values)).schema.properties.pick;
        const again = toStrictSchema(withEnum(values)()).schema as { properties: object };
        const other = sealedOf(() => ({ ...again, description: `unshared ${values.length}` }));
        expect(other.schema.properties.pick.enum).not.toBe(one.enum);
      }
    });
  });

  describe('schemas whose parts recur', () => {
    /** Levels of `anyOf: [previous, previous]`: one object per level, 2^levels parts as JSON. */
    function sharedLevels(levels: number, leaf: Record<string, unknown>): Record<string, unknown> {
      let node: Record<string, unknown> = leaf;
      for (let level = 0; level < levels; level++) {
        node = { type: 'array', items: { anyOf: [node, node] } };
      }
      return {
        type: 'object',
        properties: { tree: node },
        required: ['tree'],
        additionalProperties: false,
      };
    }

    it.each([
      ['a few times', 3],
      ['more often than a copy part by part can go', 12],
    ])('should seal a schema whose parts recur %s, and watch every array in it', (_, levels) => {
      const leaf = {
        type: 'object',
        properties: { name: { type: 'string' } },
        required: ['name'],
        additionalProperties: false,
      };
      const schema = sharedLevels(levels, leaf);
      toStrictSchemaCached(structuredClone(schema));
      const result = toStrictSchemaCached(schema);
      if (!result.strict) throw new Error(`expected a strict result: ${result.reason}`);
      expect(JSON.stringify(result.schema)).toBe(JSON.stringify(freshConversionOf(schema)));
      expect(Object.isFrozen(result.schema)).toBe(true);
      expect(toStrictSchemaCached(structuredClone(schema))).toBe(result);
      // The deepest leaf, reached by the last branch at every level.
      let node = (result.schema as { properties: { tree: Record<string, unknown> } }).properties
        .tree;
      for (let level = 0; level < levels; level++) {
        const branches = (node.items as { anyOf: Array<Record<string, unknown>> }).anyOf;
        node = branches[1] as Record<string, unknown>;
      }
      expect(node.required).toEqual(['name']);
      expect(node.required).not.toBe(leaf.required);
      (node.required as string[])[0] = 'other';
      expect(isUnchanged(result)).toBe(false);
      expect(toStrictSchemaCached(structuredClone(schema))).not.toBe(result);
    });
  });

  describe('hostile schemas', () => {
    it('should not throw on a cycle, non-JSON values or a lying toJSON', () => {
      const cyclic: Record<string, unknown> = { type: 'object' };
      cyclic.properties = { self: cyclic };
      const hostile: unknown[] = [
        cyclic,
        { type: 'object', properties: { a: { const: undefined } } },
        { type: 'object', properties: { a: { const: 1n } } },
        { type: 'object', toJSON: () => ({}) },
        Object.create({ type: 'object' }),
        null,
        'a string',
      ];
      for (const schema of hostile) {
        expect(() => toStrictSchemaCached(schema)).not.toThrow();
      }
      expect(toStrictSchemaCached(cyclic)).toBe(toStrictSchemaCached(cyclic));
    });

    it('should convert lists nested deeper than a copy can go without throwing', () => {
      let items: Record<string, unknown> = { type: 'string' };
      for (let depth = 0; depth < 20_000; depth++) items = { type: 'array', items };
      const schema = { type: 'object', properties: { deep: items }, required: ['deep'] };
      expect(() => toStrictSchemaCached(schema)).not.toThrow();
    });

    it('should not let a lying toJSON pass for the content it claims', () => {
      const honest = toStrictSchemaCached({ type: 'object', properties: {} });
      const liar = toStrictSchemaCached({
        type: 'object',
        properties: { a: { type: 'string' } },
        toJSON: () => ({ type: 'object', properties: {} }),
      });
      expect(liar).not.toBe(honest);
    });
  });

  it('should convert a schema whose JSON text is another content (a hidden toJSON) by what it holds', () => {
    const counted = {
      type: 'object',
      properties: { count: { type: 'integer' } },
      additionalProperties: false,
    };
    const named = {
      type: 'object',
      properties: { count: { type: 'string' } },
      additionalProperties: false,
    };
    toStrictSchemaCached(named, { profile: openaiProfile });
    // Reads as `counted` to every walker, but JSON.stringify writes it as `named`.
    const disguised = Object.defineProperty(structuredClone(counted), 'toJSON', {
      value: () => named,
    });
    const result = toStrictSchemaCached(disguised, { profile: openaiProfile });
    expect(result).toEqual(toStrictSchema(counted, { profile: openaiProfile }));
  });
});
