import {
  dynamicTool,
  generateText,
  isStepCount,
  jsonSchema,
  type LanguageModelMiddleware,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { toolGate } from '../../src/index.ts';
import { call, offeredTools, refusalAnswers, textTurn, toolTurn } from './helpers.ts';

/**
 * A tool list fetched anew for every request, as `await mcp.tools()` gives it: new tool and schema
 * objects of the same content each time, and a new gate around them. What the gate built for one
 * request's schemas serves the next.
 */

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const listing = JSON.stringify({
  type: 'object',
  properties: {
    path: { type: 'string', description: 'File to read.' },
    encoding: { type: 'string', enum: ['utf8', 'base64'] },
  },
  required: ['path'],
  additionalProperties: false,
});

function fetchTools(): ToolSet {
  return {
    read_file: dynamicTool({
      inputSchema: jsonSchema(JSON.parse(listing)),
      execute: async () => 'contents',
    }),
  };
}

async function request(input: unknown) {
  const gate = toolGate({ tools: fetchTools() });
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: [toolTurn([call('call-1', 'read_file', input)]), textTurn('done')],
  });
  await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    prompt: 'read it',
    stopWhen: isStepCount(2),
  });
  const [first, second] = model.doGenerateCalls;
  if (first === undefined || second === undefined) throw new Error('expected two steps');
  return { sent: offeredTools(first).get('read_file'), answers: refusalAnswers(second.prompt) };
}

describe('a tool list rebuilt for every request', () => {
  it('should send the same converted schema and judge as before', async () => {
    const passed = await request({ path: '/etc/hosts', encoding: null });
    const refused = await request({ path: '/etc/hosts', encoding: 'latin1' });
    const again = await request({ path: '/etc/hosts', encoding: null });

    const sentSchema = (sent: unknown) => (sent as { inputSchema: unknown }).inputSchema;
    expect(passed.sent).toMatchObject({ strict: true });
    // Converted once, then found by content: every request sends the one frozen conversion.
    expect(sentSchema(refused.sent)).toBe(sentSchema(passed.sent));
    expect(sentSchema(again.sent)).toBe(sentSchema(refused.sent));
    expect(passed.answers.refused).toEqual([]);
    expect(refused.answers.refused).toHaveLength(1);
    expect(again.answers.refused).toEqual([]);
  });

  it('should send the converted schema frozen: a middleware that edits its lists changes nothing', async () => {
    const gate = toolGate();
    // After the gate: records each strict schema it is sent, then tries to edit its lists in place.
    const received: string[] = [];
    const refusedEdits: string[] = [];
    const editor: LanguageModelMiddleware = {
      specificationVersion: 'v4',
      transformParams: async ({ params }) => {
        for (const tool of params.tools ?? []) {
          if (tool.type !== 'function') continue;
          const schema = tool.inputSchema as {
            required: string[];
            properties: { encoding: { enum: unknown[] } };
          };
          received.push(JSON.stringify(schema));
          for (const edit of [
            () => schema.required.pop(),
            () => schema.properties.encoding.enum.push('latin1'),
          ]) {
            try {
              edit();
            } catch (error) {
              refusedEdits.push((error as Error).name);
            }
          }
        }
        return params;
      },
    };
    for (const encoding of ['latin1', null, 'latin1']) {
      const model = new MockLanguageModelV4({
        provider: 'openai.responses',
        doGenerate: [
          toolTurn([call('call-1', 'read_file', { path: '/a', encoding })]),
          textTurn('ok'),
        ],
      });
      const result = await generateText({
        model: wrapLanguageModel({ model, middleware: [gate.middleware, editor] }),
        tools: gate.wrapTools(fetchTools()),
        prompt: 'read it',
        stopWhen: isStepCount(2),
      });
      // The gate judges the app's schema.
      expect(result.steps[0]?.toolResults).toHaveLength(encoding === null ? 1 : 0);
    }
    expect(received).toHaveLength(6);
    expect(refusedEdits).toEqual(Array.from({ length: 12 }, () => 'TypeError'));
    expect(new Set(received).size).toBe(1);
    expect(JSON.parse(received[0] as string)).toMatchObject({
      required: ['path', 'encoding'],
      properties: { encoding: { enum: ['utf8', 'base64', null] } },
    });
  });
});
