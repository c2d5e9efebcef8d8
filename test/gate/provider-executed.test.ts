import { openai } from '@ai-sdk/openai';
import type {
  LanguageModelV4Content,
  LanguageModelV4Middleware,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolCall,
} from '@ai-sdk/provider';
import { generateText, isStepCount, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type RefusalEvent, toolGate } from '../../src/index.ts';
import {
  call,
  controlledStream,
  refusalAnswers,
  streamTurn,
  textTurn,
  toolTurn,
  usage,
  waitFor,
} from './helpers.ts';

/**
 * Calls the provider ran itself (`providerExecuted: true`, e.g. OpenAI's web search) are only
 * observed: never decoded, judged, refused or held back. Their input here carries a key the
 * tool's schema does not list, which the gate would refuse if it judged the call. (The SDK's own
 * parse then strips that key, since the tool's zod schema is `z.object({})`; so what the gate hands
 * on is read by a middleware placed outside it.)
 */

const searchInput = { action: { type: 'search', query: 'cats' } };
const providerCall: LanguageModelV4Content = {
  type: 'tool-call',
  toolCallId: 'ws1',
  toolName: 'web_search',
  input: JSON.stringify(searchInput),
  providerExecuted: true,
};
const providerResult: LanguageModelV4Content = {
  type: 'tool-result',
  toolCallId: 'ws1',
  toolName: 'web_search',
  result: { status: 'completed' },
};

function makeGate() {
  const execute = vi.fn(async (input: { city: string; unit?: string }) => `sunny ${input.city}`);
  const refusals: RefusalEvent[] = [];
  const tools = {
    web_search: openai.tools.webSearch(),
    weather: tool({
      inputSchema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']) }),
      execute,
    }),
  };
  const gate = toolGate({ tools, onRefusal: (event) => refusals.push(event) });
  return { gate, execute, refusals };
}

/** A middleware placed outside the gate, recording the tool calls the gate hands on. */
function observeGate(): {
  middleware: LanguageModelV4Middleware;
  calls: LanguageModelV4ToolCall[];
} {
  const calls: LanguageModelV4ToolCall[] = [];
  const record = (part: { type: string }) => {
    if (part.type === 'tool-call') calls.push(part as LanguageModelV4ToolCall);
  };
  return {
    calls,
    middleware: {
      specificationVersion: 'v4',
      async wrapGenerate({ doGenerate }) {
        const result = await doGenerate();
        for (const part of result.content) record(part);
        return result;
      },
      async wrapStream({ doStream }) {
        const result = await doStream();
        const tap = new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
          transform(part, controller) {
            record(part);
            controller.enqueue(part);
          },
        });
        return { ...result, stream: result.stream.pipeThrough(tap) };
      },
    },
  };
}

function handedOn(calls: readonly LanguageModelV4ToolCall[], toolCallId: string) {
  return calls.find((part) => part.toolCallId === toolCallId);
}

function assistantParts(prompt: LanguageModelV4Prompt) {
  return prompt.flatMap((message) => (message.role === 'assistant' ? message.content : []));
}

describe('provider-executed calls', () => {
  it('generateText, a passed turn: the provider call is handed on untouched', async () => {
    const { gate, execute, refusals } = makeGate();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([
          providerCall,
          providerResult,
          call('c1', 'weather', { city: 'Oslo', unit: 'celsius' }),
        ]),
        textTurn('done'),
      ],
    });

    const observed = observeGate();

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: [observed.middleware, gate.middleware] }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });

    expect(handedOn(observed.calls, 'ws1')).toEqual(providerCall);
    const stepCall = result.steps[0]?.content.find(
      (part) => part.type === 'tool-call' && part.toolCallId === 'ws1',
    );
    expect(stepCall).toMatchObject({ providerExecuted: true });
    expect(stepCall).not.toHaveProperty('invalid', true);
    expect(refusals).toEqual([]);
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it('generateText, a refused turn: only the function calls are refused', async () => {
    const { gate, execute, refusals } = makeGate();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([
          providerCall,
          providerResult,
          call('c1', 'weather', { city: 'Oslo', unit: 'celsius' }),
          call('c2', 'weather', { city: 'Rome', unit: 'kelvin' }),
        ]),
        textTurn('done'),
      ],
    });

    const observed = observeGate();

    await generateText({
      model: wrapLanguageModel({ model, middleware: [observed.middleware, gate.middleware] }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });

    expect(handedOn(observed.calls, 'ws1')).toEqual(providerCall);
    expect(execute).not.toHaveBeenCalled();
    expect(refusals.map(({ toolCallId, code }) => [toolCallId, code])).toEqual([
      ['c1', 'turn'],
      ['c2', 'arguments'],
    ]);
    const next = model.doGenerateCalls[1]?.prompt ?? [];
    const { refused, notRun } = refusalAnswers(next);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['c2']);
    expect(notRun.map((answer) => answer.toolCallId)).toEqual(['c1']);
    // The provider's own call and result go back as they came.
    const parts = assistantParts(next);
    expect(parts.find((part) => part.type === 'tool-call' && part.toolCallId === 'ws1')).toEqual(
      expect.objectContaining({ providerExecuted: true }),
    );
    expect(parts.find((part) => part.type === 'tool-result' && part.toolCallId === 'ws1')).toEqual(
      expect.objectContaining({ output: { type: 'json', value: { status: 'completed' } } }),
    );
  });

  it('streamText: the provider call is passed on live while function calls wait for finish', async () => {
    const { gate, execute, refusals } = makeGate();
    const firstTurn = controlledStream();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        { stream: firstTurn.stream },
        { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
      ],
    });

    const observed = observeGate();

    const result = streamText({
      model: wrapLanguageModel({ model, middleware: [observed.middleware, gate.middleware] }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });
    const received: Array<{ type: string; toolCallId?: string }> = [];
    const consumed = (async () => {
      for await (const part of result.stream) {
        received.push(
          part.type === 'tool-call'
            ? { type: part.type, toolCallId: part.toolCallId }
            : { type: part.type },
        );
      }
    })();

    firstTurn.push(
      { type: 'stream-start', warnings: [] },
      call('c2', 'weather', { city: 'Rome', unit: 'kelvin' }),
      providerCall as LanguageModelV4StreamPart,
      providerResult as LanguageModelV4StreamPart,
    );
    await waitFor(() => received.some((part) => part.toolCallId === 'ws1'), 'the provider call');
    // The function call is still held; the provider's call went through as sent.
    expect(received.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', toolCallId: 'ws1' },
    ]);
    expect(observed.calls).toEqual([providerCall]);
    firstTurn.push({
      type: 'finish',
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage,
    });
    firstTurn.close();
    await consumed;

    expect(await result.text).toBe('done');
    expect(execute).not.toHaveBeenCalled();
    expect(refusals.map(({ toolCallId }) => toolCallId)).toEqual(['c2']);
    expect(refusalAnswers(model.doStreamCalls[1]?.prompt ?? []).refused).toHaveLength(1);
  });
});
