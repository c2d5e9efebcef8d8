/**
 * Bounds, lengths and patterns through the real loop: a call that the tool's own schema refuses
 * (`limit: 500` where the schema says `maximum: 100`) refuses its whole turn before anything
 * runs, so no sibling runs and no server rejects it afterwards; the corrected turn runs. Once with
 * a JSON Schema tool on a mock model, once with a real MCP server over Streamable HTTP whose zod
 * schemas carry the keywords.
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { generateText, isStepCount, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import { serveMcp } from '../support/serve-mcp.ts';
import { call, refusalAnswers, resultText, textTurn, toolTurn } from './helpers.ts';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

describe('assertion keywords in a turn (mock model)', () => {
  it('should refuse the turn of a call past a bound and run the corrected one', async () => {
    const listExecute = vi.fn(async (_input: unknown) => 'listed');
    const noteExecute = vi.fn(async () => 'noted');
    const tools = {
      list: tool({
        inputSchema: jsonSchema<{ limit: number; after?: string }>({
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 100 },
            after: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          },
          required: ['limit'],
        }),
        execute: listExecute,
      }),
      note: tool({
        inputSchema: jsonSchema<{ text: string }>({
          type: 'object',
          properties: { text: { type: 'string', minLength: 3 } },
          required: ['text'],
        }),
        execute: noteExecute,
      }),
    };
    const gate = toolGate();
    const model = new MockLanguageModelV4({
      provider: 'openai.chat',
      doGenerate: [
        toolTurn([
          call('c1', 'note', { text: 'fine' }),
          call('c2', 'list', { limit: 500, after: '12/03/2026' }),
        ]),
        toolTurn([call('c3', 'note', { text: 'fine' }), call('c4', 'list', { limit: 50 })]),
        textTurn('done'),
      ],
    });
    await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.wrapTools(tools),
      prompt: 'go',
      stopWhen: isStepCount(3),
    });
    const { refused, notRun } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map(resultText)).toEqual([
      [
        'Refused: the arguments do not match the schema of tool "list", so nothing was run.',
        '"limit" must be at most 100, not 500.',
        '"after" must match ^\\d{4}-\\d{2}-\\d{2}$, not "12/03/2026".',
      ].join('\n'),
    ]);
    expect(notRun).toHaveLength(1);
    expect(listExecute).toHaveBeenCalledTimes(1);
    expect(listExecute.mock.calls[0]?.[0]).toEqual({ limit: 50 });
    expect(noteExecute).toHaveBeenCalledTimes(1);
  });
});

type Received = { tool: string; args: Record<string, unknown> };
const received: Received[] = [];

function mcpServer(): McpServer {
  const mcp = new McpServer({ name: 'issues', version: '1.0.0' });
  mcp.registerTool(
    'list_issues',
    {
      description: 'List issues.',
      inputSchema: {
        limit: z.number().int().min(1).max(100),
        label: z.string().min(3).optional(),
      },
    },
    async (args) => {
      received.push({ tool: 'list_issues', args });
      return { content: [{ type: 'text', text: 'issues' }] };
    },
  );
  mcp.registerTool(
    'close_issue',
    { description: 'Close an issue.', inputSchema: { id: z.string().regex(/^#\d+$/) } },
    async (args) => {
      received.push({ tool: 'close_issue', args });
      return { content: [{ type: 'text', text: 'closed' }] };
    },
  );
  return mcp;
}

let mcp: Awaited<ReturnType<typeof serveMcp>>;
beforeAll(async () => {
  mcp = await serveMcp(mcpServer);
});
afterAll(() => mcp.close());

describe('assertion keywords in a turn (MCP server over Streamable HTTP)', () => {
  it('should send the server nothing from a turn with a call its schema refuses', async () => {
    const gate = toolGate();
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([
          call('a1', 'close_issue', { id: '#12' }),
          call('a2', 'list_issues', { limit: 500, label: 'ab' }),
        ]),
        toolTurn([
          call('b1', 'close_issue', { id: '#12' }),
          call('b2', 'list_issues', { limit: 20 }),
        ]),
        textTurn('done'),
      ],
    });
    const client = await createMCPClient({ transport: { type: 'http', url: mcp.url.href } });
    try {
      const result = await generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: gate.wrapTools(await client.tools()),
        repairToolCall: gate.repairToolCall(),
        prompt: 'go',
        stopWhen: isStepCount(3),
      });
      const errors = result.steps[0]?.content
        .filter((part) => part.type === 'tool-error')
        .map((part) => part.error);
      expect(errors).toEqual([
        expect.stringMatching(/^Not run: /),
        expect.stringContaining(
          '"limit" must be at most 100, not 500.\n"label" must be at least 3 characters long.',
        ),
      ]);
    } finally {
      await client.close();
    }
    expect(received).toEqual([
      { tool: 'close_issue', args: { id: '#12' } },
      { tool: 'list_issues', args: { limit: 20 } },
    ]);
  });
});
