// The whole gate loop with nothing but web APIs, so it can run in workerd, Deno and Bun: strict
// conversion and decoding on their own, then `generateText` through the gate with a mock model
// whose first turn is refused and whose corrected turn runs. Returns what happened; throws when
// anything differs from what the gate promises.

import type {
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
} from '@ai-sdk/provider';
import { generateText, isStepCount, jsonSchema, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { checkArguments } from '../../src/checker/index.ts';
import { decodeArguments, toStrictSchema } from '../../src/decode/index.ts';
import { toolGate } from '../../src/index.ts';

export type GateLoopResult = {
  strictSent: boolean;
  decoded: unknown;
  refusedAnswer: string;
  notRunAnswer: string;
  executed: unknown[];
  text: string;
};

const weatherSchema = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    days: { type: 'integer' },
  },
  required: ['city'],
  additionalProperties: false,
} as const;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

function turn(calls: Array<[id: string, input: object]>): LanguageModelV4GenerateResult {
  return {
    content: calls.map(([toolCallId, input]) => ({
      type: 'tool-call' as const,
      toolCallId,
      toolName: 'weather',
      input: JSON.stringify(input),
    })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

function toolAnswers(prompt: LanguageModelV4Prompt): Map<string, string> {
  const answers = new Map<string, string>();
  for (const message of prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const output = part.output as { type: string; value: unknown };
      answers.set(part.toolCallId, String(output.value));
    }
  }
  return answers;
}

function expectEqual(actual: unknown, expected: unknown, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) {
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

export async function runGateLoop(): Promise<GateLoopResult> {
  // The pure parts on their own.
  const converted = toStrictSchema(weatherSchema);
  if (!converted.strict) throw new Error(`not strict: ${converted.reason}`);
  const decoded = decodeArguments({ city: 'Oslo', unit: null, days: 3 }, converted.plan);
  expectEqual(decoded, { city: 'Oslo', days: 3 }, 'decoded arguments');
  const mismatches = checkArguments(weatherSchema, { city: 'Oslo', unit: 'kelvin' });
  expectEqual(
    mismatches.map((mismatch) => mismatch.code),
    ['enum'],
    'mismatch codes',
  );

  // The loop: a refused turn, the corrective round, then the answer.
  const requests: LanguageModelV4CallOptions[] = [];
  const turns = [
    turn([
      ['c1', { city: 'Paris', unit: 'celsius', days: null }],
      ['c2', { city: 'Oslo', unit: 'kelvin', days: 3 }],
    ]),
    turn([
      ['d1', { city: 'Paris', unit: 'celsius', days: null }],
      ['d2', { city: 'Oslo', unit: null, days: 3 }],
    ]),
    {
      content: [{ type: 'text' as const, text: 'Paris is sunny; Oslo is sunny for 3 days.' }],
      finishReason: { unified: 'stop' as const, raw: 'stop' },
      usage,
      warnings: [],
    },
  ];
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    modelId: 'gpt-5-mini',
    doGenerate: async (options) => {
      requests.push(options);
      const next = turns[requests.length - 1];
      if (next === undefined) throw new Error('the loop asked for more turns than recorded');
      return next;
    },
  });
  const executed: unknown[] = [];
  const gate = toolGate({
    tools: {
      weather: tool({
        description: 'Weather forecast for a city',
        inputSchema: jsonSchema<{ city: string; unit?: string; days?: number }>(weatherSchema),
        execute: async (input) => {
          executed.push(input);
          return `sunny in ${input.city}`;
        },
      }),
    },
  });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: gate.middleware }),
    ...gate.toolSettings(),
    prompt: 'Weather in Paris, and in Oslo for 3 days?',
    stopWhen: isStepCount(5),
  });

  const sent = requests[0]?.tools?.[0] as { strict?: boolean; inputSchema?: unknown } | undefined;
  expectEqual(sent?.strict, true, 'strict flag sent');
  expectEqual(sent?.inputSchema, converted.schema, 'schema sent');
  const answers = toolAnswers(requests[1]?.prompt ?? []);
  const refusedAnswer = answers.get('c2') ?? '';
  const notRunAnswer = answers.get('c1') ?? '';
  if (
    !refusedAnswer.startsWith('Refused: the arguments do not match the schema of tool "weather"')
  ) {
    throw new Error(`refused answer: ${refusedAnswer}`);
  }
  if (!notRunAnswer.startsWith('Not run:')) throw new Error(`not run answer: ${notRunAnswer}`);
  expectEqual(
    executed,
    [
      { city: 'Paris', unit: 'celsius' },
      { city: 'Oslo', days: 3 },
    ],
    'inputs the tool ran with',
  );
  expectEqual(requests.length, 3, 'model requests');
  return {
    strictSent: sent?.strict === true,
    decoded,
    refusedAnswer,
    notRunAnswer,
    executed,
    text: result.text,
  };
}
