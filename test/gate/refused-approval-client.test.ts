import { generateText, isStepCount, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import { call, refusalAnswers, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * A refused turn holding tools that would stop the loop: one that needs approval, one the
 * `toolApproval` option sends to the user, and a client-side tool (no execute). The gate refuses
 * them as invalid calls, so no approval request and no client question is raised, and the loop
 * goes straight back to the model. The corrected round, for contrast, does stop for both.
 */

function makeTools() {
  const deployExecute = vi.fn(async () => 'deployed');
  const payExecute = vi.fn(async () => 'paid');
  const tools = {
    deploy: tool({
      inputSchema: z.object({ env: z.enum(['staging', 'prod']) }),
      needsApproval: true,
      execute: deployExecute,
    }),
    pay: tool({
      inputSchema: z.object({ amount: z.number() }),
      execute: payExecute,
    }),
    // Answered by the client: no execute, an output schema.
    ask: tool({
      inputSchema: z.object({ question: z.string() }),
      outputSchema: z.string(),
    }),
  };
  return { tools, deployExecute, payExecute };
}

const refusedTurn = [
  call('c1', 'deploy', { env: 'prod' }),
  call('c2', 'pay', { amount: 'ten' }),
  call('c3', 'ask', { question: 'Sure?' }),
];
const correctedTurn = [
  call('d1', 'deploy', { env: 'prod' }),
  call('d2', 'pay', { amount: 10 }),
  call('d3', 'ask', { question: 'Sure?' }),
];

describe('approval-bound and client-side tools in a refused turn', () => {
  it('generateText: no approval request, no client question; the loop goes on', async () => {
    const { tools, deployExecute, payExecute } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn(refusedTurn), toolTurn(correctedTurn), textTurn('unreachable')],
    });

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
      toolApproval: { pay: 'user-approval' },
    });

    const [refusedStep, correctedStep] = result.steps;
    expect(refusedStep?.content.map((part) => part.type)).not.toContain('tool-approval-request');
    expect(refusedStep?.content.filter((part) => part.type === 'tool-error')).toHaveLength(3);
    expect(deployExecute).not.toHaveBeenCalled();
    expect(payExecute).not.toHaveBeenCalled();
    // The refused turn did not stop the loop: the model was asked again.
    const { refused, notRun } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map((result) => result.toolCallId)).toEqual(['c2']);
    expect(notRun.map((result) => result.toolCallId)).toEqual(['c1', 'c3']);

    // The corrected turn stops for approvals and the client's answer, as without the gate.
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(result.steps).toHaveLength(2);
    const approvals = correctedStep?.content.filter(
      (part) => part.type === 'tool-approval-request',
    );
    expect(approvals?.map((part) => part.toolCall.toolCallId)).toEqual(['d1', 'd2']);
    expect(correctedStep?.toolCalls.map((part) => part.toolCallId)).toEqual(['d1', 'd2', 'd3']);
    expect(correctedStep?.toolResults).toEqual([]);
  });

  it('streamText: no approval request, no client question; the loop goes on', async () => {
    const { tools, deployExecute, payExecute } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        { stream: convertArrayToReadableStream(streamTurn(refusedTurn)) },
        { stream: convertArrayToReadableStream(streamTurn(correctedTurn)) },
        { stream: convertArrayToReadableStream(streamTurn([], 'unreachable')) },
      ],
    });

    const result = streamText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
      toolApproval: { pay: 'user-approval' },
    });
    const steps: string[][] = [[]];
    for await (const part of result.stream) {
      if (part.type === 'finish-step') steps.push([]);
      else steps.at(-1)?.push(part.type);
    }

    const [refusedStep, correctedStep] = steps;
    expect(refusedStep).not.toContain('tool-approval-request');
    expect(refusedStep?.filter((type) => type === 'tool-error')).toHaveLength(3);
    expect(deployExecute).not.toHaveBeenCalled();
    expect(payExecute).not.toHaveBeenCalled();
    const { refused, notRun } = refusalAnswers(model.doStreamCalls[1]?.prompt ?? []);
    expect(refused.map((result) => result.toolCallId)).toEqual(['c2']);
    expect(notRun.map((result) => result.toolCallId)).toEqual(['c1', 'c3']);

    expect(model.doStreamCalls).toHaveLength(2);
    expect(correctedStep?.filter((type) => type === 'tool-approval-request')).toHaveLength(2);
    expect(correctedStep).not.toContain('tool-result');
  });
});
