import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { acceptsNoArguments } from '../../src/middleware/turn/no-arguments.ts';
import type { Recording } from '../support/replay-recording.ts';
import { runRecordedSession } from '../support/run-recorded-session.ts';

/** A chat completions answer holding one call whose arguments text is `argumentsText`. */
function chatWithCall(name: string, argumentsText: string): Recording {
  const answer = (message: Record<string, unknown>, finish: string) => ({
    request: { method: 'POST', path: '/v1/chat/completions' },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: 'm',
        choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    },
  });
  return {
    name: 'null-arguments',
    description: 'A call whose arguments text is not an object.',
    provider: 'local.chat',
    model: 'm',
    exchanges: [
      answer(
        {
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name, arguments: argumentsText } },
          ],
        },
        'tool_calls',
      ),
      answer({ content: 'Done.' }, 'stop'),
    ],
  };
}

function makeTools() {
  const executed: unknown[] = [];
  const clock = tool({
    description: 'The current time',
    inputSchema: jsonSchema({ type: 'object', properties: {}, additionalProperties: false }),
    execute: async (input) => {
      executed.push(input);
      return '12:00';
    },
  });
  const lookup = tool({
    description: 'Look up a word',
    inputSchema: jsonSchema({
      type: 'object',
      properties: { word: { type: 'string' } },
      required: ['word'],
    }),
    execute: async (input) => {
      executed.push(input);
      return 'found';
    },
  });
  return { executed, tools: { clock, lookup } };
}

describe('arguments text "null" or ""', () => {
  it.each(['null', ''])('should run a tool that requires nothing with {} for %j', async (text) => {
    const { executed, tools } = makeTools();
    const session = await runRecordedSession({
      recording: chatWithCall('clock', text),
      model: (origin) => createOpenAICompatible({ name: 'local', baseURL: `${origin}/v1` })('m'),
      tools,
      executed,
      prompt: 'What time is it?',
      stream: false,
    });
    session.replay.close();
    expect(session.refusals).toEqual([]);
    expect(executed).toEqual([{}]);
    expect(session.text).toBe('Done.');
  });

  it('should refuse "null" for a tool with a required argument', async () => {
    const { executed, tools } = makeTools();
    const session = await runRecordedSession({
      recording: chatWithCall('lookup', 'null'),
      model: (origin) => createOpenAICompatible({ name: 'local', baseURL: `${origin}/v1` })('m'),
      tools,
      executed,
      prompt: 'Look up "gate".',
      stream: false,
    });
    session.replay.close();
    expect(executed).toEqual([]);
    expect(session.refusals).toHaveLength(1);
    expect(session.refusals[0]?.toolName).toBe('lookup');
  });
});

describe('acceptsNoArguments', () => {
  it('should accept object schemas that require nothing, and no schema', () => {
    expect(acceptsNoArguments(undefined)).toBe(true);
    expect(acceptsNoArguments({ type: 'object', properties: {} })).toBe(true);
    expect(acceptsNoArguments({ type: 'object', required: [] })).toBe(true);
    expect(acceptsNoArguments({ properties: { a: { type: 'string' } } })).toBe(true);
  });

  it('should refuse schemas with a required property or another type', () => {
    expect(acceptsNoArguments({ type: 'object', required: ['a'] })).toBe(false);
    expect(acceptsNoArguments({ type: 'string' })).toBe(false);
    expect(acceptsNoArguments(null)).toBe(false);
    expect(acceptsNoArguments([])).toBe(false);
  });
});
