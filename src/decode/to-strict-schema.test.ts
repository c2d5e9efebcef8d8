import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { asSchema, zodSchema } from 'ai';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze } from '../../test/support/deep-freeze.ts';
import { noteTree } from '../../test/support/note-tree.ts';
import { strictRuleViolations } from '../../test/support/openai-strict-rules.ts';
import { planData } from '../../test/support/plan-data.ts';
import { decodeArguments, decodeWithPlan } from './decode-arguments.ts';
import {
  anthropicProfile,
  cerebrasProfile,
  openaiProfile,
  resolveProfile,
  type StrictProfile,
} from './provider-profiles.ts';
import { type ToStrictSchemaOptions, toStrictSchema } from './to-strict-schema.ts';

type Schema = Record<string, unknown>;

/** What the AI SDK sends for a zod schema. */
async function fromZod(schema: z.ZodType): Promise<Schema> {
  return (await asSchema(schema).jsonSchema) as Schema;
}

/** What the AI SDK sends for a valibot schema (it needs the Standard JSON Schema wrapper). */
async function fromValibot(schema: v.GenericSchema): Promise<Schema> {
  return (await asSchema(toStandardJsonSchema(schema)).jsonSchema) as Schema;
}

function strictOf(schema: unknown, options?: ToStrictSchemaOptions) {
  const result = toStrictSchema(schema, options);
  if (!result.strict) throw new Error(`expected a strict result, got: ${result.reason}`);
  expect(
    strictRuleViolations(result.schema, {
      allowTypeLists: resolveProfile(options?.profile ?? openaiProfile).nullable === 'type-list',
    }),
  ).toEqual([]);
  return result;
}

function reasonOf(schema: unknown, options?: ToStrictSchemaOptions): string {
  const result = toStrictSchema(schema, options);
  if (result.strict) throw new Error('expected strict: false');
  expect(result.schema).toBe(schema);
  expect(result.plan).toEqual({ kind: 'none' });
  return result.reason;
}

const omission = { decodeTo: 'omission' } as const;
const defaultOf = (value: unknown) => ({ decodeTo: 'default', value }) as const;

function object(properties: Schema, required: string[] = [], extra: Schema = {}): Schema {
  return { type: 'object', properties, required, ...extra };
}

/** A strict object as the conversion writes it: closed, every property required, in order. */
function closed(properties: Schema, extra: Schema = {}): Schema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
    ...extra,
  };
}

