import { APICallError, type LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { generateText, isStepCount, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import { call, offeredTools, refusalAnswers, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * The SDK retries a failed model call (maxRetries defaults to 2) and runs the middleware again for
 * each attempt. Every attempt gets its own plans, so the answer that finally arrives decodes and
 * judges exactly as without the failure, and the restored history survives a retry too.
 */

function retryableError(): APICallError {
  return new APICallError({
    message: 'Service unavailable',
    url: 'https://api.example.com/v1/responses',
    requestBodyValues: {},
    statusCode: 503,
    // Retry at once instead of the default two-second backoff.
    responseHeaders: { 'retry-after-ms': '1' },
    isRetryable: true,
  });
}

function makeTools() {
  const execute = vi.fn(async (input: { city: string; unit?: string; days?: number }) => {
    return `sunny in ${input.city}`;
  });
  const weather = tool({
    inputSchema: z.object({
      city: z.string(),
      unit: z.enum(['celsius', 'fahrenheit']).optional(),
      days: z.number().optional(),
    }),
    execute,
  });
  return { tools: { weather }, execute };
}

/** Answers from a list, throwing a retryable error wherever the list says 'fail'. */
function flakyGenerate(answers: Array<LanguageModelV4GenerateResult | 'fail'>) {
  let index = 0;
  return async () => {
    const answer = answers[index++];
    if (answer === 'fail') throw retryableError();
    if (answer === undefined) throw new Error('no more answers');
    return answer;
  };
}

describe('retried model calls', () => {
  it('generateText: a call that fails once still decodes the strict nulls', async () => {
    const { tools, execute } = makeTools();
    const gate = toolGate({ tools, defaults: { weather: { days: 1 } } });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: flakyGenerate([
        'fail',
        toolTurn([call('c1', 'weather', { city: 'Oslo', unit: null, days: null })]),
        textTurn('done'),
      ]),
    });

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });

    expect(result.text).toBe('done');
    expect(model.doGenerateCalls).toHaveLength(3);
    // Both attempts were sent the converted schema.
    for (const params of model.doGenerateCalls.slice(0, 2)) {
      expect(offeredTools(params).get('weather')?.strict).toBe(true);
    }
    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ city: 'Oslo', days: 1 }]);
  });

  it('generateText: a refusal is restored in a request that has to be retried', async () => {
    const { tools, execute } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: flakyGenerate([
        toolTurn([call('c1', 'weather', { city: 'Oslo', unit: 'kelvin', days: null })]),
        'fail',
        'fail',
        toolTurn([call('c2', 'weather', { city: 'Oslo', unit: 'celsius', days: null })]),
        textTurn('done'),
      ]),
    });

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });

    expect(result.text).toBe('done');
    expect(model.doGenerateCalls).toHaveLength(5);
    // Each attempt of the second request carries the exact refusal and the model's input.
    for (const params of model.doGenerateCalls.slice(1, 4)) {
      const { refused } = refusalAnswers(params.prompt);
      expect(refused.map((answer) => answer.toolCallId)).toEqual(['c1']);
    }
    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ city: 'Oslo', unit: 'celsius' }]);
  });

  it('streamText: a stream that fails to start once still decodes the strict nulls', async () => {
    const { tools, execute } = makeTools();
    const gate = toolGate({ tools });
    let attempt = 0;
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: async () => {
        attempt += 1;
        if (attempt === 1) throw retryableError();
        const calls = [call('c1', 'weather', { city: 'Oslo', unit: null, days: null })];
        return {
          stream: convertArrayToReadableStream(streamTurn(attempt === 2 ? calls : [], 'ok')),
        };
      },
    });

    const result = streamText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });
    await result.consumeStream();

    expect(model.doStreamCalls).toHaveLength(3);
    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ city: 'Oslo' }]);
  });
});
