import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { generateText, isStepCount, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import {
  call,
  controlledStream,
  promptToolCalls,
  refusalAnswers,
  refusedPrefix,
  streamTurn,
  textParts,
  textTurn,
  toolTurn,
  usage,
  waitFor,
} from './helpers.ts';

/**
 * One bad call among three: nothing of the turn runs (no execute, approval or input hook), the
 * model reads one `Refused:` and two `Not run:` answers with its own inputs restored, and the
 * corrected round runs.
 */

function makeSpiedTools() {
  const spies = {
    searchExecute: vi.fn(async (input: { q: string }) => `found ${input.q}`),
    weatherExecute: vi.fn(async (input: { city: string; unit: string }) => `sunny ${input.city}`),
    notesExecute: vi.fn(async (input: { text: string }) => `noted ${input.text}`),
    searchNeedsApproval: vi.fn(() => false),
    notesNeedsApproval: vi.fn(() => false),
    onInputAvailable: vi.fn(),
    weatherApproval: vi.fn(() => 'approved' as const),
    genericApproval: vi.fn((_options: { toolCall: { toolCallId: string } }) => 'approved' as const),
  };
  const tools = {
    search: tool({
      inputSchema: jsonSchema<{ q: string }>({
        type: 'object',
        properties: { q: { type: 'string' } },
        required: ['q'],
        additionalProperties: false,
      }),
      needsApproval: spies.searchNeedsApproval,
      onInputAvailable: spies.onInputAvailable,
      execute: spies.searchExecute,
    }),
    weather: tool({
      inputSchema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']) }),
      onInputAvailable: spies.onInputAvailable,
      execute: spies.weatherExecute,
    }),
    notes: tool({
      inputSchema: z.object({ text: z.string() }),
      needsApproval: spies.notesNeedsApproval,
      onInputAvailable: spies.onInputAvailable,
      execute: spies.notesExecute,
    }),
  };
  return { tools, spies };
}

const badTurn = [
  call('c1', 'search', { q: 'cats' }),
  call('c2', 'weather', { city: 'Rome', unit: 'kelvin' }),
  call('c3', 'notes', { text: 'hello' }),
];
const correctedTurn = [
  call('d1', 'search', { q: 'cats' }),
  call('d2', 'weather', { city: 'Rome', unit: 'celsius' }),
  call('d3', 'notes', { text: 'hello' }),
];

function expectNothingRan(spies: ReturnType<typeof makeSpiedTools>['spies']) {
  for (const spy of Object.values(spies)) expect(spy).not.toHaveBeenCalled();
}

function expectRefusedPrompt(prompt: Parameters<typeof refusalAnswers>[0]) {
  const { refused, notRun, other } = refusalAnswers(prompt);
  expect(refused.map((result) => result.toolCallId)).toEqual(['c2']);
  expect(refused[0]?.output.type).toBe('error-text');
  expect(String(refused[0]?.output.value).startsWith(refusedPrefix('weather'))).toBe(true);
  expect(String(refused[0]?.output.value)).toContain('kelvin');
  expect(notRun.map((result) => result.toolCallId)).toEqual(['c1', 'c3']);
  for (const result of notRun) {
    expect(result.output).toEqual({
      type: 'error-text',
      value:
        'Not run: a call to tool "weather" in the same turn was refused, so no call of this turn was run. Send this call again together with the corrected call.',
    });
  }
  expect(other).toEqual([]);
  // The assistant's calls carry what the model sent, not the gate's markers.
  expect(promptToolCalls(prompt)).toEqual([
    { toolCallId: 'c1', toolName: 'search', input: { q: 'cats' } },
    { toolCallId: 'c2', toolName: 'weather', input: { city: 'Rome', unit: 'kelvin' } },
    { toolCallId: 'c3', toolName: 'notes', input: { text: 'hello' } },
  ]);
  expect(JSON.stringify(prompt)).not.toContain('toolgate:');
}

function expectCorrectedRan(spies: ReturnType<typeof makeSpiedTools>['spies']) {
  expect(spies.searchExecute.mock.calls.map(([input]) => input)).toEqual([{ q: 'cats' }]);
  expect(spies.weatherExecute.mock.calls.map(([input]) => input)).toEqual([
    { city: 'Rome', unit: 'celsius' },
  ]);
  expect(spies.notesExecute.mock.calls.map(([input]) => input)).toEqual([{ text: 'hello' }]);
  expect(spies.onInputAvailable.mock.calls.map(([event]) => event.toolCallId)).toEqual([
    'd1',
    'd2',
    'd3',
  ]);
}

describe('a refused turn', () => {
  it('generateText (per-tool needsApproval and the per-tool toolApproval option)', async () => {
    const { tools, spies } = makeSpiedTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn(badTurn), toolTurn(correctedTurn), textTurn('done')],
    });
    let checkedBeforeSecondCall = false;

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
      toolApproval: { weather: spies.weatherApproval },
      prepareStep: ({ stepNumber }) => {
        // Before the second model call: nothing of the refused turn may have run.
        if (stepNumber === 1) {
          expectNothingRan(spies);
          checkedBeforeSecondCall = true;
        }
        return undefined;
      },
    });

    expect(checkedBeforeSecondCall).toBe(true);
    expect(result.text).toBe('done');
    expect(model.doGenerateCalls).toHaveLength(3);
    expectRefusedPrompt(model.doGenerateCalls[1]?.prompt ?? []);
    expect(result.steps[0]?.toolResults).toEqual([]);
    expectCorrectedRan(spies);
    expect(spies.searchNeedsApproval).toHaveBeenCalledTimes(1);
    expect(spies.notesNeedsApproval).toHaveBeenCalledTimes(1);
    expect(spies.weatherApproval).toHaveBeenCalledTimes(1);
  });

  it('generateText (the generic toolApproval function)', async () => {
    const { tools, spies } = makeSpiedTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn(badTurn), toolTurn(correctedTurn), textTurn('done')],
    });
    const seenBeforeSecondCall: string[] = [];

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
      toolApproval: spies.genericApproval,
      prepareStep: ({ stepNumber }) => {
        if (stepNumber === 1) {
          for (const [name, spy] of Object.entries(spies)) {
            if (spy.mock.calls.length > 0) seenBeforeSecondCall.push(name);
          }
        }
        return undefined;
      },
    });

    expect(result.text).toBe('done');
    expect(seenBeforeSecondCall).toEqual([]);
    expectRefusedPrompt(model.doGenerateCalls[1]?.prompt ?? []);
    expectCorrectedRan(spies);
    expect(spies.genericApproval.mock.calls.map(([{ toolCall }]) => toolCall.toolCallId)).toEqual([
      'd1',
      'd2',
      'd3',
    ]);
  });

  it('streamText: nothing runs, text still streams live, then the corrected round runs', async () => {
    const { tools, spies } = makeSpiedTools();
    const gate = toolGate({ tools });
    const firstTurn = controlledStream();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        { stream: firstTurn.stream },
        { stream: convertArrayToReadableStream(streamTurn(correctedTurn)) },
        { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
      ],
    });
    const seenBeforeSecondCall: string[] = [];

    const result = streamText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
      toolApproval: { weather: spies.weatherApproval },
      prepareStep: ({ stepNumber }) => {
        if (stepNumber === 1) {
          for (const [name, spy] of Object.entries(spies)) {
            if (spy.mock.calls.length > 0) seenBeforeSecondCall.push(name);
          }
        }
        return undefined;
      },
    });
    const received: string[] = [];
    const consumed = (async () => {
      for await (const part of result.stream) {
        received.push(part.type === 'text-delta' ? `text-delta:${part.text}` : part.type);
      }
    })();

    // Text reaches the consumer while the model is still sending: nothing is held but calls.
    firstTurn.push({ type: 'stream-start', warnings: [] }, ...textParts('Let me check.'));
    await waitFor(() => received.includes('text-delta:Let me check.'), 'the live text delta');
    const badParts = streamTurn(badTurn).filter(
      (part) => part.type !== 'stream-start' && part.type !== 'finish',
    );
    firstTurn.push(...badParts);
    // Argument deltas stream live too; the calls themselves wait for the model's finish.
    await waitFor(() => received.includes('tool-input-end'), 'the tool input deltas');
    expect(received).not.toContain('tool-call');
    const finish: LanguageModelV4StreamPart = {
      type: 'finish',
      finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
      usage,
    };
    firstTurn.push(finish);
    firstTurn.close();
    await consumed;

    expect(await result.text).toBe('done');
    expect(seenBeforeSecondCall).toEqual([]);
    expect(model.doStreamCalls).toHaveLength(3);
    expectRefusedPrompt(model.doStreamCalls[1]?.prompt ?? []);
    expectCorrectedRan(spies);
    expect(spies.weatherApproval).toHaveBeenCalledTimes(1);
    // The first step's calls reach the consumer as invalid calls with tool errors, not results.
    const firstStep = received.slice(0, received.indexOf('finish-step'));
    expect(firstStep.filter((type) => type === 'tool-call')).toHaveLength(3);
    expect(firstStep.filter((type) => type === 'tool-error')).toHaveLength(3);
    expect(firstStep).not.toContain('tool-result');
  });
});
