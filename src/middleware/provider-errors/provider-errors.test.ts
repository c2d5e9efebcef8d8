import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGroq } from '@ai-sdk/groq';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { APICallError, generateText, isStepCount, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Recording, replayRecording } from '../../../test/support/replay-recording.ts';
import { toolGate } from '../tool-gate.ts';
import { streamThroughProviderErrors } from './provider-errors.ts';
import { toolsRefusedStrict } from './strict-rejection-retry.ts';

const json = { 'content-type': 'application/json' };

function makeTools() {
  const executed: unknown[] = [];
  const make = (name: string) =>
    tool({
      description: `Tool ${name}`,
      inputSchema: z.object({ city: z.string(), unit: z.enum(['c', 'f']).optional() }),
      execute: async (input) => {
        executed.push({ name, input });
        return 'ok';
      },
    });
  return { executed, tools: { a: make('a'), b: make('b') } };
}

async function run({
  exchanges,
  model,
  stream = false,
}: {
  exchanges: Recording['exchanges'];
  model: (origin: string) => LanguageModelV4;
  stream?: boolean;
}) {
  const replay = replayRecording({
    name: 'inline',
    description: '',
    provider: '',
    model: '',
    exchanges,
  });
  const { executed, tools } = makeTools();
  const gate = toolGate({ tools });
  const options = {
    model: wrapLanguageModel({ model: model(replay.origin), middleware: gate.middleware }),
    tools: gate.tools,
    prompt: 'Go.',
    stopWhen: isStepCount(3),
    maxRetries: 0,
  };
  try {
    if (stream) {
      const errors: unknown[] = [];
      const result = streamText({ ...options, onError: ({ error }) => errors.push(error) });
      const text = await result.text;
      const steps = await result.steps;
      return { replay, executed, text, warnings: steps[0]?.warnings ?? [], errors };
    }
    const result = await generateText(options);
    return {
      replay,
      executed,
      text: result.text,
      warnings: result.steps[0]?.warnings ?? [],
      errors: [],
    };
  } finally {
    replay.close();
  }
}

