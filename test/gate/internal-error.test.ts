/**
 * An error while the gate reads what it needs for a turn is never a pass: the model call rejects,
 * and with it the request, before any tool runs (a fault inside the checker: judging-fault.test.ts).
 */
import { generateText, isStepCount, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CheckerError, InvalidGateOptionError, toolGate } from '../../src/index.ts';
import { call, textTurn, toolTurn } from './helpers.ts';

describe('options that throw when read for a turn', () => {
  it('rejects the request and runs nothing', async () => {
    const execute = vi.fn(async () => 'sunny');
    const weather = tool({
      inputSchema: z.object({ city: z.string(), unit: z.enum(['c', 'f']).optional() }),
      execute,
    });
    // A defaults table that lists nothing while the options are checked, and throws when the
    // gate reads it again for a call: the request fails naming it, and nothing runs.
    let armed = false;
    const broken = new Proxy(
      {},
      {
        ownKeys: () => {
          if (armed) throw new Error('broken defaults');
          return [];
        },
      },
    );
    const gate = toolGate({ tools: { weather }, defaults: { weather: broken } });
    armed = true;
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
    await expect(run).rejects.toSatisfy((error) => {
      const fault = CheckerError.isInstance(error) ? error.cause : error;
      return (
        InvalidGateOptionError.isInstance(fault) &&
        fault.message.includes('"defaults"') &&
        fault.message.includes('broken defaults')
      );
    });
    expect(execute).not.toHaveBeenCalled();
  });
});
