import { createAnthropic } from '@ai-sdk/anthropic';
import { createCerebras } from '@ai-sdk/cerebras';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import {
  generateText,
  isStepCount,
  jsonSchema,
  type LanguageModel,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ToolGateOptions, toolGate } from '../../src/index.ts';
import { assignSchema } from '../support/assign-schema.ts';
import { noteTree } from '../support/note-tree.ts';

/**
 * A `null` for an optional argument is omission (or its default) wherever it sits: behind a
 * `$ref`, in a branch of a union, beside an object's own oneOf, on providers whose schemas are sent
 * as they are (Gemini, a tool that cannot be strict), and inside the JSON text a strict provider
 * without recursion is sent for a recursive part (Anthropic, Cerebras). Through the real provider
 * packages over HTTP, the model answering as scripted.
 */

const origin = 'http://providers.test';

/** The tool calls each provider's next answer carries, by name and arguments; then text. */
const scripted: Array<Array<{ name: string; input: unknown }>> = [];
/** The JSON bodies the providers were sent, in order. */
const sent: unknown[] = [];

function nextCalls(): Array<{ name: string; input: unknown }> | undefined {
  return scripted.shift();
}

const server = setupServer(
  http.post(`${origin}/google/models/:model`, async ({ request }) => {
    sent.push(await request.json());
    const calls = nextCalls();
    return HttpResponse.json({
      candidates: [
        {
          content: {
            role: 'model',
            parts:
              calls === undefined
                ? [{ text: 'done' }]
                : calls.map(({ name, input }) => ({ functionCall: { name, args: input } })),
          },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    });
  }),
  http.post(`${origin}/anthropic/messages`, async ({ request }) => {
    sent.push(await request.json());
    const calls = nextCalls();
    return HttpResponse.json({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content:
        calls === undefined
          ? [{ type: 'text', text: 'done' }]
          : calls.map(({ name, input }, index) => ({
              type: 'tool_use',
              id: `toolu_${index}`,
              name,
              input,
            })),
      stop_reason: calls === undefined ? 'end_turn' : 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    });
  }),
  http.post(`${origin}/:provider/chat/completions`, async ({ request }) => {
    sent.push(await request.json());
    const calls = nextCalls();
    return HttpResponse.json({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 0,
      model: 'model',
      choices: [
        {
          index: 0,
          message:
            calls === undefined
              ? { role: 'assistant', content: 'done' }
              : {
                  role: 'assistant',
                  content: null,
                  tool_calls: calls.map(({ name, input }, index) => ({
                    id: `call_${index}`,
                    type: 'function',
                    function: { name, arguments: JSON.stringify(input) },
                  })),
                },
          finish_reason: calls === undefined ? 'stop' : 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  scripted.length = 0;
  sent.length = 0;
});

const models = {
  gemini: () =>
    createGoogleGenerativeAI({ apiKey: 'test', baseURL: `${origin}/google` })('gemini-2.5-flash'),
  openai: () => createOpenAI({ apiKey: 'test', baseURL: `${origin}/openai` }).chat('gpt-4.1'),
  anthropic: () =>
    createAnthropic({ apiKey: 'test', baseURL: `${origin}/anthropic` })('claude-sonnet-4-5'),
  cerebras: () => createCerebras({ apiKey: 'test', baseURL: `${origin}/cerebras` })('gpt-oss-120b'),
};

/** Runs one turn of scripted calls and the text turn after it; what each tool was handed. */
async function run(
  model: LanguageModel,
  tools: ToolSet,
  calls: Array<{ name: string; input: unknown }>,
  options: Omit<ToolGateOptions<ToolSet>, 'tools'> = {},
) {
  scripted.push(calls);
  const gate = toolGate({ tools, ...options });
  const result = await generateText({
    model: wrapLanguageModel({ model: model as never, middleware: gate.middleware }),
    ...gate.toolSettings(),
    prompt: 'go',
    stopWhen: isStepCount(3),
    maxRetries: 0,
  });
  const errors = result.steps.flatMap((step) =>
    step.content.flatMap((part) => (part.type === 'tool-error' ? [String(part.error)] : [])),
  );
  return { result, errors };
}

/** A tool as an MCP client hands it over: a JSON Schema, no validator of its own. */
function mcpTool(schema: Record<string, unknown>) {
  const received: unknown[] = [];
  const mcp = tool({
    inputSchema: jsonSchema<Record<string, unknown>>(schema),
    execute: async (input) => {
      received.push(input);
      return 'ok';
    },
  });
  return { mcp, received };
}

/** An object with its own optional properties beside a oneOf, refused strict at the root. */
const contactSchema = {
  type: 'object',
  properties: { id: { type: 'string' }, email: { type: 'string' }, note: { type: 'string' } },
  oneOf: [{ required: ['id'] }, { required: ['email'] }],
};

describe('schemas sent as they are: Gemini', () => {
  it('should hand an MCP tool omission for null under a $ref and in a oneOf branch', async () => {
    const { mcp, received } = mcpTool(assignSchema);
    const { errors } = await run(models.gemini(), { assign: mcp }, [
      {
        name: 'assign',
        input: {
          title: 'Fix it',
          assignee: { name: 'Ann', team: null, email: null },
          target: { kind: 'issue', number: 7, label: null },
        },
      },
    ]);
    expect(errors).toEqual([]);
    expect(received).toEqual([
      {
        title: 'Fix it',
        assignee: { name: 'Ann', email: null },
        target: { kind: 'issue', number: 7 },
      },
    ]);
    // Gemini is sent the schema as it is: the decoding happens on the way back only.
    expect(JSON.stringify(sent[0])).toContain('"$ref":"#/$defs/Person"');
  });

  it('should hand a zod union its branch without the null, instead of refusing the turn', async () => {
    const received: unknown[] = [];
    const pick = tool({
      inputSchema: z.object({
        choice: z.union([
          z.object({ mode: z.literal('fast'), budget: z.number().optional() }),
          z.object({ mode: z.literal('slow'), note: z.string().optional() }),
        ]),
      }),
      execute: async (input) => {
        received.push(input);
        return 'ok';
      },
    });
    const { errors } = await run(models.gemini(), { pick }, [
      { name: 'pick', input: { choice: { mode: 'slow', note: null } } },
    ]);
    expect(errors).toEqual([]);
    expect(received).toEqual([{ choice: { mode: 'slow' } }]);
  });

  it('should decode the object’s own optional properties beside its oneOf', async () => {
    const { mcp, received } = mcpTool(contactSchema);
    const { errors } = await run(models.gemini(), { contact: mcp }, [
      { name: 'contact', input: { email: 'a@example.com', note: null, id: null } },
    ]);
    expect(errors).toEqual([]);
    expect(received).toEqual([{ email: 'a@example.com' }]);
  });

  it('should take a configured default for a null behind a $ref', async () => {
    const { mcp, received } = mcpTool(assignSchema);
    await run(
      models.gemini(),
      { assign: mcp },
      [{ name: 'assign', input: { title: 't', assignee: { name: 'Ann', team: null } } }],
      { defaults: { assign: { 'assignee.team': 'core' } } },
    );
    expect(received).toEqual([{ title: 't', assignee: { name: 'Ann', team: 'core' } }]);
  });
});

describe('defaults declared under allOf', () => {
  it('should take a default under a root allOf (sent as it is) and a nested allOf (strict)', async () => {
    const combinedRoot = mcpTool({
      type: 'object',
      allOf: [
        { properties: { city: { type: 'string' } }, required: ['city'] },
        { properties: { unit: { enum: ['c', 'f'] } } },
      ],
    });
    const nested = mcpTool({
      type: 'object',
      properties: {
        rule: { type: 'object', allOf: [{ properties: { strict: { type: 'boolean' } } }] },
      },
    });
    const { errors } = await run(
      models.openai(),
      { weather: combinedRoot.mcp, lint: nested.mcp },
      [
        { name: 'weather', input: { city: 'Oslo', unit: null } },
        { name: 'lint', input: { rule: { strict: null } } },
      ],
      { defaults: { weather: { unit: 'c' }, lint: { 'rule.strict': true } } },
    );
    expect(errors).toEqual([]);
    expect(combinedRoot.received).toEqual([{ city: 'Oslo', unit: 'c' }]);
    expect(nested.received).toEqual([{ rule: { strict: true } }]);
  });
});

describe('a schema default that does not fit its argument', () => {
  it.each([
    ['OpenAI', 'exact', models.openai],
    ['OpenAI', 'lenient', models.openai],
    ['Cerebras', 'exact', models.cerebras],
    ['Cerebras', 'lenient', models.cerebras],
  ] as const)(
    'should hand the tool omission for its null (%s, %s)',
    async (_name, leniency, model) => {
      const { mcp, received } = mcpTool({
        type: 'object',
        properties: {
          a: { type: 'string', default: { x: 1 } },
          n: { type: 'string', default: 5 },
          e: { enum: ['x', 'y'], default: 'z' },
          s: { type: 'string', maxLength: 2, default: 'abcdef' },
        },
        additionalProperties: false,
      });
      const { errors } = await run(
        model(),
        { pick: mcp },
        [{ name: 'pick', input: { a: null, n: null, e: null, s: null } }],
        { leniency },
      );
      expect(errors).toEqual([]);
      expect(received).toEqual([{}]);
      // Sent strict, every property required and nullable: the nulls are placeholders.
      expect(JSON.stringify(sent[0])).toContain('"strict":true');
    },
  );
});

describe('schemas sent as they are on a strict provider', () => {
  it('should decode null for a tool that cannot be strict (a union at the root)', async () => {
    const { mcp, received } = mcpTool(contactSchema);
    const { errors } = await run(models.openai(), { contact: mcp }, [
      { name: 'contact', input: { id: 'u1', note: null } },
    ]);
    expect(errors).toEqual([]);
    expect(received).toEqual([{ id: 'u1' }]);
    const offered = (sent[0] as { tools: Array<{ function: { strict?: boolean } }> }).tools;
    expect(offered[0]?.function.strict).not.toBe(true);
  });

  it('should decode null under a $ref when strict conversion is switched off', async () => {
    const { mcp, received } = mcpTool(assignSchema);
    const { errors } = await run(
      models.openai(),
      { assign: mcp },
      [
        {
          name: 'assign',
          input: { title: 't', assignee: { name: 'Ann', team: null }, target: null },
        },
      ],
      { strict: false },
    );
    expect(errors).toEqual([]);
    expect(received).toEqual([{ title: 't', assignee: { name: 'Ann' } }]);
  });

  it('should leave a null to the check in exact mode, which refuses it', async () => {
    const { mcp, received } = mcpTool({
      type: 'object',
      properties: { q: { type: 'string' }, note: { type: 'string' } },
      required: ['q'],
    });
    const { errors } = await run(
      models.openai(),
      { search: mcp },
      [{ name: 'search', input: { q: 'cats', note: null } }],
      { leniency: 'exact', strict: false },
    );
    expect(received).toEqual([]);
    expect(errors).toEqual([expect.stringContaining('"note" must be')]);
  });
});

describe('a recursive part sent as JSON text', () => {
  function outlineTool() {
    const received: unknown[] = [];
    const outline = tool({
      inputSchema: z.object({ root: noteTree }),
      execute: async (input) => {
        received.push(input);
        return 'saved';
      },
    });
    return { outline, received };
  }

  it.each([
    ['Anthropic', models.anthropic, {}],
    ['Cerebras', models.cerebras, { note: null }],
  ] as const)(
    'should decode a null placeholder inside that text (%s)',
    async (_name, model, rootNote) => {
      const { outline, received } = outlineTool();
      const { errors } = await run(model(), { outline }, [
        {
          name: 'outline',
          input: {
            root: {
              name: 'a',
              ...rootNote,
              children: [
                JSON.stringify({ name: 'b', note: null, children: null }),
                JSON.stringify({ name: 'c', children: [{ name: 'd', note: 'x', children: null }] }),
              ],
            },
          },
        },
      ]);
      expect(errors).toEqual([]);
      expect(received).toEqual([
        {
          root: {
            name: 'a',
            children: [{ name: 'b' }, { name: 'c', children: [{ name: 'd', note: 'x' }] }],
          },
        },
      ]);
      // The recursive part was offered as JSON text.
      expect(JSON.stringify(sent[0])).toContain('Any JSON value, written as JSON text.');
    },
  );
});
