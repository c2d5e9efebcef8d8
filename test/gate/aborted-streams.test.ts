import { AsyncLocalStorage } from 'node:async_hooks';
import type { LanguageModelV4ToolCall } from '@ai-sdk/provider';
import { isStepCount, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { GateWiringError, toolGate } from '../../src/index.ts';
import { CallLedger, defaultLedgerLimits } from '../../src/middleware/tools/call-ledger.ts';
import { streamTurn, toolCallStage } from './helpers.ts';

/**
 * Streams aborted right after the model's `finish`: the gate has judged the turn and handed its
 * calls on, but the AI SDK may never validate them. What the gate kept for those calls must never
 * run for anyone else, must be freed, and a call that reaches validation too late runs nothing.
 */

const users = new AsyncLocalStorage<string>();
const abortedTurns = 500;

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function makeGate() {
  const executed: Array<{ loopUser: string | undefined; input: { q: string; user?: string } }> = [];
  const tools = {
    lookup: tool({
      inputSchema: z
        .object({ q: z.string() })
        .transform(({ q }) => ({ q, user: users.getStore() })),
      execute: async (input) => {
        executed.push({ loopUser: users.getStore(), input });
        return `for ${input.user}`;
      },
    }),
  };
  return { gate: toolGate({ tools }), executed };
}

/** Every call to the same tool with the same input and id: only the reference tells them apart. */
const sameCall: LanguageModelV4ToolCall = {
  type: 'tool-call',
  toolCallId: 'call_0',
  toolName: 'lookup',
  input: '{"q":"same"}',
};

/**
 * Stands for a stream the app stopped reading after the gate released its calls: the calls the
 * gate handed on never reach the AI SDK's validation.
 */
const dropHandedCalls = toolCallStage(() => {});

/** The gate's ledger, seen through the entries it issues. */
function watchLedger(): () => CallLedger {
  const issue = vi.spyOn(CallLedger.prototype, 'holdTurn');
  return () => {
    const ledger = issue.mock.contexts.at(-1);
    if (!(ledger instanceof CallLedger)) throw new Error('no entry was issued');
    return ledger;
  };
}

async function runAbortedTurns(gate: ReturnType<typeof makeGate>['gate']) {
  for (let turn = 0; turn < abortedTurns; turn++) {
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: async () => ({ stream: convertArrayToReadableStream(streamTurn([sameCall])) }),
    });
    await users.run(`aborted-${turn}`, async () => {
      const result = streamText({
        model: wrapLanguageModel({ model, middleware: [dropHandedCalls, gate.middleware] }),
        tools: gate.tools,
        prompt: 'hi',
        stopWhen: isStepCount(1),
      });
      await result.consumeStream();
    });
  }
}

function passingModel() {
  return new MockLanguageModelV4({
    provider: 'openai.responses',
    doStream: [
      { stream: convertArrayToReadableStream(streamTurn([sameCall])) },
      { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
    ],
  });
}

describe('streams aborted right after the model finished', () => {
  it('no later loop runs with what was kept for an aborted one, and what was kept is freed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const ledgerOf = watchLedger();
    const { gate, executed } = makeGate();

    await runAbortedTurns(gate);
    const ledger = ledgerOf();
    // Whatever ran of an aborted turn ran for its own loop.
    for (const { loopUser, input } of executed) expect(input.user).toBe(loopUser);
    const keptAfterAborts = ledger.size;
    // Every dropped turn left its entry, which nobody took: the case under test.
    expect(keptAfterAborts).toBe(abortedTurns);
    const ranBefore = executed.length;

    const later = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        users.run(`later-${index}`, () =>
          streamText({
            model: wrapLanguageModel({ model: passingModel(), middleware: gate.middleware }),
            tools: gate.tools,
            prompt: 'hi',
            stopWhen: isStepCount(3),
          }).text.then(() => index),
        ),
      ),
    );
    expect(later).toHaveLength(50);
    const ranLater = executed.slice(ranBefore);
    expect(ranLater.map(({ input }) => input.user).sort()).toEqual(
      Array.from({ length: 50 }, (_, index) => `later-${index}`).sort(),
    );
    for (const { loopUser, input } of ranLater) expect(input.user).toBe(loopUser);
    // The later loops took their own entries, and only those.
    expect(ledger.size).toBe(keptAfterAborts);

    vi.advanceTimersByTime(ledger.limits.keepForMs + 1);
    await users.run('after-a-minute', () =>
      streamText({
        model: wrapLanguageModel({ model: passingModel(), middleware: gate.middleware }),
        tools: gate.tools,
        prompt: 'hi',
        stopWhen: isStepCount(3),
      }).consumeStream(),
    );
    expect(executed.at(-1)?.input.user).toBe('after-a-minute');
    expect(ledger.size).toBe(0);
  });

  it('a call that reaches validation after its entry was dropped runs nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { gate, executed } = makeGate();
    // Holds the calls the gate handed on in a first request, and hands those very calls to the
    // SDK in a later one, as a stream read much later would.
    const handedOn: LanguageModelV4ToolCall[] = [];
    let replay = false;
    const lateReader = toolCallStage((part, enqueue) => {
      if (replay) enqueue(handedOn.shift() ?? part);
      else handedOn.push(part);
    });
    const errors: unknown[] = [];
    const run = (user: string) =>
      users.run(user, () => {
        const model = passingModel();
        const result = streamText({
          model: wrapLanguageModel({ model, middleware: [lateReader, gate.middleware] }),
          tools: gate.tools,
          prompt: 'hi',
          stopWhen: isStepCount(3),
        });
        return result
          .consumeStream({ onError: (error) => void errors.push(error) })
          .then(() => model);
      });

    await run('alice');
    expect(handedOn).toHaveLength(1);
    const aliceCall = handedOn[0] as LanguageModelV4ToolCall;
    expect(aliceCall.input).not.toBe(sameCall.input);

    vi.advanceTimersByTime(defaultLedgerLimits.keepForMs + 1);
    replay = true;
    await run('bob');

    expect(executed).toEqual([]);
    // The expired call shows the model's own arguments, never a reference.
    expect(aliceCall.input).toBe(sameCall.input);
    expect(errors).toHaveLength(1);
    expect(GateWiringError.isInstance(errors[0])).toBe(true);
  });
});
