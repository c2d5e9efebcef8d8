/**
 * An error inside the gate's judging is never a pass: the model call rejects, and with it the
 * request, before any tool runs.
 */
import { generateText, isStepCount, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CheckerError, toolGate } from '../../src/index.ts';
import { call, textTurn, toolTurn } from './helpers.ts';

describe('a fault while judging a turn', () => {
  it('rejects the request and runs nothing', async () => {
    const execute = vi.fn(async () => 'sunny');
    const weather = tool({
      inputSchema: z.object({ city: z.string(), unit: z.enum(['c', 'f']).optional() }),
      execute,
    });
    // A defaults table that lists nothing, so it passes the options check, but fails when the
    // gate reads the default of an argument from it.
    const broken = new Proxy(
      {},
      {
        ownKeys: () => [],
        getOwnPropertyDescriptor: () => ({ configurable: true, enumerable: false, value: 'c' }),
        get: (_target, key) => {
          if (key === 'unit') throw new Error('broken defaults');
          return undefined;
        },
      },
    );
    const gate = toolGate({ tools: { weather }, defaults: { weather: broken } });
    const model = new MockLanguageModelV4({
      provider: 'anthropic.messages',
      doGenerate: [
        toolTurn([
          call('c1', 'weather', { city: 'Oslo', unit: null }),
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
    // Read where the null is decoded, before the check: the fault itself, or the checker's error
    // around it, rejects the call.
    await expect(run).rejects.toSatisfy((error) => {
      const fault = CheckerError.isInstance(error) ? error.cause : error;
      return fault instanceof Error && fault.message === 'broken defaults';
    });
    expect(execute).not.toHaveBeenCalled();
  });
});
