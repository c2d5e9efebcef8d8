import { generateText, isStepCount, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type RefusalEvent, toolGate } from '../../src/index.ts';
import { call, refusalAnswers, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * `onRefusal` is the app's code, called by the gate in the middle of the AI SDK's loop. Whatever
 * it does (throws, returns a promise that rejects now or later, never settles) the request
 * completes as it would without a listener, and no rejection is left unhandled to end the
 * process.
 */

const listeners: Array<{ name: string; onRefusal: (event: RefusalEvent) => unknown }> = [
  {
    name: 'throws',
    onRefusal: () => {
      throw new Error('listener failed');
    },
  },
  {
    name: 'throws a non-error',
    onRefusal: () => {
      throw 'listener failed';
    },
  },
  { name: 'returns a promise rejecting with a non-error', onRefusal: () => Promise.reject('no') },
  { name: 'returns a rejected promise', onRefusal: () => Promise.reject(new Error('rejected')) },
  {
    name: 'is an async function that throws later',
    onRefusal: async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      throw new Error('rejected later');
    },
  },
  {
    name: 'returns a thenable that rejects',
    onRefusal: () => ({
      // biome-ignore lint/suspicious/noThenProperty: a hand-made thenable is the case under test.
      then: (_resolve: unknown, reject: (reason: unknown) => void) => reject(new Error('thenable')),
    }),
  },
  { name: 'never settles', onRefusal: () => new Promise(() => {}) },
];

let unhandled: unknown[] = [];
const record = (reason: unknown) => void unhandled.push(reason);

beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', record);
});

afterEach(() => {
  process.off('unhandledRejection', record);
});

/** Gives a rejection left unhandled the turns Node needs to report it. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The listener with its events recorded. Not `vi.fn`: a spy handles the promises it sees
 * returned, which would hide a rejection the gate left unhandled.
 */
function recorded(onRefusal: (event: RefusalEvent) => unknown) {
  const events: RefusalEvent[] = [];
  const listener = (event: RefusalEvent) => {
    events.push(event);
    return onRefusal(event);
  };
  return { listener, events };
}

function makeTools() {
  const execute = vi.fn(async () => 'ran');
  return {
    execute,
    tools: {
      weather: tool({ inputSchema: z.object({ city: z.string() }), execute }),
      search: tool({ inputSchema: z.object({ q: z.string() }), execute }),
    },
  };
}

const refusedTurn = [call('c1', 'weather', { city: true }), call('c2', 'search', { q: 'x' })];

describe.each(listeners)('an onRefusal that $name', ({ onRefusal }) => {
  it('generateText: the request completes, every refused call is reported, nothing is unhandled', async () => {
    const { tools, execute } = makeTools();
    const { listener, events } = recorded(onRefusal);
    const gate = toolGate({ tools, onRefusal: listener });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn(refusedTurn), textTurn('done')],
    });

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(3),
    });
    await settle();

    expect(result.text).toBe('done');
    expect(execute).not.toHaveBeenCalled();
    expect(events.map((event) => [event.toolCallId, event.code])).toEqual([
      ['c1', 'arguments'],
      ['c2', 'turn'],
    ]);
    const { refused, notRun } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['c1']);
    expect(notRun.map((answer) => answer.toolCallId)).toEqual(['c2']);
    expect(unhandled).toEqual([]);
  });

  it('streamText: the request completes, every refused call is reported, nothing is unhandled', async () => {
    const { tools, execute } = makeTools();
    const { listener, events } = recorded(onRefusal);
    const gate = toolGate({ tools, onRefusal: listener });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        { stream: convertArrayToReadableStream(streamTurn(refusedTurn)) },
        { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
      ],
    });
    const errors: unknown[] = [];

    const result = streamText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(3),
      onError: ({ error }) => void errors.push(error),
    });
    const text = await result.text;
    await settle();

    expect(text).toBe('done');
    expect(errors).toEqual([]);
    expect(execute).not.toHaveBeenCalled();
    expect(events).toHaveLength(2);
    const { refused, notRun } = refusalAnswers(model.doStreamCalls[1]?.prompt ?? []);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['c1']);
    expect(notRun.map((answer) => answer.toolCallId)).toEqual(['c2']);
    expect(unhandled).toEqual([]);
  });
});
