/**
 * An error inside the checker while a turn is judged is never a pass: the model call rejects, and
 * with it the request, before any tool runs.
 */
import { generateText, isStepCount, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import { call, textTurn, toolTurn } from './helpers.ts';

vi.mock('../../src/checker/check-turn.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/checker/check-turn.ts')>()),
  checkTurn: () => {
    throw new Error('fault in the checker');
  },
}));

describe('a fault inside the checker', () => {
  it('rejects the request and runs nothing', async () => {
    const execute = vi.fn(async () => 'sunny');
    const weather = tool({ inputSchema: z.object({ city: z.string() }), execute });
    const gate = toolGate({ tools: { weather } });
    const model = new MockLanguageModelV4({
      provider: 'anthropic.messages',
      doGenerate: [
        toolTurn([
          call('c1', 'weather', { city: 'Oslo' }),
          call('c2', 'weather', { city: 'Rome' }),
        ]),
        textTurn('done'),
      ],
    });
    const run = generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(3),
      maxRetries: 0,
    });
    await expect(run).rejects.toSatisfy(
      (error) =>
        String(error).includes('fault in the checker') ||
        String((error as { cause?: unknown }).cause).includes('fault in the checker'),
    );
    expect(execute).not.toHaveBeenCalled();
  });
});
