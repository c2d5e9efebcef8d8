/**
 * What the gate costs an app, against the same app on the ungated AI SDK, measured side by side in
 * one process (arms interleaved, medians of paired ratios, CPU time; see paired-ratios.ts):
 * - stream: `streamText` over 5,000 text deltas and 3 tool calls from a strict provider
 *   (`openai.responses`), tools executed; goal gated / ungated <= 1.03x.
 * - mcp: 100 MCP-like tools (`dynamicTool` + `jsonSchema`, no validator) rebuilt as new objects
 *   every turn (each turn parses the tool listing, as an MCP client's `tools()` does), wrapped per
 *   turn by one gate made once (`gate.wrapTools`, as README's "Tools chosen per request" shows), a
 *   2-step `generateText` on a strict provider; goal <= 1.15x. A `perRequest` arm builds a new gate
 *   and wrapped model every turn (a serverless handler's habit); goal <= 1.5x. Two more arms give
 *   floors, printed below the gate's ratio: `read`, the ungated turn plus one read of every tool schema
 *   (read-schemas.ts), the least any gate that recognizes a rebuilt schema by its content does;
 *   `compare`, the ungated turn plus a comparison of every tool schema with a copy kept from the
 *   turn before (compare-schemas.ts), the least a gate that recognizes it exactly does.
 * - mcp-real: the same tools and turn through the real parts an app has (see mcp-client-turn.ts):
 *   an MCP server listing them, an `@ai-sdk/mcp` client fetching them every turn, the real OpenAI
 *   Responses provider building each request and parsing each answer. The mock model of `mcp`
 *   leaves out all per-tool work of a provider; this arm shows what the gate adds where a provider
 *   does it. It has the `read` and `compare` arms too.
 * - zod: two zod tools and one gate made once, a 2-step `generateText` on a strict provider; the
 *   gate should cost (almost) nothing here.
 *
 * Usage: `node --expose-gc gate.bench.ts [--arm=stream|mcp|mcp-real|zod] [--rounds=N]`.
 * With `--run=gated|ungated|read|compare --turns=N` it runs one arm of the bench `--arm` N times
 * and prints nothing: what `instruction-ratios.ts` counts under valgrind.
 */
