import { asSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictRuleViolations } from '../../test/support/openai-strict-rules.ts';
import {
  cerebrasProfile,
  googleProfile,
  nonStrictProfile,
  openaiProfile,
  profileByProviderId,
  profileForProvider,
  type StrictProfile,
} from './provider-profiles.ts';
import { toStrictSchema } from './to-strict-schema.ts';

describe('profileForProvider', () => {
  it.each([
    ['openai.chat', openaiProfile],
    ['openai.responses', openaiProfile],
    ['azure.chat', openaiProfile],
    ['azure.responses', openaiProfile],
    ['openrouter', openaiProfile],
    ['openrouter.chat', openaiProfile],
    ['cerebras.chat', cerebrasProfile],
    ['google.generative-ai', googleProfile],
    ['google.vertex.chat', googleProfile],
  ])('should give %s its profile', (providerId, profile) => {
    expect(profileForProvider(providerId)).toBe(profile);
  });

  it('should give unknown ids, openai-compatible names among them, the non-strict profile', () => {
    for (const providerId of ['llamacpp.chat', 'groq.chat', 'xai.responses', 'OPENAI.CHAT', '']) {
      expect(profileForProvider(providerId)).toBe(nonStrictProfile);
    }
  });

  it('should not read inherited names as provider ids', () => {
    for (const providerId of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(profileForProvider(providerId)).toBe(nonStrictProfile);
      expect(profileForProvider(providerId, {})).toBe(nonStrictProfile);
    }
  });

  it('should let an override win, for known and unknown ids', () => {
    const custom: StrictProfile = { ...openaiProfile, name: 'custom' };
    const overrides = { 'openai.chat': nonStrictProfile, 'llamacpp.chat': custom };
    expect(profileForProvider('openai.chat', overrides)).toBe(nonStrictProfile);
    expect(profileForProvider('llamacpp.chat', overrides)).toBe(custom);
    expect(profileForProvider('cerebras.chat', overrides)).toBe(cerebrasProfile);
  });

  it('should take an override for __proto__ only when it is an own key', () => {
    expect(profileForProvider('__proto__', Object.create({ x: openaiProfile }))).toBe(
      nonStrictProfile,
    );
    const custom: StrictProfile = { ...openaiProfile, name: 'proto' };
    const own: Record<string, StrictProfile> = {};
    Object.defineProperty(own, '__proto__', { value: custom, enumerable: true });
    expect(profileForProvider('__proto__', own)).toBe(custom);
  });

  it('should fall back to the non-strict profile for an override set to undefined', () => {
    const overrides = { 'openai.chat': undefined } as unknown as Record<string, StrictProfile>;
    expect(profileForProvider('openai.chat', overrides)).toBe(nonStrictProfile);
  });

  it('should map only the ids it documents', () => {
    expect(Object.keys(profileByProviderId).sort()).toEqual(
      [
        'azure.chat',
        'azure.responses',
        'cerebras.chat',
        'google.generative-ai',
        'google.vertex.chat',
        'openai.chat',
        'openai.responses',
        'openrouter',
        'openrouter.chat',
      ].sort(),
    );
  });
});

describe('profiles', () => {
  it('should make OpenAI strict, with type lists, mixing allowed, and its documented limits', () => {
    expect(openaiProfile).toMatchObject({
      name: 'openai',
      strictTools: true,
      nullable: 'type-list',
      mixedStrict: true,
      maxObjectDepth: 10,
      maxProperties: 5000,
      maxEnumValues: 1000,
    });
    expect([...openaiProfile.formats].sort()).toEqual(
      ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'].sort(),
    );
  });

  it('should accept exactly the keywords OpenAI documents (references are inlined first)', () => {
    expect([...openaiProfile.keywords].sort()).toEqual(
      [
        '$schema',
        'type',
        'description',
        'title',
        'properties',
        'required',
        'additionalProperties',
        'items',
        'enum',
        'const',
        'anyOf',
        'pattern',
        'format',
        'multipleOf',
        'minimum',
        'maximum',
        'exclusiveMinimum',
        'exclusiveMaximum',
        'minItems',
        'maxItems',
      ].sort(),
    );
  });

  it('should make Cerebras strict, nullable only as anyOf, and refuse mixed strict tools', () => {
    expect(cerebrasProfile).toMatchObject({
      name: 'cerebras',
      strictTools: true,
      nullable: 'any-of',
      mixedStrict: false,
    });
    expect(cerebrasProfile.keywords).toEqual(openaiProfile.keywords);
  });

  it('should leave Google and unknown providers non-strict', () => {
    expect(googleProfile.strictTools).toBe(false);
    expect(nonStrictProfile.strictTools).toBe(false);
    expect(googleProfile.name).toBe('google');
    expect(nonStrictProfile.name).toBe('none');
  });
});

