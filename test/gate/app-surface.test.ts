/**
 * What the app around the gate sees of a refused turn: the model's own arguments and the gate's
 * answer, never its mechanism. Checked in the step content, `response.messages`, the UI message
 * stream read back with `readUIMessageStream`, a JSON round trip of the stored messages, and a
 * second request to a model WITHOUT the gate, which must read the same history a gated one would.
 */
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import {
  convertToModelMessages,
  generateText,
  isStepCount,
  jsonSchema,
  type ModelMessage,
  readUIMessageStream,
  streamText,
  tool,
  type UIMessage,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { cleanHistory, refusalOf, toolGate } from '../../src/index.ts';
import { call, streamTurn, textTurn, toolTurn } from './helpers.ts';

const refusedAnswer =
  'Refused: the arguments do not match the schema of tool "weather", so nothing was run.\n"unit" must be one of "celsius" or "fahrenheit", not "kelvin".';
const notRunAnswer =
  'Not run: a call to tool "weather" in the same turn was refused, so no call of this turn was run. Send this call again together with the corrected call.';

function makeTools() {
  const execute = vi.fn(async (input: { city: string }) => `sunny in ${input.city}`);
  const lookup = vi.fn(async (input: unknown) => ({ found: input }));
  return {
    execute,
    lookup,
    tools: {
      weather: tool({
        inputSchema: z.object({
          city: z.string(),
          unit: z.enum(['celsius', 'fahrenheit']).optional(),
        }),
        execute,
      }),
      // Shaped like an MCP tool: JSON Schema, no validator of its own.
      lookup: tool({
        inputSchema: jsonSchema<{ id: string }>({
          type: 'object',
          properties: { id: { type: 'string' } },
          required: ['id'],
          additionalProperties: false,
        }),
        execute: lookup,
      }),
    },
  };
}

const badCall = call('c1', 'weather', { city: 'Oslo', unit: 'kelvin' });
const siblingCall = call('c2', 'lookup', { id: 'r7' });

/** Everything serialised, to search for gate internals. */
function serialised(value: unknown): string {
  return JSON.stringify(value, (_key, inner) =>
    inner instanceof Error ? { message: inner.message, cause: inner.cause } : inner,
  );
}

const prompt = (model: MockLanguageModelV4, index: number): LanguageModelV4Prompt =>
  model.doGenerateCalls[index]?.prompt ?? model.doStreamCalls[index]?.prompt ?? [];

describe('a refused turn as the app sees it', () => {
  for (const withRepair of [false, true]) {
    it(`generateText${withRepair ? ' with gate.repairToolCall()' : ''}: steps and response.messages show the model's arguments and the answer`, async () => {
      const { tools, execute, lookup } = makeTools();
      const gate = toolGate({ tools });
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
        doGenerate: [toolTurn([badCall, siblingCall]), textTurn('sorry')],
      });
      const result = await generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: gate.tools,
        ...(withRepair ? { repairToolCall: gate.repairToolCall() } : {}),
        prompt: 'weather in Oslo?',
        stopWhen: isStepCount(3),
      });
      expect(execute).not.toHaveBeenCalled();
      expect(lookup).not.toHaveBeenCalled();

      const [first] = result.steps;
      const calls = first?.content.filter((part) => part.type === 'tool-call') ?? [];
      expect(calls.map((part) => part.input)).toEqual([
        { city: 'Oslo', unit: 'kelvin' },
        { id: 'r7' },
      ]);
      const errors = first?.content.filter((part) => part.type === 'tool-error') ?? [];
      expect(errors.map((part) => refusalOf(part))).toEqual([
        { code: 'arguments', answer: refusedAnswer },
        { code: 'turn', answer: notRunAnswer },
      ]);
      if (withRepair) {
        expect(errors.map((part) => part.error)).toEqual([refusedAnswer, notRunAnswer]);
      }
      expect(serialised(result.steps)).not.toContain('toolgate');
      expect(serialised(result.response.messages)).not.toContain('toolgate');

      // The model's next request reads its own arguments and exactly the answers.
      const next = prompt(model, 1);
      expect(serialised(next)).not.toContain('toolgate');
      const results = next
        .flatMap((message) => (message.role === 'tool' ? message.content : []))
        .map((part) => (part.type === 'tool-result' ? part.output : undefined));
      expect(results).toEqual([
        { type: 'error-text', value: refusedAnswer },
        { type: 'error-text', value: notRunAnswer },
      ]);
    });
  }

  it('stored response.messages sent to a model without the gate read the same as through the gate', async () => {
    const { tools } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn([badCall, siblingCall]), textTurn('sorry')],
    });
    const first = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      repairToolCall: gate.repairToolCall(),
      prompt: 'weather in Oslo?',
    });
    const stored: ModelMessage[] = JSON.parse(
      JSON.stringify([{ role: 'user', content: 'weather in Oslo?' }, ...first.response.messages]),
    );

    const plain = new MockLanguageModelV4({ doGenerate: textTurn('plain') });
    await generateText({ model: plain, messages: stored });
    const gatedAgain = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: textTurn('gated'),
    });
    await generateText({
      model: wrapLanguageModel({ model: gatedAgain, middleware: gate.middleware }),
      messages: stored,
    });
    expect(prompt(plain, 0)).toEqual(prompt(gatedAgain, 0));
    expect(serialised(prompt(plain, 0))).toContain(JSON.stringify(refusedAnswer));
    expect(serialised(prompt(plain, 0))).not.toContain('toolgate');
  });

  it('streamText: the UI message stream shows the arguments and the answer, and never flips', async () => {
    const { tools, execute, lookup } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        {
          stream: convertArrayToReadableStream(streamTurn([badCall, siblingCall], 'Let me look.')),
        },
        { stream: convertArrayToReadableStream(streamTurn([], 'Sorry.')) },
      ],
    });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      repairToolCall: gate.repairToolCall(),
      prompt: 'weather in Oslo?',
      stopWhen: isStepCount(3),
    });
    const chunks: unknown[] = [];
    const uiStream = result.toUIMessageStream().pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          chunks.push(chunk);
          controller.enqueue(chunk);
        },
      }),
    );
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream({ stream: uiStream })) last = message;
    expect(execute).not.toHaveBeenCalled();
    expect(lookup).not.toHaveBeenCalled();
    expect(serialised(chunks)).not.toContain('toolgate');

    const toolParts = (last?.parts ?? []).filter((part) => part.type.startsWith('tool-'));
    expect(
      toolParts.map((part) => {
        const { type, state, input, errorText } = part as Record<string, unknown>;
        return { type, state, input, errorText };
      }),
    ).toEqual([
      {
        type: 'tool-weather',
        state: 'output-error',
        input: { city: 'Oslo', unit: 'kelvin' },
        errorText: refusedAnswer,
      },
      { type: 'tool-lookup', state: 'output-error', input: { id: 'r7' }, errorText: notRunAnswer },
    ]);

    // Stored as UI messages, reloaded, converted, and sent to a model without the gate.
    const stored: UIMessage[] = JSON.parse(JSON.stringify([last]));
    const plain = new MockLanguageModelV4({ doGenerate: textTurn('plain') });
    await generateText({
      model: plain,
      messages: [
        { role: 'user', content: 'weather in Oslo?' },
        ...(await convertToModelMessages(stored)),
      ],
    });
    const replayed = serialised(prompt(plain, 0));
    expect(replayed).not.toContain('toolgate');
    expect(replayed).toContain(JSON.stringify(refusedAnswer));
    expect(replayed).toContain(JSON.stringify(notRunAnswer));
  });
});

