import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { convertArrayToReadableStream, convertReadableStreamToArray } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { emptyDecodePlan } from '../../decode/decode-plan.ts';
import type { GateRequest } from '../request/gate-request.ts';
import { CallLedger } from '../tools/call-ledger.ts';
import { holdToolCalls } from './hold-tool-calls.ts';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

const weather: GateRequest['tools'] = new Map([
  [
    'weather',
    {
      judged: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      plan: emptyDecodePlan,
      fixedValues: new Map(),
      tool: undefined,
      wrapped: true,
    },
  ],
]);

const turn: LanguageModelV4StreamPart[] = [
  { type: 'stream-start', warnings: [] },
  { type: 'tool-input-start', id: 'c1', toolName: 'weather' },
  { type: 'tool-input-delta', id: 'c1', delta: '{"city":"Oslo"}' },
  { type: 'tool-input-end', id: 'c1' },
  { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: '{"city":"Oslo"}' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'checking' },
  { type: 'text-end', id: 't' },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
];

function requestOf(
  tools: GateRequest['tools'],
  warnings: GateRequest['warnings'] = [],
): GateRequest {
  return { tools, toolNames: [...tools.keys()], warnings };
}

function hold(stream: ReadableStream<LanguageModelV4StreamPart>, request: GateRequest) {
  return holdToolCalls({
    stream,
    request,
    options: { tools: {} },
    ledger: new CallLedger(),
  });
}

describe('holdToolCalls', () => {
  it('should pass the stream of a request without tools or warnings through untouched', () => {
    const stream = convertArrayToReadableStream(turn);
    expect(hold(stream, requestOf(new Map()))).toBe(stream);
  });

  it('should hold a tool call until finish and pass every other part in order', async () => {
    const parts = await convertReadableStreamToArray(
      hold(convertArrayToReadableStream(turn), requestOf(weather)),
    );
    expect(parts.map((part) => part.type)).toEqual([
      'stream-start',
      'tool-input-start',
      'tool-input-delta',
      'tool-input-end',
      'text-start',
      'text-delta',
      'text-end',
      'tool-call',
      'finish',
    ]);
    expect(parts[1]).toBe(turn[1]);
    expect(parts[5]).toBe(turn[6]);
  });

  it('should add the request warnings to stream-start even without tools', async () => {
    const warning = { type: 'other' as const, message: 'toolgate: a note' };
    const parts = await convertReadableStreamToArray(
      hold(convertArrayToReadableStream(turn.slice(0, 1)), requestOf(new Map(), [warning])),
    );
    expect(parts).toEqual([{ type: 'stream-start', warnings: [warning] }]);
  });

  it('should let calls pass unheld when the request has no tools, adding the given warnings', async () => {
    const warning = { type: 'other' as const, message: 'toolgate: retried' };
    const parts = await convertReadableStreamToArray(
      holdToolCalls({
        stream: convertArrayToReadableStream(turn),
        request: requestOf(new Map()),
        options: { tools: {} },
        ledger: new CallLedger(),
        warnings: [warning],
      }),
    );
    expect(parts.map((part) => part.type)).toEqual(turn.map((part) => part.type));
    expect(parts[0]).toEqual({ type: 'stream-start', warnings: [warning] });
    expect(parts[4]).toBe(turn[4]);
  });

  it('should hand on held calls, judged, when the stream ends without finish', async () => {
    const parts = await convertReadableStreamToArray(
      hold(convertArrayToReadableStream(turn.slice(0, 5)), requestOf(weather)),
    );
    expect(parts.at(-1)).toMatchObject({ type: 'tool-call', toolCallId: 'c1' });
  });

  it('should keep the order of a stream longer than its queue, each call held until finish', async () => {
    const deltas = Array.from(
      { length: 100 },
      (_, index): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 't', delta: `${index}` }),
    );
    const call = turn[4] as LanguageModelV4StreamPart;
    const long = [turn[0], ...deltas.slice(0, 50), call, ...deltas.slice(50), turn[8]].filter(
      (part): part is LanguageModelV4StreamPart => part !== undefined,
    );
    const parts = await convertReadableStreamToArray(
      hold(convertArrayToReadableStream(long), requestOf(weather)),
    );
    expect(parts.map((part) => (part.type === 'text-delta' ? part.delta : part.type))).toEqual([
      'stream-start',
      ...deltas.map((_, index) => `${index}`),
      'tool-call',
      'finish',
    ]);
  });

  it('should cancel the model stream when its reader cancels', async () => {
    let cancelledWith: unknown;
    const source = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        for (const part of turn.slice(0, 5)) controller.enqueue(part);
      },
      cancel(reason) {
        cancelledWith = reason;
      },
    });
    const reader = hold(source, requestOf(weather)).getReader();
    expect((await reader.read()).value).toEqual(turn[0]);
    await reader.cancel('stopped');
    expect(cancelledWith).toBe('stopped');
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });

  it('should pass an error of the model stream on', async () => {
    const failure = new Error('connection reset');
    const source = new ReadableStream<LanguageModelV4StreamPart>({
      start(controller) {
        controller.enqueue(turn[0] as LanguageModelV4StreamPart);
        controller.error(failure);
      },
    });
    await expect(convertReadableStreamToArray(hold(source, requestOf(weather)))).rejects.toBe(
      failure,
    );
  });
});
