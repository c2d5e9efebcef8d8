import { generateText, isStepCount, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolGate, UnreadableSchemaError } from '../../src/index.ts';
import { call, textTurn, toolTurn } from './helpers.ts';

/**
 * Tools whose schemas strict mode cannot express as they are: a `z.record` map, sent as a list of
 * `{ key, value }` entries, and a recursive `z.lazy` tree, sent through `$defs`. The model answers
 * in the strict form; the tools receive the decoded objects.
 */

// The warnings are asserted on the result; the SDK need not print them too.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

type Tree = { name: string; children?: Tree[] };
const tree: z.ZodType<Tree> = z.lazy(() =>
  z.object({ name: z.string(), children: z.array(tree).optional() }),
);

function makeTools() {
  const seen: { tag: unknown[]; outline: unknown[] } = { tag: [], outline: [] };
  const tools = {
    tag: tool({
      inputSchema: z.object({ id: z.string(), labels: z.record(z.string(), z.number()) }),
      execute: async (input) => {
        seen.tag.push(input);
        return 'tagged';
      },
    }),
    outline: tool({
      inputSchema: z.object({ root: tree }),
      execute: async (input) => {
        seen.outline.push(input);
        return 'saved';
      },
    }),
  };
  return { tools, seen };
}

describe('maps and recursion on the OpenAI profile', () => {
  it('sends both tools strict and hands each tool the decoded object', async () => {
    const { tools, seen } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([
          call('t1', 'tag', {
            id: 'a',
            labels: [
              { key: 'x', value: 1 },
              { key: 'y', value: 2 },
            ],
          }),
          call('o1', 'outline', {
            root: {
              name: 'a',
              children: [{ name: 'b', children: [{ name: 'c', children: null }] }],
            },
          }),
        ]),
        textTurn('done'),
      ],
    });

    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
      stopWhen: isStepCount(3),
    });

    expect(result.text).toBe('done');
    const sent = model.doGenerateCalls[0]?.tools ?? [];
    expect(
      sent.map((item) => [item.name, item.type === 'function' ? item.strict : undefined]),
    ).toEqual([
      ['tag', true],
      ['outline', true],
    ]);
    expect(seen.tag).toEqual([{ id: 'a', labels: { x: 1, y: 2 } }]);
    expect(seen.outline).toEqual([
      { root: { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] } },
    ]);
  });

  it('keeps a Cerebras request strict for all its tools when one has an open object', async () => {
    const { tools } = makeTools();
    const note = tool({
      inputSchema: z.object({ text: z.string(), pinned: z.boolean().optional() }),
      execute: async () => 'noted',
    });
    const gate = toolGate({ tools: { tag: tools.tag, note } });
    const model = new MockLanguageModelV4({
      provider: 'cerebras.chat',
      doGenerate: [textTurn('done')],
    });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      prompt: 'hi',
    });
    expect(result.warnings ?? []).toEqual([]);
    const sent = model.doGenerateCalls[0]?.tools ?? [];
    expect(sent.map((item) => (item.type === 'function' ? item.strict : undefined))).toEqual([
      true,
      true,
    ]);
  });
});

describe('a map key sent twice', () => {
  it('refuses the turn with a sentence instead of keeping one of the values', async () => {
    const { tools, seen } = makeTools();
    const gate = toolGate({ tools });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [
        toolTurn([
          call('t1', 'tag', {
            id: 'a',
            labels: [
              { key: 'x', value: 1 },
              { key: 'x', value: 2 },
            ],
          }),
          call('o1', 'outline', { root: { name: 'a', children: null } }),
        ]),
        textTurn('done'),
      ],
    });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools: gate.tools,
      repairToolCall: gate.repairToolCall(),
      prompt: 'hi',
      stopWhen: isStepCount(3),
    });
    expect(seen).toEqual({ tag: [], outline: [] });
    const errors = result.steps[0]?.content.flatMap((part) =>
      part.type === 'tool-error' ? [String(part.error)] : [],
    );
    expect(errors).toEqual([
      'Refused: the arguments do not match the schema of tool "tag", so nothing was run.\n"labels" lists the key "x" more than once; send each key once.',
      expect.stringMatching(/^Not run: /),
    ]);
  });
});

describe('a schema that cannot be read', () => {
  it('is a named error before the model is called, never judged as admitting every call', async () => {
    const schema = {
      type: 'object',
      properties: { q: { type: 'string' } },
      get required(): string[] {
        throw new Error('boom');
      },
    };
    const ran: unknown[] = [];
    const search = tool({
      inputSchema: jsonSchema<{ q?: string }>(schema),
      execute: async (input) => {
        ran.push(input);
        return 'found';
      },
    });
    const gate = toolGate({ tools: { search } });
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn([call('c1', 'search', { q: 42 })]), textTurn('done')],
    });
    const run = generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      ...gate.toolSettings(),
      prompt: 'hi',
    });

    await expect(run).rejects.toSatisfy(
      (error) =>
        UnreadableSchemaError.isInstance(error) &&
        error.message.includes('could not be read as JSON'),
    );
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(ran).toEqual([]);
  });
});