describe('cleanHistory', () => {
  // Input in the shape of a refusal marker that was never released: the model's, as far as anything knows.
  const markerShaped = {
    'toolgate:refusal': {
      code: 'arguments',
      answer: refusedAnswer,
      input: '{"city":"Oslo","unit":"kelvin"}',
    },
  };
  const sdkText = `AI_InvalidToolInputError: Invalid input for tool weather: AI_TypeValidationError: Type validation failed: Value: ${JSON.stringify(markerShaped)}.\nError message: ToolRefusalError: ${refusedAnswer}`;

  it('keeps marker-shaped input as the model sent it, and makes the answer after it exact', () => {
    const history: ModelMessage[] = [
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'call_0', toolName: 'weather', input: markerShaped },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_0',
            toolName: 'weather',
            output: { type: 'error-text', value: sdkText },
          },
        ],
      },
    ];
    const cleaned = cleanHistory(history);
    expect(cleaned[0]).toBe(history[0]);
    expect(cleaned[1]?.content).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'call_0',
        toolName: 'weather',
        output: { type: 'error-text', value: refusedAnswer },
      },
    ]);
    expect(cleanHistory(cleaned)).toBe(cleaned);
    expect(refusalOf({ type: 'tool-call', input: markerShaped })).toBeUndefined();
  });

  it('strips the SDK wrapper from the error texts of UI messages, input left as sent', () => {
    const messages = [
      {
        id: 'm1',
        role: 'assistant',
        parts: [
          {
            type: 'tool-weather',
            toolCallId: 'c1',
            state: 'output-error',
            input: { city: 'Oslo', unit: 'kelvin' },
            errorText: sdkText,
          },
          {
            type: 'dynamic-tool',
            toolName: 'lookup',
            toolCallId: 'c2',
            state: 'output-error',
            input: { id: 'r7' },
            errorText: `AI_InvalidToolInputError: Invalid input for tool lookup: AI_TypeValidationError: Type validation failed: Value: {"id":"r7"}.\nError message: ToolRefusalError: ${notRunAnswer}`,
          },
          { type: 'text', text: 'Sorry.' },
        ],
      },
    ] as const;
    const cleaned = cleanHistory(messages);
    expect(cleaned[0]?.parts).toEqual([
      {
        type: 'tool-weather',
        toolCallId: 'c1',
        state: 'output-error',
        input: { city: 'Oslo', unit: 'kelvin' },
        errorText: refusedAnswer,
      },
      {
        type: 'dynamic-tool',
        toolName: 'lookup',
        toolCallId: 'c2',
        state: 'output-error',
        input: { id: 'r7' },
        errorText: notRunAnswer,
      },
      { type: 'text', text: 'Sorry.' },
    ]);
    expect(serialised(cleaned)).not.toContain('toolgate');
  });
});
