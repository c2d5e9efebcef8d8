import { asSchema, jsonSchema, type Schema } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PreparedStore } from '../../store/prepared-store.ts';
import { CallLedger } from './call-ledger.ts';
import type { SchemaWiring } from './gate-input-schema.ts';
import type { OwnedSchemas } from './owned-schemas.ts';
import { ReusedInputSchemas } from './reused-input-schemas.ts';

const listing = () => ({
  type: 'object',
  properties: { path: { type: 'string', description: 'File to read.' } },
  required: ['path'],
  additionalProperties: false,
});

function reusedSchemas() {
  const owned: OwnedSchemas = new WeakMap();
  const store = new PreparedStore();
  const wiring: SchemaWiring = {
    toolName: 'read_file',
    ledger: new CallLedger(),
    owned,
    store,
    validateUnjudged: undefined,
    warnUnjudged: () => {},
  };
  const kept = new ReusedInputSchemas(store);
  const reused = {
    schemaFor: (name: string, original: Schema<unknown>) =>
      kept.schemaFor(name, original, () => wiring),
  };
  return { reused, owned };
}

const read = (schema: Schema<unknown>) => schema.jsonSchema as Record<string, unknown>;

describe('ReusedInputSchemas', () => {
  it('should hand out one wrapped schema to tools of a name whose content is unchanged', () => {
    const { reused, owned } = reusedSchemas();
    const first = reused.schemaFor('read_file', asSchema(jsonSchema(listing())));
    const second = reused.schemaFor('read_file', asSchema(jsonSchema(listing())));
    expect(first).toBeDefined();
    expect(second).toBe(first);
    expect(owned.has(read(first as Schema<unknown>))).toBe(true);
  });

  it('should hand out a frozen schema the AI SDK takes as one, so no holder can change it for others', () => {
    const { reused } = reusedSchemas();
    const first = reused.schemaFor('read_file', asSchema(jsonSchema(listing()))) as Schema<unknown>;
    expect(Object.isFrozen(first)).toBe(true);
    expect(asSchema(first)).toBe(first);
    expect(() => {
      (first as { validate: unknown }).validate = undefined;
    }).toThrow(TypeError);
    expect(() => {
      (first as { jsonSchema: unknown }).jsonSchema = { type: 'object' };
    }).toThrow(TypeError);
    expect(reused.schemaFor('read_file', asSchema(jsonSchema(listing())))).toBe(first);
    expect(read(first)).toEqual(listing());
  });

  it('should wrap anew when the content changes, and by name, never across names', () => {
    const { reused } = reusedSchemas();
    const first = reused.schemaFor('read_file', asSchema(jsonSchema(listing())));
    const changed = { ...listing(), required: [] };
    const second = reused.schemaFor('read_file', asSchema(jsonSchema(changed)));
    expect(second).not.toBe(first);
    expect(read(second as Schema<unknown>)).toEqual(changed);
    expect(reused.schemaFor('write_file', asSchema(jsonSchema(changed)))).not.toBe(second);
  });

  it('should keep a private copy: what the app changes later does not reach it', () => {
    const { reused } = reusedSchemas();
    const schema = listing();
    const wrapped = reused.schemaFor('read_file', asSchema(jsonSchema(schema))) as Schema<unknown>;
    schema.properties.path.type = 'number';
    expect(read(wrapped)).toEqual(listing());
    // The changed content is its own content: wrapped anew, not matched to the old one.
    const again = reused.schemaFor('read_file', asSchema(jsonSchema(schema))) as Schema<unknown>;
    expect(again).not.toBe(wrapped);
    expect(read(again)).toEqual(schema);
  });

  it('should leave schemas with a validator or without plain JSON content to be wrapped per tool', () => {
    const { reused } = reusedSchemas();
    const validated = jsonSchema(listing(), { validate: (value) => ({ success: true, value }) });
    expect(reused.schemaFor('read_file', asSchema(validated))).toBeUndefined();
    expect(reused.schemaFor('weather', asSchema(z.object({ city: z.string() })))).toBeUndefined();
    const later = jsonSchema(() => Promise.resolve(listing()) as never);
    expect(reused.schemaFor('read_file', asSchema(later))).toBeUndefined();
    const dated = jsonSchema({ type: 'object', default: new Date(0) } as never);
    expect(reused.schemaFor('read_file', asSchema(dated))).toBeUndefined();
    const throwing = jsonSchema(() => {
      throw new Error('no schema');
    });
    expect(reused.schemaFor('read_file', asSchema(throwing))).toBeUndefined();
  });

  it('should keep at most 1,000 names, however many distinct names it sees', () => {
    const { reused } = reusedSchemas();
    const schemas: Array<Schema<unknown> | undefined> = [];
    for (let index = 0; index < 100_000; index++) {
      schemas.push(reused.schemaFor(`tool_${index}`, asSchema(jsonSchema(listing()))));
    }
    // The last 1,000 names are handed out again; the name seen longest ago was let go.
    expect(reused.schemaFor('tool_99000', asSchema(jsonSchema(listing())))).toBe(schemas[99_000]);
    expect(reused.schemaFor('tool_99999', asSchema(jsonSchema(listing())))).toBe(schemas[99_999]);
    expect(reused.schemaFor('tool_98999', asSchema(jsonSchema(listing())))).not.toBe(
      schemas[98_999],
    );
  });

  it('should keep at most 2,000,000 characters of content, all names together', () => {
    const { reused } = reusedSchemas();
    // Twenty schemas of about 150,000 characters each: under the limit for one, over it together.
    const large = (index: number) => ({
      type: 'object',
      description: `${index} ${'x'.repeat(150_000)}`,
      properties: { path: { type: 'string' } },
    });
    const first = reused.schemaFor('tool_0', asSchema(jsonSchema(large(0))));
    expect(first).toBeDefined();
    expect(reused.schemaFor('tool_0', asSchema(jsonSchema(large(0))))).toBe(first);
    const last: Array<Schema<unknown> | undefined> = [];
    for (let index = 1; index < 20; index++) {
      last.push(reused.schemaFor(`tool_${index}`, asSchema(jsonSchema(large(index)))));
    }
    expect(reused.schemaFor('tool_0', asSchema(jsonSchema(large(0))))).not.toBe(first);
    expect(reused.schemaFor('tool_19', asSchema(jsonSchema(large(19))))).toBe(last.at(-1));
  });

  it('should hand out again a schema of over 200,000 characters, up to half the total', () => {
    const { reused } = reusedSchemas();
    const large = (length: number) => ({
      type: 'object',
      description: 'x'.repeat(length),
      properties: { path: { type: 'string' } },
    });
    const first = reused.schemaFor('large', asSchema(jsonSchema(large(250_000))));
    expect(first).toBeDefined();
    expect(reused.schemaFor('large', asSchema(jsonSchema(large(250_000))))).toBe(first);
    const nearHalf = reused.schemaFor('larger', asSchema(jsonSchema(large(999_900))));
    expect(nearHalf).toBeDefined();
    expect(reused.schemaFor('larger', asSchema(jsonSchema(large(999_900))))).toBe(nearHalf);
    // Past half the total, one schema would push every other name out: it is wrapped anew.
    const largest = reused.schemaFor('largest', asSchema(jsonSchema(large(1_000_000))));
    expect(largest).toBeDefined();
    expect(reused.schemaFor('largest', asSchema(jsonSchema(large(1_000_000))))).not.toBe(largest);
  });

  it('should copy a property named __proto__ as a property, and -0 as JSON writes it', () => {
    const { reused } = reusedSchemas();
    const content = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"minProperties":0}',
    );
    content.minProperties = -0;
    const wrapped = read(reused.schemaFor('odd', asSchema(jsonSchema(content))) as Schema<unknown>);
    const properties = wrapped.properties as Record<string, unknown>;
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.keys(properties)).toEqual(['__proto__']);
    expect(Object.is(wrapped.minProperties, 0)).toBe(true);
    // An object whose prototype is set by a literal `__proto__` is not the same content.
    const literal = { type: 'object', properties: { __proto__: { type: 'string' } } };
    expect(reused.schemaFor('odd', asSchema(jsonSchema(literal)))).toBeUndefined();
  });
});
