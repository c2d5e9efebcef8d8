import type { LanguageModelV4ToolCall } from '@ai-sdk/provider';
import { generateText, isStepCount, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type RefusalEvent, toolGate } from '../../src/index.ts';
import { call, streamTurn, textTurn, toolTurn } from './helpers.ts';

/**
 * `onRefusal` hears of every refused call with ids, codes, paths and what was expected, but never
 * an argument value the model sent: it is safe to log. (Paths name the arguments, so an unknown
 * argument's name does appear.)
 */

const secrets = [
  'SECRET-CITY-4711',
  'kelvin-SECRET',
  '9876543210',
  'SECRET-IN-LIST',
  'SECRET-NOTE',
  'SECRET-EXTRA-VALUE',
  'SECRET-RAW',
  'SECRET-SIBLING',
];

function makeTools() {
  return {
    weather: tool({
      inputSchema: z.object({
        city: z.number(),
        unit: z.enum(['celsius', 'fahrenheit']),
        days: z.number().int(),
        tags: z.array(z.number()),
      }),
      execute: async () => 'sunny',
    }),
    note: tool({
      // A validator whose message quotes the value: the model reads it, the event never does.
      inputSchema: z.object({
        text: z.string().refine((text) => text.length > 20, {
          error: (issue) => `too short: ${String(issue.input)}`,
        }),
      }),
      execute: async () => 'noted',
    }),
    search: tool({ inputSchema: z.object({ q: z.string() }), execute: async () => 'found' }),
  };
}

const turn: LanguageModelV4ToolCall[] = [
  call('c1', 'weather', {
    city: 'SECRET-CITY-4711',
    unit: 'kelvin-SECRET',
    days: 9876543210.5,
    tags: ['SECRET-IN-LIST'],
    extra: 'SECRET-EXTRA-VALUE',
  }),
  call('c2', 'note', { text: 'SECRET-NOTE' }),
  // Text no repair reads as an object, so lenient mode refuses it too.
  {
    type: 'tool-call',
    toolCallId: 'c3',
    toolName: 'search',
    input: '{"q": "SECRET-RAW"} and more',
  },
  call('c4', 'search', { q: 'SECRET-SIBLING' }),
];

function expectEvents(events: RefusalEvent[]) {
  expect(events.map(({ toolCallId, toolName, code }) => [toolCallId, toolName, code])).toEqual([
    ['c1', 'weather', 'arguments'],
    ['c2', 'note', 'arguments'],
    ['c3', 'search', 'arguments'],
    ['c4', 'search', 'turn'],
  ]);
  for (const event of events) {
    expect(Object.keys(event).sort()).toEqual(['code', 'mismatches', 'toolCallId', 'toolName']);
    for (const mismatch of event.mismatches) {
      expect(Object.keys(mismatch).sort()).toEqual(['code', 'expected', 'path']);
    }
  }
  expect(events[0]?.mismatches.map(({ code, path }) => [code, path])).toEqual([
    ['type', ['city']],
    ['enum', ['unit']],
    ['type', ['days']],
    ['type', ['tags', 0]],
    ['unknown', ['extra']],
  ]);
  expect(events[1]?.mismatches).toEqual([
    { code: 'rejected', path: ['text'], expected: 'what the tool accepts' },
  ]);
  expect(events[2]?.mismatches.map(({ code }) => code)).toEqual(['unparsable']);
  expect(events[3]?.mismatches).toEqual([]);

  const logged = JSON.stringify(events);
  for (const secret of secrets) expect(logged).not.toContain(secret);
  expect(logged).not.toContain('9876543210');
}

describe('onRefusal', () => {
  it('generateText: one event per refused call, with no argument values', async () => {
    const events: RefusalEvent[] = [];
    const gate = toolGate({ tools: makeTools(), onRefusal: (event) => events.push(event) });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn(turn), textTurn('done')],
    });

    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });

    expectEvents(events);
    // The model, unlike the listener, is told what it sent.
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain('too short: SECRET-NOTE');
  });

  it('streamText: the same events', async () => {
    const events: RefusalEvent[] = [];
    const gate = toolGate({ tools: makeTools(), onRefusal: (event) => events.push(event) });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doStream: [
        { stream: convertArrayToReadableStream(streamTurn(turn)) },
        { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
      ],
    });

    const result = streamText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });
    await result.consumeStream();

    expectEvents(events);
  });

  it('a listener that throws does not fail the request', async () => {
    const gate = toolGate({
      tools: makeTools(),
      onRefusal: () => {
        throw new Error('listener broke');
      },
    });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn(turn), textTurn('done')],
    });

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });

    expect(result.text).toBe('done');
  });

  it('a passed turn reports nothing', async () => {
    const events: RefusalEvent[] = [];
    const gate = toolGate({ tools: makeTools(), onRefusal: (event) => events.push(event) });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn([call('c1', 'search', { q: 'cats' })]), textTurn('done')],
    });

    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(5),
    });

    expect(events).toEqual([]);
  });
});
