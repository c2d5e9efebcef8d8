import { asSchema } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictRuleViolations } from '../../test/support/openai-strict-rules.ts';
import { planData } from '../../test/support/plan-data.ts';
import {
  anthropicProfile,
  bedrockProfile,
  cerebrasProfile,
  cohereProfile,
  deepseekProfile,
  googleProfile,
  groqProfile,
  llamacppProfile,
  mistralProfile,
  nonStrictProfile,
  openaiProfile,
  openrouterProfile,
  profileByProviderId,
  profileForProvider,
  profileNamed,
  type StrictProfile,
  UnknownProfileError,
  vertexAnthropicProfile,
  vllmProfile,
  xaiProfile,
} from './provider-profiles.ts';
import { overStrictBudget, strictToolCost } from './strict-budget.ts';
import { stripKeywords } from './strip-keywords.ts';
import { toStrictSchema } from './to-strict-schema.ts';

describe('profileForProvider', () => {
  it.each([
    ['openai.chat', openaiProfile],
    ['openai.responses', openaiProfile],
    ['azure.chat', openaiProfile],
    ['azure.responses', openaiProfile],
    ['openrouter', openrouterProfile],
    ['openrouter.chat', openrouterProfile],
    ['anthropic.messages', anthropicProfile],
    ['bedrock.anthropic.messages', anthropicProfile],
    ['amazon-bedrock', bedrockProfile],
    ['googleVertex.anthropic.messages', vertexAnthropicProfile],
    ['deepseek.chat', deepseekProfile],
    ['azure.deepseek', deepseekProfile],
    ['mistral.chat', mistralProfile],
    ['mistral.conversation', mistralProfile],
    ['groq.chat', groqProfile],
    ['cohere.chat', cohereProfile],
    ['cerebras.chat', cerebrasProfile],
    ['google.generative-ai', googleProfile],
    ['google.vertex.chat', googleProfile],
  ])('should give %s its profile', (providerId, profile) => {
    expect(profileForProvider(providerId)).toBe(profile);
  });

  it('should give unknown ids, openai-compatible names among them, the non-strict profile', () => {
    for (const providerId of [
      'llamacpp.chat',
      'vllm.chat',
      'xai.responses',
      'vertex.maas.chat',
      'googleVertex.xai.chat',
      'OPENAI.CHAT',
      '',
    ]) {
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
        'anthropic.messages',
        'bedrock.anthropic.messages',
        'amazon-bedrock',
        'googleVertex.anthropic.messages',
        'deepseek.chat',
        'azure.deepseek',
        'mistral.chat',
        'mistral.conversation',
        'groq.chat',
        'cohere.chat',
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
    expect(Object.keys(planData(result.plan).placeholders ?? {})).toEqual(
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
    expect(planData(result.plan).placeholders).toBeUndefined();
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
    expect(planData(result.plan).placeholders).toEqual({ a: { decodeTo: 'default', value: 3 } });
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

describe('profileNamed', () => {
  it.each([
    ['openai', openaiProfile],
    ['cerebras', cerebrasProfile],
    ['google', googleProfile],
    ['none', nonStrictProfile],
    ['anthropic', anthropicProfile],
    ['amazon-bedrock', bedrockProfile],
    ['vertex-anthropic', vertexAnthropicProfile],
    ['deepseek', deepseekProfile],
    ['mistral', mistralProfile],
    ['xai', xaiProfile],
    ['groq', groqProfile],
    ['cohere', cohereProfile],
    ['openrouter', openrouterProfile],
    ['vllm', vllmProfile],
    ['llamacpp', llamacppProfile],
  ] as const)('should find the profile named %s, whose name it is', (name, profile) => {
    expect(profileNamed(name)).toBe(profile);
    expect(profile.name).toBe(name);
  });

  it('should throw a typed error for any other name, inherited names included', () => {
    for (const name of ['OpenAI', 'toString', '__proto__', '']) {
      let thrown: unknown;
      try {
        profileNamed(name);
      } catch (error) {
        thrown = error;
      }
      expect(UnknownProfileError.isInstance(thrown)).toBe(true);
      expect((thrown as UnknownProfileError).profileName).toBe(name);
    }
    expect(() => profileNamed('OpenAI')).toThrowErrorMatchingInlineSnapshot(
      `[toolgate.error.UnknownProfileError: There is no strict profile named "OpenAI"; the profiles are "openai", "cerebras", "google", "none", "anthropic", "amazon-bedrock", "vertex-anthropic", "deepseek", "mistral", "xai", "groq", "cohere", "openrouter", "vllm", "llamacpp".]`,
    );
  });

  it('should let toStrictSchema take a profile by name', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(toStrictSchema(schema, { profile: 'openai' })).toEqual(
      toStrictSchema(schema, { profile: openaiProfile }),
    );
    expect(toStrictSchema(schema, { profile: 'anthropic' }).schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: [],
      additionalProperties: false,
    });
  });
});

describe('profiles of the other providers', () => {
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      city: { type: 'string', maxLength: 40, format: 'hostname' },
      days: { type: 'integer', minimum: 1, maximum: 7 },
      when: { type: 'string', format: 'date-time' },
      tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
    },
    required: ['city'],
  };

  it('should keep optional arguments optional for Anthropic, with no placeholder, bounds as hints', () => {
    const result = toStrictSchema(schema, { profile: anthropicProfile });
    expect(result.strict).toBe(true);
    expect(result.plan).toEqual({ kind: 'none' });
    expect(result.schema).toMatchInlineSnapshot(`
      {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "additionalProperties": false,
        "properties": {
          "city": {
            "description": "At most 40 characters.",
            "format": "hostname",
            "type": "string",
          },
          "days": {
            "description": "At least 1. At most 7.",
            "type": "integer",
          },
          "tags": {
            "description": "At least 2 items.",
            "items": {
              "type": "string",
            },
            "type": "array",
          },
          "when": {
            "format": "date-time",
            "type": "string",
          },
        },
        "required": [
          "city",
        ],
        "type": "object",
      }
    `);
  });

  it('should require everything for DeepSeek, nullable as anyOf, only its formats', () => {
    const result = toStrictSchema(schema, { profile: deepseekProfile });
    expect(result.strict).toBe(true);
    expect(result.schema).toMatchInlineSnapshot(`
      {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "additionalProperties": false,
        "properties": {
          "city": {
            "description": "At most 40 characters.",
            "format": "hostname",
            "type": "string",
          },
          "days": {
            "anyOf": [
              {
                "description": "At least 1. At most 7.",
                "type": "integer",
              },
              {
                "type": "null",
              },
            ],
          },
          "tags": {
            "anyOf": [
              {
                "description": "At least 2 items.",
                "items": {
                  "type": "string",
                },
                "type": "array",
              },
              {
                "type": "null",
              },
            ],
          },
          "when": {
            "anyOf": [
              {
                "description": "Format: date-time.",
                "type": "string",
              },
              {
                "type": "null",
              },
            ],
          },
        },
        "required": [
          "city",
          "days",
          "when",
          "tags",
        ],
        "type": "object",
      }
    `);
    expect(deepseekProfile.mixedStrict).toBe(false);
  });

  it('should not convert for Mistral, but leave out $schema and $id at every level', () => {
    expect(mistralProfile.strictTools).toBe(false);
    const source = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'x',
      type: 'object',
      properties: { a: { $id: 'y', type: 'string' }, b: { type: 'number' } },
    };
    const stripped = stripKeywords(source, { keywords: mistralProfile.stripKeywords ?? [] });
    expect(stripped).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
    });
    expect((stripped as { properties: { b: unknown } }).properties.b).toBe(source.properties.b);
    const plain = { type: 'object', properties: { b: { type: 'number' } } };
    expect(stripKeywords(plain, { keywords: ['$schema', '$id'] })).toBe(plain);
  });

  it('should make xAI opt-in: optional stays optional, nullable as anyOf', () => {
    expect(profileForProvider('xai.responses')).toBe(nonStrictProfile);
    expect(xaiProfile).toMatchObject({
      strictTools: true,
      optionalStaysOptional: true,
      nullable: 'any-of',
    });
  });

  it('should leave Groq, Cohere, OpenRouter and Claude on Vertex unconverted', () => {
    for (const profile of [groqProfile, cohereProfile, openrouterProfile, vertexAnthropicProfile]) {
      expect(profile.strictTools).toBe(false);
    }
  });
});

