import {
  generateText,
  isStepCount,
  type LanguageModel,
  type ModelMessage,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import { call, textTurn, toolTurn } from './helpers.ts';

/**
 * A passed turn whose tool needs approval: the SDK stops, the app approves, and a new
 * generateText runs the approved call before the next model call, validating its input again.
 * The gate leaves that flow as it is: same input, same number of transform runs as without it.
 */

function makeDeploy() {
  const transform = vi.fn((env: string) => env.toUpperCase());
  const execute = vi.fn(async (_input: unknown) => 'deployed');
  const tools = {
    deploy: tool({
      inputSchema: z.object({
        env: z.string().transform(transform),
        region: z.string().optional(),
      }),
      needsApproval: true,
      execute,
    }),
  };
  return { tools, transform, execute };
}

async function approveAndResume(model: LanguageModel, tools: ToolSet) {
  const first = await generateText({ model, tools, prompt: 'hi', stopWhen: isStepCount(5) });
  const request = first.content.find((part) => part.type === 'tool-approval-request');
  if (request?.type !== 'tool-approval-request') throw new Error('no approval request');
  const messages: ModelMessage[] = [
    { role: 'user', content: 'hi' },
    ...first.response.messages,
    {
      role: 'tool',
      content: [{ type: 'tool-approval-response', approvalId: request.approvalId, approved: true }],
    },
  ];
  const second = await generateText({ model, tools, messages, stopWhen: isStepCount(5) });
  return { request, second };
}

describe('approval and resume after a passed turn', () => {
  it('runs the approved call as without the gate', async () => {
    const plain = makeDeploy();
    const plainModel = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn([call('c1', 'deploy', { env: 'prod' })]), textTurn('done')],
    });
    const baseline = await approveAndResume(plainModel, plain.tools);

    const gated = makeDeploy();
    const gate = toolGate({ tools: gated.tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      // The strict model sends the placeholder the plain one leaves out.
      doGenerate: [
        toolTurn([call('c1', 'deploy', { env: 'prod', region: null })]),
        textTurn('done'),
      ],
    });
    const withGate = await approveAndResume(
      wrapLanguageModel({ model, middleware: gate.middleware }),
      gate.tools,
    );

    expect(withGate.request.toolCall.input).toEqual(baseline.request.toolCall.input);
    expect(withGate.second.text).toBe('done');
    expect(plain.execute.mock.calls.map(([input]) => input)).toEqual([{ env: 'PROD' }]);
    expect(gated.execute.mock.calls.map(([input]) => input)).toEqual([{ env: 'PROD' }]);
    expect(gated.transform).toHaveBeenCalledTimes(plain.transform.mock.calls.length);
  });
});