describe('toStrictSchema per profile', () => {
  const schema = {
    type: 'object',
    properties: {
      city: { type: 'string' },
      unit: { type: 'string', enum: ['c', 'f'] },
      days: { type: 'integer' },
      note: { type: ['string', 'null'] },
      filters: { type: 'object', properties: { tag: { type: 'string' } } },
      tags: { type: 'array', items: { type: ['string', 'number'] } },
    },
    required: ['city'],
  };

  it('should write OpenAI placeholders as type lists where the value is a primitive', () => {
    const result = toStrictSchema(schema, { profile: openaiProfile });
    expect(result.schema).toMatchObject({
      properties: {
        unit: { type: ['string', 'null'], enum: ['c', 'f', null] },
        days: { type: ['integer', 'null'] },
        note: { type: ['string', 'null'] },
        filters: { anyOf: [{ type: 'object' }, { type: 'null' }] },
      },
    });
    expect(strictRuleViolations(result.schema)).toEqual([]);
  });

  it('should write Cerebras placeholders, and type lists of the source, as anyOf only', () => {
    const result = toStrictSchema(schema, { profile: cerebrasProfile });
    expect(result.strict).toBe(true);
    expect(result.schema).toMatchObject({
      properties: {
        unit: { anyOf: [{ type: 'string', enum: ['c', 'f'] }, { type: 'null' }] },
        days: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        tags: {
          anyOf: [
            { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
            { type: 'null' },
          ],
        },
      },
    });
    expect(strictRuleViolations(result.schema, { allowTypeLists: false })).toEqual([]);
    // What was optional decodes as before; what admitted null in the source keeps its null.
    expect([...(result.plan.placeholders?.keys() ?? [])]).toEqual(
      ['unit', 'days', 'note', 'filters', 'tags'].filter((name) => name !== 'note'),
    );
  });

  it('should give Cerebras no type list for zod’s nullable and nullish', async () => {
    const input = await asSchema(
      z.object({
        a: z.string().nullable(),
        b: z.number().nullish(),
        c: z.object({ d: z.boolean().nullable() }).nullable(),
        e: z.enum(['x', 'y']).nullable().optional(),
      }),
    ).jsonSchema;
    const result = toStrictSchema(input, { profile: cerebrasProfile });
    expect(result.strict).toBe(true);
    expect(strictRuleViolations(result.schema, { allowTypeLists: false })).toEqual([]);
    expect(result.plan.placeholders).toBeUndefined();
  });

  it('should keep a split object’s placeholders for Cerebras', () => {
    const source = {
      type: 'object',
      properties: {
        box: { type: ['object', 'null'], properties: { size: { type: 'integer' } } },
      },
      required: ['box'],
    };
    const result = toStrictSchema(source, { profile: cerebrasProfile });
    expect(result.schema).toMatchObject({
      properties: {
        box: {
          anyOf: [
            {
              type: 'object',
              properties: { size: { anyOf: [{ type: 'integer' }, { type: 'null' }] } },
            },
            { type: 'null' },
          ],
        },
      },
    });
    expect(strictRuleViolations(result.schema, { allowTypeLists: false })).toEqual([]);
  });

  it('should keep the description and a property’s default off the branches of a split type list', () => {
    const source = {
      type: 'object',
      properties: { a: { type: ['string', 'integer'], description: 'A or n.', default: 3 } },
    };
    const result = toStrictSchema(source, { profile: cerebrasProfile });
    expect(result.schema).toEqual({
      type: 'object',
      properties: {
        a: {
          description: 'A or n.',
          anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }],
        },
      },
      required: ['a'],
      additionalProperties: false,
    });
    expect(result.plan.placeholders?.get('a')).toEqual({ decodeTo: 'default', value: 3 });
  });

  it('should leave out the null branch of a type list whose enum leaves null out', () => {
    const source = {
      type: 'object',
      properties: { a: { type: ['string', 'null'], enum: ['x'] } },
      required: ['a'],
    };
    const result = toStrictSchema(source, { profile: cerebrasProfile });
    expect(result.schema).toMatchObject({
      properties: { a: { anyOf: [{ type: 'string', enum: ['x'] }] } },
    });
  });
});