describe('overStrictBudget', () => {
  const optional = (count: number) => ({
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: count }, (_, index) => [`p${index}`, { type: 'string' }]),
    ),
    required: [],
    additionalProperties: false,
  });

  it('should count optional and union-typed parameters at every level', () => {
    expect(
      strictToolCost('t', {
        type: 'object',
        properties: {
          a: { type: ['string', 'null'] },
          b: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          c: { type: 'object', properties: { d: { type: 'string' } }, required: [] },
        },
        required: ['a'],
      }),
    ).toEqual({ name: 't', optionalParameters: 3, unionParameters: 2 });
  });

  it('should drop strict from the costliest tools until Anthropic budgets hold', () => {
    const tools = [
      { name: 'small', schema: optional(4) },
      { name: 'large', schema: optional(15) },
      { name: 'medium', schema: optional(9) },
    ];
    // 28 optional parameters: dropping the largest leaves 13.
    expect(overStrictBudget(tools, anthropicProfile)).toEqual(['large']);
    expect(overStrictBudget(tools.slice(0, 1), anthropicProfile)).toEqual([]);
  });

  it('should keep at most 20 strict tools', () => {
    const tools = Array.from({ length: 22 }, (_, index) => ({
      name: `t${index}`,
      schema: optional(index === 5 ? 1 : 0),
    }));
    expect(overStrictBudget(tools, anthropicProfile)).toEqual(['t5', 't0']);
  });

  it('should have no budget for OpenAI', () => {
    const tools = Array.from({ length: 30 }, (_, index) => ({
      name: `t${index}`,
      schema: optional(5),
    }));
    expect(overStrictBudget(tools, openaiProfile)).toEqual([]);
  });
});
