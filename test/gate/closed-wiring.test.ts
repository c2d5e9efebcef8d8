import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  generateText,
  isStepCount,
  jsonSchema,
  type LanguageModel,
  type ModelMessage,
  streamText,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { GateWiringError, toolGate } from '../../src/index.ts';
import { call, refusalAnswers, streamTurn, textTurn, toolCallStage, toolTurn } from './helpers.ts';

/**
 * Closed whatever the wiring: nothing of one call reaches another, and no call the middleware did
 * not judge runs, whether the model is wrapped, routed around the gate, or the ledger is full.
 */

const isWiring = (mistake: string) => (error: unknown) =>
  GateWiringError.isInstance(error) && error.mistake === mistake;

describe('approvals resumed with a tool-call id another user was refused with', () => {
  // A llama.cpp-style server: every turn's first call is `call_0`. The model reads the user's
  // name from the prompt and answers as scripted for that user.
  const origin = 'http://llamacpp.test';
  const turns: Record<string, string[]> = {};
  /** The messages each user's requests sent, in order. */
  const sent: Record<string, string[]> = {};
  const server = setupServer(
    http.post(`${origin}/v1/chat/completions`, async ({ request }) => {
      const body = (await request.json()) as {
        messages: Array<{ role: string; content: unknown }>;
      };
      const user = String(body.messages.find((message) => message.role === 'user')?.content);
      sent[user] = [...(sent[user] ?? []), JSON.stringify(body.messages)];
      const next = turns[user]?.shift();
      const message =
        next === undefined
          ? { role: 'assistant', content: 'done' }
          : {
              role: 'assistant',
              content: null,
              tool_calls: [
                { id: 'call_0', type: 'function', function: { name: 'ship', arguments: next } },
              ],
            };
      return HttpResponse.json({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 0,
        model: 'qwen3-8b',
        choices: [{ index: 0, message, finish_reason: next === undefined ? 'stop' : 'tool_calls' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    }),
  );
  beforeAll(() => server.listen());
  afterAll(() => server.close());

  const model = createOpenAICompatible({ name: 'llamacpp', baseURL: `${origin}/v1` })('qwen3-8b');

  function makeTools() {
    const shipped: unknown[] = [];
    const tools = {
      ship: tool({
        inputSchema: z.object({ address: z.string(), parcels: z.number().int() }),
        needsApproval: true,
        execute: async (input) => {
          shipped.push(input);
          return `shipped to ${input.address}`;
        },
      }),
    };
    return { tools, shipped };
  }

  async function run(gate: ReturnType<typeof toolGate>, messages: ModelMessage[]) {
    return generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      ...gate.toolSettings(),
      messages,
      stopWhen: isStepCount(3),
    });
  }

  it.each([
    ['the same gate', false],
    ['a brand-new gate', true],
  ])(
    'runs with %s, and no answer or argument of the other user reaches it',
    async (_name, fresh) => {
      const { tools, shipped } = makeTools();
      const gate = toolGate({ tools });
      for (const user of Object.keys(sent)) delete sent[user];
      turns.bob = ['{"address":"1 Main St","parcels":2}'];
      turns.alice = ['{"address":"Alice Smith, 12 Secret St","parcels":"many"}'];

      const bobAsks = await run(gate, [{ role: 'user', content: 'bob' }]);
      const request = bobAsks.content.find((part) => part.type === 'tool-approval-request');
      if (request?.type !== 'tool-approval-request') throw new Error('no approval request');
      expect(request.toolCall.toolCallId).toBe('call_0');

      // Alice's call_0 is refused on the same gate, between Bob's approval request and his answer.
      const aliceRefused = await run(gate, [{ role: 'user', content: 'alice' }]);
      expect(JSON.stringify(aliceRefused.steps[0]?.content)).toContain('Refused: ');

      const resumed = fresh ? makeTools() : { tools, shipped };
      const resumeGate = fresh ? toolGate({ tools: resumed.tools }) : gate;
      const bobMessages: ModelMessage[] = [
        { role: 'user', content: 'bob' },
        ...bobAsks.response.messages,
        {
          role: 'tool',
          content: [
            { type: 'tool-approval-response', approvalId: request.approvalId, approved: true },
          ],
        },
      ];
      const bobResumes = await run(resumeGate, bobMessages);

      expect(resumed.shipped).toEqual([{ address: '1 Main St', parcels: 2 }]);
      const bobSees = JSON.stringify([bobResumes.steps, bobResumes.response.messages, sent.bob]);
      expect(bobSees).not.toContain('Secret St');
      expect(bobSees).not.toContain('Refused');
      expect(sent.bob?.at(-1)).toContain('shipped to 1 Main St');
    },
  );
});

describe('wrapped tools on a model the gate does not wrap', () => {
  function makeTools() {
    const ran: unknown[] = [];
    const asked: unknown[] = [];
    const tools = {
      lookup: tool({
        inputSchema: z.object({ q: z.string() }),
        execute: async (input) => {
          ran.push(input);
          return 'found';
        },
      }),
      // Shaped like an MCP tool: JSON Schema without a validator.
      remote_delete: tool({
        inputSchema: jsonSchema<{ id: number }>({
          type: 'object',
          properties: { id: { type: 'number' } },
          required: ['id'],
        }),
        needsApproval: async () => {
          asked.push('needsApproval');
          return true;
        },
        execute: async (input) => {
          ran.push(input);
          return 'deleted';
        },
      }),
      // Answered by the client: no execute.
      confirm: tool({ inputSchema: z.object({ question: z.string() }), outputSchema: z.string() }),
    };
    return { tools, ran, asked };
  }
  const turn = [
    call('c1', 'lookup', { q: 'cats' }),
    call('c2', 'remote_delete', { id: 'all' }),
    call('c3', 'confirm', { question: 'sure?' }),
  ];

  it('generateText: runs nothing, asks no approval, and fails naming gate.middleware', async () => {
    const { tools, ran, asked } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({ doGenerate: [toolTurn(turn), textTurn('done')] });
    const toolApproval = vi.fn(() => 'user-approval' as const);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const run = generateText({
      model,
      ...gate.toolSettings(),
      toolApproval,
      prompt: 'hi',
      stopWhen: isStepCount(3),
    });

    await expect(run).rejects.toSatisfy(
      (error) => isWiring('unjudged-call')(error) && String(error).includes('gate.middleware'),
    );
    expect(ran).toEqual([]);
    expect(asked).toEqual([]);
    expect(toolApproval).not.toHaveBeenCalled();
    expect(warn.mock.calls.flat().join('')).toContain('gate.middleware');
    warn.mockRestore();
  });

  it('streamText: runs nothing, raises no approval and no client question', async () => {
    const { tools, ran, asked } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      doStream: [{ stream: convertArrayToReadableStream(streamTurn(turn)) }],
    });
    const errors: unknown[] = [];
    const parts: string[] = [];

    const result = streamText({
      model,
      ...gate.toolSettings(),
      prompt: 'hi',
      stopWhen: isStepCount(3),
    });
    try {
      for await (const part of result.stream) parts.push(part.type);
    } catch (error) {
      errors.push(error);
    }

    expect(errors.some(isWiring('unjudged-call'))).toBe(true);
    expect(ran).toEqual([]);
    expect(asked).toEqual([]);
    expect(parts).not.toContain('tool-approval-request');
    expect(parts).not.toContain('tool-result');
  });

  it('a step that prepareStep routes to an unwrapped model runs nothing', async () => {
    const { tools, ran } = makeTools();
    const gate = toolGate({ tools });
    const wrapped = new MockLanguageModelV4({
      doGenerate: [toolTurn([call('a1', 'lookup', { q: 'first' })])],
    });
    const unwrapped = new MockLanguageModelV4({
      doGenerate: [toolTurn([call('b1', 'lookup', { q: 'second' })]), textTurn('done')],
    });

    const run = generateText({
      model: wrapLanguageModel({ model: wrapped, middleware: gate.middleware }),
      ...gate.toolSettings(),
      prompt: 'hi',
      stopWhen: isStepCount(4),
      prepareStep: ({ stepNumber }) =>
        stepNumber === 0 ? undefined : { model: unwrapped as LanguageModel },
    });

    await expect(run).rejects.toSatisfy(isWiring('unjudged-call'));
    expect(ran).toEqual([{ q: 'first' }]);
  });
});

