/**
 * The gate in front of real MCP tools: an `McpServer` from `@modelcontextprotocol/sdk` linked to an
 * `@ai-sdk/mcp` client in memory, driven by the real `generateText` loop. What counts is what the
 * server receives: no `tools/call` at all for a refused turn, and decoded arguments for a passed one.
 */
import { createMCPClient } from '@ai-sdk/mcp';
import type { LanguageModelV4GenerateResult, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { generateText, isStepCount, type ToolSet, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type RefusalEvent, type ToolGateOptions, toolGate } from '../../src/index.ts';

type Received = { tool: string; args: Record<string, unknown> };

type Harness = {
  /** Arguments each server handler was called with, in order. */
  received: Received[];
  /** JSON-RPC methods the client sent to the server, after `client.tools()`. */
  methods: string[];
  tools: ToolSet;
  close: () => Promise<void>;
};

async function startMcp(): Promise<Harness> {
  const server = new McpServer({ name: 'records', version: '1.0.0' });
  const received: Received[] = [];
  server.registerTool(
    'lookup',
    {
      description: 'Look up a record by id.',
      inputSchema: { id: z.string(), verbose: z.boolean().optional() },
    },
    async (args) => {
      received.push({ tool: 'lookup', args });
      return { content: [{ type: 'text', text: `record ${args.id}` }] };
    },
  );
  server.registerTool(
    'convert',
    {
      description: 'Convert an amount into a currency.',
      inputSchema: { amount: z.number(), currency: z.enum(['USD', 'EUR', 'GBP']) },
    },
    async (args) => {
      received.push({ tool: 'convert', args });
      return { content: [{ type: 'text', text: `${args.amount} ${args.currency}` }] };
    },
  );

  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const methods: string[] = [];
  const send = clientTransport.send.bind(clientTransport);
  clientTransport.send = (message, options) => {
    if ('method' in message) methods.push(message.method);
    return send(message, options);
  };
  await server.connect(serverTransport);
  const client = await createMCPClient({ transport: clientTransport });
  const tools = await client.tools();
  methods.length = 0;
  return {
    received,
    methods,
    tools,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function turn(...calls: Array<[toolCallId: string, toolName: string, input: string]>) {
  return {
    content: calls.map(([toolCallId, toolName, input]) => ({
      type: 'tool-call' as const,
      toolCallId,
      toolName,
      input,
    })),
    finishReason: { unified: 'tool-calls' as const, raw: undefined },
    usage,
    warnings: [],
  } satisfies LanguageModelV4GenerateResult;
}

const done = {
  content: [{ type: 'text' as const, text: 'done' }],
  finishReason: { unified: 'stop' as const, raw: undefined },
  usage,
  warnings: [],
} satisfies LanguageModelV4GenerateResult;

/**
 * Runs the loop over the given model turns. `toolsCallsBefore[i]` is how many `tools/call`
 * requests the server had received when the model was asked for turn `i`.
 */
async function run(
  harness: Harness,
  turns: LanguageModelV4GenerateResult[],
  gateOptions: Omit<ToolGateOptions<ToolSet>, 'tools'> = {},
) {
  const gate = toolGate({ tools: harness.tools, ...gateOptions });
  const toolsCallsBefore: number[] = [];
  const queue = [...turns];
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: async () => {
      toolsCallsBefore.push(toolsCalls(harness));
      const next = queue.shift();
      if (next === undefined) throw new Error('the model was asked for more turns than scripted');
      return next;
    },
  });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    stopWhen: isStepCount(turns.length + 1),
    prompt: 'Look it up.',
  });
  return { gate, model, result, toolsCallsBefore };
}

function toolsCalls(harness: Harness): number {
  return harness.methods.filter((method) => method === 'tools/call').length;
}

