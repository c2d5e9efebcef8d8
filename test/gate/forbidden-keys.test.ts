import { generateText, isStepCount, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import { refusalAnswers, refusedPrefix, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * The AI SDK's JSON parser refuses arguments holding a `__proto__` key (or a `constructor` object
 * with a `prototype`), making that one call invalid while its siblings still run. The gate sees
 * such keys first and refuses the whole turn, even where the schema admits any key.
 */

function makeTools() {
  const executed: string[] = [];
  const record = (_input: unknown, { toolCallId }: { toolCallId: string }) => {
    executed.push(toolCallId);
    return 'ok';
  };
  const tools = {
    // Admits any extra key: the schema check alone would pass the call.
    meta: tool({
      inputSchema: jsonSchema<Record<string, unknown>>({
        type: 'object',
        properties: { a: { type: 'string' } },
      }),
      execute: vi.fn(async (input: unknown, options) => record(input, options)),
    }),
    labels: tool({
      inputSchema: z.object({ m: z.record(z.string(), z.unknown()) }),
      execute: vi.fn(async (input: unknown, options) => record(input, options)),
    }),
    search: tool({
      inputSchema: z.object({ q: z.string() }),
      execute: vi.fn(async (input: unknown, options) => record(input, options)),
    }),
  };
  return { tools, executed };
}

const turn = [
  {
    type: 'tool-call' as const,
    toolCallId: 'c1',
    toolName: 'meta',
    input: '{"a":"x","__proto__":{"polluted":true}}',
  },
  {
    type: 'tool-call' as const,
    toolCallId: 'c2',
    toolName: 'labels',
    input: '{"m":{"constructor":{"prototype":{"p":1}}}}',
  },
  { type: 'tool-call' as const, toolCallId: 'c3', toolName: 'search', input: '{"q":"fine"}' },
];

function expectRefused(prompt: Parameters<typeof refusalAnswers>[0]) {
  const { refused, notRun } = refusalAnswers(prompt);
  expect(refused.map((answer) => [answer.toolCallId, answer.output.value])).toEqual([
    ['c1', `${refusedPrefix('meta')}\n"__proto__" must not be sent.`],
    ['c2', `${refusedPrefix('labels')}\n"m.constructor.prototype" must not be sent.`],
  ]);
  expect(notRun.map((answer) => answer.toolCallId)).toEqual(['c3']);
}

describe('keys the AI SDK refuses to parse', () => {
  it('generateText: the whole turn is refused, the sibling does not run', async () => {
    const { tools, executed } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'google.generative-ai',
      doGenerate: [toolTurn(turn), textTurn('done')],
    });

    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });

    expect(executed).toEqual([]);
    expectRefused(model.doGenerateCalls[1]?.prompt ?? []);
  });

  it('streamText: the whole turn is refused, the sibling does not run', async () => {
    const { tools, executed } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'google.generative-ai',
      doStream: [
        { stream: convertArrayToReadableStream(streamTurn(turn)) },
        { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
      ],
    });

    const result = streamText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });
    await result.consumeStream();

    expect(executed).toEqual([]);
    expectRefused(model.doStreamCalls[1]?.prompt ?? []);
  });
});