describe('the middleware wired twice', () => {
  const tools = {
    lookup: tool({ inputSchema: z.object({ q: z.string() }), execute: async () => 'ok' }),
  };

  it.each([
    ['the same middleware twice', 'middleware-twice'],
    ['two gates', 'two-gates'],
  ])('%s: fails saying so, before the model is called', async (name, mistake) => {
    const gate = toolGate({ tools });
    const other = name === 'two gates' ? toolGate({ tools }) : gate;
    const model = new MockLanguageModelV4({ doGenerate: [textTurn('done')] });

    const run = generateText({
      model: wrapLanguageModel({ model, middleware: [gate.middleware, other.middleware] }),
      ...gate.toolSettings(),
      prompt: 'hi',
    });

    await expect(run).rejects.toSatisfy(isWiring(mistake));
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});

describe('turns the gate cannot hold', () => {
  function makeTools() {
    const ran: string[] = [];
    const tools: ToolSet = {
      note: tool({
        inputSchema: z.object({ text: z.string() }),
        execute: async ({ text }) => {
          ran.push(text);
          return 'noted';
        },
      }),
    };
    return { tools, ran };
  }
  const calls = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, index) =>
      call(`${prefix}-${index}`, 'note', { text: `${prefix}-${index}` }),
    );

  /** One loop on the gate whose model sends these calls, then text; returns the model. */
  async function runTurn(
    gate: ReturnType<typeof toolGate>,
    turnCalls: ReturnType<typeof calls>,
  ): Promise<MockLanguageModelV4> {
    const model = new MockLanguageModelV4({ doGenerate: [toolTurn(turnCalls), textTurn('done')] });
    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      ...gate.toolSettings(),
      prompt: 'hi',
      stopWhen: isStepCount(2),
    });
    return model;
  }

  it('a 10,001-call turn is refused whole with a sentence the model can act on', async () => {
    const { tools, ran } = makeTools();
    const model = await runTurn(toolGate({ tools }), calls('huge', 10_001));

    expect(ran).toEqual([]);
    const { refused, notRun, other } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect([refused.length, notRun.length, other.length]).toEqual([0, 10_001, 0]);
    expect(notRun[0]?.output).toEqual({
      type: 'error-text',
      value:
        'Not run: this turn of 10001 tool calls is too large to check at once, so no call of this turn was run. Send fewer calls per turn (at most 1000), with shorter arguments.',
    });
  });

  it('a burst of 100 loops beside one huge turn: each turn all or nothing', async () => {
    const { tools, ran } = makeTools();
    const gate = toolGate({ tools });

    await Promise.all([
      runTurn(gate, calls('huge', 10_001)),
      ...Array.from({ length: 100 }, (_, user) => runTurn(gate, calls(`user${user}`, 5))),
    ]);

    const byTurn = new Map<string, string[]>();
    for (const text of ran) {
      const turn = text.slice(0, text.indexOf('-'));
      byTurn.set(turn, [...(byTurn.get(turn) ?? []), text]);
    }
    expect(byTurn.has('huge')).toBe(false);
    expect(byTurn.size).toBe(100);
    for (const texts of byTurn.values()) expect(texts).toHaveLength(5);
  });

  it('a turn of 1,000 calls runs whole', async () => {
    const { tools, ran } = makeTools();
    await runTurn(toolGate({ tools }), calls('big', 1_000));

    expect(ran).toHaveLength(1_000);
  });
});

