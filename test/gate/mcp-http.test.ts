/**
 * One gate and one wrapped model for tools fetched per request, from a real MCP server over
 * Streamable HTTP on 127.0.0.1 whose tool list changes between requests (`await client.tools()`
 * per request, `gate.wrapTools(tools)`). What counts is what the server receives.
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { generateText, isStepCount, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GateWiringError, toolGate } from '../../src/index.ts';
import { serveMcpOverHttp } from '../support/mcp-http-server.ts';
import { call, textTurn, toolTurn } from './helpers.ts';

type Received = { tool: string; args: Record<string, unknown> };

/** The tools the server lists right now; tests change it between requests. */
const catalog = new Set<'lookup' | 'convert'>(['lookup']);
const received: Received[] = [];
let server: Awaited<ReturnType<typeof serveMcpOverHttp>>;
let url: URL;

function mcpServer(): McpServer {
  const mcp = new McpServer({ name: 'records', version: '1.0.0' });
  if (catalog.has('lookup')) {
    mcp.registerTool(
      'lookup',
      {
        description: 'Look up a record.',
        inputSchema: { id: z.string(), verbose: z.boolean().optional() },
      },
      async (args) => {
        received.push({ tool: 'lookup', args });
        return { content: [{ type: 'text', text: `record ${args.id}` }] };
      },
    );
  }
  if (catalog.has('convert')) {
    mcp.registerTool(
      'convert',
      {
        description: 'Convert an amount.',
        inputSchema: { amount: z.number(), currency: z.enum(['USD', 'EUR']) },
      },
      async (args) => {
        received.push({ tool: 'convert', args });
        return { content: [{ type: 'text', text: `${args.amount} ${args.currency}` }] };
      },
    );
  }
  return mcp;
}

beforeAll(async () => {
  // Stateless Streamable HTTP: a fresh MCP server per HTTP request, listing today's catalog.
  server = await serveMcpOverHttp(mcpServer);
  url = server.url;
});

afterAll(() => server.close());

const gate = toolGate();
const model = new MockLanguageModelV4({ provider: 'openai.responses' });
const gatedModel = wrapLanguageModel({ model, middleware: gate.middleware });

/** One chat request as an app writes it: fetch the tools, wrap them, run, close. */
async function chatRequest(turns: Parameters<typeof toolTurn>[0][]) {
  model.doGenerate = async () => {
    const next = turns.shift();
    return next === undefined ? textTurn('done') : toolTurn(next);
  };
  const client = await createMCPClient({ transport: { type: 'http', url: url.href } });
  try {
    const tools = await client.tools();
    const before = received.length;
    const result = await generateText({
      model: gatedModel,
      tools: gate.wrapTools(tools),
      repairToolCall: gate.repairToolCall(),
      prompt: 'go',
      stopWhen: isStepCount(4),
    });
    return { result, ran: received.slice(before) };
  } finally {
    await client.close();
  }
}

describe('per-request MCP tools over Streamable HTTP on one gate', () => {
  it('follows the tool list from request to request', async () => {
    catalog.clear();
    catalog.add('lookup');
    const first = await chatRequest([
      [call('a1', 'lookup', { id: 'r1' }), call('a2', 'lookup', { verbose: true })],
    ]);
    expect(first.ran).toEqual([]);
    const errors = first.result.steps[0]?.content.filter((part) => part.type === 'tool-error');
    expect(errors?.map((part) => part.error)).toEqual([
      expect.stringMatching(/^Not run: /),
      expect.stringContaining('"id" is required but was not sent.'),
    ]);

    catalog.add('convert');
    const second = await chatRequest([
      [call('b1', 'convert', { amount: 3, currency: 'EUR' }), call('b2', 'lookup', { id: 'r2' })],
    ]);
    expect(second.ran).toEqual([
      { tool: 'convert', args: { amount: 3, currency: 'EUR' } },
      { tool: 'lookup', args: { id: 'r2' } },
    ]);

    catalog.delete('lookup');
    const third = await chatRequest([
      [call('c1', 'convert', { amount: 1, currency: 'USD' }), call('c2', 'lookup', { id: 'r3' })],
    ]);
    expect(third.ran).toEqual([]);
    const answers = third.result.steps[0]?.content
      .filter((part) => part.type === 'tool-error')
      .map((part) => part.error);
    expect(answers).toEqual([
      expect.stringMatching(/^Not run: /),
      expect.stringMatching(/^Refused: there is no tool "lookup"/),
    ]);
  });

  it('fails before the model call when the MCP tools are passed unwrapped', async () => {
    catalog.clear();
    catalog.add('lookup');
    const client = await createMCPClient({ transport: { type: 'http', url: url.href } });
    const callsBefore = model.doGenerateCalls.length;
    const before = received.length;
    try {
      const tools = await client.tools();
      const run = generateText({ model: gatedModel, tools, prompt: 'go' });
      await expect(run).rejects.toSatisfy(
        (error) => GateWiringError.isInstance(error) && error.toolNames.includes('lookup'),
      );
    } finally {
      await client.close();
    }
    expect(model.doGenerateCalls.length).toBe(callsBefore);
    expect(received.length).toBe(before);
  });
});
