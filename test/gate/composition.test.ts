import type { LanguageModelV4Content, LanguageModelV4Middleware } from '@ai-sdk/provider';
import {
  defaultSettingsMiddleware,
  extractReasoningMiddleware,
  generateText,
  isStepCount,
  type LanguageModelMiddleware,
  simulateStreamingMiddleware,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { GateWiringError, toolGate } from '../../src/index.ts';
import {
  call,
  offeredTools,
  promptToolCalls,
  refusalAnswers,
  streamTurn,
  textTurn,
  toolTurn,
} from './helpers.ts';

/**
 * The gate among the AI SDK's own middlewares, in either order. Refusal, restoring and decoding
 * must work whichever way round the array is.
 *
 * Recommended: `middleware: [gate.middleware, ...others]` (the gate outermost). Its wrapGenerate
 * and wrapStream then see the model's answer after every other middleware has changed it, so it
 * judges exactly the calls the tools would receive (a middleware that turns text into tool calls
 * must sit inside the gate, or its calls are never judged). A middleware that changes the tools
 * in the request (their schemas) belongs before the gate instead, so the gate converts and judges
 * the schemas actually sent. The built-ins below work in both orders.
 */

type Order = 'gate first' | 'gate last';
const orders: Order[] = ['gate first', 'gate last'];

function compose(
  order: Order,
  gate: LanguageModelMiddleware,
  other: LanguageModelMiddleware,
): LanguageModelMiddleware[] {
  return order === 'gate first' ? [gate, other] : [other, gate];
}

function makeTools() {
  const execute = vi.fn(async (input: { city: string; unit?: string }) => `sunny ${input.city}`);
  const weather = tool({
    inputSchema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']).optional() }),
    execute,
  });
  return { tools: { weather }, execute };
}

const refusedTurn = [
  call('c1', 'weather', { city: 'Oslo', unit: null }),
  call('c2', 'weather', { city: 'Rome', unit: 'kelvin' }),
];
const correctedTurn = [
  call('d1', 'weather', { city: 'Oslo', unit: null }),
  call('d2', 'weather', { city: 'Rome', unit: 'celsius' }),
];
const ranCorrected = [{ city: 'Oslo' }, { city: 'Rome', unit: 'celsius' }];

function expectRefusedThenCorrected(
  prompt: Parameters<typeof refusalAnswers>[0],
  execute: ReturnType<typeof makeTools>['execute'],
) {
  const { refused, notRun } = refusalAnswers(prompt);
  expect(refused.map((answer) => answer.toolCallId)).toEqual(['c2']);
  expect(notRun.map((answer) => answer.toolCallId)).toEqual(['c1']);
  expect(promptToolCalls(prompt).map((toolCall) => toolCall.input)).toEqual([
    { city: 'Oslo', unit: null },
    { city: 'Rome', unit: 'kelvin' },
  ]);
  expect(execute.mock.calls.map(([input]) => input)).toEqual(ranCorrected);
}

describe.each(orders)('composition (%s)', (order) => {
  it('extractReasoningMiddleware, generateText', async () => {
    const { tools, execute } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([{ type: 'text', text: '<think>check both</think>Checking.' }, ...refusedTurn]),
        toolTurn(correctedTurn),
        textTurn('done'),
      ],
    });

    const result = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: compose(
          order,
          gate.middleware,
          extractReasoningMiddleware({ tagName: 'think' }),
        ),
      }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });

    expect(result.steps[0]?.reasoningText).toBe('check both');
    expect(result.steps[0]?.text).toBe('Checking.');
    expect(offeredTools(model.doGenerateCalls[0] ?? { prompt: [] }).get('weather')?.strict).toBe(
      true,
    );
    expectRefusedThenCorrected(model.doGenerateCalls[1]?.prompt ?? [], execute);
  });

  it('extractReasoningMiddleware, streamText', async () => {
    const { tools, execute } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        {
          stream: convertArrayToReadableStream(
            streamTurn(refusedTurn, '<think>check both</think>Checking.'),
          ),
        },
        { stream: convertArrayToReadableStream(streamTurn(correctedTurn)) },
        { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
      ],
    });

    const result = streamText({
      model: wrapLanguageModel({
        model,
        middleware: compose(
          order,
          gate.middleware,
          extractReasoningMiddleware({ tagName: 'think' }),
        ),
      }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });
    await result.consumeStream();

    const steps = await result.steps;
    expect(steps[0]?.reasoningText).toBe('check both');
    expect(steps[0]?.text).toBe('Checking.');
    expectRefusedThenCorrected(model.doStreamCalls[1]?.prompt ?? [], execute);
  });

  it('defaultSettingsMiddleware', async () => {
    const { tools, execute } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn(refusedTurn), toolTurn(correctedTurn), textTurn('done')],
    });

    await generateText({
      model: wrapLanguageModel({
        model,
        middleware: compose(
          order,
          gate.middleware,
          defaultSettingsMiddleware({ settings: { temperature: 0.1, maxOutputTokens: 99 } }),
        ),
      }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });

    for (const params of model.doGenerateCalls) {
      expect(params.temperature).toBe(0.1);
      expect(params.maxOutputTokens).toBe(99);
      expect(offeredTools(params).get('weather')?.strict).toBe(true);
    }
    expectRefusedThenCorrected(model.doGenerateCalls[1]?.prompt ?? [], execute);
  });

  it('simulateStreamingMiddleware: streamText over a model that only generates', async () => {
    const { tools, execute } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([{ type: 'text', text: 'Checking.' }, ...refusedTurn]),
        toolTurn(correctedTurn),
        textTurn('done'),
      ],
    });

    const result = streamText({
      model: wrapLanguageModel({
        model,
        middleware: compose(order, gate.middleware, simulateStreamingMiddleware()),
      }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });
    const types: string[] = [];
    for await (const part of result.stream) types.push(part.type);

    expect(await result.text).toBe('done');
    expect(model.doStreamCalls).toHaveLength(0);
    expect(model.doGenerateCalls).toHaveLength(3);
    expect(types.filter((type) => type === 'tool-error')).toHaveLength(2);
    expect(offeredTools(model.doGenerateCalls[0] ?? { prompt: [] }).get('weather')?.strict).toBe(
      true,
    );
    expectRefusedThenCorrected(model.doGenerateCalls[1]?.prompt ?? [], execute);
  });
});