/** The tool results the model reads in the prompt it is given. */
function toolAnswers(prompt: LanguageModelV4Prompt) {
  const answers: Record<string, { type: string; value?: unknown }> = {};
  for (const message of prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result') answers[part.toolCallId] = part.output;
    }
  }
  return answers;
}

function assistantCalls(prompt: LanguageModelV4Prompt) {
  const calls: Record<string, unknown> = {};
  for (const message of prompt) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call') calls[part.toolCallId] = part.input;
    }
  }
  return calls;
}

function offeredTool(model: MockLanguageModelV4, name: string) {
  const tool = model.doGenerateCalls[0]?.tools?.find((candidate) => candidate.name === name);
  if (tool === undefined || tool.type !== 'function') throw new Error(`tool ${name} not offered`);
  return tool;
}

describe('the gate in front of MCP tools', () => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await startMcp();
  });
  afterEach(async () => {
    await harness.close();
  });

  it('keeps what makes an MCP tool an MCP tool', async () => {
    const gate = toolGate({ tools: harness.tools });
    for (const name of ['lookup', 'convert']) {
      const original = harness.tools[name];
      const gated = gate.tools[name];
      expect(gated?.type).toBe('dynamic');
      // `execute` is guarded against revived refused calls and otherwise calls the tool's own.
      expect(typeof gated?.execute).toBe('function');
      expect(gated?.toModelOutput).toBe(original?.toModelOutput);
      expect(gated?.description).toBe(original?.description);
    }
  });

  it('sends no tools/call for a refused turn, then exactly the corrected calls', async () => {
    const { model, result, toolsCallsBefore } = await run(harness, [
      turn(
        ['l1', 'lookup', '{"id":"r1","verbose":null}'],
        ['c1', 'convert', '{"amount":10,"currency":"JPY"}'],
        ['l2', 'lookup', '{"id":"r2","verbose":true}'],
      ),
      turn(
        ['l3', 'lookup', '{"id":"r1","verbose":null}'],
        ['c2', 'convert', '{"amount":10,"currency":"EUR"}'],
        ['l4', 'lookup', '{"id":"r2","verbose":true}'],
      ),
      done,
    ]);

    expect(result.text).toBe('done');
    // The refused turn reached the server not at all.
    expect(toolsCallsBefore).toEqual([0, 0, 3]);
    expect(harness.methods).toEqual(['tools/call', 'tools/call', 'tools/call']);

    // The model reads the refusal for the bad call and "Not run" for its siblings, against the
    // arguments it sent (not the gate's marker).
    const second = model.doGenerateCalls[1]?.prompt ?? [];
    const answers = toolAnswers(second);
    expect(Object.keys(answers).sort()).toEqual(['c1', 'l1', 'l2']);
    expect(answers.c1?.type).toBe('error-text');
    expect(answers.c1?.value).toMatch(/^Refused: .*"convert"/);
    expect(answers.c1?.value).toContain('"currency"');
    for (const id of ['l1', 'l2']) {
      expect(answers[id]?.type).toBe('error-text');
      expect(answers[id]?.value).toMatch(/^Not run: .*"convert"/);
    }
    expect(assistantCalls(second)).toEqual({
      l1: { id: 'r1', verbose: null },
      c1: { amount: 10, currency: 'JPY' },
      l2: { id: 'r2', verbose: true },
    });

    // The corrected turn ran, each call once, with the null placeholder decoded away.
    expect(harness.received).toEqual([
      { tool: 'lookup', args: { id: 'r1' } },
      { tool: 'convert', args: { amount: 10, currency: 'EUR' } },
      { tool: 'lookup', args: { id: 'r2', verbose: true } },
    ]);
    const third = model.doGenerateCalls[2]?.prompt ?? [];
    expect(toolAnswers(third)).toMatchObject({
      l3: { type: 'content', value: [{ type: 'text', text: 'record r1' }] },
      c2: { type: 'content', value: [{ type: 'text', text: '10 EUR' }] },
      l4: { type: 'content', value: [{ type: 'text', text: 'record r2' }] },
    });
  });

  it('refuses a two-call turn whose one call misses a required argument', async () => {
    const refusals: RefusalEvent[] = [];
    const { model, toolsCallsBefore } = await run(
      harness,
      [
        turn(
          ['l1', 'lookup', '{"verbose":null}'],
          ['c1', 'convert', '{"amount":5,"currency":"GBP"}'],
        ),
        turn(['l2', 'lookup', '{"id":"r9","verbose":false}']),
        done,
      ],
      { onRefusal: (event) => refusals.push(event) },
    );

    expect(toolsCallsBefore).toEqual([0, 0, 1]);
    expect(harness.received).toEqual([{ tool: 'lookup', args: { id: 'r9', verbose: false } }]);
    expect(refusals.map(({ toolCallId, code }) => [toolCallId, code])).toEqual([
      ['l1', 'arguments'],
      ['c1', 'turn'],
    ]);
    const answers = toolAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(answers.l1?.value).toMatch(/^Refused: .*"lookup"/);
    expect(answers.c1?.value).toMatch(/^Not run: .*"lookup"/);
  });

  it('narrows an MCP tool enum with an override and refuses another currency', async () => {
    const refusals: RefusalEvent[] = [];
    const { model, toolsCallsBefore } = await run(
      harness,
      [
        turn(['c1', 'convert', '{"amount":3,"currency":"USD"}']),
        turn(['c2', 'convert', '{"amount":3,"currency":"EUR"}']),
        done,
      ],
      {
        overrides: { convert: { currency: { enum: ['EUR'] } } },
        onRefusal: (event) => refusals.push(event),
      },
    );

    const convert = offeredTool(model, 'convert');
    expect(convert.inputSchema).toMatchObject({
      properties: { currency: { type: 'string', enum: ['EUR'] } },
    });
    expect(convert.strict).toBe(true);

    // USD is fine for the server, but the app narrowed it away: refused, nothing sent.
    expect(toolsCallsBefore).toEqual([0, 0, 1]);
    expect(refusals).toEqual([
      expect.objectContaining({
        toolCallId: 'c1',
        code: 'arguments',
        mismatches: [expect.objectContaining({ path: ['currency'] })],
      }),
    ]);
    const answers = toolAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(answers.c1?.value).toMatch(/^Refused: /);
    expect(answers.c1?.value).toContain('EUR');
    expect(harness.received).toEqual([{ tool: 'convert', args: { amount: 3, currency: 'EUR' } }]);
  });

  it('hands a fixed value to the MCP server and hides it from the model', async () => {
    const { model, toolsCallsBefore } = await run(
      harness,
      [
        turn(['l1', 'lookup', '{"id":"r1"}']),
        // The model sends the hidden parameter anyway, with another value: refused.
        turn(['l2', 'lookup', '{"id":"r2","verbose":false}']),
        turn(['l3', 'lookup', '{"id":"r3"}']),
        done,
      ],
      { overrides: { lookup: { verbose: { value: true } } } },
    );

    const lookup = offeredTool(model, 'lookup');
    expect(lookup.inputSchema).toMatchObject({ properties: { id: { type: 'string' } } });
    expect(Object.keys((lookup.inputSchema as { properties: object }).properties)).toEqual(['id']);
    expect((lookup.inputSchema as { required: string[] }).required).toEqual(['id']);

    expect(toolsCallsBefore).toEqual([0, 1, 1, 2]);
    expect(harness.received).toEqual([
      { tool: 'lookup', args: { id: 'r1', verbose: true } },
      { tool: 'lookup', args: { id: 'r3', verbose: true } },
    ]);
    const answers = toolAnswers(model.doGenerateCalls[2]?.prompt ?? []);
    expect(answers.l2?.type).toBe('error-text');
    expect(answers.l2?.value).toMatch(/^Refused: .*"lookup"/);
  });
});