describe('toStrictSchema', () => {
  describe('objects', () => {
    it('should require every property and close the object', () => {
      const { schema, plan } = strictOf(
        object({ city: { type: 'string' }, days: { type: 'integer' } }, ['city', 'days']),
      );
      expect(schema).toEqual(closed({ city: { type: 'string' }, days: { type: 'integer' } }));
      expect(planData(plan)).toEqual({});
    });

    it('should list required names in the order of the properties', () => {
      const { schema } = strictOf(
        object({ a: { type: 'string' }, b: { type: 'string' } }, ['b', 'a']),
      );
      expect(schema.required).toEqual(['a', 'b']);
      expect(Object.keys(schema.properties as Schema)).toEqual(['a', 'b']);
    });

    it('should write type "object" where only properties say it is one', () => {
      const { schema } = strictOf({ properties: { a: { type: 'string' } }, required: ['a'] });
      expect(schema).toEqual(closed({ a: { type: 'string' } }));
    });

    it('should close an object without properties', () => {
      expect(strictOf({ type: 'object' }).schema).toEqual(closed({}));
    });

    it('should close nested objects and objects in lists, at every level', () => {
      const { schema } = strictOf(
        object(
          {
            filters: object({ tag: { type: 'string' } }, ['tag']),
            events: { type: 'array', items: object({ when: { type: 'string' } }, ['when']) },
          },
          ['filters', 'events'],
        ),
      );
      expect(schema).toEqual(
        closed({
          filters: closed({ tag: { type: 'string' } }),
          events: { type: 'array', items: closed({ when: { type: 'string' } }) },
        }),
      );
    });

    it('should keep what strict mode accepts: descriptions, titles, bounds, patterns, $schema', () => {
      const source = {
        $schema: 'http://json-schema.org/draft-07/schema#',
        title: 'Weather',
        description: 'Gets the weather.',
        ...object(
          {
            city: { type: 'string', pattern: '^[A-Z]', description: 'City.' },
            days: { type: 'integer', minimum: 1, maximum: 14, multipleOf: 1 },
            temp: { type: 'number', exclusiveMinimum: -300, exclusiveMaximum: 100 },
            tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
            when: { type: 'string', format: 'date-time' },
          },
          ['city', 'days', 'temp', 'tags', 'when'],
        ),
      };
      const result = strictOf(source);
      expect(result.schema).toEqual({ ...source, additionalProperties: false });
      expect(result.notes).toEqual([]);
    });
  });

  describe('optional properties', () => {
    it('should make an optional primitive nullable with a type list, decoding null to omission', () => {
      const { schema, plan } = strictOf(object({ a: { type: 'string' }, n: { type: 'number' } }));
      expect(schema).toEqual(
        closed({ a: { type: ['string', 'null'] }, n: { type: ['number', 'null'] } }),
      );
      expect(planData(plan)).toEqual({ placeholders: { a: omission, n: omission } });
    });

    it('should add null to the type list and to the enum of an optional enum', () => {
      const { schema } = strictOf(object({ unit: { type: 'string', enum: ['c', 'f'] } }));
      expect(schema).toEqual(
        closed({ unit: { type: ['string', 'null'], enum: ['c', 'f', null] } }),
      );
    });

    it('should extend a type list of primitives with null', () => {
      const { schema } = strictOf(object({ a: { type: ['string', 'number'] } }));
      expect(schema).toEqual(closed({ a: { type: ['string', 'number', 'null'] } }));
    });

    it('should use anyOf for a const, an enum without type, an object and a list', () => {
      const { schema } = strictOf(
        object({
          k: { const: 'k' },
          t: { type: 'string', const: 't' },
          e: { enum: ['x', 1] },
          o: object({ a: { type: 'string' } }, ['a']),
          l: { type: 'array', items: { type: 'string' } },
        }),
      );
      expect(schema).toEqual(
        closed({
          k: { anyOf: [{ const: 'k' }, { type: 'null' }] },
          t: { anyOf: [{ type: 'string', const: 't' }, { type: 'null' }] },
          e: { anyOf: [{ enum: ['x', 1] }, { type: 'null' }] },
          o: { anyOf: [closed({ a: { type: 'string' } }), { type: 'null' }] },
          l: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
        }),
      );
    });

    it('should add a null branch to an optional anyOf, keeping its description', () => {
      const { schema } = strictOf(
        object({
          u: { anyOf: [{ type: 'string' }, { type: 'integer' }], description: 'U.' },
          w: { anyOf: [{ type: 'string' }, { type: 'integer' }], minimum: 1 },
        }),
      );
      expect(schema).toEqual(
        closed({
          u: {
            anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }],
            description: 'U.',
          },
          w: {
            anyOf: [
              { anyOf: [{ type: 'string' }, { type: 'integer' }], minimum: 1 },
              { type: 'null' },
            ],
          },
        }),
      );
    });

    it('should always use anyOf for the Cerebras profile', () => {
      const { schema } = strictOf(
        object({ a: { type: 'string' }, u: { type: 'string', enum: ['c', 'f'] } }),
        { profile: cerebrasProfile },
      );
      expect(schema).toEqual(
        closed({
          a: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          u: { anyOf: [{ type: 'string', enum: ['c', 'f'] }, { type: 'null' }] },
        }),
      );
    });

    it('should decode null to the schema default, and leave the default out of the schema', () => {
      const { schema, plan } = strictOf(
        object({ days: { type: 'integer', default: 3 }, unit: { type: 'string', default: 'c' } }),
      );
      expect(schema).toEqual(
        closed({ days: { type: ['integer', 'null'] }, unit: { type: ['string', 'null'] } }),
      );
      expect(planData(plan)).toEqual({
        placeholders: { days: defaultOf(3), unit: defaultOf('c') },
      });
    });

    it('should prefer a configured default to the schema default', () => {
      const { plan, notes } = strictOf(
        object({ days: { type: 'integer', default: 3 }, unit: { type: 'string' } }),
        { defaults: { days: 7, unit: 'f' } },
      );
      expect(planData(plan)).toEqual({
        placeholders: { days: defaultOf(7), unit: defaultOf('f') },
      });
      expect(notes).toEqual([]);
    });

    it.each([
      ['of another kind', { type: 'string', default: { x: 1 } }],
      ['of another type', { type: 'string', default: 5 }],
      ['outside the enum', { enum: ['x', 'y'], default: 'z' }],
      [
        'past a keyword the profile does not send',
        { type: 'string', maxLength: 2, default: 'abc' },
      ],
    ])('should decode null to omission for a schema default %s', (_case, property) => {
      for (const profile of ['openai', 'cerebras'] as const) {
        const { plan, notes } = strictOf(
          object({ a: property }, [], { additionalProperties: false }),
          {
            profile,
          },
        );
        expect(planData(plan)).toEqual({ placeholders: { a: omission } });
        expect(decodeWithPlan({ a: null }, plan)).toEqual({ value: {}, problems: [] });
        expect(notes).toContainEqual({
          pointer: '/properties/a/default',
          message:
            'the schema\'s default for "a" is not a value the argument accepts: its null decodes to leaving it out',
        });
      }
    });

    it('should still take a configured default where the schema default does not fit', () => {
      const { plan } = strictOf(object({ a: { enum: ['x', 'y'], default: 'z' } }), {
        defaults: { a: 'y' },
      });
      expect(decodeWithPlan({ a: null }, plan).value).toEqual({ a: 'y' });
    });

    it('should find configured defaults by argument path in nested objects and list items', () => {
      const source = object(
        {
          unit: { type: 'string' },
          filters: object({ limit: { type: 'integer' }, tag: { type: 'string' } }, ['tag']),
          events: {
            type: 'array',
            items: object({ when: { type: 'string' }, what: { type: 'string' } }, ['what']),
          },
        },
        ['filters', 'events'],
      );
      const defaults = { unit: 'c', 'filters.limit': 10, 'events[].when': 'now' };
      const { plan, notes } = strictOf(source, { defaults });
      expect(planData(plan)).toEqual({
        placeholders: { unit: defaultOf('c') },
        properties: {
          filters: { placeholders: { limit: defaultOf(10) } },
          events: { items: { placeholders: { when: defaultOf('now') } } },
        },
      });
      expect(notes).toEqual([]);
    });

    it('should keep the meaning of an optional property that already admits null', () => {
      const nullables = {
        list: { type: ['string', 'null'] },
        anyOf: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        enum: { enum: ['a', null] },
        typedEnum: { type: ['string', 'null'], enum: ['a', null] },
        constNull: { const: null },
        onlyNull: { type: 'null' },
      };
      const { schema, plan } = strictOf(object(nullables));
      expect(schema).toEqual(closed(nullables));
      expect(planData(plan)).toEqual({});
    });

    it('should keep OpenAPI’s nullable: true as null, written in the strict nullable form', () => {
      const { schema, plan } = strictOf(
        object({
          a: { type: 'string', nullable: true },
          o: { ...object({ b: { type: 'string' } }, ['b']), nullable: true },
        }),
      );
      expect(schema).toEqual(
        closed({
          a: { type: ['string', 'null'] },
          o: { anyOf: [closed({ b: { type: 'string' } }), { type: 'null' }] },
        }),
      );
      expect(planData(plan)).toEqual({});
    });

    it('should treat a type list with null but an enum without null as not admitting null', () => {
      const { schema, plan } = strictOf(
        object({ a: { type: ['string', 'null'], enum: ['x', 'y'] } }),
      );
      expect(planData(plan)).toEqual({ placeholders: { a: omission } });
      expect(schema).toEqual(closed({ a: { type: ['string', 'null'], enum: ['x', 'y', null] } }));
    });

    it('should drop the default of a required or null-admitting property, placeholder-free', () => {
      const { schema, plan } = strictOf(
        object(
          {
            required: { type: 'string', default: 'r' },
            nullish: { type: ['string', 'null'], default: 'n' },
          },
          ['required'],
        ),
      );
      expect(schema).toEqual(
        closed({ required: { type: 'string' }, nullish: { type: ['string', 'null'] } }),
      );
      expect(planData(plan)).toEqual({});
    });

    it('should note every schema default it leaves out, and why', () => {
      const { notes } = strictOf(
        object({
          nullish: { type: ['string', 'null'], default: 'n' },
          nullDefault: { type: ['string', 'null'], default: null },
        }),
      );
      expect(notes).toEqual([
        {
          pointer: '/properties/nullish/default',
          message:
            'the schema\'s default for "nullish" is not applied: the argument admits null, so the model now sends null or a value for it',
        },
        {
          pointer: '/properties/nullDefault/default',
          message:
            'the schema\'s default for "nullDefault" is left out of the schema sent; null is a value of its own there',
        },
      ]);
    });

    it('should make a root that admits null an object, as arguments always are', () => {
      const { schema, strict } = strictOf({
        type: ['object', 'null'],
        properties: { a: { type: 'string' } },
        required: ['a'],
      });
      expect(strict).toBe(true);
      expect(schema).toMatchObject({
        type: 'object',
        required: ['a'],
        additionalProperties: false,
      });
      // OpenAPI's `nullable: true` on the root: still an object, never a root anyOf.
      const openApi = strictOf({
        type: 'object',
        nullable: true,
        properties: { a: { type: 'string' } },
        required: ['a'],
      });
      expect(openApi.schema).toEqual(closed({ a: { type: 'string' } }));
    });

    it('should leave out lookaround patterns and unused definitions, with a note for the pattern', () => {
      const { schema, notes } = strictOf(
        object(
          {
            email: { type: 'string', pattern: '^(?!\\.)[^@]+@[^@]+$' },
            code: { type: 'string', pattern: '^[A-Z]{3}$' },
            nested: {
              type: 'object',
              properties: { n: { type: 'string' } },
              required: ['n'],
              $defs: { unused: { type: 'string' } },
            },
          },
          ['email', 'code', 'nested'],
        ),
      );
      expect(schema).toMatchObject({
        properties: {
          email: { type: 'string' },
          code: { type: 'string', pattern: '^[A-Z]{3}$' },
          nested: { type: 'object' },
        },
      });
      const properties = (schema as { properties: Record<string, Record<string, unknown>> })
        .properties;
      expect(properties.email).not.toHaveProperty('pattern');
      expect(properties.nested).not.toHaveProperty('$defs');
      expect(notes.map((note) => note.pointer)).toEqual(['/properties/email/pattern']);
    });

    it('should note configured defaults that cannot apply', () => {
      const { notes, plan } = strictOf(
        object({ req: { type: 'string' }, nul: { type: ['string', 'null'] } }, ['req']),
        { defaults: { req: 'a', nul: 'b', 'no.such': 'c' } },
      );
      expect(planData(plan)).toEqual({});
      expect(notes).toEqual([
        {
          pointer: '/properties/req',
          message: 'the default for "req" is not used: the argument is required',
        },
        {
          pointer: '/properties/nul',
          message: 'the default for "nul" is not used: null is a value of its own there',
        },
        { pointer: '', message: 'the default for "no.such" matches no optional argument' },
      ]);
    });

    it('should plan nested placeholders under optional objects and lists', () => {
      const { plan } = strictOf(
        object({
          o: object({ a: { type: 'string' } }),
          l: { type: 'array', items: object({ b: { type: 'string' } }) },
        }),
      );
      expect(planData(plan)).toEqual({
        placeholders: { o: omission, l: omission },
        properties: {
          o: { placeholders: { a: omission } },
          l: { items: { placeholders: { b: omission } } },
        },
      });
    });
  });

  describe('unions', () => {
    it('should turn oneOf into anyOf and plan each branch', () => {
      const { schema, plan } = strictOf(
        object(
          {
            ev: {
              oneOf: [
                object({ kind: { const: 'a' }, x: { type: 'string' } }, ['kind']),
                object({ kind: { const: 'b' } }, ['kind']),
              ],
            },
          },
          ['ev'],
        ),
      );
      expect(schema).toEqual(
        closed({
          ev: {
            anyOf: [
              closed({ kind: { const: 'a' }, x: { type: ['string', 'null'] } }),
              closed({ kind: { const: 'b' } }),
            ],
          },
        }),
      );
      expect(planData(plan)).toEqual({
        properties: { ev: { variants: [{ placeholders: { x: omission } }, {}] } },
      });
    });

    it('should refuse a node with both anyOf and oneOf', () => {
      expect(
        reasonOf(
          object({ a: { anyOf: [{ type: 'string' }], oneOf: [{ type: 'number' }] } }, ['a']),
        ),
      ).toBe('"/properties/a" has both anyOf and oneOf');
    });
  });

  describe('references', () => {
    it('should inline $defs and definitions and leave both out of the result', () => {
      const { schema, plan } = strictOf({
        ...object({ home: { $ref: '#/$defs/address' }, owner: { $ref: '#/definitions/user' } }, [
          'home',
        ]),
        $defs: { address: object({ city: { type: 'string' } }) },
        definitions: { user: { type: 'string' } },
      });
      expect(schema).toEqual(
        closed({
          home: closed({ city: { type: ['string', 'null'] } }),
          owner: { type: ['string', 'null'] },
        }),
      );
      expect(planData(plan)).toEqual({
        placeholders: { owner: omission },
        properties: { home: { placeholders: { city: omission } } },
      });
    });

    it('should inline a reference into the schema itself, without definitions at the root', () => {
      const { schema } = strictOf(
        object({ a: { type: 'string' }, b: { $ref: '#/properties/a' } }, ['a', 'b']),
      );
      expect(schema).toEqual(closed({ a: { type: 'string' }, b: { type: 'string' } }));
    });

    it('should give the reason of a reference that cannot be resolved before any other', () => {
      // The tuple comes first in the walk; the reference is read first all the same.
      const result = toStrictSchema(
        object({ t: { type: 'array', items: [{ type: 'string' }] }, r: { $ref: '#/nowhere' } }),
      );
      expect(result.strict).toBe(false);
      expect(result.strict === false && result.reason).toBe(
        'the reference at "/properties/r" cannot be resolved within the schema',
      );
    });

    it('should move a description beside a $ref onto the inlined schema', () => {
      const { schema } = strictOf({
        ...object({ a: { $ref: '#/$defs/t', description: 'Beside.' } }, ['a']),
        $defs: { t: { type: 'string', description: 'Target.' } },
      });
      expect(schema).toEqual(closed({ a: { type: 'string', description: 'Beside.' } }));
    });

    it('should merge allOf with one member into the node, keeping the member’s placeholders', async () => {
      // What zod writes for a reused schema with `useReferences`, described at one use.
      const address = z.object({ street: z.string(), zip: z.string().optional() });
      const input = (await zodSchema(
        z.object({ home: address.describe('Home.'), work: address.optional() }),
        {
          useReferences: true,
        },
      ).jsonSchema) as Schema;
      expect(JSON.stringify(input)).toContain('"allOf":[{"$ref":"#/definitions/');
      const { schema, plan } = strictOf(input, { defaults: { 'work.zip': '00000' } });
      const strictAddress = closed({
        street: { type: 'string' },
        zip: { type: ['string', 'null'] },
      });
      expect(schema).toEqual({
        $schema: 'http://json-schema.org/draft-07/schema#',
        ...closed({
          home: { ...strictAddress, description: 'Home.' },
          work: { anyOf: [strictAddress, { type: 'null' }] },
        }),
      });
      expect(planData(plan)).toEqual({
        placeholders: { work: omission },
        properties: {
          home: { placeholders: { zip: omission } },
          work: { placeholders: { zip: defaultOf('00000') } },
        },
      });
      expect(
        decodeArguments(
          { home: { street: 'a', zip: null }, work: { street: 'b', zip: null } },
          plan,
        ),
      ).toEqual({ home: { street: 'a' }, work: { street: 'b', zip: '00000' } });
    });

    it('should refuse allOf with several members or a member that a sibling contradicts', () => {
      expect(
        reasonOf(
          object({ a: { allOf: [{ type: 'string' }, { type: 'string', minLength: 1 }] } }, ['a']),
        ),
      ).toBe('"/properties/a" combines schemas with allOf, which strict mode does not accept');
      expect(
        reasonOf({
          ...object({
            a: { allOf: [{ $ref: '#/$defs/base' }], properties: { b: { type: 'string' } } },
          }),
          $defs: { base: object({ c: { type: 'string' } }) },
        }),
      ).toBe('"/properties/a" combines schemas with allOf, which strict mode does not accept');
    });

    it('should accept a sibling of allOf that agrees with the member', () => {
      const { schema } = strictOf({
        ...object({ a: { allOf: [{ $ref: '#/$defs/base' }], type: 'object' } }, ['a']),
        $defs: { base: object({ c: { type: 'string' } }, ['c']) },
      });
      expect(schema).toEqual(closed({ a: closed({ c: { type: 'string' } }) }));
    });

    it('should keep recursion strict as JSON text for a profile without recursion (Cerebras)', async () => {
      type List = { v: string; next?: List };
      const list: z.ZodType<List> = z.lazy(() =>
        z.object({ v: z.string(), next: list.optional() }),
      );
      const input = await fromZod(z.object({ list }));
      const copy = structuredClone(input);
      const { schema, plan, notes } = strictOf(input, { profile: cerebrasProfile });
      expect(input).toEqual(copy);
      expect(JSON.stringify(schema)).not.toContain('$ref');
      expect(schema).toMatchObject({
        properties: {
          list: {
            properties: {
              next: {
                anyOf: [
                  { type: 'string', description: 'Any JSON value, written as JSON text.' },
                  { type: 'null' },
                ],
              },
            },
          },
        },
      });
      expect(notes.map(({ message }) => message)).toContain(
        'the schema refers to itself here, which cerebras strict mode does not accept: this part is sent as JSON text',
      );
      expect(
        decodeArguments({ list: { v: 'a', next: '{"v":"b","next":{"v":"c"}}' } }, plan),
      ).toEqual({ list: { v: 'a', next: { v: 'b', next: { v: 'c' } } } });
      expect(decodeArguments({ list: { v: 'a', next: null } }, plan)).toEqual({ list: { v: 'a' } });
    });

    it('should decode a null for an optional argument inside the JSON text of a recursive part', async () => {
      const input = await fromZod(z.object({ root: noteTree }));
      for (const profile of [cerebrasProfile, anthropicProfile]) {
        const result = toStrictSchema(input, {
          profile,
          defaults: { 'root.children[].note': '-' },
        });
        expect(result.strict).toBe(true);
        expect(result.notes.map(({ message }) => message)).not.toContain(
          'the default for "root.children[].note" matches no optional argument',
        );
        const { plan } = result;
        const sent = {
          root: {
            name: 'a',
            ...(profile === cerebrasProfile ? { note: null } : {}),
            // Each item refers to the tree again: it is sent as JSON text.
            children: [
              JSON.stringify({ name: 'b', note: null, children: null }),
              JSON.stringify({ name: 'c', children: [{ name: 'd', note: 'x', children: null }] }),
            ],
          },
        };
        expect(decodeWithPlan(sent, plan)).toEqual({
          value: {
            root: {
              name: 'a',
              children: [
                { name: 'b', note: '-' },
                { name: 'c', note: '-', children: [{ name: 'd', note: 'x' }] },
              ],
            },
          },
          problems: [],
        });
      }
    });

    it('should refuse references it cannot resolve, malformed ones included, without throwing', () => {
      expect(reasonOf(object({ a: { $ref: '#/$defs/none' } }))).toBe(
        'the reference at "/properties/a" cannot be resolved within the schema',
      );
      expect(reasonOf(object({ a: { $ref: 'other.json#/x' } }))).toMatch(/cannot be resolved/);
      expect(reasonOf({ ...object({ a: { $ref: '#/$defs/%' } }), $defs: {} })).toMatch(
        /cannot be resolved/,
      );
    });

    it('should give up quickly on definitions that double at each level', () => {
      const $defs: Schema = { d0: { type: 'string' } };
      for (let level = 1; level <= 40; level++) {
        $defs[`d${level}`] = object({
          l: { $ref: `#/$defs/d${level - 1}` },
          r: { $ref: `#/$defs/d${level - 1}` },
        });
      }
      expect(reasonOf({ ...object({ a: { $ref: '#/$defs/d40' } }), $defs })).toBe(
        'the schema is too large to convert',
      );
    });
  });

  describe('schemas that cannot be strict', () => {
    it('should refuse a root that is not an object', async () => {
      expect(reasonOf(await fromZod(z.string()))).toBe('the root of the schema is not an object');
      expect(
        reasonOf(
          await fromZod(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })])),
        ),
      ).toBe('the root of the schema is not an object');
      expect(reasonOf({ type: 'array', items: { type: 'string' } })).toBe(
        'the root of the schema is not an object',
      );
      expect(reasonOf({})).toBe('the root of the schema is not an object');
      expect(reasonOf([])).toBe('the root of the schema is not an object');
    });

    it('should refuse values that are not schemas at all', () => {
      for (const value of [null, undefined, 'x', 5, true]) {
        expect(reasonOf(value)).toBe('the schema is not an object');
      }
    });

    it('should leave a schema that admits no arguments non-strict, without throwing', async () => {
      const reason = 'the schema admits no arguments, so every call is refused';
      for (const schema of [
        false,
        { not: {} },
        { type: 'object', properties: { a: { type: 'string' } }, not: true },
        await fromZod(z.never()),
      ]) {
        expect(reasonOf(schema)).toBe(reason);
        expect(reasonOf(schema, { profile: cerebrasProfile })).toBe(reason);
      }
    });

    it('should refuse names accepted by pattern', () => {
      expect(
        reasonOf(
          object({ a: { type: 'string' } }, [], {
            patternProperties: { '^x-': { type: 'string' } },
            additionalProperties: false,
          }),
        ),
      ).toBe('the object at "/" accepts names by pattern');
    });

    it('should refuse tuples: zod’s items list and prefixItems', async () => {
      expect(reasonOf(await fromZod(z.object({ t: z.tuple([z.string(), z.number()]) })))).toBe(
        '"/properties/t" is a tuple (a schema per position), which strict mode does not accept',
      );
      expect(
        reasonOf(object({ t: { type: 'array', prefixItems: [{ type: 'string' }] } }, ['t'])),
      ).toMatch(/is a tuple/);
      // A position that could not be strict on its own does not hide that it is a tuple.
      expect(reasonOf(await fromZod(z.object({ t: z.tuple([z.string(), z.any()]) })))).toMatch(
        /is a tuple/,
      );
    });

    it('should refuse the boolean schema false for a property or for items', () => {
      expect(reasonOf(object({ a: false }))).toBe(
        'the property at "/properties/a" is the schema false, which strict mode cannot express',
      );
      expect(reasonOf(object({ a: { type: 'array', items: false } }))).toBe(
        '"/properties/a/items" is the schema false, which strict mode cannot express',
      );
    });

    it('should refuse objects nested more than 10 levels deep, and accept 10', () => {
      const nest = (levels: number, name: string): Schema => {
        let schema: Schema = object({ leaf: { type: 'string' } }, ['leaf']);
        for (let level = 1; level < levels; level++) schema = object({ [name]: schema }, [name]);
        return schema;
      };
      expect(toStrictSchema(nest(10, 'child')).strict).toBe(true);
      expect(reasonOf(nest(11, 'child'))).toMatch(/^objects are nested more than 10 levels deep/);
      // A property named like a keyword is a name, not a level.
      expect(toStrictSchema(nest(10, 'properties')).strict).toBe(true);
      expect(toStrictSchema(nest(10, 'items')).strict).toBe(true);
    });

    it('should refuse schemas past the profile’s property and enum limits', () => {
      const small: StrictProfile = { ...openaiProfile, maxProperties: 2, maxEnumValues: 2 };
      const three = object({ a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } });
      expect(reasonOf(three, { profile: small })).toBe('the schema has more than 2 properties');
      expect(reasonOf(object({ e: { enum: ['a', 'b', 'c'] } }, ['e']), { profile: small })).toBe(
        'an enum at "/properties/e" has more than 2 values',
      );
      expect(toStrictSchema(three).strict).toBe(true);
    });

    it('should refuse a schema object that contains itself', () => {
      const schema: Schema = object({});
      (schema.properties as Schema).self = schema;
      expect(reasonOf(schema)).toMatch(/^the schema object contains itself at "\/properties\/self/);
    });

    it('should not throw on malformed schemas', () => {
      const malformed: unknown[] = [
        { type: 'object', properties: 5 },
        { type: 'object', properties: null, required: 'a' },
        { type: 'object', properties: { a: { type: 7 } } },
        { type: 'object', properties: { a: { type: 'array', items: 'x' } } },
        { type: 'object', properties: { a: { anyOf: {} } } },
        { type: 'object', properties: { a: { enum: 'x' } } },
        { type: 'object', properties: { a: { $ref: 5 } } },
        { type: 'object', properties: { a: { allOf: 'x' } } },
        { type: 'object', properties: [{ type: 'string' }] },
        { type: 'object', required: [1, null, 'a'], properties: { a: { type: 'string' } } },
      ];
      for (const schema of malformed) {
        expect(() => toStrictSchema(schema)).not.toThrow();
      }
    });
  });

  describe('keywords the provider rejects', () => {
    it('should drop them, name each in the notes, and hint at them in the description', () => {
      const result = strictOf(
        object(
          {
            name: { type: 'string', minLength: 2, maxLength: 20, description: 'The name.' },
            site: { type: 'string', format: 'uri' },
            tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
            mail: { type: 'string', format: 'email' },
          },
          ['name', 'site', 'tags', 'mail'],
        ),
      );
      expect(result.schema).toEqual(
        closed({
          name: {
            type: 'string',
            description: 'The name. At least 2 characters. At most 20 characters.',
          },
          site: { type: 'string', description: 'Format: uri.' },
          tags: { type: 'array', items: { type: 'string' }, description: 'Items must be unique.' },
          mail: { type: 'string', format: 'email' },
        }),
      );
      expect(result.notes.map((note) => note.pointer)).toEqual([
        '/properties/name/minLength',
        '/properties/name/maxLength',
        '/properties/site/format',
        '/properties/tags/uniqueItems',
      ]);
      expect(result.notes[0]?.message).toBe(
        '"minLength" is not accepted in openai strict mode; it was left out of the schema sent (the check still applies it where it judges it)',
      );
    });

    it('should drop keywords without a hint silently in the description, but noted', () => {
      const result = strictOf(
        object({ a: { type: 'number', examples: [1], $comment: 'c', deprecated: true } }, ['a']),
      );
      expect(result.schema).toEqual(closed({ a: { type: 'number' } }));
      expect(result.notes.map((note) => note.pointer)).toEqual([
        '/properties/a/examples',
        '/properties/a/$comment',
        '/properties/a/deprecated',
      ]);
    });

    it('should drop propertyNames of a closed object', () => {
      const result = strictOf(
        object({ a: { type: 'string' } }, ['a'], { propertyNames: { pattern: '^[a-z]+$' } }),
      );
      expect(result.schema).toEqual(closed({ a: { type: 'string' } }));
      expect(result.notes.map((note) => note.pointer)).toEqual(['/propertyNames']);
    });

    it('should drop a default that belongs to no property (root, list items), with a note', () => {
      const result = strictOf(
        object({ tags: { type: 'array', items: { type: 'string', default: 'x' } } }, ['tags'], {
          default: {},
        }),
      );
      expect(result.schema).toEqual(closed({ tags: { type: 'array', items: { type: 'string' } } }));
      expect(result.notes.map((note) => note.pointer)).toEqual([
        '/properties/tags/items/default',
        '/default',
      ]);
    });

    it('should read a property named "properties" as a name, not a keyword', () => {
      const result = strictOf(
        object({ properties: { type: 'array', items: { type: 'string', default: 'x' } } }, [
          'properties',
        ]),
      );
      expect(result.schema).toEqual(
        closed({ properties: { type: 'array', items: { type: 'string' } } }),
      );
    });
  });

  describe('zod 4 schemas, as the AI SDK sends them', () => {
    it('should convert optional, nullable, nullish, default, describe', async () => {
      const input = await fromZod(
        z.object({
          city: z.string().describe('City name.'),
          unit: z.enum(['c', 'f']).optional(),
          days: z.number().int().default(3),
          note: z.string().nullable(),
          tag: z.string().nullish(),
          blank: z.string().nullable().default(null),
          kind: z.literal('x').optional(),
        }),
      );
      const { schema, plan, notes } = strictOf(input);
      const safe = 9007199254740991;
      expect(schema).toEqual({
        $schema: 'http://json-schema.org/draft-07/schema#',
        ...closed({
          city: { type: 'string', description: 'City name.' },
          unit: { type: ['string', 'null'], enum: ['c', 'f', null] },
          days: { type: ['integer', 'null'], minimum: -safe, maximum: safe },
          note: { type: ['string', 'null'] },
          tag: { type: ['string', 'null'] },
          blank: { type: ['string', 'null'] },
          kind: { anyOf: [{ type: 'string', const: 'x' }, { type: 'null' }] },
        }),
      });
      expect(planData(plan)).toEqual({
        placeholders: { unit: omission, days: defaultOf(3), kind: omission },
      });
      expect(notes.map(({ pointer }) => pointer)).toEqual([
        '/properties/days/default',
        '/properties/blank/default',
      ]);
      expect(notes[0]?.message).toBe(
        'the schema\'s default for "days" is left out of the schema sent: a null there decodes to it',
      );
    });

    it('should convert nested objects, arrays of objects, and nullable ones', async () => {
      const input = await fromZod(
        z.object({
          filters: z.object({ limit: z.number().optional(), tag: z.string() }),
          events: z.array(z.object({ when: z.string().optional(), what: z.string() })),
          extra: z.object({ a: z.boolean().optional() }).nullable(),
          maybe: z.array(z.object({ b: z.string().optional() })).nullish(),
        }),
      );
      const { schema, plan } = strictOf(input, { defaults: { 'events[].when': 'now' } });
      expect(schema).toMatchObject({
        properties: {
          filters: closed({ limit: { type: ['number', 'null'] }, tag: { type: 'string' } }),
          events: {
            type: 'array',
            items: closed({ when: { type: ['string', 'null'] }, what: { type: 'string' } }),
          },
          extra: { anyOf: [closed({ a: { type: ['boolean', 'null'] } }), { type: 'null' }] },
        },
        required: ['filters', 'events', 'extra', 'maybe'],
      });
      expect(planData(plan)).toEqual({
        properties: {
          filters: { placeholders: { limit: omission } },
          events: { items: { placeholders: { when: defaultOf('now') } } },
          extra: { variants: [{ placeholders: { a: omission } }, {}] },
          maybe: { variants: [{ items: { placeholders: { b: omission } } }, {}] },
        },
      });
    });

    it('should turn a discriminated union’s oneOf into anyOf', async () => {
      const input = await fromZod(
        z.object({
          action: z.discriminatedUnion('type', [
            z.object({ type: z.literal('move'), x: z.number(), speed: z.number().optional() }),
            z.object({ type: z.literal('say'), text: z.string() }),
          ]),
        }),
      );
      const { schema, plan } = strictOf(input);
      expect(JSON.stringify(schema)).not.toContain('oneOf');
      expect(planData(plan)).toEqual({
        properties: { action: { variants: [{ placeholders: { speed: omission } }, {}] } },
      });
      expect(decodeArguments({ action: { type: 'move', x: 1, speed: null } }, plan)).toEqual({
        action: { type: 'move', x: 1 },
      });
    });

    it('should convert unions of primitives and nullable unions of objects', async () => {
      const input = await fromZod(
        z.object({
          id: z.union([z.string(), z.number()]).optional(),
          shape: z
            .union([z.object({ r: z.number().optional() }), z.object({ w: z.number() })])
            .nullish(),
        }),
      );
      const { schema, plan } = strictOf(input);
      expect(schema).toMatchObject({
        properties: { id: { type: ['string', 'number', 'null'] } },
      });
      expect(decodeArguments({ id: null, shape: { r: null } }, plan)).toEqual({ shape: {} });
    });
  });

  describe('valibot schemas, as the AI SDK sends them', () => {
    it('should convert optional, nullable, nullish and their defaults', async () => {
      const input = await fromValibot(
        v.object({
          city: v.string(),
          unit: v.optional(v.picklist(['c', 'f'])),
          days: v.optional(v.number(), 3),
          note: v.nullable(v.string()),
          fallback: v.nullable(v.string(), 'x'),
          tag: v.nullish(v.string(), 'y'),
          kind: v.optional(v.literal('k')),
        }),
      );
      const { schema, plan } = strictOf(input);
      expect(schema).toEqual({
        ...closed({
          city: { type: 'string' },
          unit: { enum: ['c', 'f', null], type: ['string', 'null'] },
          days: { type: ['number', 'null'] },
          note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          fallback: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          tag: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          kind: { anyOf: [{ const: 'k' }, { type: 'null' }] },
        }),
        $schema: 'http://json-schema.org/draft-07/schema#',
      });
      expect(planData(plan)).toEqual({
        placeholders: { unit: omission, days: defaultOf(3), kind: omission },
      });
    });

    it('should convert nested objects, arrays of objects and variants', async () => {
      const input = await fromValibot(
        v.object({
          e: v.optional(v.object({ f: v.optional(v.number()) })),
          g: v.array(v.object({ h: v.optional(v.boolean()) })),
          i: v.variant('type', [
            v.object({ type: v.literal('a'), x: v.optional(v.string()) }),
            v.object({ type: v.literal('b') }),
          ]),
        }),
      );
      const { plan } = strictOf(input);
      expect(planData(plan)).toEqual({
        placeholders: { e: omission },
        properties: {
          e: { placeholders: { f: omission } },
          g: { items: { placeholders: { h: omission } } },
          i: { variants: [{ placeholders: { x: omission } }, {}] },
        },
      });
      expect(
        decodeArguments(
          { e: { f: null }, g: [{ h: null }, { h: true }], i: { type: 'a', x: null } },
          plan,
        ),
      ).toEqual({ e: {}, g: [{}, { h: true }], i: { type: 'a' } });
    });
  });

  describe('purity', () => {
    const schema = () => object({ a: { type: 'string' } });

    it('should convert on every call, to equal results of its own', () => {
      const source = schema();
      const first = toStrictSchema(source, { defaults: { a: 'x' } });
      const second = toStrictSchema(source, { defaults: { a: 'x' } });
      expect(second).not.toBe(first);
      expect(second.schema).not.toBe(first.schema);
      expect(second).toEqual(first);
      expect(planData(first.plan)).toEqual({ placeholders: { a: defaultOf('x') } });
    });

    it('should convert a schema or a profile edited in place by its new content', () => {
      const source = schema();
      const profile = { ...openaiProfile };
      expect(toStrictSchema(source, { profile }).schema).toEqual(
        closed({ a: { type: ['string', 'null'] } }),
      );
      (source.required as string[]).push('a');
      (source.properties as Schema).b = { type: 'string', minLength: 2 };
      profile.keywords = profile.keywords.filter((keyword) => keyword !== 'minLength');
      const edited = toStrictSchema(source, { profile });
      expect(edited.schema).toEqual(
        closed({
          a: { type: 'string' },
          b: { type: ['string', 'null'], description: 'At least 2 characters.' },
        }),
      );
      expect(edited.notes.map(({ pointer }) => pointer)).toEqual(['/properties/b/minLength']);
    });

    it('should share nothing with the schema it was given, so editing one leaves the other', () => {
      const members = ['x'];
      const source = object({ a: { type: 'string', enum: members } }, ['a']);
      const result = toStrictSchema(source);
      members.push('y');
      expect(result.schema).toEqual(closed({ a: { type: 'string', enum: ['x'] } }));
    });
  });

  describe('immutability', () => {
    it('should not mutate a deep-frozen schema or defaults', async () => {
      const schemas = [
        await fromZod(
          z.object({
            a: z.string().optional(),
            b: z.object({ c: z.number().default(1) }).optional(),
            d: z.array(z.object({ e: z.enum(['x']).optional() })),
            f: z.discriminatedUnion('k', [
              z.object({ k: z.literal('1'), g: z.string().optional() }),
            ]),
          }),
        ),
        {
          ...object({
            r: { $ref: '#/$defs/t', description: 'd' },
            s: { allOf: [{ $ref: '#/$defs/t' }] },
          }),
          $defs: { t: object({ u: { type: 'string', minLength: 1, default: 'u' } }) },
        },
      ];
      for (const source of schemas) {
        const copy = structuredClone(source);
        const defaults = deepFreeze({ a: { nested: [1] }, 'b.c': 2 });
        const result = toStrictSchema(deepFreeze(source), { defaults, profile: cerebrasProfile });
        expect(result.strict).toBe(true);
        expect(source).toEqual(copy);
        expect(toStrictSchema(source, { defaults }).strict).toBe(true);
      }
    });
  });

  describe('__proto__ as a property name', () => {
    it('should convert and plan a property named __proto__ as an own property', () => {
      const source = JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"object","properties":{"__proto__":{"type":"integer"}}}},"required":["a"]}',
      );
      const defaults = JSON.parse('{"a.__proto__": 5}');
      const { schema, plan } = strictOf(source, { defaults });
      const properties = schema.properties as Schema;
      expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
      expect(Object.keys(properties)).toEqual(['__proto__', 'a']);
      expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({
        type: ['string', 'null'],
      });
      expect(schema.required).toEqual(['__proto__', 'a']);
      if (plan.kind !== 'object') throw new Error('expected an object plan');
      expect(plan.placeholders.get('__proto__')).toEqual(omission);
      const nested = plan.properties.get('a');
      expect(nested?.kind === 'object' && nested.placeholders.get('__proto__')).toEqual(
        defaultOf(5),
      );
      const decoded = decodeArguments(
        JSON.parse('{"__proto__":null,"a":{"__proto__":null}}'),
        plan,
      );
      expect(JSON.stringify(decoded)).toBe('{"a":{"__proto__":5}}');
    });

    it('should not take inherited names of the defaults object as configured defaults', () => {
      const { plan } = strictOf(
        object({ constructor: { type: 'string' }, toString: { type: 'string' } }),
      );
      expect(planData(plan)).toEqual({
        placeholders: { constructor: omission, toString: omission },
      });
    });
  });
});

