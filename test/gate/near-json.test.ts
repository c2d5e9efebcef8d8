/**
 * Near-JSON arguments, as small and local models send them: lenient mode reads them with
 * `jsonrepair`, runs the tool with the repaired value and tells the model nothing; the step, the
 * history and the next request show the repaired arguments. Exact mode refuses them as text that
 * is not JSON, and text no repair turns into an object is refused in either mode.
 */
import type { LanguageModelV4ToolCall } from '@ai-sdk/provider';
import {
  generateText,
  isStepCount,
  jsonSchema,
  streamText,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ToolGateOptions, toolGate } from '../../src/index.ts';
import {
  promptToolCalls,
  promptToolResults,
  refusalAnswers,
  resultText,
  streamTurn,
  textTurn,
  toolTurn,
} from './helpers.ts';

const repaired = { city: 'Paris', days: 3 };

const nearJson: ReadonlyArray<readonly [string, string]> = [
  ['a trailing comma', '{"city": "Paris", "days": 3,}'],
  ['single quotes', "{'city': 'Paris', 'days': 3}"],
  ['unquoted keys', '{city: "Paris", days: 3}'],
  ['a ```json fenced block', '```json\n{"city": "Paris", "days": 3}\n```'],
  ['a truncated closing brace', '{"city": "Paris", "days": 3'],
];

const notJsonAnswer = (input: string) =>
  `Refused: the arguments do not match the schema of tool "weather", so nothing was run.\nThe arguments are not valid JSON (${JSON.stringify(input.slice(0, 40))}); send one JSON object.`;

function makeTools() {
  const execute = vi.fn(async (input: { city: string; days: number }) => `sunny in ${input.city}`);
  const lookup = vi.fn(async (_input: unknown) => 'found');
  const tools = {
    weather: tool({
      inputSchema: z.object({ city: z.string(), days: z.number().int() }),
      execute,
    }),
    // Shaped like an MCP tool: JSON Schema, no validator of its own.
    lookup: tool({
      inputSchema: jsonSchema<{ city: string; days: number }>({
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer' } },
        required: ['city', 'days'],
        additionalProperties: false,
      }),
      execute: lookup,
    }),
  };
  return { tools, execute, lookup };
}

function rawCall(input: string, toolName = 'weather'): LanguageModelV4ToolCall {
  return { type: 'tool-call', toolCallId: 'c1', toolName, input };
}

async function runGenerate(
  input: string,
  {
    toolName = 'weather',
    ...options
  }: Omit<ToolGateOptions<ToolSet>, 'tools'> & {
    toolName?: string;
  } = {},
) {
  const { tools, execute, lookup } = makeTools();
  const gate = toolGate({ tools, ...options });
  const model = new MockLanguageModelV4({
    // No strict profile: the text is the model's own.
    provider: 'ollama.chat',
    doGenerate: [toolTurn([rawCall(input, toolName)]), textTurn('done')],
  });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    repairToolCall: gate.repairToolCall(),
    prompt: 'weather in Paris?',
    stopWhen: isStepCount(3),
  });
  const next = model.doGenerateCalls[1]?.prompt ?? [];
  return { result, execute, lookup, next };
}

async function runStream(input: string, options: Omit<ToolGateOptions<ToolSet>, 'tools'> = {}) {
  const { tools, execute } = makeTools();
  const gate = toolGate({ tools, ...options });
  const model = new MockLanguageModelV4({
    provider: 'ollama.chat',
    doStream: [
      { stream: convertArrayToReadableStream(streamTurn([rawCall(input)])) },
      { stream: convertArrayToReadableStream(streamTurn([], 'done')) },
    ],
  });
  const result = streamText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    tools: gate.tools,
    repairToolCall: gate.repairToolCall(),
    prompt: 'weather in Paris?',
    stopWhen: isStepCount(3),
  });
  await result.consumeStream();
  const next = model.doStreamCalls[1]?.prompt ?? [];
  return { steps: await result.steps, execute, next };
}

describe('near-JSON arguments in lenient mode (the default)', () => {
  describe.each(nearJson)('%s', (_case, input) => {
    it('generateText: runs the tool with the repaired value and tells the model nothing', async () => {
      const { result, execute, next } = await runGenerate(input);
      expect(execute).toHaveBeenCalledTimes(1);
      expect(execute.mock.calls[0]?.[0]).toEqual(repaired);
      expect(result.steps[0]?.toolCalls[0]?.input).toEqual(repaired);
      const { refused, notRun } = refusalAnswers(next);
      expect([...refused, ...notRun]).toEqual([]);
      expect(promptToolResults(next).map(resultText)).toEqual(['sunny in Paris']);
    });

    it('streamText: runs the tool with the repaired value', async () => {
      const { steps, execute, next } = await runStream(input);
      expect(execute.mock.calls[0]?.[0]).toEqual(repaired);
      expect(steps[0]?.toolCalls[0]?.input).toEqual(repaired);
      expect(promptToolResults(next).map(resultText)).toEqual(['sunny in Paris']);
    });
  });

  it('a JSON-Schema tool without a validator gets the repaired value, and the history shows it', async () => {
    const { result, lookup, next } = await runGenerate("{city: 'Paris', days: 3,", {
      toolName: 'lookup',
    });
    expect(lookup.mock.calls[0]?.[0]).toEqual(repaired);
    expect(result.steps[0]?.toolCalls[0]?.input).toEqual(repaired);
    const parts = result.responseMessages.flatMap((message) =>
      message.role === 'assistant' && Array.isArray(message.content) ? message.content : [],
    );
    expect(parts.filter((part) => part.type === 'tool-call').map((part) => part.input)).toEqual([
      repaired,
    ]);
    expect(promptToolCalls(next).map((part) => part.input)).toEqual([repaired]);
  });

  it('a repaired call is judged like any other: one that misses an argument is refused', async () => {
    const { execute, next } = await runGenerate("{'city': 'Paris',}");
    expect(execute).not.toHaveBeenCalled();
    expect(promptToolResults(next).map(resultText)).toEqual([
      'Refused: the arguments do not match the schema of tool "weather", so nothing was run.\n"days" is required but was not sent.',
    ]);
  });

  it.each([
    ['plain words', 'weather in Paris for 3 days'],
    ['text after the object', '{"city": "Paris", "days": 3} and more'],
    ['a list', "[{'city': 'Paris', 'days': 3}"],
  ])('%s, which no repair turns into an object, is refused as not JSON', async (_case, input) => {
    const { execute, next } = await runGenerate(input);
    expect(execute).not.toHaveBeenCalled();
    expect(promptToolResults(next).map(resultText)).toEqual([notJsonAnswer(input)]);
  });
});

describe('near-JSON arguments in exact mode', () => {
  it.each(nearJson)('%s: refuses the turn as not JSON', async (_case, input) => {
    const { execute, next } = await runGenerate(input, { leniency: 'exact' });
    expect(execute).not.toHaveBeenCalled();
    expect(promptToolResults(next).map(resultText)).toEqual([notJsonAnswer(input)]);
  });
});
