/**
 * A tool schema built of references and unions (`$ref`, `anyOf`, `oneOf`), through the real loop:
 * a call that fits none of a union's branches refuses the turn with one sentence naming what the
 * value must be, no call of the turn runs, and the corrected turn runs with the lenient casts made
 * inside the union handed to the tool. Then the same through a real MCP server over Streamable
 * HTTP, whose tool lists such a schema as its input schema.
 */
import { createMCPClient } from '@ai-sdk/mcp';
import { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { generateText, isStepCount, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolGate } from '../../src/index.ts';
import { serveMcp } from '../support/serve-mcp.ts';
import { call, refusalAnswers, refusedPrefix, textTurn, toolTurn } from './helpers.ts';

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** A booking: a guest by reference, a room as a name or a number, a stay of one kind or another. */
const bookingSchema = {
  type: 'object',
  $defs: {
    guest: {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['name'],
      additionalProperties: false,
    },
  },
  properties: {
    guest: { $ref: '#/$defs/guest' },
    room: { anyOf: [{ type: 'string', enum: ['single', 'double'] }, { type: 'integer' }] },
    stay: {
      oneOf: [
        {
          type: 'object',
          properties: { kind: { const: 'nights' }, nights: { type: 'integer' } },
          required: ['kind', 'nights'],
        },
        {
          type: 'object',
          properties: { kind: { const: 'until' }, date: { type: 'string' } },
          required: ['kind', 'date'],
        },
      ],
    },
  },
  required: ['guest', 'room', 'stay'],
};

/**
 * A trip to a place given by reference, extended beside it and closed to any other name
 * (2020-12). The extension sits below the root: `@ai-sdk/mcp` adds `additionalProperties: false`
 * to the root of every listed schema, which would close it to the referenced names as well.
 */
const tripSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: { place: { properties: { city: { type: 'string' } }, required: ['city'] } },
  properties: {
    trip: {
      $ref: '#/$defs/place',
      properties: { days: { type: 'integer', minimum: 1 } },
      unevaluatedProperties: false,
    },
  },
  required: ['trip'],
};

describe('references and unions, through the loop', () => {
  it('refuses a call no branch fits, runs no call of the turn, and runs the corrected turn', async () => {
    const booked: unknown[] = [];
    const notified: unknown[] = [];
    const gate = toolGate({
      tools: {
        book: tool({
          inputSchema: jsonSchema(bookingSchema),
          execute: async (input) => {
            booked.push(input);
            return 'booked';
          },
        }),
        notify: tool({
          inputSchema: jsonSchema({
            type: 'object',
            properties: { text: { type: 'string' } },
            required: ['text'],
          }),
          execute: async (input) => {
            notified.push(input);
            return 'sent';
          },
        }),
      },
    });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([
          call('c1', 'book', {
            guest: { name: 'Ada', age: 'old' },
            room: 'suite',
            stay: { kind: 'weeks', weeks: 2 },
          }),
          call('c2', 'notify', { text: 'booked' }),
        ]),
        toolTurn([
          call('d1', 'book', {
            guest: { name: 'Ada', age: 36 },
            room: '2',
            stay: { kind: 'nights', nights: '3' },
          }),
          call('d2', 'notify', { text: 'booked' }),
        ]),
        textTurn('done'),
      ],
    });

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'book a room',
      stopWhen: isStepCount(4),
    });

    expect(result.text).toBe('done');
    const { refused, notRun } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map(({ output }) => output.value)).toEqual([
      [
        refusedPrefix('book'),
        '"guest.age" must be an integer, not text ("old").',
        '"room" must be one of "single" or "double" or an integer, not "suite".',
        '"stay.kind" must be one of "nights" or "until", not "weeks".',
      ].join('\n'),
    ]);
    expect(notRun.map(({ toolCallId }) => toolCallId)).toEqual(['c2']);
    // Nothing of the refused turn ran; the corrected one ran with the casts made in the union.
    expect(booked).toEqual([
      { guest: { name: 'Ada', age: 36 }, room: 2, stay: { kind: 'nights', nights: 3 } },
    ]);
    expect(notified).toEqual([{ text: 'booked' }]);
  });
});

describe('references and unions, from a real MCP server over Streamable HTTP', () => {
  const received: unknown[] = [];
  let server: Awaited<ReturnType<typeof serveMcp>>;

  beforeAll(async () => {
    // A low-level MCP server, so the input schema is listed exactly as written.
    server = await serveMcp(() => {
      const mcp = new McpServer(
        { name: 'hotel', version: '1.0.0' },
        { capabilities: { tools: {} } },
      );
      mcp.setRequestHandler(ListToolsRequestSchema, async () => ({
        tools: [
          { name: 'book', description: 'Book a room.', inputSchema: bookingSchema },
          { name: 'plan_trip', description: 'Plan a trip.', inputSchema: tripSchema },
          {
            name: 'notify',
            description: 'Send a note.',
            inputSchema: {
              type: 'object',
              properties: { text: { type: 'string' } },
              required: ['text'],
            },
          },
        ],
      }));
      mcp.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
        received.push({ tool: params.name, args: params.arguments });
        return { content: [{ type: 'text', text: 'ok' }] };
      });
      return mcp;
    });
  });

  afterAll(() => server.close());

  /** The model's turns through a gate, with the server's tools listed over MCP; the final text. */
  async function runWithServerTools(model: MockLanguageModelV4, steps: number): Promise<string> {
    const gate = toolGate();
    const client = await createMCPClient({ transport: { type: 'http', url: server.url.href } });
    try {
      const result = await generateText({
        model: wrapLanguageModel({ model, middleware: gate.middleware }),
        tools: gate.wrapTools(await client.tools()),
        prompt: 'go on',
        stopWhen: isStepCount(steps),
      });
      return result.text;
    } finally {
      await client.close();
    }
  }

  it('refuses the bad call and runs none of its siblings on the server', async () => {
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([
          call('c1', 'notify', { text: 'booking' }),
          call('c2', 'book', { guest: { name: 'Ada' }, room: 1, stay: { kind: 'until' } }),
        ]),
        textTurn('done'),
      ],
    });
    expect(await runWithServerTools(model, 3)).toBe('done');
    expect(received).toEqual([]);
    const { refused, notRun } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map(({ output }) => output.value)).toEqual([
      `${refusedPrefix('book')}\n"stay.date" is required but was not sent.`,
    ]);
    expect(notRun.map(({ toolCallId }) => toolCallId)).toEqual(['c1']);
  });

  it('refuses a name no schema of a closed extension judged, before the server sees it', async () => {
    received.length = 0;
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([
          call('c1', 'notify', { text: 'planning' }),
          call('c2', 'plan_trip', { trip: { city: 'Oslo', days: 3, budget: 900 } }),
        ]),
        toolTurn([
          call('d1', 'notify', { text: 'planning' }),
          call('d2', 'plan_trip', { trip: { city: 'Oslo', days: 3 } }),
        ]),
        textTurn('done'),
      ],
    });
    expect(await runWithServerTools(model, 4)).toBe('done');
    const { refused, notRun } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map(({ output }) => output.value)).toEqual([
      `${refusedPrefix('plan_trip')}\n"trip.budget" must not be sent.`,
    ]);
    expect(notRun.map(({ toolCallId }) => toolCallId)).toEqual(['c1']);
    // The server saw only the corrected turn.
    expect(received).toEqual([
      { tool: 'notify', args: { text: 'planning' } },
      { tool: 'plan_trip', args: { trip: { city: 'Oslo', days: 3 } } },
    ]);
  });
});