describe('toStrictSchema, on shapes real tools send', () => {
  // OpenAPI-style discriminated unions: `type: "object"` and the discriminator in `required` beside
  // the branches, one level down. Read as an object that names nothing, they were sent as a map of
  // any JSON: the branches and their `required` lists were lost, and a null for an optional
  // argument of a branch reached the tool.
  const move = object(
    { kind: { const: 'move' }, x: { type: 'number' }, speed: { type: 'number' } },
    ['kind', 'x'],
  );
  const say = object({ kind: { const: 'say' }, text: { type: 'string' } }, ['kind']);

  it('should send an object union one level down as its branches, each keeping its required list', () => {
    const source = object({ action: { type: 'object', required: ['kind'], oneOf: [move, say] } }, [
      'action',
    ]);
    const { schema, plan } = strictOf(source);
    expect(schema).toEqual(
      closed({
        action: {
          anyOf: [
            closed({
              kind: { const: 'move' },
              x: { type: 'number' },
              speed: { type: ['number', 'null'] },
            }),
            closed({ kind: { const: 'say' }, text: { type: ['string', 'null'] } }),
          ],
        },
      }),
    );
    expect(decodeWithPlan({ action: { kind: 'move', x: 1, speed: null } }, plan)).toEqual({
      value: { action: { kind: 'move', x: 1 } },
      problems: [],
    });
    expect(decodeArguments({ action: { kind: 'say', text: null } }, plan)).toEqual({
      action: { kind: 'say' },
    });
  });

  it('should decode a null placeholder in a branch of an optional or nullable object union', () => {
    for (const [action, required] of [
      [{ type: 'object', oneOf: [move, say] }, []],
      [{ type: ['object', 'null'], required: ['kind'], anyOf: [move, say] }, ['action']],
    ] as const) {
      const { plan } = strictOf(object({ action }, [...required]));
      expect(decodeArguments({ action: { kind: 'say', text: null } }, plan)).toEqual({
        action: { kind: 'say' },
      });
      expect(decodeArguments({ action: null }, plan)).toEqual(
        required.length === 0 ? {} : { action: null },
      );
    }
  });

  it('should refuse an object union whose required names a property a branch does not list', () => {
    const source = object({ action: { type: 'object', required: ['id'], oneOf: [move, say] } });
    expect(reasonOf(source)).toBe('"/properties/action" requires "id", not in its branch 1');
  });

  it('should decode null to omission for a default of null on a property that admits no null', () => {
    // What pydantic and FastMCP write for `limit: int = None`.
    const { plan, notes } = strictOf(
      object({ q: { type: 'string' }, limit: { type: 'integer', default: null } }, ['q']),
    );
    expect(planData(plan)).toEqual({ placeholders: { limit: omission } });
    expect(decodeArguments({ q: 'a', limit: null }, plan)).toEqual({ q: 'a' });
    expect(notes).toContainEqual({
      pointer: '/properties/limit/default',
      message:
        'the schema\'s default for "limit" is null, which the argument does not accept: its null decodes to leaving it out',
    });
  });

  it('should refuse a closed object that requires a name it does not list', () => {
    expect(reasonOf(object({ query: { type: 'string' } }, ['query', 'session']))).toBe(
      'the object at "/" requires "session", which is not among its properties',
    );
    expect(
      reasonOf(
        object({ a: object({ b: { type: 'string' } }, ['c'], { additionalProperties: false }) }, [
          'a',
        ]),
      ),
    ).toBe('the object at "/properties/a" requires "c", which is not among its properties');
  });

  it('should refuse a union at the root, for OpenAI forbids it, instead of losing each branch’s required', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string' }, name: { type: 'string' } },
      anyOf: [{ required: ['id'] }, { required: ['name'] }],
    };
    expect(reasonOf(schema)).toBe(
      'the root combines schemas with anyOf, and strict mode accepts no union at the root',
    );
    expect(reasonOf({ ...object({}), oneOf: [object({ a: { type: 'string' } }, ['a'])] })).toMatch(
      /^the root combines schemas with oneOf/,
    );
  });

  it('should keep the plan of the items of a Cerebras type list naming array', () => {
    const schema = object(
      {
        rows: {
          type: ['array', 'null'],
          items: object({ name: { type: 'string' }, note: { type: 'string' } }, ['name']),
        },
      },
      ['rows'],
    );
    const { schema: strict, plan } = strictOf(schema, { profile: cerebrasProfile });
    expect(strict).toMatchObject({
      properties: { rows: { anyOf: [{ type: 'array' }, { type: 'null' }] } },
    });
    expect(decodeArguments({ rows: [{ name: 'a', note: null }] }, plan)).toEqual({
      rows: [{ name: 'a' }],
    });
    expect(decodeArguments({ rows: null }, plan)).toEqual({ rows: null });
  });

  it('should choose a union branch the value fits completely over one whose fit skipped a part', () => {
    // The first branch's pattern is one RE2 cannot run, so the checker does not judge it: the
    // value "fits" there too. It is meant for the second branch, which gives `z` its default.
    const schema = object(
      {
        pick: {
          anyOf: [
            object({ mode: { type: 'string', pattern: '^(?=c)' }, z: { type: 'number' } }, [
              'mode',
            ]),
            object({ mode: { const: 'c' }, z: { type: 'number', default: 7 } }, ['mode']),
          ],
        },
      },
      ['pick'],
    );
    const { plan } = strictOf(schema);
    expect(decodeArguments({ pick: { mode: 'c', z: null } }, plan)).toEqual({
      pick: { mode: 'c', z: 7 },
    });
    expect(decodeArguments({ pick: { mode: 'b', z: null } }, plan)).toEqual({
      pick: { mode: 'b' },
    });
  });

  it('should never throw: a throwing getter, a proxy whose ownKeys throws, a revoked proxy', () => {
    const getter = {
      type: 'object',
      get properties(): unknown {
        throw new Error('boom');
      },
    };
    const trap = new Proxy(
      { type: 'object' },
      {
        ownKeys() {
          throw new Error('no keys');
        },
      },
    );
    const { proxy, revoke } = Proxy.revocable({ type: 'object' }, {});
    revoke();
    const nested = object({ a: trap }, ['a']);
    for (const schema of [getter, trap, proxy, nested]) {
      let result: ReturnType<typeof toStrictSchema> | undefined;
      expect(() => {
        result = toStrictSchema(schema);
      }).not.toThrow();
      expect(result?.strict).toBe(false);
      if (result?.strict === false) {
        expect(result.schema).toBe(schema);
        expect(result.reason).toMatch(/^the schema could not be read \(/);
      }
    }
  });

  it('should read a schema once: a getter that answers differently each time is read as it first answered', () => {
    let reads = 0;
    const schema = {
      type: 'object',
      get properties() {
        reads += 1;
        return reads === 1 ? { a: { type: 'string' } } : { b: { type: 'number' } };
      },
      required: ['a'],
    };
    expect(strictOf(schema).schema).toEqual(closed({ a: { type: 'string' } }));
    expect(reads).toBe(1);
  });

  it('should throw for a profile that is no profile, a mistake of the caller, not a reason', () => {
    const broken = { ...openaiProfile, keywords: undefined } as unknown as StrictProfile;
    expect(() => toStrictSchema(object({ a: { type: 'string' } }), { profile: broken })).toThrow(
      TypeError,
    );
  });

  it('should decode a value that may be an object or a list with the plan of its kind', () => {
    const { schema, plan } = strictOf(
      object({ v: { type: ['object', 'array'], properties: { a: { type: 'string' } } } }, ['v']),
    );
    expect(schema).toMatchObject({
      properties: {
        v: {
          type: ['object', 'array'],
          properties: { a: { type: ['string', 'null'] } },
          items: { $ref: '#/$defs/JsonValue' },
        },
      },
    });
    expect(decodeArguments({ v: { a: null } }, plan)).toEqual({ v: {} });
    expect(decodeArguments({ v: [{ entries: [{ key: 'x', value: 1 }] }, 2] }, plan)).toEqual({
      v: [{ x: 1 }, 2],
    });
  });

  it('should keep the plan of an object-or-list’s items too', () => {
    const { plan } = strictOf(
      object(
        {
          v: {
            type: ['object', 'array'],
            properties: { a: { type: 'string' } },
            items: object({ b: { type: 'string' } }),
          },
        },
        ['v'],
      ),
    );
    expect(decodeArguments({ v: { a: null } }, plan)).toEqual({ v: {} });
    expect(decodeArguments({ v: [{ b: null }, { b: 'x' }] }, plan)).toEqual({
      v: [{}, { b: 'x' }],
    });
  });
});