const anthropicText = (text: string) => ({
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-4-6',
  content: [{ type: 'text', text }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: { input_tokens: 10, output_tokens: 5 },
});
const anthropicError = (message: string) => ({
  type: 'error',
  error: { type: 'invalid_request_error', message },
});
const anthropic = (origin: string) =>
  createAnthropic({ apiKey: 'test', baseURL: `${origin}/v1` })('claude-sonnet-4-6');

describe('callWithStrictRetry through the gate', () => {
  it('should send an Anthropic request again without strict when the grammar is too large (stream)', async () => {
    const sse = (events: unknown[]) =>
      events.map(
        (event) => `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`,
      );
    const { replay, text, warnings, errors } = await run({
      stream: true,
      model: anthropic,
      exchanges: [
        {
          request: {
            method: 'POST',
            path: '/v1/messages',
            body: { tools: [{ strict: true }, { strict: true }] },
          },
          response: {
            status: 400,
            headers: json,
            body: anthropicError(
              'The compiled grammar is too large, which would cause performance issues. Simplify your tool schemas or reduce the number of strict tools.',
            ),
          },
        },
        {
          request: { method: 'POST', path: '/v1/messages' },
          response: {
            status: 200,
            headers: { 'content-type': 'text/event-stream' },
            body: sse([
              {
                type: 'message_start',
                message: { ...anthropicText(''), content: [], stop_reason: null },
              },
              { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
              {
                type: 'content_block_delta',
                index: 0,
                delta: { type: 'text_delta', text: 'Fine.' },
              },
              { type: 'content_block_stop', index: 0 },
              {
                type: 'message_delta',
                delta: { stop_reason: 'end_turn', stop_sequence: null },
                usage: { output_tokens: 2 },
              },
              { type: 'message_stop' },
            ]),
          },
        },
      ],
    });
    expect(errors).toEqual([]);
    replay.verify();
    const retried = replay.body(1) as { tools: Array<{ name: string; strict?: boolean }> };
    expect(retried.tools.map((sent) => [sent.name, sent.strict])).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
    expect(text).toBe('Fine.');
    expect(warnings).toContainEqual({
      type: 'other',
      message: expect.stringMatching(
        /^toolgate: the provider refused strict mode for "a", "b" \(The compiled grammar is too large.*\), so the request was sent once more without strict for them\.$/,
      ),
    });
  });

  it('should take strict off only the tool an OpenAI "Invalid schema for function" names', async () => {
    const { replay, text, warnings } = await run({
      model: (origin) => createOpenAI({ apiKey: 'test', baseURL: `${origin}/v1` }).chat('gpt-4o'),
      exchanges: [
        {
          request: { method: 'POST', path: '/v1/chat/completions' },
          response: {
            status: 400,
            headers: json,
            body: {
              error: {
                message:
                  "Invalid schema for function 'b': In context=(), 'required' is required to be supplied and to be an array including every key in properties.",
                type: 'invalid_request_error',
                param: 'tools[1].function.parameters',
                code: 'invalid_function_parameters',
              },
            },
          },
        },
        {
          request: { method: 'POST', path: '/v1/chat/completions' },
          response: {
            status: 200,
            headers: json,
            body: {
              id: 'chatcmpl-1',
              object: 'chat.completion',
              created: 1,
              model: 'gpt-4o',
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: 'Fine.' },
                  finish_reason: 'stop',
                },
              ],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            },
          },
        },
      ],
    });
    replay.verify();
    const sent = (index: number) =>
      (
        replay.body(index) as { tools: Array<{ function: { name: string; strict?: boolean } }> }
      ).tools.map(({ function: f }) => [f.name, f.strict]);
    expect(sent(0)).toEqual([
      ['a', true],
      ['b', true],
    ]);
    expect(sent(1)).toEqual([
      ['a', true],
      ['b', undefined],
    ]);
    expect(text).toBe('Fine.');
    expect(warnings).toHaveLength(1);
  });

  it('should retry DeepSeek strict tools without a beta base URL, which the provider refuses itself', async () => {
    const { replay, text, warnings } = await run({
      model: (origin) => createDeepSeek({ apiKey: 'test', baseURL: origin })('deepseek-chat'),
      exchanges: [
        {
          request: { method: 'POST', path: '/chat/completions' },
          response: {
            status: 200,
            headers: json,
            body: {
              id: 'x',
              object: 'chat.completion',
              created: 1,
              model: 'deepseek-chat',
              choices: [
                {
                  index: 0,
                  message: { role: 'assistant', content: 'Fine.' },
                  finish_reason: 'stop',
                },
              ],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            },
          },
        },
      ],
    });
    replay.verify();
    expect(text).toBe('Fine.');
    expect(warnings.map((warning) => 'message' in warning && warning.message)).toContainEqual(
      expect.stringContaining(
        '(DeepSeek strict tool calls require a beta base URL ending in `/beta`.)',
      ),
    );
  });

  it('should not retry any other error', async () => {
    let thrown: unknown;
    const replay = replayRecording({
      name: 'other-error',
      description: '',
      provider: '',
      model: '',
      exchanges: [
        {
          request: { method: 'POST', path: '/v1/messages' },
          response: {
            status: 400,
            headers: json,
            body: anthropicError('prompt is too long: 210000 tokens > 200000 maximum'),
          },
        },
      ],
    });
    try {
      const { tools } = makeTools();
      const gate = toolGate({ tools });
      await generateText({
        model: wrapLanguageModel({ model: anthropic(replay.origin), middleware: gate.middleware }),
        tools: gate.tools,
        prompt: 'Go.',
        maxRetries: 0,
      }).catch((error: unknown) => {
        thrown = error;
      });
      replay.verify();
      expect(replay.requests).toHaveLength(1);
      expect(APICallError.isInstance(thrown)).toBe(true);
      expect((thrown as Error).message).toContain('prompt is too long');
    } finally {
      replay.close();
    }
  });
});

