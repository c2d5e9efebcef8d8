import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { generateText, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toolGate } from '../../src/index.ts';
import { textTurn } from './helpers.ts';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** A tool with `optional` optional string parameters and one required one. */
function toolWithOptionals(optional: number) {
  const properties: Record<string, unknown> = { id: { type: 'string' } };
  for (let index = 0; index < optional; index += 1) properties[`p${index}`] = { type: 'string' };
  return tool({
    inputSchema: jsonSchema({ type: 'object', properties, required: ['id'] }),
    execute: async () => 'ok',
  });
}

async function firstRequest(
  provider: string,
  tools: Record<string, ReturnType<typeof toolWithOptionals>>,
) {
  const gate = toolGate({ tools });
  const model = new MockLanguageModelV4({ provider, doGenerate: [textTurn('done')] });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    prompt: 'hi',
  });
  const params = model.doGenerateCalls[0] as LanguageModelV4CallOptions;
  const strict = Object.fromEntries(
    (params.tools ?? []).map((sent) => [
      sent.name,
      sent.type === 'function' ? sent.strict : undefined,
    ]),
  );
  return { strict, warnings: result.warnings ?? [] };
}

describe('per-request strict budgets', () => {
  it('should send the costliest Anthropic tools without strict past 24 optional parameters, naming them', async () => {
    const { strict, warnings } = await firstRequest('anthropic.messages', {
      small: toolWithOptionals(5),
      large: toolWithOptionals(14),
      medium: toolWithOptionals(9),
    });
    expect(strict).toEqual({ small: true, large: undefined, medium: true });
    expect(warnings).toEqual([
      {
        type: 'other',
        message:
          'toolgate: anthropic takes fewer strict tools, optional or union-typed parameters in one request, so "large" is sent without strict mode.',
      },
    ]);
  });

  it('should keep every tool strict within the budgets, and OpenAI has none', async () => {
    const tools = { a: toolWithOptionals(12), b: toolWithOptionals(12) };
    expect((await firstRequest('anthropic.messages', tools)).strict).toEqual({ a: true, b: true });
    const many = Object.fromEntries(
      Array.from({ length: 25 }, (_, index) => [`t${index}`, toolWithOptionals(3)]),
    );
    const openai = await firstRequest('openai.responses', many);
    expect(Object.values(openai.strict).every((value) => value === true)).toBe(true);
    const anthropic = await firstRequest('anthropic.messages', many);
    expect(Object.values(anthropic.strict).filter((value) => value === true)).toHaveLength(8);
  });
});
