import type { LanguageModelV4Prompt, LanguageModelV4ToolCall } from '@ai-sdk/provider';
import {
  generateText,
  isStepCount,
  type ModelMessage,
  streamText,
  tool,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanHistory, toolGate } from '../../src/index.ts';
import {
  call,
  notRunPrefix,
  promptToolCalls,
  promptToolResults,
  refusedPrefix,
  resultText,
  streamTurn,
  textTurn,
  toolTurn,
} from './helpers.ts';

/**
 * Some servers (llama.cpp, some Kimi and Grok endpoints) number tool calls per turn, so
 * `call_0` comes back in every turn. A refused `call_0` in one turn must not turn the real
 * result of another turn's `call_0` into a refusal, in either order, in the next prompt and in
 * the stored history.
 */

function makeGate() {
  const executed: string[] = [];
  const tools = {
    weather: tool({
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }, { toolCallId }) => {
        executed.push(`${toolCallId}:weather:${city}`);
        return `sunny in ${city}`;
      },
    }),
    search: tool({
      inputSchema: z.object({ q: z.string() }),
      execute: async ({ q }, { toolCallId }) => {
        executed.push(`${toolCallId}:search:${q}`);
        return `found ${q}`;
      },
    }),
  };
  return { gate: toolGate({ tools }), executed };
}

const refusedTurn = [
  call('call_0', 'search', { q: 'x' }),
  call('call_1', 'weather', { city: true }),
];
const passedTurn = [
  call('call_0', 'weather', { city: 'Rome' }),
  call('call_1', 'search', { q: 'y' }),
];

type Case = {
  name: string;
  turns: LanguageModelV4ToolCall[][];
  /** Per tool result of the third prompt, in order: the exact text, or the answer's prefix. */
  expected: Array<{ id: string; exact?: string; prefix?: string }>;
  executed: string[];
};

const cases: Case[] = [
  {
    name: 'refused first, passed second',
    turns: [refusedTurn, passedTurn],
    expected: [
      { id: 'call_0', prefix: notRunPrefix },
      { id: 'call_1', prefix: refusedPrefix('weather') },
      { id: 'call_0', exact: 'sunny in Rome' },
      { id: 'call_1', exact: 'found y' },
    ],
    executed: ['call_0:weather:Rome', 'call_1:search:y'],
  },
  {
    name: 'passed first, refused second',
    turns: [passedTurn, refusedTurn],
    expected: [
      { id: 'call_0', exact: 'sunny in Rome' },
      { id: 'call_1', exact: 'found y' },
      { id: 'call_0', prefix: notRunPrefix },
      { id: 'call_1', prefix: refusedPrefix('weather') },
    ],
    executed: ['call_0:weather:Rome', 'call_1:search:y'],
  },
];

const modelInputs = (turns: LanguageModelV4ToolCall[][]) =>
  turns.flat().map(({ toolCallId, toolName, input }) => ({
    toolCallId,
    toolName,
    input: JSON.parse(input) as unknown,
  }));

function expectThirdPrompt(prompt: LanguageModelV4Prompt, testCase: Case) {
  const results = promptToolResults(prompt);
  expect(results.map((result) => result.toolCallId)).toEqual(testCase.expected.map(({ id }) => id));
  results.forEach((result, index) => {
    const { exact, prefix } = testCase.expected[index] ?? {};
    if (exact !== undefined) {
      expect(result.output).toEqual({ type: 'text', value: exact });
    } else {
      expect(result.output.type).toBe('error-text');
      expect(resultText(result)?.startsWith(prefix ?? '')).toBe(true);
    }
  });
  // The model reads its own arguments of every turn back.
  expect(promptToolCalls(prompt)).toEqual(modelInputs(testCase.turns));
}

function expectCleanHistory(messages: ModelMessage[], testCase: Case) {
  const history = cleanHistory(messages);
  const results = history.flatMap((message) =>
    message.role === 'tool' && Array.isArray(message.content)
      ? message.content.flatMap((part) => (part.type === 'tool-result' ? [part] : []))
      : [],
  );
  results.forEach((result, index) => {
    const { exact, prefix } = testCase.expected[index] ?? {};
    if (exact !== undefined) {
      expect(result.output).toEqual({ type: 'text', value: exact });
    } else {
      expect(result.output.type).toBe('error-text');
      const value = (result.output as { value: unknown }).value;
      expect(typeof value === 'string' && value.startsWith(prefix ?? '')).toBe(true);
    }
  });
  expect(results).toHaveLength(testCase.expected.length);
}

describe.each([
  { repair: true, label: 'with gate.repairToolCall()' },
  { repair: false, label: 'without repairToolCall' },
])('tool-call ids reused across turns, $label', ({ repair }) => {
  it.each(cases)(
    'generateText, $name: only the refused turn reads as refused',
    async (testCase) => {
      const { gate, executed } = makeGate();
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
        doGenerate: [...testCase.turns.map((turn) => toolTurn(turn)), textTurn('done')],
      });

      const result = await generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: gate.tools,
        ...(repair ? { repairToolCall: gate.repairToolCall() } : {}),
        prompt: 'weather in Rome?',
        stopWhen: isStepCount(4),
      });

      expect(result.text).toBe('done');
      expect(executed).toEqual(testCase.executed);
      expectThirdPrompt(model.doGenerateCalls[2]?.prompt ?? [], testCase);
      expectCleanHistory(result.responseMessages, testCase);
    },
  );

  it.each(cases)('streamText, $name: only the refused turn reads as refused', async (testCase) => {
    const { gate, executed } = makeGate();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        ...testCase.turns.map((turn) => ({
          stream: convertArrayToReadableStream(streamTurn(turn)),
        })),
        { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
      ],
    });

    const result = streamText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      ...(repair ? { repairToolCall: gate.repairToolCall() } : {}),
      prompt: 'weather in Rome?',
      stopWhen: isStepCount(4),
    });

    expect(await result.text).toBe('done');
    expect(executed).toEqual(testCase.executed);
    expectThirdPrompt(model.doStreamCalls[2]?.prompt ?? [], testCase);
    expectCleanHistory(await result.responseMessages, testCase);
  });
});

describe('one tool-call id twice in the same turn', () => {
  it('both pass: each call runs with its own arguments', async () => {
    const { gate, executed } = makeGate();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([
          call('call_0', 'weather', { city: 'Rome' }),
          call('call_0', 'weather', { city: 'Oslo' }),
        ]),
        textTurn('done'),
      ],
    });

    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'weather?',
      stopWhen: isStepCount(3),
    });

    expect([...executed].sort()).toEqual(['call_0:weather:Oslo', 'call_0:weather:Rome']);
  });

  it('one mismatches: neither runs, and each reads its own answer', async () => {
    const { gate, executed } = makeGate();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([
          call('call_0', 'weather', { city: 'Rome' }),
          call('call_0', 'weather', { city: true }),
        ]),
        textTurn('done'),
      ],
    });

    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'weather?',
      stopWhen: isStepCount(3),
    });

    expect(executed).toEqual([]);
    const results = promptToolResults(model.doGenerateCalls[1]?.prompt ?? []);
    expect(results).toHaveLength(2);
    expect(resultText(results[0])?.startsWith(notRunPrefix)).toBe(true);
    expect(resultText(results[1])?.startsWith(refusedPrefix('weather'))).toBe(true);
  });
});