import { createHook } from 'node:async_hooks';
import { loadavg } from 'node:os';
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4GenerateResult,
} from '@ai-sdk/provider';
import { generateText, isStepCount, type LanguageModel, type ToolSet, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { toolGate } from '../src/index.ts';
import { schemaComparer } from './compare-schemas.ts';
import { connectMcpClient, responsesModel } from './mcp-client-turn.ts';
import { mcpListing, toolsOfListing } from './mcp-tools.ts';
import { formatRatio, measurePairedRatios, type PairedArms } from './paired-ratios.ts';
import { readSchemas } from './read-schemas.ts';
import { runStreamTurn, streamTurnModel, streamTurnTools } from './stream-turn.ts';
import { zodTools } from './zod-tools.ts';

const argument = (name: string): string | undefined =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = argument('arm');
const roundsArgument = argument('rounds');
const repeatArgument = argument('repeat');
const runArgument = argument('run');
const turnsArgument = argument('turns');

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** The first step calls a tool; once a tool result is in the prompt, the model answers in text. */
function twoStepModel(
  toolName: string,
  input: unknown,
): MockLanguageModelV4 & { calls: () => number } {
  let calls = 0;
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: async (
      options: LanguageModelV4CallOptions,
    ): Promise<LanguageModelV4GenerateResult> => {
      // The mock records every call; forget them, so neither arm pays for a growing heap.
      model.doGenerateCalls.length = 0;
      calls++;
      const answered = options.prompt.some((message) => message.role === 'tool');
      return {
        content: answered
          ? [{ type: 'text', text: 'done' }]
          : [
              {
                type: 'tool-call',
                toolCallId: `call-${calls}`,
                toolName,
                input: JSON.stringify(input),
              },
            ],
        finishReason: answered
          ? { unified: 'stop', raw: 'stop' }
          : { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
  return Object.assign(model, { calls: () => calls });
}

/** Throws unless the loop ran both steps and the tool ran: a benchmark of a refused turn means nothing. */
function assertRan(
  result: { steps: ReadonlyArray<{ toolResults: readonly unknown[] }> },
  steps: number,
) {
  if (result.steps.length !== steps)
    throw new Error(`${result.steps.length} steps instead of ${steps}`);
  if (result.steps[0]?.toolResults.length !== 1) throw new Error('the tool did not run');
}

// --- stream --------------------------------------------------------------------------------------

function streamArms() {
  const model = streamTurnModel();
  const tools = streamTurnTools();
  const gate = toolGate({ tools });
  return {
    ungated: runStreamTurn(model, tools),
    gated: runStreamTurn(wrapLanguageModel({ model, middleware: gate.middleware }), gate.tools),
  };
}

// --- mcp, mcp-real ------------------------------------------------------------------------------

/**
 * The documented pattern for tools chosen per request: one gate and one wrapped model, the tools of
 * each turn fetched anew and wrapped.
 */
function toolsPerTurnArms(model: LanguageModelV4, fetchTools: () => ToolSet | Promise<ToolSet>) {
  const gate = toolGate();
  const gatedModel = wrapLanguageModel({ model, middleware: gate.middleware });
  const compareSchemas = schemaComparer();
  let compared = false;
  const turn = async (turnModel: LanguageModel, tools: ToolSet) =>
    assertRan(
      await generateText({ model: turnModel, tools, prompt: 'read', stopWhen: isStepCount(2) }),
      2,
    );
  return {
    ungated: async () => turn(model, await fetchTools()),
    gated: async () => turn(gatedModel, gate.wrapTools(await fetchTools())),
    // The serverless-handler habit: a gate, and a model wrapped with it, built for each request.
    perRequest: async () => {
      const requestGate = toolGate();
      const requestModel = wrapLanguageModel({ model, middleware: requestGate.middleware });
      return turn(requestModel, requestGate.wrapTools(await fetchTools()));
    },
    read: async () => {
      const tools = await fetchTools();
      if (readSchemas(tools) === 0) throw new Error('no schema was read');
      return turn(model, tools);
    },
    compare: async () => {
      const tools = await fetchTools();
      // From the second turn on, every schema equals its kept copy: the listing never changes.
      const equal = compareSchemas(tools);
      if (compared && equal !== Object.keys(tools).length) throw new Error('a schema differed');
      compared = true;
      return turn(model, tools);
    },
  };
}

function mcpArms() {
  const listing = mcpListing();
  return toolsPerTurnArms(twoStepModel('tool_0', { path: '/etc/hosts' }), () =>
    toolsOfListing(listing),
  );
}

async function mcpRealArms() {
  const { client, close } = await connectMcpClient(mcpListing());
  const model = responsesModel('tool_0', { path: '/etc/hosts' });
  return { arms: toolsPerTurnArms(model, () => client.tools()), close };
}

// --- zod -----------------------------------------------------------------------------------------

function zodArms() {
  const tools = zodTools();
  // Each arm gets a call its tool runs: the gate's strict schema has the model send `null` for an
  // unset optional parameter, which the tool's own zod schema refuses without the gate.
  const model = twoStepModel('weather', { city: 'Oslo', days: 3 });
  const strictModel = twoStepModel('weather', { city: 'Oslo', unit: null, days: 3 });
  const gate = toolGate({ tools });
  const gatedModel = wrapLanguageModel({ model: strictModel, middleware: gate.middleware });
  return {
    ungated: async () => {
      const result = await generateText({ model, tools, prompt: 'hi', stopWhen: isStepCount(2) });
      assertRan(result, 2);
    },
    gated: async () => {
      const result = await generateText({
        model: gatedModel,
        tools: gate.tools,
        prompt: 'hi',
        stopWhen: isStepCount(2),
      });
      assertRan(result, 2);
    },
  };
}

/** A gate built per request should cost about what one built at start-up costs. */
const perRequestGoal = 1.5;

const benches = [
  {
    name: 'stream',
    title: 'streamText, 5,000 text deltas + 3 tool calls, strict provider',
    arms: streamArms,
    // Its gap is a few percent of the SDK's own work, its goal a 3% margin: 60 rounds gave
    // intervals 0.05 to 0.10 wide, 200 give about 0.02 (about 3 minutes on 2 cores).
    rounds: 200,
    repeat: 1,
    goal: 1.03,
  },
  {
    name: 'mcp',
    title: '100 MCP-like tools rebuilt every turn, 2-step generateText, strict provider',
    arms: mcpArms,
    rounds: 40,
    repeat: 5,
    goal: 1.15,
  },
  {
    name: 'mcp-real',
    title:
      'the same through an MCP server and client and the real OpenAI Responses provider (fetch answered in-process)',
    arms: mcpRealArms,
    rounds: 40,
    repeat: 3,
    goal: 1.15,
  },
  {
    name: 'zod',
    title: 'two zod tools, 2-step generateText, strict provider',
    arms: zodArms,
    rounds: 40,
    repeat: 20,
    goal: undefined,
  },
];

// The SDK logs every warning to the console; the arms expect none.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
if (runArgument !== undefined) {
  await runOneArm({ bench: only, arm: runArgument, turns: Number(turnsArgument) });
  process.exit(0);
}
console.log(
  'Gate / ungated AI SDK (median of paired ratios of CPU time, with its 95% confidence interval; ms are medians per run; promises counted in one run of each arm, a figure load does not move; load average before and after):',
);
for (const bench of benches) {
  if (only !== undefined && only !== bench.name) continue;
  const rounds = roundsArgument === undefined ? bench.rounds : Number(roundsArgument);
  const loadBefore = loadavg()[0] ?? 0;
  const made = await bench.arms();
  const { arms, close } = 'arms' in made ? made : { arms: made, close: undefined };
  const result = await measurePairedRatios({
    arms,
    reference: 'ungated',
    rounds,
    repeat: repeatArgument === undefined ? bench.repeat : Number(repeatArgument),
  });
  const promises = await countPromises(arms);
  await close?.();
  const [low, high] = result.interval('gated');
  const goal = bench.goal === undefined ? '' : `  (goal <= ${bench.goal}x)`;
  console.log(
    `  ${bench.name.padEnd(8)} ${formatRatio(result.ratio('gated'), { atMost: bench.goal })} (${low.toFixed(2)}–${high.toFixed(2)})${goal}  gated ${result.ms('gated').toFixed(2)} ms, ungated ${result.ms('ungated').toFixed(2)} ms; promises ${((promises.get('gated') ?? 0) / (promises.get('ungated') ?? 1)).toFixed(3)}x; ${bench.title}, ${rounds} rounds, load ${loadBefore.toFixed(1)}–${(loadavg()[0] ?? 0).toFixed(1)}`,
  );
  if ('perRequest' in arms) {
    const [perRequestLow, perRequestHigh] = result.interval('perRequest');
    console.log(
      `  ${''.padEnd(8)} ${formatRatio(result.ratio('perRequest'), { atMost: perRequestGoal })} (${perRequestLow.toFixed(2)}–${perRequestHigh.toFixed(2)})  (goal <= ${perRequestGoal}x) a gate and a wrapped model built for each turn (a handler that builds its gate per request), the same rounds`,
    );
  }
  if ('read' in arms) {
    const [readLow, readHigh] = result.interval('read');
    console.log(
      `  ${''.padEnd(8)} ${result.ratio('read').toFixed(2)}x (${readLow.toFixed(2)}–${readHigh.toFixed(2)}) the ungated turn reading every tool schema once (no gate), the same rounds: the least any gate that recognizes schemas by content adds`,
    );
  }
  if ('compare' in arms) {
    const [compareLow, compareHigh] = result.interval('compare');
    console.log(
      `  ${''.padEnd(8)} ${result.ratio('compare').toFixed(2)}x (${compareLow.toFixed(2)}–${compareHigh.toFixed(2)}) the ungated turn comparing every tool schema with a copy kept from the turn before: the least a gate that recognizes them exactly adds`,
    );
  }
}

/** Runs one arm of one bench `turns` times, untimed, for a counter outside the process. */
async function runOneArm({
  bench: name,
  arm: armName,
  turns,
}: {
  bench: string | undefined;
  arm: string;
  turns: number;
}): Promise<void> {
  const bench = benches.find((candidate) => candidate.name === name);
  if (bench === undefined) {
    throw new Error(`--run needs --arm=${benches.map((known) => known.name).join('|')}`);
  }
  if (!Number.isInteger(turns) || turns < 0) throw new Error('--run needs --turns=N, N >= 0');
  const made = await bench.arms();
  const { arms, close } = 'arms' in made ? made : { arms: made, close: undefined };
  const arm = (arms as PairedArms)[armName];
  if (typeof arm !== 'function') throw new Error(`--run=${armName}: no such arm in ${name}`);
  for (let turn = 0; turn < turns; turn++) await arm();
  await close?.();
}

/** Promises each arm makes in one run (after one run to warm up). */
async function countPromises(arms: PairedArms): Promise<Map<string, number>> {
  let count = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'PROMISE') count++;
    },
  });
  const counts = new Map<string, number>();
  for (const [name, arm] of Object.entries(arms)) {
    const run = typeof arm === 'function' ? () => arm() : () => arm.run(arm.setup() as never);
    await run();
    count = 0;
    hook.enable();
    await run();
    hook.disable();
    counts.set(name, count);
  }
  return counts;
}