describe('toStrictSchema, with the profile’s written limits', () => {
  const enumOf = (count: number, prefix = 'v') =>
    Array.from({ length: count }, (_, index) => `${prefix}${index}`);

  it('should give a list without items the untyped form, never a bare array', () => {
    const { schema } = strictOf(object({ tags: { type: 'array' } }, ['tags']));
    expect(schema).toMatchObject({
      properties: { tags: { type: 'array', items: { $ref: '#/$defs/JsonValue' } } },
    });
  });

  it('should count the null added to an optional enum: 1,000 members become 1,001', () => {
    expect(reasonOf(object({ e: { type: 'string', enum: enumOf(1000) } }))).toBe(
      'an enum at "/properties/e" has more than 1000 values',
    );
    expect(
      toStrictSchema(object({ e: { type: 'string', enum: enumOf(1000) } }, ['e'])).strict,
    ).toBe(true);
  });

  it('should count enum values across the whole schema', () => {
    const schema = object(
      { a: { type: 'string', enum: enumOf(600) }, b: { type: 'string', enum: enumOf(600) } },
      ['a', 'b'],
    );
    expect(reasonOf(schema)).toBe('the schema has more than 1000 enum values in all');
  });

  it('should limit the characters of names, enum and const strings to 120,000', () => {
    const long = 'x'.repeat(4000);
    const properties: Schema = {};
    for (let index = 0; index < 31; index++) properties[`${long}${index}`] = { type: 'string' };
    expect(reasonOf(object(properties, Object.keys(properties)))).toMatch(
      /^the schema has more than 120000 characters/,
    );
  });

  it('should limit a string enum over 250 values to 15,000 characters', () => {
    const members = enumOf(300, 'y'.repeat(60));
    expect(reasonOf(object({ e: { type: 'string', enum: members } }, ['e']))).toBe(
      'an enum at "/properties/e" has more than 250 values and more than 15000 characters in all',
    );
    expect(toStrictSchema(object({ e: { type: 'string', enum: enumOf(300) } }, ['e'])).strict).toBe(
      true,
    );
  });

  it('should leave no default inside an anyOf branch (OpenAPI nullable with a default)', () => {
    const { schema, plan } = strictOf(
      object({
        o: { ...object({ a: { type: 'string' } }, ['a']), nullable: true, default: { a: 'x' } },
      }),
    );
    expect(JSON.stringify(schema)).not.toContain('default');
    expect(planData(plan)).toEqual({});
  });

  it('should refuse more anyOf branches than Cerebras takes', () => {
    const anyOf = [1, 2, 3, 4, 5, 6].map((value) => ({ const: value }));
    expect(reasonOf(object({ n: { anyOf } }, ['n']), { profile: cerebrasProfile })).toBe(
      'the anyOf at "/properties/n" has more than 5 branches',
    );
    expect(toStrictSchema(object({ n: { anyOf } }, ['n'])).strict).toBe(true);
  });
});

