// The same model turns, through the AI SDK alone, toolgate, Mastra and the OpenAI Agents SDK: each
// framework gets a model that answers with the same tool calls, and the script records which calls
// ran, with what input, and what the model read back for each call. Nothing is estimated: every
// number in README's comparison is printed by this script.
//
//   npm install && node compare.ts        (in scripts/peers)

import { Agent as MastraAgent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import {
  type Model,
  type ModelRequest,
  type ModelResponse,
  Agent as OpenAIAgent,
  tool as openaiTool,
  run,
  setTracingDisabled,
  Usage,
} from '@openai/agents';
import {
  generateText,
  isStepCount,
  type LanguageModelMiddleware,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { toolGate } from 'toolgate';
import { z } from 'zod';

type Call = { id: string; input: Record<string, unknown> };
type Case = { name: string; turns: Call[][] };
type Outcome = { ran: unknown[][]; read: Record<string, string>; error?: string };

const cases: Case[] = [
  {
    name: 'one bad call among three (unit "kelvin" outside the enum)',
    turns: [
      [
        { id: 'paris', input: { city: 'Paris' } },
        { id: 'oslo', input: { city: 'Oslo', unit: 'kelvin', days: 3 } },
        { id: 'tokyo', input: { city: 'Tokyo' } },
      ],
      [
        { id: 'paris-2', input: { city: 'Paris' } },
        { id: 'oslo-2', input: { city: 'Oslo', unit: 'celsius', days: 3 } },
        { id: 'tokyo-2', input: { city: 'Tokyo' } },
      ],
    ],
  },
  {
    name: 'strict-mode null placeholders for optional arguments',
    turns: [[{ id: 'lisbon', input: { city: 'Lisbon', unit: null, days: null } }]],
  },
];

setTracingDisabled(true);

const description = 'Current weather, and a forecast when days is given, for one city.';
const inputSchema = z.object({
  city: z.string(),
  unit: z.enum(['celsius', 'fahrenheit']).optional(),
  days: z.number().int().min(1).max(7).optional(),
});
type WeatherInput = z.infer<typeof inputSchema>;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** An AI SDK model that answers with the case's turns, then text; it records what it read back. */
function aiSdkModel(turns: Call[][], read: Record<string, string>) {
  let request = 0;
  return new MockLanguageModelV4({
    provider: 'openai.responses',
    modelId: 'gpt-5-mini',
    doGenerate: async ({ prompt }) => {
      for (const message of prompt) {
        if (message.role !== 'tool') continue;
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue;
          const { value } = part.output as { value: unknown };
          read[part.toolCallId] ??= typeof value === 'string' ? value : JSON.stringify(value);
        }
      }
      const calls = turns[request] ?? [];
      request += 1;
      return {
        content:
          calls.length === 0
            ? [{ type: 'text' as const, text: 'done' }]
            : calls.map((call) => ({
                type: 'tool-call' as const,
                toolCallId: call.id,
                toolName: 'get_weather',
                input: JSON.stringify(call.input),
              })),
        finishReason:
          calls.length === 0
            ? { unified: 'stop' as const, raw: 'stop' }
            : { unified: 'tool-calls' as const, raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
}

/** Groups the inputs a tool ran with by the model turn they came from. */
function turnLog() {
  const ran: unknown[][] = [];
  let turn = -1;
  const nextTurn: LanguageModelMiddleware = {
    specificationVersion: 'v4',
    wrapGenerate: async ({ doGenerate }) => {
      turn += 1;
      ran[turn] = [];
      return doGenerate();
    },
  };
  return { ran, nextTurn, record: (input: unknown) => ran[Math.max(turn, 0)]?.push(input) };
}

async function aiSdkAlone({ turns }: Case): Promise<Outcome> {
  const read: Record<string, string> = {};
  const log = turnLog();
  await generateText({
    model: wrapLanguageModel({ model: aiSdkModel(turns, read), middleware: log.nextTurn }),
    tools: {
      get_weather: tool({
        description,
        inputSchema,
        execute: async (input) => {
          log.record(input);
          return 'ok';
        },
      }),
    },
    prompt: 'Weather?',
    stopWhen: isStepCount(5),
  });
  return { ran: log.ran, read };
}

async function withToolgate({ turns }: Case): Promise<Outcome> {
  const read: Record<string, string> = {};
  const log = turnLog();
  const gate = toolGate({
    tools: {
      get_weather: tool({
        description,
        inputSchema,
        execute: async (input) => {
          log.record(input);
          return 'ok';
        },
      }),
    },
  });
  await generateText({
    model: wrapLanguageModel({
      model: aiSdkModel(turns, read),
      middleware: [log.nextTurn, gate.middleware],
    }),
    tools: gate.tools,
    prompt: 'Weather?',
    stopWhen: isStepCount(5),
  });
  return { ran: log.ran, read };
}

async function mastra({ turns }: Case): Promise<Outcome> {
  const read: Record<string, string> = {};
  const log = turnLog();
  const agent = new MastraAgent({
    id: 'weather',
    name: 'weather',
    instructions: 'Answer with the weather.',
    // Mastra 1.71 accepts AI SDK v4 models at run time; its types expect its own wrapper's shape.
    model: wrapLanguageModel({
      model: aiSdkModel(turns, read),
      middleware: log.nextTurn,
    }) as never,
    tools: {
      get_weather: createTool({
        id: 'get_weather',
        description,
        inputSchema,
        execute: async (input: WeatherInput) => {
          log.record(input);
          return { ok: true };
        },
      }),
    },
  });
  await agent.generate('Weather?', { maxSteps: 5 });
  return { ran: log.ran, read };
}

async function openaiAgents({ turns }: Case): Promise<Outcome> {
  const read: Record<string, string> = {};
  const ran: unknown[][] = [];
  let request = 0;
  const model: Model = {
    async getResponse(modelRequest: ModelRequest): Promise<ModelResponse> {
      const input = Array.isArray(modelRequest.input) ? modelRequest.input : [];
      for (const item of input as Array<Record<string, unknown>>) {
        if (item.type !== 'function_call_result') continue;
        const output = item.output as { text?: string } | string;
        read[String(item.callId)] ??= typeof output === 'string' ? output : (output.text ?? '');
      }
      const calls = turns[request] ?? [];
      request += 1;
      ran[request - 1] = [];
      return {
        usage: new Usage(),
        output:
          calls.length === 0
            ? [
                {
                  type: 'message',
                  role: 'assistant',
                  status: 'completed',
                  content: [{ type: 'output_text', text: 'done' }],
                },
              ]
            : calls.map((call) => ({
                type: 'function_call' as const,
                callId: call.id,
                name: 'get_weather',
                arguments: JSON.stringify(call.input),
                status: 'completed' as const,
              })),
      };
    },
    // biome-ignore lint/correctness/useYield: the comparison runs without streaming
    async *getStreamedResponse() {
      throw new Error('not used');
    },
  };
  const execute = async (input: unknown) => {
    ran[request - 1]?.push(input);
    return 'ok';
  };
  let getWeather: ReturnType<typeof openaiTool>;
  let note: string | undefined;
  try {
    getWeather = openaiTool({ name: 'get_weather', description, parameters: inputSchema, execute });
  } catch (error) {
    // The SDK's strict mode (required for zod parameters) refuses `.optional()`: give it the
    // schema it asks for instead, with `.nullable()` where the others have `.optional()`.
    note = `its strict mode refuses the .optional() schema (${error instanceof Error ? error.message : String(error)}); run with .nullable() instead`;
    getWeather = openaiTool({
      name: 'get_weather',
      description,
      parameters: z.object({
        city: z.string(),
        unit: z.enum(['celsius', 'fahrenheit']).nullable(),
        days: z.number().int().min(1).max(7).nullable(),
      }),
      execute,
    });
  }
  const agent = new OpenAIAgent({ name: 'weather', model, tools: [getWeather] });
  try {
    await run(agent, 'Weather?', { maxTurns: 5 });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ran, read, error: note === undefined ? message : `${note}; ${message}` };
  }
  return { ran, read, ...(note === undefined ? {} : { error: note }) };
}

const frameworks = [
  ['AI SDK 7 alone', aiSdkAlone],
  ['toolgate', withToolgate],
  ['Mastra 1.71', mastra],
  ['OpenAI Agents JS 0.20', openaiAgents],
] as const;

const clip = (text: string) => (text.length > 240 ? `${text.slice(0, 240)}…` : text);
for (const testCase of cases) {
  console.log(`\n## ${testCase.name}`);
  for (const [name, compare] of frameworks) {
    let outcome: Outcome;
    try {
      outcome = await compare(testCase);
    } catch (error) {
      console.log(
        `\n${name}: threw ${clip(error instanceof Error ? error.message : String(error))}`,
      );
      continue;
    }
    console.log(`\n${name}${outcome.error === undefined ? '' : ` (${outcome.error})`}`);
    outcome.ran.forEach((inputs, turn) => {
      if (turn < testCase.turns.length) {
        console.log(
          `  turn ${turn + 1}: ${inputs.length} of ${testCase.turns[turn]?.length} calls ran ${JSON.stringify(inputs)}`,
        );
      }
    });
    for (const call of testCase.turns[0] ?? []) {
      console.log(
        `  model read for ${call.id}: ${JSON.stringify(clip(outcome.read[call.id] ?? '(nothing)'))}`,
      );
    }
  }
}
