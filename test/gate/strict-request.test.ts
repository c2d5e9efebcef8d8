import { asSchema, generateText, type ToolSet, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cerebrasProfile, type ToolGateOptions, toolGate } from '../../src/index.ts';
import { offeredTools, textTurn } from './helpers.ts';

/**
 * What the provider is sent: converted strict schemas for providers with a strict mode that needs
 * them (OpenAI, Cerebras), the app's schemas unchanged everywhere else.
 */

const weatherSchema = z.object({
  city: z.string(),
  unit: z.enum(['celsius', 'fahrenheit']).optional(),
});
const tools = {
  weather: tool({ inputSchema: weatherSchema, execute: async () => 'sunny' }),
};

async function firstRequest(
  provider: string,
  options: Partial<ToolGateOptions<ToolSet>> = {},
  gateTools: ToolSet = tools,
) {
  const gate = toolGate({ ...options, tools: gateTools });
  const model = new MockLanguageModelV4({ provider, doGenerate: [textTurn('done')] });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    prompt: 'hi',
  });
  const params = model.doGenerateCalls[0];
  if (params === undefined) throw new Error('the model was not called');
  return { tools: offeredTools(params), result };
}

const appSchema = await asSchema(weatherSchema).jsonSchema;

// The SDK logs every warning to the console; these tests read them from the result instead.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

describe('strict conversion in the request', () => {
  it('openai.responses: strict: true and every optional parameter made required and nullable', async () => {
    const { tools: sent, result } = await firstRequest('openai.responses');
    expect(sent.get('weather')).toEqual({
      type: 'function',
      strict: true,
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          city: { type: 'string' },
          unit: { type: ['string', 'null'], enum: ['celsius', 'fahrenheit', null] },
        },
        required: ['city', 'unit'],
        additionalProperties: false,
      },
    });
    expect(result.warnings ?? []).toEqual([]);
  });

  it.each(['google.generative-ai', 'llamacpp.chat'])(
    '%s: the schema is sent unchanged, without strict',
    async (provider) => {
      const { tools: sent } = await firstRequest(provider);
      expect(sent.get('weather')).toEqual({
        type: 'function',
        strict: undefined,
        inputSchema: appSchema,
      });
    },
  );

  it('strict: false turns conversion off for a strict provider', async () => {
    const { tools: sent } = await firstRequest('openai.responses', { strict: false });
    expect(sent.get('weather')).toEqual({
      type: 'function',
      strict: undefined,
      inputSchema: appSchema,
    });
  });

  it('strict: true, or a profiles entry, converts for an openai-compatible id', async () => {
    const forced = await firstRequest('llamacpp.chat', { strict: true });
    expect(forced.tools.get('weather')?.strict).toBe(true);
    const listed = await firstRequest('llamacpp.chat', {
      profiles: { 'llamacpp.chat': cerebrasProfile },
    });
    expect(listed.tools.get('weather')?.strict).toBe(true);
    expect(listed.tools.get('weather')?.inputSchema).toMatchObject({
      properties: { unit: { anyOf: [expect.anything(), { type: 'null' }] } },
    });
  });

  it('cerebras.chat: nullable as anyOf when every tool can be strict', async () => {
    const { tools: sent } = await firstRequest('cerebras.chat');
    expect(sent.get('weather')?.strict).toBe(true);
    expect(sent.get('weather')?.inputSchema).toMatchObject({
      properties: {
        unit: { anyOf: [{ type: 'string', enum: ['celsius', 'fahrenheit'] }, { type: 'null' }] },
      },
      required: ['city', 'unit'],
    });
  });

  it('cerebras.chat: one tool that cannot be strict makes no tool strict, with a warning', async () => {
    const mixedTools = {
      weather: tools.weather,
      tag: tool({
        inputSchema: z.object({ pair: z.tuple([z.string(), z.number()]) }),
        execute: async () => 'tagged',
      }),
    };
    const { tools: sent, result } = await firstRequest('cerebras.chat', {}, mixedTools);
    expect(sent.get('weather')).toEqual({
      type: 'function',
      strict: undefined,
      inputSchema: appSchema,
    });
    expect(sent.get('tag')?.strict).toBeUndefined();
    const messages = (result.warnings ?? []).map((warning) =>
      warning.type === 'other' ? warning.message : JSON.stringify(warning),
    );
    expect(messages).toEqual([
      expect.stringMatching(/^toolgate: tool "tag" is sent without strict mode: /),
      'toolgate: cerebras does not accept strict and non-strict tools together, so no tool is sent strict.',
    ]);
  });

  it('openai.responses: a tool that cannot be strict is sent as is, the others stay strict', async () => {
    const mixedTools = {
      weather: tools.weather,
      tag: tool({
        inputSchema: z.object({ pair: z.tuple([z.string(), z.number()]) }),
        execute: async () => 'tagged',
      }),
    };
    const { tools: sent, result } = await firstRequest('openai.responses', {}, mixedTools);
    expect(sent.get('weather')?.strict).toBe(true);
    expect(sent.get('tag')?.strict).toBeUndefined();
    expect(result.warnings).toHaveLength(1);
  });
});
