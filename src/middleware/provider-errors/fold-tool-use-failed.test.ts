import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  callsInFailedGeneration,
  foldToolUseFailedError,
  readToolUseFailed,
} from './fold-tool-use-failed.ts';

const failure = (failedGeneration: unknown, code = 'tool_use_failed') =>
  new APICallError({
    message: 'Tool call validation failed',
    url: 'https://api.groq.com/openai/v1/chat/completions',
    requestBodyValues: {},
    statusCode: 400,
    responseBody: JSON.stringify({
      error: { message: 'Tool call validation failed', code, failed_generation: failedGeneration },
    }),
  });

describe('readToolUseFailed', () => {
  it('should read an API error and a stream error part', () => {
    expect(readToolUseFailed(failure('maybe'))).toEqual({
      message: 'Tool call validation failed',
      failedGeneration: 'maybe',
    });
    expect(
      readToolUseFailed({ data: { error: { code: 'tool_use_failed', failed_generation: '' } } }),
    ).toEqual({ message: 'tool_use_failed', failedGeneration: '' });
  });

  it('should read nothing from other errors', () => {
    expect(readToolUseFailed(failure('{}', 'rate_limit_exceeded'))).toBeUndefined();
    expect(readToolUseFailed(new Error('tool_use_failed'))).toBeUndefined();
    expect(readToolUseFailed(null)).toBeUndefined();
    expect(readToolUseFailed({ responseBody: 'not json' })).toBeUndefined();
  });
});

describe('callsInFailedGeneration', () => {
  const shape = (text: string) =>
    callsInFailedGeneration(text).map(({ toolName, input }) => ({ toolName, input }));

  it('should read one call, a list of calls, and tool_calls', () => {
    expect(shape('{"name": "a", "arguments": {"x": 1}}')).toEqual([
      { toolName: 'a', input: '{"x":1}' },
    ]);
    expect(
      shape('[{"name": "a", "parameters": {}}, {"name": "b", "arguments": "{\\"y\\":2}"}]'),
    ).toEqual([
      { toolName: 'a', input: '{}' },
      { toolName: 'b', input: '{"y":2}' },
    ]);
    expect(shape('{"tool_calls": [{"function": {"name": "c", "arguments": "{}"}}]}')).toEqual([
      { toolName: 'c', input: '{}' },
    ]);
  });

  it('should read no call from text, empty text, or objects without a name', () => {
    expect(shape('maybe')).toEqual([]);
    expect(shape('')).toEqual([]);
    expect(shape('{"arguments": {}}')).toEqual([]);
    expect(shape('[1, "x", null]')).toEqual([]);
  });

  it('should give each call its own id', () => {
    const [first, second] = callsInFailedGeneration('[{"name": "a"}, {"name": "a"}]');
    expect(first?.toolCallId).not.toBe(second?.toolCallId);
  });
});

describe('foldToolUseFailedError', () => {
  it('should fold a quoted call into a tool-calls result with a warning', () => {
    const folded = foldToolUseFailedError(failure('{"name": "a", "arguments": {"x": 1}}'));
    expect(folded?.finishReason).toEqual({ unified: 'tool-calls', raw: 'tool_use_failed' });
    expect(folded?.content).toEqual([
      { type: 'tool-call', toolCallId: expect.any(String), toolName: 'a', input: '{"x":1}' },
    ]);
    expect(folded?.warnings).toEqual([
      {
        type: 'other',
        message:
          "toolgate: the provider refused the model's call (tool_use_failed: Tool call validation failed); the call was judged as the model's turn.",
      },
    ]);
  });

  it('should leave errors without a call alone', () => {
    expect(foldToolUseFailedError(failure('maybe'))).toBeUndefined();
    expect(foldToolUseFailedError(new Error('x'))).toBeUndefined();
  });
});
