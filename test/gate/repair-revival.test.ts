/**
 * An app that passes its own `repairToolCall`, not through the gate: the AI SDK hands it the
 * refused calls, and whatever it returns is validated again, as input the middleware never judged.
 * The gate must still run nothing of the refused turn, whether the repair returns the call as it
 * was or "fixes" it, and say how it is miswired.
 */
import { generateText, isStepCount, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GateWiringError, toolGate } from '../../src/index.ts';
import { call, textTurn, toolTurn } from './helpers.ts';

function makeTools() {
  const ran: unknown[] = [];
  const tools = {
    weather: tool({
      inputSchema: z.object({ city: z.string() }),
      execute: async (input) => {
        ran.push(['weather', input]);
        return 'sunny';
      },
    }),
    // Shaped like an MCP tool: JSON Schema, no validator, so any repaired input validates.
    pay: tool({
      inputSchema: jsonSchema<{ amount: number }>({
        type: 'object',
        properties: { amount: { type: 'number' } },
        required: ['amount'],
      }),
      needsApproval: true,
      execute: async (input) => {
        ran.push(['pay', input]);
        return 'paid';
      },
    }),
  };
  return { tools, ran };
}

const repairs = {
  'returns the call as it was': async ({ toolCall }: { toolCall: { input: string } }) => toolCall,
  'fixes the arguments': async ({ toolCall }: { toolCall: { toolName: string } }) => ({
    ...toolCall,
    input: toolCall.toolName === 'weather' ? '{"city":"Rome"}' : '{"amount":10}',
  }),
};

/** A model whose first turn is refused (`weather` gets a boolean), then answers in text. */
function refusedTurnModel() {
  return new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: [
      toolTurn([call('c1', 'pay', { amount: 10 }), call('c2', 'weather', { city: true })]),
      textTurn('done'),
    ],
  });
}

describe.each(Object.entries(repairs))('a repair of the app that %s', (_name, repair) => {
  it('runs nothing, asks no approval, and fails naming the miswiring', async () => {
    const { tools, ran } = makeTools();
    const gate = toolGate({ tools });
    const model = refusedTurnModel();
    const approvals: unknown[] = [];
    const run = generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      repairToolCall: repair as never,
      prompt: 'x',
      stopWhen: isStepCount(3),
      onStepFinish: (step) => {
        approvals.push(...step.content.filter((part) => part.type === 'tool-approval-request'));
      },
    });

    await expect(run).rejects.toSatisfy(
      (error) =>
        GateWiringError.isInstance(error) &&
        error.mistake === 'unjudged-call' &&
        error.message.includes('gate.toolSettings({ repairToolCall })'),
    );
    expect(ran).toEqual([]);
    expect(approvals).toEqual([]);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('passed as gate.toolSettings({ repairToolCall }): the refused turn runs nothing, the loop goes on', async () => {
    const { tools, ran } = makeTools();
    const gate = toolGate({ tools });
    const model = refusedTurnModel();
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      ...gate.toolSettings({ repairToolCall: repair as never }),
      prompt: 'x',
      stopWhen: isStepCount(3),
    });

    expect(ran).toEqual([]);
    expect(result.text).toBe('done');
    const answers = model.doGenerateCalls[1]?.prompt
      .flatMap((message) => (message.role === 'tool' ? message.content : []))
      .map((part) =>
        part.type === 'tool-result' && part.output.type === 'error-text' ? part.output.value : '',
      );
    expect(answers?.[0]).toMatch(/^Not run: /);
    expect(answers?.[1]).toMatch(/^Refused: /);
  });
});