describe('tool_use_failed without a call', () => {
  it('should pass the error through unchanged when failed_generation holds text', async () => {
    const body = {
      error: {
        message: 'Tool choice is required, but model did not call a tool',
        type: 'invalid_request_error',
        code: 'tool_use_failed',
        failed_generation: 'maybe',
      },
    };
    const replay = replayRecording({
      name: 'groq-text',
      description: '',
      provider: '',
      model: '',
      exchanges: [
        {
          request: { method: 'POST', path: '/openai/v1/chat/completions' },
          response: { status: 400, headers: json, body },
        },
      ],
    });
    try {
      const { tools } = makeTools();
      const gate = toolGate({ tools });
      const thrown = await generateText({
        model: wrapLanguageModel({
          model: createGroq({ apiKey: 'test', baseURL: `${replay.origin}/openai/v1` })(
            'openai/gpt-oss-120b',
          ),
          middleware: gate.middleware,
        }),
        tools: gate.tools,
        toolChoice: 'required',
        prompt: 'Go.',
        maxRetries: 0,
      }).then(
        () => undefined,
        (error: unknown) => error,
      );
      replay.verify();
      expect(APICallError.isInstance(thrown)).toBe(true);
      expect((thrown as APICallError).responseBody).toBe(JSON.stringify(body));
    } finally {
      replay.close();
    }
  });
});

describe('streamThroughProviderErrors', () => {
  const streamingModel = (provider: string) => {
    const stream = convertArrayToReadableStream([{ type: 'stream-start' as const, warnings: [] }]);
    return {
      stream,
      model: new MockLanguageModelV4({ provider, doStream: async () => ({ stream }) }),
    };
  };
  const params = { prompt: [] };

  it('should hand back the provider stream itself, without raw chunks, when no fold can happen in it', async () => {
    const { stream, model } = streamingModel('openai.responses');
    const { result, warnings } = await streamThroughProviderErrors({ params, model });
    expect(result.stream).toBe(stream);
    expect(warnings).toEqual([]);
    expect(model.doStreamCalls[0]?.includeRawChunks).toBeUndefined();
  });

  it('should read raw chunks and fold mid-stream for a Groq provider id', async () => {
    const { stream, model } = streamingModel('groq.chat');
    const { result } = await streamThroughProviderErrors({ params, model });
    expect(result.stream).not.toBe(stream);
    expect(model.doStreamCalls[0]?.includeRawChunks).toBe(true);
  });
});

describe('toolsRefusedStrict', () => {
  const tools = [
    { type: 'function' as const, name: 'a', inputSchema: {}, strict: true },
    { type: 'function' as const, name: 'b', inputSchema: {} },
    { type: 'function' as const, name: 'c', inputSchema: {}, strict: true },
  ];

  it.each([
    [
      "tools.2.custom: For 'object' type, 'additionalProperties' must be explicitly set to false",
      ['c'],
    ],
    ["tools.0.custom.input_schema: For 'array' type, property 'maxItems' is not supported", ['a']],
    // The tool named was not strict: strict mode cannot be what was refused there, so all go.
    [
      "tools.1.custom: For 'object' type, 'additionalProperties' must be explicitly set to false",
      ['a', 'c'],
    ],
    ['tools.0.custom.strict: Extra inputs are not permitted', ['a', 'c']],
    ["Invalid schema for function 'c': schema must be a JSON Schema of 'type: \"object\"'", ['c']],
  ])('should read %j as refusing %j', (message, expected) => {
    expect(toolsRefusedStrict(new Error(message), tools)).toEqual(expected);
  });

  it('should refuse nothing for other errors, or when no tool was strict', () => {
    expect(toolsRefusedStrict(new Error('overloaded_error'), tools)).toBeUndefined();
    expect(
      toolsRefusedStrict(new Error('compiled grammar is too large'), [
        tools[1] as (typeof tools)[number],
      ]),
    ).toBeUndefined();
  });
});
