import {
  generateText,
  isStepCount,
  jsonSchema,
  streamText,
  type ToolExecutionOptions,
  tool,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import {
  call,
  promptToolCalls,
  promptToolResults,
  streamTurn,
  textTurn,
  toolTurn,
} from './helpers.ts';

/**
 * A turn whose calls all fit: the gate decodes the strict model's `null` placeholders, and the
 * tools run exactly as they would without the gate.
 */

type ExecuteSeen = { input: unknown; options: ToolExecutionOptions<unknown> };

function makeTools() {
  const seen: Record<'weather' | 'search', ExecuteSeen[]> = { weather: [], search: [] };
  const weather = tool({
    description: 'Weather for a city',
    inputSchema: z.object({
      city: z.string(),
      unit: z.enum(['celsius', 'fahrenheit']).optional(),
      days: z.number().int().optional(),
    }),
    execute: async (input, options) => {
      seen.weather.push({ input, options });
      return { forecast: `sunny in ${input.city}`, days: input.days };
    },
    toModelOutput: ({ output }) => ({ type: 'text', value: `FORECAST ${output.forecast}` }),
  });
  const search = tool({
    description: 'Search',
    inputSchema: jsonSchema<{ q: string; limit?: number }>({
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: 'integer' } },
      required: ['q'],
      additionalProperties: false,
    }),
    execute: async (input, options) => {
      seen.search.push({ input, options });
      return { hits: [input.q] };
    },
  });
  return { tools: { weather, search }, seen };
}

// What a strict OpenAI model sends: every optional parameter present, `null` when unused.
const modelCalls = [
  call('w1', 'weather', { city: 'Paris', unit: null, days: null }),
  call('s1', 'search', { q: 'cats', limit: null }),
];
const decoded = {
  w1: { city: 'Paris', days: 3 },
  s1: { q: 'cats' },
};

