/**
 * Does the gate keep anything per turn? Runs many model turns through the gate, alternating a
 * passed turn and a refused one (each refused turn's calls come back in the next turn's prompt, so
 * the restoring path runs too), with fresh tool call ids and argument values every turn, and prints
 * the heap after a full GC at 0, 25%, 50%, 75% and 100% of the turns.
 *
 * Usage: `node --expose-gc gate-memory.bench.ts [--mode=direct|generateText|both]
 * [--turns=100000]`
 * - `direct`: `wrapLanguageModel({ model, middleware: gate.middleware }).doGenerate(params)`,
 *   the middleware alone (transformParams, wrapGenerate, judging, reporting).
 * - `generateText`: the whole AI SDK loop, one step per turn, with the gated tools (validation of the
 *   refusal markers, execution of passed calls).
 * - `both` (default): one after the other (here about 10 s and 40 s for 100,000 turns each).
 *
 * The heap should stay flat between 25% and 100% (the first quarter includes warm-up: JIT, lazy
 * modules, caches of schemas, which are bounded). Exits 1 if it grows by more than 50 MB there
 * (clearly unbounded), or if the gate did not refuse and pass the turns it should have.
 */
import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4ToolCall,
} from '@ai-sdk/provider';
import {
  asSchema,
  type FlexibleSchema,
  generateText,
  isStepCount,
  type ModelMessage,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { toolGate } from '../src/index.ts';
import { zodTools } from './zod-tools.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) {
  console.error('Run with --expose-gc: node --expose-gc gate-memory.bench.ts');
  process.exit(2);
}

const argument = (name: string): string | undefined =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const turns = Number(argument('turns') ?? 100_000);
const modeArgument = argument('mode') ?? 'both';
if (!['direct', 'generateText', 'both'].includes(modeArgument) || !(turns >= 4)) {
  console.error('usage: --mode=direct|generateText|both --turns=N (N >= 4)');
  process.exit(2);
}
const modes = modeArgument === 'both' ? ['direct', 'generateText'] : [modeArgument];

const MB = 1024 * 1024;
const flatLimit = 5 * MB;
const unboundedLimit = 50 * MB;

const tools = zodTools();

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** Turn `i`: even turns pass (with null placeholders to decode), odd turns are refused. */
function callsOf(i: number): LanguageModelV4ToolCall[] {
  const refused = i % 2 === 1;
  return [
    {
      type: 'tool-call',
      toolCallId: `w-${i}`,
      toolName: 'weather',
      input: refused
        ? `{"city":"City ${i}","unit":"kelvin","days":"${i} days"}`
        : `{"city":"City ${i}","unit":null,"days":${(i % 14) + 1}}`,
    },
    {
      type: 'tool-call',
      toolCallId: `s-${i}`,
      toolName: 'search',
      input: `{"query":"query ${i}","limit":null}`,
    },
  ];
}

function resultOf(i: number): LanguageModelV4GenerateResult {
  return {
    content: callsOf(i),
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage,
    warnings: [],
  };
}

/** A call the gate refused: its input (JSON text, or parsed by the SDK) is a refusal marker. */
/** A gate whose `onRefusal` tells whether the turn just judged was refused. */
function countingGate() {
  let refused = false;
  const gate = toolGate({
    tools,
    onRefusal: () => {
      refused = true;
    },
  });
  /** Whether the gate refused since the last call of this function. */
  const refusedSinceLast = () => {
    const answer = refused;
    refused = false;
    return answer;
  };
  return { gate, refusedSinceLast };
}

type Counts = { passed: number; refused: number; wrong: number };

/** One turn per call; returns whether the gate refused it. */
type RunTurn = (i: number) => Promise<boolean>;

