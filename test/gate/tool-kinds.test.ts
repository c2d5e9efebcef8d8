import { toStandardJsonSchema } from '@valibot/to-json-schema';
import {
  dynamicTool,
  generateText,
  isStepCount,
  jsonSchema,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolGate } from '../../src/index.ts';
import {
  call,
  offeredTools,
  promptToolCalls,
  refusalAnswers,
  refusedPrefix,
  textTurn,
  toolTurn,
} from './helpers.ts';

/**
 * The gate works the same for every way an app builds a tool: `tool()` with zod, `dynamicTool()`
 * with a bare JSON Schema (no validator of its own), and valibot through Standard JSON Schema.
 * Rules a JSON Schema cannot carry (zod refinements, string lengths) are still enforced before any
 * tool runs: the tool's own validator is asked while the turn is judged.
 */

async function runTurns(tools: ToolSet, turns: Parameters<typeof toolTurn>[0][]) {
  const gate = toolGate({ tools });
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: [...turns.map(toolTurn), textTurn('done')],
  });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    prompt: 'hi',
    stopWhen: isStepCount(turns.length + 2),
  });
  return { model, result };
}

describe('tool kinds', () => {
  it('tool() with zod: refused, then decoded and run', async () => {
    const execute = vi.fn(async (_input: unknown) => 'ok');
    const tools = {
      weather: tool({
        inputSchema: z.object({ city: z.string(), days: z.number().int().optional() }),
        execute,
      }),
    };

    const { model } = await runTurns(tools, [
      [call('c1', 'weather', { city: 'Oslo', days: 1.5 })],
      [call('c2', 'weather', { city: 'Oslo', days: null })],
    ]);

    const { refused } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['c1']);
    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ city: 'Oslo' }]);
  });

  it('dynamicTool() with jsonSchema and no validator: the gate still refuses bad arguments', async () => {
    const execute = vi.fn(async (_input: unknown) => 'ok');
    const schema = {
      type: 'object',
      properties: { q: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      required: ['q'],
      additionalProperties: false,
    } as const;
    const tools = { lookup: dynamicTool({ inputSchema: jsonSchema(schema), execute }) };

    const { model, result } = await runTurns(tools, [
      [call('c1', 'lookup', { query: 'cats', limit: 'ten' })],
      [call('c2', 'lookup', { q: 'cats', limit: null })],
    ]);

    // Offered strict, as a zod tool would be.
    expect(offeredTools(model.doGenerateCalls[0] ?? { prompt: [] }).get('lookup')?.strict).toBe(
      true,
    );
    const { refused } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['c1']);
    const answer = String(refused[0]?.output.value);
    expect(answer.startsWith(refusedPrefix('lookup'))).toBe(true);
    expect(answer).toContain('"q"');
    expect(answer).toContain('"query"');
    expect(answer).toContain('"limit"');
    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ q: 'cats' }]);
    // A dynamic tool's result stays dynamic.
    expect(result.steps[1]?.toolResults.map((part) => part.dynamic)).toEqual([true]);
  });

  it('valibot via toStandardJsonSchema: refused, then decoded and run', async () => {
    const execute = vi.fn(async (_input: unknown) => 'ok');
    const tools = {
      weather: tool({
        inputSchema: toStandardJsonSchema(
          v.object({
            city: v.string(),
            unit: v.optional(v.picklist(['celsius', 'fahrenheit'])),
          }),
        ),
        execute,
      }),
    };

    const { model } = await runTurns(tools, [
      [call('c1', 'weather', { city: 'Oslo', unit: 'kelvin' })],
      [call('c2', 'weather', { city: 'Oslo', unit: null })],
    ]);

    const offered = offeredTools(model.doGenerateCalls[0] ?? { prompt: [] }).get('weather');
    expect(offered?.strict).toBe(true);
    expect(offered?.inputSchema).toMatchObject({ required: ['city', 'unit'] });
    const { refused } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['c1']);
    expect(String(refused[0]?.output.value)).toContain('"kelvin"');
    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ city: 'Oslo' }]);
  });

  it('valibot transforms run once per call', async () => {
    const transform = vi.fn((city: string) => city.toUpperCase());
    const execute = vi.fn(async (_input: unknown) => 'ok');
    const tools = {
      weather: tool({
        inputSchema: toStandardJsonSchema(
          v.object({ city: v.pipe(v.string(), v.transform(transform)) }),
        ),
        execute,
      }),
    };

    await runTurns(tools, [[call('c1', 'weather', { city: 'oslo' })]]);

    expect(execute.mock.calls.map(([input]) => input)).toEqual([{ city: 'OSLO' }]);
    expect(transform).toHaveBeenCalledTimes(1);
  });

  it("a rule only the tool's validator knows refuses the whole turn before anything runs", async () => {
    const searchExecute = vi.fn(async (_input: unknown) => 'found');
    const renameExecute = vi.fn(async (_input: unknown) => 'renamed');
    const tools = {
      search: tool({ inputSchema: z.object({ q: z.string() }), execute: searchExecute }),
      rename: tool({
        inputSchema: z.object({
          name: z.string().min(3),
          slug: z.string().refine((slug) => slug === slug.toLowerCase(), 'must be lower case'),
        }),
        execute: renameExecute,
      }),
    };

    const { model } = await runTurns(tools, [
      [call('c1', 'search', { q: 'x' }), call('c2', 'rename', { name: 'ab', slug: 'Ab' })],
      [call('c3', 'search', { q: 'x' }), call('c4', 'rename', { name: 'abc', slug: 'Ab' })],
      [call('c5', 'search', { q: 'x' }), call('c6', 'rename', { name: 'abc', slug: 'ab' })],
    ]);

    const { refused, notRun } = refusalAnswers(model.doGenerateCalls[1]?.prompt ?? []);
    expect(refused.map((answer) => answer.toolCallId)).toEqual(['c2']);
    expect(notRun.map((answer) => answer.toolCallId)).toEqual(['c1']);
    const answer = String(refused[0]?.output.value);
    expect(answer.startsWith(refusedPrefix('rename'))).toBe(true);
    // The schema's `minLength` is judged by the gate itself; the validator is asked only of what
    // the schema check passes.
    expect(answer.split('\n').slice(1)).toEqual(['"name" must be at least 3 characters long.']);
    expect(promptToolCalls(model.doGenerateCalls[1]?.prompt ?? [])[1]?.input).toEqual({
      name: 'ab',
      slug: 'Ab',
    });
    const second = refusalAnswers(model.doGenerateCalls[2]?.prompt ?? []);
    expect(second.refused.map((answer) => answer.toolCallId)).toEqual(['c2', 'c4']);
    expect(String(second.refused[1]?.output.value).split('\n').slice(1)).toEqual([
      expect.stringMatching(
        /^"slug" was rejected by the tool's own validation: must be lower case/,
      ),
    ]);
    // The refused turns ran nothing; the corrected one ran both.
    expect(searchExecute.mock.calls.map(([input]) => input)).toEqual([{ q: 'x' }]);
    expect(renameExecute.mock.calls.map(([input]) => input)).toEqual([{ name: 'abc', slug: 'ab' }]);
  });
});