describe('a verdict dropped before its call is read', () => {
  it('no reference or gate secret shows in any step, UI chunk, history or prompt', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const ran: unknown[] = [];
      const gate = toolGate({
        tools: {
          lookup: tool({
            inputSchema: z.object({ q: z.string() }),
            execute: async (input) => {
              ran.push(input);
              return 'found';
            },
          }),
        },
      });
      // A reader that takes minutes to get to the calls the gate released.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slowReader = toolCallStage(async (part, enqueue) => {
        await released;
        enqueue(part);
      });
      const model = new MockLanguageModelV4({
        doStream: [
          { stream: convertArrayToReadableStream(streamTurn([call('c1', 'lookup', { q: 'x' })])) },
          { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
        ],
      });
      const result = streamText({
        model: wrapLanguageModel({ model, middleware: [slowReader, gate.middleware] }),
        ...gate.toolSettings(),
        prompt: 'hi',
        stopWhen: isStepCount(3),
      });
      const chunks: unknown[] = [];
      const reading = (async () => {
        try {
          for await (const chunk of result.toUIMessageStream({ onError: String })) {
            chunks.push(chunk);
          }
        } catch (error) {
          chunks.push(String(error));
        }
      })();

      await vi.advanceTimersByTimeAsync(10 * 60_000);
      release();
      await reading;
      const steps = await result.steps.then(
        (steps) => steps,
        () => [],
      );
      const messages = await result.response.then(
        ({ messages }) => messages,
        () => [],
      );

      const seen = JSON.stringify([chunks, steps, messages, model.doStreamCalls]);
      expect(seen).not.toContain('toolgate:call');
      expect(seen).not.toMatch(/[0-9a-f]{32}/);
      expect(seen).toContain('gate.middleware');
      expect(ran).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