async function directRunner(): Promise<RunTurn> {
  const { gate, refusedSinceLast } = countingGate();
  let turn = 0;
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: async () => {
      // The mock records every call; forget them so only the gate's memory is measured.
      model.doGenerateCalls.length = 0;
      return resultOf(turn);
    },
  });
  const wrapped = wrapLanguageModel({ model, middleware: gate.middleware });
  const functionTools: LanguageModelV4FunctionTool[] = [];
  // The tools as the SDK sends them: the same objects every turn, like one agent's requests; the
  // gate's wrapped tools, whose schemas the middleware recognises as its own.
  for (const [name, appTool] of Object.entries(gate.tools as ToolSet)) {
    functionTools.push({
      type: 'function',
      name,
      description: typeof appTool.description === 'string' ? appTool.description : undefined,
      inputSchema: (await asSchema(appTool.inputSchema as FlexibleSchema<unknown>)
        .jsonSchema) as LanguageModelV4FunctionTool['inputSchema'],
    });
  }
  let previousRefused: LanguageModelV4ToolCall[] = [];

  return async (i) => {
    turn = i;
    const prompt: LanguageModelV4Prompt = [
      { role: 'user', content: [{ type: 'text', text: `turn ${i}` }] },
    ];
    if (previousRefused.length > 0) {
      // What the SDK sends after a refused turn: the marker calls and its validation error text.
      prompt.push(
        {
          role: 'assistant',
          content: previousRefused.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            input: JSON.parse(call.input) as unknown,
          })),
        },
        {
          role: 'tool',
          content: previousRefused.map((call) => ({
            type: 'tool-result' as const,
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            output: { type: 'error-text' as const, value: 'Invalid input for tool …' },
          })),
        },
      );
    }
    const params: LanguageModelV4CallOptions = { prompt, tools: functionTools };
    const result = await wrapped.doGenerate(params);
    const refused = refusedSinceLast();
    previousRefused = refused
      ? result.content.filter((part): part is LanguageModelV4ToolCall => part.type === 'tool-call')
      : [];
    return refused;
  };
}

async function generateTextRunner(): Promise<RunTurn> {
  const { gate, refusedSinceLast } = countingGate();
  let turn = 0;
  const model = new MockLanguageModelV4({
    provider: 'openai.responses',
    doGenerate: async () => {
      model.doGenerateCalls.length = 0;
      return resultOf(turn);
    },
  });
  const wrapped = wrapLanguageModel({ model, middleware: gate.middleware });
  let history: ModelMessage[] = [];

  return async (i) => {
    turn = i;
    const result = await generateText({
      model: wrapped,
      tools: gate.tools,
      stopWhen: isStepCount(1),
      messages: [{ role: 'user', content: `turn ${i}` }, ...history],
    });
    const refused = refusedSinceLast();
    // Carry only the last turn, as a trimmed chat history would, so the prompt stays bounded.
    history = refused ? result.response.messages : [];
    return refused;
  };
}

async function heapUsed(): Promise<number> {
  // Two rounds with a macrotask between, so weak entries and finalizers are collected.
  for (let round = 0; round < 2; round++) {
    gc?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

const mb = (bytes: number): string => `${(bytes / MB).toFixed(2)} MB`;

async function measure(mode: string): Promise<boolean> {
  const runTurn = mode === 'direct' ? await directRunner() : await generateTextRunner();
  const checkpoints = [0, 0.25, 0.5, 0.75, 1].map((share) => Math.round(turns * share));
  const heap: number[] = [];
  const counts: Counts = { passed: 0, refused: 0, wrong: 0 };
  const started = performance.now();

  console.log(`\n${mode}: ${turns.toLocaleString('en')} turns (alternating passed and refused)`);
  for (let i = 0; i <= turns; i++) {
    if (checkpoints.includes(i)) {
      const used = await heapUsed();
      heap.push(used);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`  ${String(i).padStart(7)} turns  heap ${mb(used).padStart(9)}  (${seconds} s)`);
    }
    if (i === turns) break;
    const refused = await runTurn(i);
    if (refused) counts.refused++;
    else counts.passed++;
    if (refused !== (i % 2 === 1)) counts.wrong++;
  }

  const seconds = (performance.now() - started) / 1000;
  const growth = (heap[4] ?? 0) - (heap[1] ?? 0);
  const flat = growth < flatLimit;
  console.log(
    `  ${counts.passed} passed, ${counts.refused} refused, ${counts.wrong} judged wrongly; ` +
      `${((turns / seconds) | 0).toLocaleString('en')} turns/s, ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  growth 25%→100%: ${mb(growth)} (0→100%: ${mb((heap[4] ?? 0) - (heap[0] ?? 0))}): ` +
      (flat
        ? 'flat (< 5 MB)'
        : growth > unboundedLimit
          ? 'UNBOUNDED (> 50 MB)'
          : 'not flat, but under 50 MB'),
  );
  return counts.wrong === 0 && growth <= unboundedLimit;
}

let ok = true;
for (const mode of modes) ok = (await measure(mode)) && ok;
process.exit(ok ? 0 : 1);