describe('a clean turn', () => {
  it('generateText: tools run once with decoded input and the same options; history holds it', async () => {
    const { tools, seen } = makeTools();
    const gate = toolGate({ tools, defaults: { weather: { days: 3 } } });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn(modelCalls), textTurn('done')],
    });
    const abort = new AbortController();

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      abortSignal: abort.signal,
      stopWhen: isStepCount(5),
    });

    expect(result.text).toBe('done');
    expect(seen.weather.map(({ input }) => input)).toEqual([decoded.w1]);
    expect(seen.search.map(({ input }) => input)).toEqual([decoded.s1]);
    // `unit: null` is left out, not set to undefined.
    expect(Object.keys(seen.weather[0]?.input as object)).toEqual(['city', 'days']);

    // Options reach execute as the SDK builds them: the gate only wraps the input schema.
    const weatherOptions = seen.weather[0]?.options;
    const searchOptions = seen.search[0]?.options;
    expect(weatherOptions?.toolCallId).toBe('w1');
    expect(searchOptions?.toolCallId).toBe('s1');
    expect(weatherOptions?.abortSignal).toBe(abort.signal);
    expect(searchOptions?.abortSignal).toBe(abort.signal);
    expect(weatherOptions?.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(searchOptions?.messages).toEqual([{ role: 'user', content: 'hi' }]);

    // Outputs are unchanged, and toModelOutput still shapes what the model reads.
    expect(result.steps[0]?.toolResults.map((part) => part.output)).toEqual([
      { forecast: 'sunny in Paris', days: 3 },
      { hits: ['cats'] },
    ]);
    const next = model.doGenerateCalls[1]?.prompt ?? [];
    expect(promptToolResults(next).map(({ toolCallId, output }) => [toolCallId, output])).toEqual([
      ['w1', { type: 'text', value: 'FORECAST sunny in Paris' }],
      ['s1', { type: 'json', value: { hits: ['cats'] } }],
    ]);

    // The history the model reads next holds the decoded input, not the placeholders.
    expect(promptToolCalls(next)).toEqual([
      { toolCallId: 'w1', toolName: 'weather', input: decoded.w1 },
      { toolCallId: 's1', toolName: 'search', input: decoded.s1 },
    ]);
  });

  it('streamText: the same decoded input, options, outputs and history', async () => {
    const { tools, seen } = makeTools();
    const gate = toolGate({ tools, defaults: { weather: { days: 3 } } });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        { stream: convertArrayToReadableStream(streamTurn(modelCalls)) },
        { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
      ],
    });
    const abort = new AbortController();

    const result = streamText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      abortSignal: abort.signal,
      stopWhen: isStepCount(5),
    });
    const toolResults: unknown[] = [];
    for await (const part of result.stream) {
      if (part.type === 'tool-result') toolResults.push([part.toolCallId, part.output]);
    }

    expect(await result.text).toBe('done');
    expect(seen.weather.map(({ input }) => input)).toEqual([decoded.w1]);
    expect(seen.search.map(({ input }) => input)).toEqual([decoded.s1]);
    expect(seen.weather[0]?.options.toolCallId).toBe('w1');
    expect(seen.weather[0]?.options.abortSignal).toBe(abort.signal);
    expect(seen.weather[0]?.options.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(seen.search[0]?.options.toolCallId).toBe('s1');
    expect(toolResults).toEqual([
      ['w1', { forecast: 'sunny in Paris', days: 3 }],
      ['s1', { hits: ['cats'] }],
    ]);
    const next = model.doStreamCalls[1]?.prompt ?? [];
    expect(promptToolResults(next).map(({ output }) => output)).toEqual([
      { type: 'text', value: 'FORECAST sunny in Paris' },
      { type: 'json', value: { hits: ['cats'] } },
    ]);
    expect(promptToolCalls(next)).toEqual([
      { toolCallId: 'w1', toolName: 'weather', input: decoded.w1 },
      { toolCallId: 's1', toolName: 'search', input: decoded.s1 },
    ]);
  });

  describe('zod transforms and defaults run exactly once per call', () => {
    function makeCountingTool() {
      const transform = vi.fn((city: string) => `${city.toUpperCase()}!`);
      const execute = vi.fn(async (input: { city: string; days: number }) => `ok ${input.city}`);
      const weather = tool({
        inputSchema: z.object({
          city: z.string().transform(transform),
          days: z.number().default(7),
        }),
        execute,
      });
      return { tools: { weather }, transform, execute };
    }
    const turn = [
      call('a', 'weather', { city: 'paris', days: null }),
      call('b', 'weather', { city: 'rome', days: 2 }),
    ];

    it('generateText', async () => {
      const { tools, transform, execute } = makeCountingTool();
      const gate = toolGate({ tools });
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
        doGenerate: [toolTurn(turn), textTurn('done')],
      });

      await generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: gate.tools,
        prompt: 'hi',
        stopWhen: isStepCount(5),
      });

      // Applied once: not twice to the value ("PARIS!!"), and not invoked twice per call.
      expect(execute.mock.calls.map(([input]) => input)).toEqual([
        { city: 'PARIS!', days: 7 },
        { city: 'ROME!', days: 2 },
      ]);
      expect(transform).toHaveBeenCalledTimes(2);
      // The SDK records a valid call's parsed (schema output) input in history.
      expect(promptToolCalls(model.doGenerateCalls[1]?.prompt ?? []).map((c) => c.input)).toEqual([
        { city: 'PARIS!', days: 7 },
        { city: 'ROME!', days: 2 },
      ]);
    });

    it('streamText', async () => {
      const { tools, transform, execute } = makeCountingTool();
      const gate = toolGate({ tools });
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
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

      expect(execute.mock.calls.map(([input]) => input)).toEqual([
        { city: 'PARIS!', days: 7 },
        { city: 'ROME!', days: 2 },
      ]);
      expect(transform).toHaveBeenCalledTimes(2);
    });
  });
});
