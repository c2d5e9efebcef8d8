import { isStepCount, ToolLoopAgent, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import { call, refusalAnswers, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * `ToolLoopAgent` (ai 7) runs the same loop as generateText/streamText: one refused turn, then
 * the corrected one runs.
 */

function makeAgent(model: MockLanguageModelV4) {
  const execute = vi.fn(async (input: { city: string; unit?: string }) => `sunny ${input.city}`);
  const tools = {
    weather: tool({
      inputSchema: z.object({
        city: z.string(),
        unit: z.enum(['celsius', 'fahrenheit']).optional(),
      }),
      execute,
    }),
  };
  const repair = vi.fn(async () => null);
  const gate = toolGate({ tools });
  const agent = new ToolLoopAgent({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    repairToolCall: gate.repairToolCall(repair),
    stopWhen: isStepCount(5),
  });
  return { agent, execute, repair };
}

const refusedTurn = [
  call('c1', 'weather', { city: 'Oslo', unit: null }),
  call('c2', 'weather', { city: 'Rome', unit: 'kelvin' }),
];
const correctedTurn = [
  call('d1', 'weather', { city: 'Oslo', unit: null }),
  call('d2', 'weather', { city: 'Rome', unit: 'celsius' }),
];

describe('ToolLoopAgent', () => {
  it('generate: one refused turn, then the corrected one runs', async () => {
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn(refusedTurn), toolTurn(correctedTurn), textTurn('done')],
    });
    const { agent, execute, repair } = makeAgent(model);

    const result = await agent.generate({ prompt: 'hi' });

    expect(result.text).toBe('done');
    expect(result.steps).toHaveLength(3);
    const { refused, notRun } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['c2']);
    expect(notRun.map((answer) => answer.toolCallId)).toEqual(['c1']);
    expect(repair).not.toHaveBeenCalled();
    expect(execute.mock.calls.map(([input]) => input)).toEqual([
      { city: 'Oslo' },
      { city: 'Rome', unit: 'celsius' },
    ]);
  });

  it('stream: one refused turn, then the corrected one runs', async () => {
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        { stream: convertArrayToReadableStream(streamTurn(refusedTurn)) },
        { stream: convertArrayToReadableStream(streamTurn(correctedTurn)) },
        { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
      ],
    });
    const { agent, execute } = makeAgent(model);

    const result = await agent.stream({ prompt: 'hi' });
    await result.consumeStream();

    expect(await result.text).toBe('done');
    const { refused } = refusalAnswers(model.doStreamCalls[1]?.prompt ?? []);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['c2']);
    expect(execute.mock.calls.map(([input]) => input)).toEqual([
      { city: 'Oslo' },
      { city: 'Rome', unit: 'celsius' },
    ]);
  });
});
