/**
 * Lenient means normalized: a call that passes only thanks to a lenient cast reaches its tool in
 * the declared form, whatever the tool's kind (zod, JSON Schema without a validator, a real MCP
 * server) and whatever the provider, and the step, the history and the next request show that
 * same value. Exact mode changes nothing and refuses what it refused.
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { generateText, isStepCount, jsonSchema, type ToolSet, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ToolGateOptions, toolGate } from '../../src/index.ts';
import { call, textTurn, toolTurn } from './helpers.ts';

const sent = {
  n: '5',
  on: 'true',
  unit: 'Celsius',
  label: 7,
  tags: [{ n: 2.0, unit: 'FAHRENHEIT' }],
};
const declared = {
  n: 5,
  on: true,
  unit: 'celsius',
  label: '7',
  tags: [{ n: 2, unit: 'fahrenheit' }],
};

const unit = { enum: ['celsius', 'fahrenheit'] };
const schema = {
  type: 'object',
  properties: {
    n: { type: 'integer' },
    on: { type: 'boolean' },
    unit,
    label: { type: 'string' },
    tags: {
      type: 'array',
      items: {
        type: 'object',
        properties: { n: { type: 'integer' }, unit },
        additionalProperties: false,
      },
    },
  },
  required: ['n', 'on', 'unit', 'label'],
  additionalProperties: false,
} as const;

async function run(
  tools: ToolSet,
  input: unknown,
  options: Omit<ToolGateOptions<ToolSet>, 'tools'> = {},
) {
  const gate = toolGate({ tools, ...options });
  const model = new MockLanguageModelV4({
    // No strict profile: the casts and nulls are the model's own, not placeholders.
    provider: 'anthropic.messages',
    doGenerate: [toolTurn([call('c1', 'probe', input)]), textTurn('done')],
  });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    repairToolCall: gate.repairToolCall(),
    prompt: 'go',
    stopWhen: isStepCount(3),
  });
  return { result, model };
}

describe('the declared form reaches every kind of tool', () => {
  it('a JSON-Schema tool without a validator (as MCP tools are)', async () => {
    const execute = vi.fn(async (_input: unknown) => 'ok');
    const { result, model } = await run(
      { probe: tool({ inputSchema: jsonSchema(schema), execute }) },
      sent,
    );
    expect(execute.mock.calls[0]?.[0]).toEqual(declared);
    expect(result.steps[0]?.toolCalls[0]?.input).toEqual(declared);
    const history = JSON.stringify(model.doGenerateCalls[1]?.prompt);
    expect(history).toContain(JSON.stringify(declared));
  });

  it('a zod tool, whose own validator judges the declared form and is not asked about text', async () => {
    const execute = vi.fn(async (_input: unknown) => 'ok');
    const zodSchema = z.object({
      n: z.number().int(),
      on: z.boolean(),
      unit: z.enum(['celsius', 'fahrenheit']),
      label: z.string(),
      tags: z
        .array(z.object({ n: z.number().int(), unit: z.enum(['celsius', 'fahrenheit']) }))
        .optional(),
    });
    await run({ probe: tool({ inputSchema: zodSchema, execute }) }, sent);
    expect(execute.mock.calls[0]?.[0]).toEqual(declared);
  });

  it('a real MCP server receives the declared form', async () => {
    const server = new McpServer({ name: 'probe', version: '1.0.0' });
    const received: unknown[] = [];
    server.registerTool(
      'probe',
      {
        inputSchema: {
          n: z.number().int(),
          on: z.boolean(),
          unit: z.enum(['celsius', 'fahrenheit']),
          label: z.string(),
        },
      },
      async (args) => {
        received.push(args);
        return { content: [{ type: 'text', text: 'ok' }] };
      },
    );
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = await createMCPClient({ transport: clientTransport });
    try {
      await run(await client.tools(), { n: '5', on: 1, unit: 'CELSIUS', label: 7 });
    } finally {
      await client.close();
      await server.close();
    }
    expect(received).toEqual([{ n: 5, on: true, unit: 'celsius', label: '7' }]);
  });

  it('hands on the very same object when nothing needs a cast', async () => {
    const execute = vi.fn(async (_input: unknown) => 'ok');
    const { result } = await run(
      { probe: tool({ inputSchema: jsonSchema(schema), execute }) },
      declared,
    );
    expect(execute.mock.calls[0]?.[0]).toEqual(declared);
    expect(result.steps[0]?.toolResults).toHaveLength(1);
  });

  it('exact mode changes nothing and refuses the casts', async () => {
    const execute = vi.fn(async (_input: unknown) => 'ok');
    const { result } = await run(
      { probe: tool({ inputSchema: jsonSchema(schema), execute }) },
      sent,
      {
        leniency: 'exact',
      },
    );
    expect(execute).not.toHaveBeenCalled();
    const error = result.steps[0]?.content.find((part) => part.type === 'tool-error');
    expect(error?.type === 'tool-error' && String(error.error)).toMatch(/^Refused: /);
  });
});

describe('a null for an optional argument, on a provider without strict mode', () => {
  const weather = (execute: (input: unknown) => Promise<string>) =>
    tool({
      inputSchema: z.object({
        city: z.string(),
        unit: z.enum(['celsius', 'fahrenheit']).optional(),
        days: z.number().int().default(1),
      }),
      execute,
    });

  it('reaches a zod tool as omission, or as its schema default', async () => {
    const execute = vi.fn(async (_input: unknown) => 'ok');
    await run({ probe: weather(execute) }, { city: 'Oslo', unit: null, days: null });
    expect(execute.mock.calls[0]?.[0]).toEqual({ city: 'Oslo', days: 1 });
  });

  it('reaches it as the configured default', async () => {
    const execute = vi.fn(async (_input: unknown) => 'ok');
    await run(
      { probe: weather(execute) },
      { city: 'Oslo', unit: null },
      {
        defaults: { probe: { unit: 'celsius' } },
      },
    );
    expect(execute.mock.calls[0]?.[0]).toEqual({ city: 'Oslo', unit: 'celsius', days: 1 });
  });

  it('keeps a null the schema admits', async () => {
    const execute = vi.fn(async (_input: unknown) => 'ok');
    const nullable = tool({
      inputSchema: z.object({ city: z.string(), note: z.string().nullable().optional() }),
      execute,
    });
    await run({ probe: nullable }, { city: 'Oslo', note: null });
    expect(execute.mock.calls[0]?.[0]).toEqual({ city: 'Oslo', note: null });
  });
});