describe('toStrictSchema, for open objects, maps, untyped values and recursion', () => {
  const entry = (value: Schema): Schema => ({
    type: 'object',
    properties: { key: { type: 'string' }, value },
    required: ['key', 'value'],
    additionalProperties: false,
  });

  it('should send a z.record as a list of { key, value } entries and decode it back', async () => {
    const input = await fromZod(z.object({ labels: z.record(z.string(), z.number()) }));
    const { schema, plan, notes } = strictOf(input);
    expect(schema).toMatchObject({
      properties: {
        labels: {
          type: 'array',
          description: 'A map, as a list of { key, value } entries, one per key.',
          items: entry({ type: 'number' }),
        },
      },
      required: ['labels'],
    });
    expect(notes.map(({ pointer }) => pointer)).toContain('/properties/labels');
    const sent = {
      labels: [
        { key: 'a', value: 1 },
        { key: '__proto__', value: 2 },
      ],
    };
    const decoded = decodeWithPlan(sent, plan);
    expect(decoded.problems).toEqual([]);
    expect(JSON.stringify(decoded.value)).toBe('{"labels":{"a":1,"__proto__":2}}');
    expect(Object.getPrototypeOf((decoded.value as { labels: object }).labels)).toBe(
      Object.prototype,
    );
  });

  it('should keep the keys an enum record allows, and check its required keys after decoding', async () => {
    const input = await fromZod(
      z.object({ scores: z.record(z.enum(['a', 'b']), z.string()).optional() }),
    );
    const { schema, plan, notes } = strictOf(input, { profile: cerebrasProfile });
    expect(schema).toMatchObject({
      properties: {
        scores: {
          anyOf: [
            {
              type: 'array',
              items: {
                ...entry({ type: 'string' }),
                properties: {
                  key: { type: 'string', enum: ['a', 'b'] },
                  value: { type: 'string' },
                },
              },
            },
            { type: 'null' },
          ],
        },
      },
    });
    expect(notes.find(({ pointer }) => pointer === '/properties/scores')?.message).toMatch(
      /the keys it requires are checked after decoding/,
    );
    expect(decodeArguments({ scores: null }, plan)).toEqual({});
    expect(decodeArguments({ scores: [{ key: 'a', value: 'x' }] }, plan)).toEqual({
      scores: { a: 'x' },
    });
  });

  it('should refuse a key sent twice with a sentence, never overwrite', () => {
    const { plan } = strictOf(
      object({ data: { type: 'object', additionalProperties: { type: 'string' } } }, ['data']),
    );
    const sent = {
      data: [
        { key: 'text/plain', value: 'a' },
        { key: 'text/plain', value: 'b' },
      ],
    };
    expect(decodeWithPlan(sent, plan)).toEqual({
      value: { data: { 'text/plain': 'a' } },
      problems: [
        {
          code: 'duplicate-key',
          path: ['data'],
          key: 'text/plain',
          message: '"data" lists the key "text/plain" more than once; send each key once.',
        },
      ],
    });
  });

  it('should send the other names of an object with properties as entries beside them', () => {
    const source = object({ page_id: { type: 'string' } }, ['page_id'], {
      additionalProperties: true,
    });
    const { schema, plan } = strictOf(object({ parent: source }, ['parent']));
    expect(schema).toMatchObject({
      properties: {
        parent: {
          properties: {
            page_id: { type: 'string' },
            entries: { type: 'array', items: entry({ $ref: '#/$defs/JsonValue' }) },
          },
          required: ['page_id', 'entries'],
          additionalProperties: false,
        },
      },
      $defs: { JsonValue: { anyOf: expect.any(Array) } },
    });
    const sent = {
      parent: {
        page_id: 'p1',
        entries: [
          { key: 'type', value: 'page_id' },
          { key: 'meta', value: { entries: [{ key: 'tags', value: ['a', { entries: [] }] }] } },
        ],
      },
    };
    expect(decodeWithPlan(sent, plan)).toEqual({
      value: { parent: { page_id: 'p1', type: 'page_id', meta: { tags: ['a', {}] } } },
      problems: [],
    });
    const clash = decodeWithPlan(
      { parent: { page_id: 'p1', entries: [{ key: 'page_id', value: 'p2' }] } },
      plan,
    );
    expect(clash.value).toEqual({ parent: { page_id: 'p1' } });
    expect(clash.problems[0]?.message).toBe(
      '"parent" lists the key "page_id" among its other entries, but it is a property of its own; send it there, once.',
    );
  });

  it('should send an open root with its other names in an extra property, named apart from the rest', () => {
    const { schema, plan } = strictOf(
      object({ entries: { type: 'string' } }, ['entries'], {
        additionalProperties: { type: 'number' },
      }),
    );
    expect(Object.keys((schema as { properties: Schema }).properties)).toEqual([
      'entries',
      'entries_2',
    ]);
    expect(decodeArguments({ entries: 'e', entries_2: [{ key: 'n', value: 1 }] }, plan)).toEqual({
      entries: 'e',
      n: 1,
    });
  });

  it('should read a nested object that names nothing as any object, and keep the root closed', () => {
    // Notion's rich text: `link: { type: ["object", "null"] }`, an object such as { url }.
    const source = object({ link: { type: ['object', 'null'] } }, ['link']);
    const { schema, plan } = strictOf(source);
    expect(schema).toMatchObject({
      properties: {
        link: {
          anyOf: [{ type: 'array', items: entry({ $ref: '#/$defs/JsonValue' }) }, { type: 'null' }],
        },
      },
    });
    expect(decodeArguments({ link: [{ key: 'url', value: 'https://a.example' }] }, plan)).toEqual({
      link: { url: 'https://a.example' },
    });
    expect(decodeArguments({ link: null }, plan)).toEqual({ link: null });
    expect(strictOf({ type: 'object' }).schema).toEqual(closed({}));
  });

  it('should send untyped values as JSON kinds for OpenAI and as JSON text for Cerebras', () => {
    const source = object({ content: { description: 'Any content.' }, extra: true }, ['content']);
    const openai = strictOf(source);
    expect(openai.schema).toMatchObject({
      properties: {
        content: { description: 'Any content.', anyOf: [{ $ref: '#/$defs/JsonValue' }] },
        extra: { $ref: '#/$defs/JsonValue' },
      },
    });
    expect(
      decodeArguments(
        { content: { entries: [{ key: 'a', value: [1, null] }] }, extra: null },
        openai.plan,
      ),
    ).toEqual({ content: { a: [1, null] }, extra: null });

    const cerebras = strictOf(source, { profile: cerebrasProfile });
    expect(cerebras.schema).toMatchObject({
      properties: {
        content: {
          type: 'string',
          description: 'Any content. Any JSON value, written as JSON text.',
        },
        extra: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    });
    expect(decodeArguments({ content: '{"a":[1,null]}', extra: null }, cerebras.plan)).toEqual({
      content: { a: [1, null] },
    });
    expect(decodeWithPlan({ content: '{bad', extra: 'true' }, cerebras.plan)).toEqual({
      value: { content: '{bad', extra: true },
      problems: [
        {
          code: 'json-text',
          path: ['content'],
          message:
            '"content" must be JSON text (a value written as JSON, e.g. "\\"abc\\"" or "{\\"a\\":1}"), not "{bad".',
        },
      ],
    });
  });

  it('should keep zod recursion (z.lazy) strict through $defs and decode it to any depth', async () => {
    type List = { v: string; next?: List };
    const list: z.ZodType<List> = z.lazy(() => z.object({ v: z.string(), next: list.optional() }));
    const input = await fromZod(z.object({ list }));
    const copy = structuredClone(input);
    const { schema, plan } = strictOf(input);
    expect(input).toEqual(copy);
    expect(JSON.stringify(schema)).toContain('"$ref":"#/$defs/');
    let sent: Record<string, unknown> = { v: 'last', next: null };
    let expected: Record<string, unknown> = { v: 'last' };
    for (let depth = 0; depth < 40; depth++) {
      sent = { v: `v${depth}`, next: sent };
      expected = { v: `v${depth}`, next: expected };
    }
    expect(decodeArguments({ list: sent }, plan)).toEqual({ list: expected });
  });

  it('should keep getter recursion to the root (#) and valibot recursion strict', async () => {
    const category = z.object({
      name: z.string(),
      get children() {
        return z.array(category).optional();
      },
    });
    const zod = strictOf(await fromZod(category));
    expect(JSON.stringify(zod.schema)).toContain('"$ref":"#"');
    expect(
      decodeArguments(
        { name: 'a', children: [{ name: 'b', children: [{ name: 'c', children: null }] }] },
        zod.plan,
      ),
    ).toEqual({ name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] });

    type Tree = { name: string; children?: Tree[] };
    const tree: v.GenericSchema<Tree> = v.object({
      name: v.string(),
      children: v.optional(v.array(v.lazy(() => tree))),
    });
    const valibot = strictOf(await fromValibot(v.object({ root: tree })));
    expect(
      decodeArguments(
        { root: { name: 'a', children: [{ name: 'b', children: null }] } },
        valibot.plan,
      ),
    ).toEqual({ root: { name: 'a', children: [{ name: 'b' }] } });
  });
});
