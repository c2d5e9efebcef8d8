import { generateText, isStepCount, jsonSchema, type Tool, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolGate, UnreadableSchemaError } from '../../src/index.ts';
import {
  call,
  offeredTools,
  promptToolResults,
  refusedPrefix,
  resultText,
  textTurn,
  toolTurn,
} from './helpers.ts';

/**
 * Tools whose schema admits no arguments at all (`false`, zod's `z.never()` as `{ not: {} }`)
 * accept no call: a turn calling one is refused and nothing of it runs. A schema that is no JSON
 * Schema at all is rejected with a named error, never judged as any object.
 */

// The warnings are asserted on the result; the SDK need not print them too.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const nothingSentence =
  'The arguments can never fit: this tool accepts no call, so do not call it.';

function makeTools(closedSchema: Tool['inputSchema']) {
  const executed: string[] = [];
  const tools = {
    closed: tool({
      inputSchema: closedSchema,
      execute: async () => {
        executed.push('closed');
        return 'ran';
      },
    }),
    search: tool({
      inputSchema: z.object({ query: z.string() }),
      execute: async () => {
        executed.push('search');
        return 'found';
      },
    }),
  };
  return { tools, executed };
}

async function runTurn(closedSchema: Tool['inputSchema'], provider: string) {
  const { tools, executed } = makeTools(closedSchema);
  const gate = toolGate({ tools });
  const model = new MockLanguageModelV4({
    provider,
    doGenerate: [
      toolTurn([call('c1', 'closed', {}), call('s1', 'search', { query: 'x' })]),
      textTurn('done'),
    ],
  });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    prompt: 'hi',
    stopWhen: isStepCount(3),
  });
  return { result, model, executed };
}

describe('a tool whose schema admits nothing', () => {
  for (const [label, schema] of [
    ['false', jsonSchema(false as never)],
    ['{ not: {} }', jsonSchema({ not: {} })],
    ['z.never()', z.never()],
  ] as const) {
    it(`refuses the whole turn for ${label}, runs nothing, and is offered without strict mode`, async () => {
      const { result, model, executed } = await runTurn(schema, 'openai.responses');
      expect(executed).toEqual([]);
      const results = promptToolResults(model.doGenerateCalls[1]?.prompt ?? []);
      expect(resultText(results.find(({ toolCallId }) => toolCallId === 'c1'))).toBe(
        `${refusedPrefix('closed')}\n${nothingSentence}`,
      );
      expect(resultText(results.find(({ toolCallId }) => toolCallId === 's1'))).toMatch(
        /^Not run: a call to tool "closed" in the same turn was refused/,
      );
      const offered = offeredTools(model.doGenerateCalls[0] as never).get('closed');
      expect(offered).toEqual({
        type: 'function',
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        strict: undefined,
      });
      expect(offeredTools(model.doGenerateCalls[0] as never).get('search')?.strict).toBe(true);
      expect(result.steps[0]?.warnings).toContainEqual({
        type: 'other',
        message:
          'toolgate: tool "closed" is sent without strict mode: the schema admits no arguments, so every call is refused.',
      });
    });
  }

  it('refuses its calls on a provider without strict mode too', async () => {
    const { model, executed } = await runTurn(jsonSchema(false as never), 'mock-provider');
    expect(executed).toEqual([]);
    const results = promptToolResults(model.doGenerateCalls[1]?.prompt ?? []);
    expect(resultText(results[0])).toContain(nothingSentence);
  });
});

describe('a tool whose schema is no JSON Schema', () => {
  it('is rejected by wrapTools with an error naming the tool', () => {
    for (const [content, received] of [
      [null, 'null'],
      [5, 'the number 5'],
      ['object', 'text ("object")'],
      [[{ type: 'object' }], 'a list of 1 item'],
    ] as const) {
      const gate = toolGate({});
      const tools = {
        ok: tool({ inputSchema: z.object({}) }),
        broken: tool({ inputSchema: jsonSchema(content as never) }),
      };
      let thrown: unknown;
      try {
        gate.wrapTools(tools);
      } catch (error) {
        thrown = error;
      }
      expect(UnreadableSchemaError.isInstance(thrown)).toBe(true);
      expect(thrown).toMatchObject({ name: 'UnreadableSchemaError', toolName: 'broken', received });
    }
    expect(() =>
      toolGate({ tools: { t: tool({ inputSchema: jsonSchema(null as never) }) } }),
    ).toThrow(
      'toolgate: the input schema of tool "t" is null, not a JSON Schema, so its calls cannot be checked.',
    );
  });

  it('fails the request that first reads it, when given lazily, before the model is called', async () => {
    const executed: string[] = [];
    const gate = toolGate({});
    const model = new MockLanguageModelV4({
      provider: 'openai.responses',
      doGenerate: [toolTurn([call('c1', 'lazy', {})]), textTurn('done')],
    });
    const tools = gate.wrapTools({
      lazy: tool({
        inputSchema: jsonSchema(() => Promise.resolve(null as never)),
        execute: async () => {
          executed.push('lazy');
          return 'ran';
        },
      }),
    });
    const run = generateText({
      model: wrapLanguageModel({ model, middleware: gate.middleware }),
      tools,
      prompt: 'hi',
    });
    await expect(run).rejects.toSatisfy(UnreadableSchemaError.isInstance);
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(executed).toEqual([]);
  });
});
