import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { generateText, isStepCount, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import { call, refusalAnswers, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * Two loops share one gate at the same time. Loop A's turn is refused (a bad sibling), loop B makes
 * the identical `search` call in a turn that passes. The verdict travels inside each call, so A
 * runs nothing of its turn and B runs its call.
 */

function makeGate() {
  const executed: string[] = [];
  const tools = {
    search: tool({
      inputSchema: z.object({ q: z.string() }),
      execute: async ({ q }, { toolCallId }) => {
        executed.push(`${toolCallId}:${q}`);
        return 'found';
      },
    }),
    weather: tool({
      inputSchema: z.object({ city: z.string() }),
      execute: async (_input, { toolCallId }) => {
        executed.push(toolCallId);
        return 'sunny';
      },
    }),
  };
  return { gate: toolGate({ tools }), executed };
}

/** Both models answer their first call only once both loops are waiting on the model. */
function barrier(count: number): () => Promise<void> {
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return async () => {
    waiting += 1;
    if (waiting === count) open();
    await opened;
  };
}

function modelAnswering(
  turns: LanguageModelV4GenerateResult[],
  wait: () => Promise<void>,
): MockLanguageModelV4 {
  let index = 0;
  return new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: async () => {
      const turn = turns[index++];
      if (index === 1) await wait();
      if (turn === undefined) throw new Error('no more turns');
      return turn;
    },
  });
}

const turnA = [call('a1', 'search', { q: 'same' }), call('a2', 'weather', { town: 'Rome' })];
const turnB = [call('b1', 'search', { q: 'same' })];

describe('two loops sharing one gate at once', () => {
  it('generateText: the refused loop runs nothing, the passed loop runs the identical call', async () => {
    const { gate, executed } = makeGate();
    const wait = barrier(2);
    const modelA = modelAnswering([toolTurn(turnA), textTurn('A done')], wait);
    const modelB = modelAnswering([toolTurn(turnB), textTurn('B done')], wait);
    const run = (model: MockLanguageModelV4) =>
      generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: gate.tools,
        prompt: 'hi',
        stopWhen: isStepCount(3),
      });

    const [resultA, resultB] = await Promise.all([run(modelA), run(modelB)]);

    expect(executed).toEqual(['b1:same']);
    expect(resultA.text).toBe('A done');
    expect(resultB.text).toBe('B done');
    const answersA = refusalAnswers(modelA.doGenerateCalls[1]?.prompt ?? []);
    expect(answersA.refused.map((result) => result.toolCallId)).toEqual(['a2']);
    expect(answersA.notRun.map((result) => result.toolCallId)).toEqual(['a1']);
    const answersB = refusalAnswers(modelB.doGenerateCalls[1]?.prompt ?? []);
    expect(answersB.refused).toEqual([]);
    expect(answersB.notRun).toEqual([]);
    expect(answersB.other.map((result) => result.output)).toEqual([
      { type: 'text', value: 'found' },
    ]);
  });

  it('many generateText and streamText loops interleaved: only the passed ones run', async () => {
    const { gate, executed } = makeGate();
    const loops = 8;
    const wait = barrier(loops);
    const runs = Array.from({ length: loops }, (_, index) => {
      const refused = index % 2 === 0;
      const calls = refused
        ? [call(`r${index}`, 'search', { q: 'same' }), call(`w${index}`, 'weather', { city: true })]
        : [call(`p${index}`, 'search', { q: 'same' })];
      if (index < loops / 2) {
        const model = modelAnswering([toolTurn(calls), textTurn('done')], wait);
        return generateText({
          model: wrapLanguageModel({ model, middleware: gate.middleware }),
          tools: gate.tools,
          prompt: 'hi',
          stopWhen: isStepCount(3),
        }).then((result) => result.text);
      }
      let turn = 0;
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
        doStream: async () => {
          turn += 1;
          if (turn === 1) await wait();
          return {
            stream: convertArrayToReadableStream(
              turn === 1 ? streamTurn(calls) : streamTurn([], 'done'),
            ),
          };
        },
      });
      const result = streamText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: gate.tools,
        prompt: 'hi',
        stopWhen: isStepCount(3),
      });
      return result.text;
    });

    expect(await Promise.all(runs)).toEqual(Array.from({ length: loops }, () => 'done'));
    expect([...executed].sort()).toEqual(['p1:same', 'p3:same', 'p5:same', 'p7:same']);
  });

  it('passed loops with the identical call each get their own validated input, made once', async () => {
    const transform = vi.fn((q: string) => ({ text: q }));
    const seen: unknown[] = [];
    const tools = {
      search: tool({
        inputSchema: z.object({ q: z.string().transform(transform) }),
        execute: async (input) => {
          seen.push(input);
          return 'found';
        },
      }),
    };
    const gate = toolGate({ tools });
    const loops = 4;
    const wait = barrier(loops);
    await Promise.all(
      Array.from({ length: loops }, (_, index) => {
        const model = modelAnswering(
          [toolTurn([call(`p${index}`, 'search', { q: 'same' })]), textTurn('done')],
          wait,
        );
        return generateText({
          model: wrapLanguageModel({ model, middleware: gate.middleware }),
          tools: gate.tools,
          prompt: 'hi',
          stopWhen: isStepCount(3),
        });
      }),
    );

    expect(seen).toEqual(Array.from({ length: loops }, () => ({ q: { text: 'same' } })));
    expect(new Set(seen).size).toBe(loops);
    expect(transform).toHaveBeenCalledTimes(loops);
  });
});
