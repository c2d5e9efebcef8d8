// README's full example, offline: a mock OpenAI Responses model sends one turn with a unit outside
// the enum (refused, nothing runs), then the corrected turn with strict mode's `null` placeholders,
// then its answer. Prints one JSON line that run.ts checks. Bundled by webpack, Vite and esbuild.
import { generateText, isStepCount, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { toolGate } from 'toolgate';
import { z } from 'zod';

const executed = [];
const weather = tool({
  description: 'Weather forecast for a city',
  inputSchema: z.object({
    city: z.string(),
    unit: z.enum(['celsius', 'fahrenheit']).optional(),
    days: z.number().int().optional(),
  }),
  execute: async ({ city, unit, days }) => {
    executed.push({ city, unit, days });
    return `sunny in ${city}`;
  },
});

const gate = toolGate({
  tools: { weather },
  defaults: { weather: { unit: 'celsius' } },
});

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};
const call = (toolCallId, input) => ({
  type: 'tool-call',
  toolCallId,
  toolName: 'weather',
  input: JSON.stringify(input),
});
const toolTurn = (content) => ({
  content,
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  usage,
  warnings: [],
});

const model = new MockLanguageModelV4({
  provider: 'openai.responses',
  modelId: 'gpt-5',
  doGenerate: [
    toolTurn([
      call('call_1', { city: 'Paris', unit: 'kelvin', days: 3 }),
      call('call_2', { city: 'Rome', unit: null, days: 3 }),
    ]),
    toolTurn([
      call('call_3', { city: 'Paris', unit: null, days: 3 }),
      call('call_4', { city: 'Rome', unit: 'fahrenheit', days: null }),
    ]),
    {
      content: [{ type: 'text', text: 'Sunny in Paris and Rome.' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    },
  ],
});

const result = await generateText({
  model: wrapLanguageModel({ model, middleware: gate.middleware }),
  ...gate.toolSettings(),
  stopWhen: isStepCount(5),
  prompt: 'Weather in Paris and Rome for the next three days?',
});

const refused = result.steps[0].toolResults.length === 0 ? result.steps[0].content : [];
console.log(
  JSON.stringify({
    text: result.text,
    steps: result.steps.length,
    firstTurn: refused
      .filter((part) => part.type === 'tool-error')
      .map((part) => String(part.error?.message ?? part.error).split(':')[0]),
    executed,
  }),
);