/**
 * Why the gate goes first: a middleware that makes tool calls out of the model's text (as apps
 * do for local models that write calls as text) must sit inside the gate, or the gate never sees
 * the calls it makes and the SDK answers them one by one, siblings running.
 */
describe('a middleware that turns text into tool calls', () => {
  const textToolCalls: LanguageModelV4Middleware = {
    specificationVersion: 'v4',
    async wrapGenerate({ doGenerate }) {
      const result = await doGenerate();
      return {
        ...result,
        content: result.content.flatMap((part): LanguageModelV4Content[] => {
          if (part.type !== 'text') return [part];
          const found = [...part.text.matchAll(/<call id="(\w+)" name="(\w+)">(.*?)<\/call>/g)];
          return found.map(([, toolCallId = '', toolName = '', input = '']) => ({
            type: 'tool-call' as const,
            toolCallId,
            toolName,
            input,
          }));
        }),
      };
    },
  };
  const text = [
    '<call id="c1" name="weather">{"city":"Oslo"}</call>',
    '<call id="c2" name="weather">{"city":"Rome","unit":"kelvin"}</call>',
  ].join('');

  it.each(orders)('%s', async (order) => {
    const { tools, execute } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'llamacpp.chat',
      doGenerate: [toolTurn([{ type: 'text', text }]), textTurn('done')],
    });

    const run = generateText({
      model: wrapLanguageModel({
        model,
        middleware: compose(order, gate.middleware, textToolCalls),
      }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });

    if (order === 'gate first') {
      await run;
      // The gate judged the calls the inner middleware made: the turn is refused as a whole.
      const { refused, notRun } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
      expect(refused.map((answer) => answer.toolCallId)).toEqual(['c2']);
      expect(notRun.map((answer) => answer.toolCallId)).toEqual(['c1']);
    } else {
      // The gate saw only text, so the calls reach the tools unjudged: nothing runs, and the
      // request fails saying how the gate is miswired.
      await expect(run).rejects.toSatisfy(
        (error) => GateWiringError.isInstance(error) && error.mistake === 'unjudged-call',
      );
    }
    expect(execute).not.toHaveBeenCalled();
  });
});
