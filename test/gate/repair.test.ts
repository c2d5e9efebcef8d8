import {
  generateText,
  isStepCount,
  streamText,
  type ToolCallRepairFunction,
  tool,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import { call, refusalAnswers, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * The SDK calls `repairToolCall` for every invalid call, and the gate's refused calls are invalid
 * calls. Wrapped with `gate.repairToolCall`, the app's repair is never asked about a refused call,
 * so it cannot turn a refused turn into one that runs.
 *
 * Without the wrapper (checked by hand against ai 7.0.173): the app's repair is called for every
 * call of the refused turn, siblings included, with the gate's marker as `toolCall.input` and an
 * `AI_InvalidToolInputError`; a repair that returns `{ ...toolCall, input: '{"q":"repaired"}' }`
 * gets each call re-parsed without the marker, so all of them pass validation and execute
 * (`executed: a1:repaired, a2:repaired`): the refused turn ran. That is why the gate's API owns
 * the wrapper and the README must tell apps with a repair function to use it.
 */

function makeTools() {
  const executed: string[] = [];
  const tools = {
    search: tool({
      inputSchema: z.object({ q: z.string() }),
      execute: async ({ q }, { toolCallId }) => {
        executed.push(`${toolCallId}:${q}`);
        return 'found';
      },
    }),
  };
  return { tools, executed };
}

/** An app's repair that "fixes" any call it is given into one that runs. */
function makeEagerRepair() {
  return vi.fn<ToolCallRepairFunction<ReturnType<typeof makeTools>['tools']>>(
    async ({ toolCall }) => ({
      ...toolCall,
      toolName: 'search',
      input: JSON.stringify({ q: 'repaired' }),
    }),
  );
}

const refusedTurn = [call('a1', 'search', { q: true }), call('a2', 'search', { q: 'fine' })];

describe('repairToolCall', () => {
  it('generateText: a wrapped repair is not called for refused calls; nothing runs', async () => {
    const { tools, executed } = makeTools();
    const gate = toolGate({ tools });
    const repair = makeEagerRepair();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn(refusedTurn), textTurn('done')],
    });

    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
      repairToolCall: gate.repairToolCall(repair),
    });

    expect(repair).not.toHaveBeenCalled();
    expect(executed).toEqual([]);
    const { refused, notRun } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['a1']);
    expect(notRun.map((answer) => answer.toolCallId)).toEqual(['a2']);
  });

  it('streamText: a wrapped repair is not called for refused calls; nothing runs', async () => {
    const { tools, executed } = makeTools();
    const gate = toolGate({ tools });
    const repair = makeEagerRepair();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        { stream: convertArrayToReadableStream(streamTurn(refusedTurn)) },
        { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
      ],
    });

    const result = streamText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
      repairToolCall: gate.repairToolCall(repair),
    });
    await result.consumeStream();

    expect(repair).not.toHaveBeenCalled();
    expect(executed).toEqual([]);
    expect(refusalAnswers(model.doStreamCalls[1]?.prompt ?? []).refused).toHaveLength(1);
  });

  it('should refuse a turn that calls a tool that was not offered, before any repair', async () => {
    const { tools, executed } = makeTools();
    const gate = toolGate({ tools });
    const repair = makeEagerRepair();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([call('b1', 'serch', { q: 'cats' }), call('b2', 'search', { q: 'dogs' })]),
        textTurn('done'),
      ],
    });

    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
      repairToolCall: gate.repairToolCall(repair),
    });

    expect(repair).not.toHaveBeenCalled();
    expect(executed).toEqual([]);
    const answers = JSON.stringify(model.doGenerateCalls[1]?.prompt);
    expect(answers).toContain(
      'Refused: there is no tool \\"serch\\", so nothing was run.\\nDid you mean \\"search\\"?',
    );
    expect(answers).toContain('Not run: a call to tool \\"serch\\" in the same turn was refused');
  });
});
