import { AsyncLocalStorage } from 'node:async_hooks';
import type { LanguageModelV4Prompt, LanguageModelV4ToolCall } from '@ai-sdk/provider';
import { generateText, isStepCount, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import { refusalAnswers, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * Many loops (1,000 generateText, 250 streamText) share one gate and one wrapped model at once,
 * every one making the identical call with the identical tool-call id. Half add a bad sibling
 * (their turn is refused), half do not. The tool's zod `.transform` reads the signed-in user from
 * AsyncLocalStorage, so a value computed for one loop and taken by another shows up as the wrong
 * user at `execute`; `-0` and `0` (the same JSON text) must each reach their own loop.
 */

const loops = 1000;
/** streamText loops cost several times more each; fewer of them still interleave every stage. */
const streamLoops = 250;
const users = new AsyncLocalStorage<string>();

type Executed = { loopUser: string | undefined; input: { n: number; user: string | undefined } };

function makeGate() {
  const executed: Executed[] = [];
  const refusedExecuted: string[] = [];
  const tools = {
    lookup: tool({
      inputSchema: z
        .object({ n: z.number() })
        .transform(({ n }) => ({ n, user: users.getStore() })),
      execute: async (input) => {
        executed.push({ loopUser: users.getStore(), input });
        return `looked up for ${input.user}`;
      },
    }),
    weather: tool({
      inputSchema: z.object({ city: z.string() }),
      execute: async () => {
        refusedExecuted.push(users.getStore() ?? 'nobody');
        return 'sunny';
      },
    }),
  };
  return { gate: toolGate({ tools }), executed, refusedExecuted };
}

/** Loop `index`: even loops send a bad sibling; `-0` for loops 0,1 mod 4, `0` for 2,3 mod 4. */
function loopPlan(index: number) {
  const refused = index % 2 === 0;
  const negativeZero = index % 4 < 2;
  const calls: LanguageModelV4ToolCall[] = [
    {
      type: 'tool-call',
      toolCallId: 'call_0',
      toolName: 'lookup',
      // Raw JSON text: `-0` and `0` have the same JSON.stringify but are different numbers.
      input: negativeZero ? '{"n":-0}' : '{"n":0}',
    },
  ];
  if (refused) {
    calls.push({
      type: 'tool-call',
      toolCallId: 'call_1',
      toolName: 'weather',
      input: '{"city":true}',
    });
  }
  return { refused, n: negativeZero ? -0 : 0, calls, user: `user-${index}` };
}

function loopOf(prompt: LanguageModelV4Prompt): number {
  for (const message of prompt) {
    if (message.role !== 'user') continue;
    for (const part of message.content) {
      if (part.type === 'text' && part.text.startsWith('loop ')) return Number(part.text.slice(5));
    }
  }
  throw new Error('no loop in prompt');
}

const hasToolResults = (prompt: LanguageModelV4Prompt) =>
  prompt.some((message) => message.role === 'tool');

/** Resolves once `count` callers wait, then lets them go in an order shuffled by `index`. */
function barrier(count: number): (index: number) => Promise<void> {
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async (index) => {
    waiting += 1;
    if (waiting === count) open();
    await opened;
    for (let tick = 0; tick < (index * 7) % 5; tick++) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
}

function expectEachLoopGotItsOwn({
  count,
  executed,
  refusedExecuted,
}: {
  count: number;
  executed: Executed[];
  refusedExecuted: string[];
}) {
  expect(refusedExecuted).toEqual([]);
  const byUser = new Map<string, Executed[]>();
  for (const entry of executed) {
    const user = entry.loopUser ?? 'nobody';
    byUser.set(user, [...(byUser.get(user) ?? []), entry]);
  }
  for (let index = 0; index < count; index++) {
    const plan = loopPlan(index);
    const seen = byUser.get(plan.user) ?? [];
    if (plan.refused) {
      expect(seen, `refused loop ${index} ran its call`).toEqual([]);
      continue;
    }
    expect(seen, `passed loop ${index}`).toHaveLength(1);
    expect(seen[0]?.input.user, `passed loop ${index} got another loop's value`).toBe(plan.user);
    expect(Object.is(seen[0]?.input.n, plan.n), `loop ${index}: n is ${seen[0]?.input.n}`).toBe(
      true,
    );
  }
  expect(executed).toHaveLength(count / 2);
}

function expectRefusedLoopsAnswered(count: number, prompts: LanguageModelV4Prompt[]) {
  const second = prompts.filter(hasToolResults);
  expect(second).toHaveLength(count);
  for (const prompt of second) {
    const plan = loopPlan(loopOf(prompt));
    const { refused, notRun, other } = refusalAnswers(prompt);
    if (plan.refused) {
      expect(refused.map((result) => result.toolCallId)).toEqual(['call_1']);
      expect(notRun.map((result) => result.toolCallId)).toEqual(['call_0']);
      expect(other).toEqual([]);
    } else {
      expect(refused).toEqual([]);
      expect(notRun).toEqual([]);
      expect(other.map((result) => result.output)).toEqual([
        { type: 'text', value: `looked up for ${plan.user}` },
      ]);
    }
  }
}

describe('concurrent loops sharing one gate and one wrapped model', () => {
  it('1,000 generateText loops: no refused call runs; each passed call gets the value computed for its loop', async () => {
    const { gate, executed, refusedExecuted } = makeGate();
    const wait = barrier(loops);
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: async ({ prompt }) => {
        const index = loopOf(prompt);
        if (hasToolResults(prompt)) return textTurn(`done ${index}`);
        await wait(index);
        return toolTurn(loopPlan(index).calls);
      },
    });
    const wrapped = wrapLanguageModel({ model, middleware: gate.middleware });

    const texts = await Promise.all(
      Array.from({ length: loops }, (_, index) =>
        users.run(loopPlan(index).user, () =>
          generateText({
            model: wrapped,
            tools: gate.tools,
            prompt: `loop ${index}`,
            stopWhen: isStepCount(3),
          }).then((result) => result.text),
        ),
      ),
    );

    expect(texts).toEqual(Array.from({ length: loops }, (_, index) => `done ${index}`));
    expectEachLoopGotItsOwn({ count: loops, executed, refusedExecuted });
    expectRefusedLoopsAnswered(
      loops,
      model.doGenerateCalls.map((options) => options.prompt),
    );
  });

  it('250 streamText loops: no refused call runs; each passed call gets the value computed for its loop', async () => {
    const { gate, executed, refusedExecuted } = makeGate();
    const wait = barrier(streamLoops);
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: async ({ prompt }) => {
        const index = loopOf(prompt);
        if (hasToolResults(prompt)) {
          return { stream: convertArrayToReadableStream(streamTurn([], `done ${index}`)) };
        }
        await wait(index);
        return { stream: convertArrayToReadableStream(streamTurn(loopPlan(index).calls)) };
      },
    });
    const wrapped = wrapLanguageModel({ model, middleware: gate.middleware });

    const texts = await Promise.all(
      Array.from({ length: streamLoops }, (_, index) =>
        users.run(loopPlan(index).user, () => {
          const result = streamText({
            model: wrapped,
            tools: gate.tools,
            repairToolCall: gate.repairToolCall(),
            prompt: `loop ${index}`,
            stopWhen: isStepCount(3),
          });
          return result.text;
        }),
      ),
    );

    expect(texts).toEqual(Array.from({ length: streamLoops }, (_, index) => `done ${index}`));
    expectEachLoopGotItsOwn({ count: streamLoops, executed, refusedExecuted });
    expectRefusedLoopsAnswered(
      streamLoops,
      model.doStreamCalls.map((options) => options.prompt),
    );
  });
});
