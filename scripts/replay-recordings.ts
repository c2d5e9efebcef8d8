/**
 * Replays every real captured exchange in `../shared/recordings` (or `$TOOLGATE_RECORDINGS`)
 * that carries a tool call or a provider error, through the real provider package and the gate,
 * over msw, in the real `generateText`/`streamText` loop, and prints one row per recording:
 * provider, model, calls, decoded inputs, verdict, sentences.
 *
 * A call that `jp-invalid-calls.json` lists, or that SOURCES.md marks INVALID, must be refused;
 * a valid one must pass and run; a provider error must reach the app unchanged, or be retried
 * without strict when it says strict mode is refused. A recording that cannot be replayed is a
 * failure with its reason.
 *
 * Called from `scripts/conformance.ts`; on its own: `node scripts/replay-recordings.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  generateText,
  isStepCount,
  jsonSchema,
  streamText,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { type RefusalEvent, refusalOf, toolGate } from '../src/index.ts';
import { providerModel } from './replay/provider-models.ts';
import { readSharedRecording, type SharedRecording } from './replay/read-shared-recording.ts';
import { vercelFixtureModels, vercelFixtureTools } from './replay/vercel-fixture-tools.ts';

/** What the replay answers once the recorded answers are used up: the exchange ends there. */
const recordingEnded = 'the recording has no answer for this request';

type ManifestEntry = { provider: string; src: string; dest: string; desc: string };

/** What a recording must show through the gate. */
type Expectation =
  | {
      kind: 'pass';
      /** A provider error, outside the gate's part, that the recording is known to cause. */
      tolerated?: RegExp;
      /** The calls must pass the gate, but the recording cannot let them run. */
      judgedOnly?: boolean;
    }
  | { kind: 'refuse' }
  | { kind: 'provider-error'; retried: boolean };

/**
 * Recordings whose expected outcome is not read from the INVALID/VALID words of SOURCES.md,
 * each with the reason.
 */
const explicitExpectations: Readonly<Record<string, { expect: Expectation; reason: string }>> = {
  'cohere/vercel-ai/cohere-null-args.json': {
    expect: { kind: 'pass' },
    reason: '"null" for a tool that requires nothing is no arguments ({}), as the SDK reads it too',
  },
  'openai/vercel-ai/parallel-tool-call-wrapper.1.json': {
    expect: { kind: 'pass' },
    reason:
      '@ai-sdk/openai 4 unwraps the undeclared "parallel" wrapper into the weather and cityAttractions calls it holds, which fit their tools',
  },
  'openai/vercel-ai/parallel-tool-call-wrapper.1.chunks.txt': {
    expect: { kind: 'pass', tolerated: /JSON parsing failed/, judgedOnly: true },
    reason:
      'the hand-made upstream file lacks a closing brace on its response.created and response.completed lines; the provider reports those as stream errors, so the step never finishes, and the unwrapped calls it assembled pass the gate',
  },
  'cohere/pydantic-ai/test_tool_choice_matrix[auto-cohere].yaml': {
    expect: { kind: 'pass', tolerated: /Invalid JSON response/ },
    reason:
      "the call passes and runs; @ai-sdk/cohere 4.0.52 then cannot parse the final answer's citations (tool sources)",
  },
  'openai-compatible/vercel-ai/groq-tool-call.json': {
    expect: { kind: 'refuse' },
    reason: 'weather {} misses the required location of the examples weather tool',
  },
  'openai-compatible/vercel-ai/groq-tool-call.chunks.txt': {
    expect: { kind: 'refuse' },
    reason: 'weather {} misses the required location of the examples weather tool',
  },
  'openai-compatible/pydantic-ai/test_tool_use_failed_error.yaml': {
    expect: { kind: 'refuse' },
    reason: "Groq's tool_use_failed quotes the call; it is folded into a refused turn",
  },
  'openai-compatible/pydantic-ai/test_tool_use_failed_error_streaming.yaml': {
    expect: { kind: 'refuse' },
    reason: "Groq's tool_use_failed SSE error quotes the call; it is folded into a refused turn",
  },
  'openai-compatible/pydantic-ai/test_tool_use_failed_error_with_text.yaml': {
    expect: { kind: 'provider-error', retried: false },
    reason: 'failed_generation holds text, not a call: the error passes unchanged',
  },
  'openai-compatible/pydantic-ai/test_tool_use_failed_error_streaming_with_text.yaml': {
    expect: { kind: 'provider-error', retried: false },
    reason: 'failed_generation is empty: the error passes unchanged',
  },
  'bedrock/vercel-ai/amazon-bedrock-strict-open-schema-error.json': {
    expect: { kind: 'provider-error', retried: true },
    reason: 'an open object refused in strict mode: sent once more without strict',
  },
  'bedrock/vercel-ai/issue-18199-sonnet-5-strict-error.json': {
    expect: { kind: 'provider-error', retried: true },
    reason: 'the model refuses the strict field: sent once more without strict',
  },
  'bedrock/vercel-ai/issue-17197-max-items-error.json': {
    expect: { kind: 'provider-error', retried: false },
    reason: 'the error is about output_config.format, not a tool: it passes unchanged',
  },
  'anthropic/vercel-ai/anthropic-root-union-tool-schema-error.json': {
    expect: { kind: 'provider-error', retried: false },
    reason: 'a root without type is refused with or without strict: the error passes unchanged',
  },
};

type Row = {
  file: string;
  provider: string;
  model: string;
  calls: string;
  decoded: string;
  verdict: string;
  sentences: string;
  failure?: string;
};

/** Runs the replay and prints the table; returns the number of failed recordings. */
export async function replaySharedRecordings({
  root = process.env.TOOLGATE_RECORDINGS ??
    path.resolve(import.meta.dirname, '../../shared/recordings'),
}: {
  root?: string;
} = {}): Promise<number> {
  if (!existsSync(path.join(root, 'manifest.json'))) {
    console.error(`Recordings not found: ${root} (set TOOLGATE_RECORDINGS).`);
    return 1;
  }
  const manifest = JSON.parse(
    readFileSync(path.join(root, 'manifest.json'), 'utf8'),
  ) as ManifestEntry[];
  const invalidCalls = JSON.parse(
    readFileSync(path.join(root, 'jp-invalid-calls.json'), 'utf8'),
  ) as Array<{
    tool: string;
    schema: Record<string, unknown>;
    raw_arguments: string;
    source_path: string;
    current?: boolean;
  }>;
  const jpTool = invalidCalls[0]?.schema ?? {};
  // The gate's warnings are in the table; the SDK's console copies would only repeat them.
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
  const rows: Row[] = [];
  for (const entry of manifest) {
    const file = entry.dest.replace(/^recordings\//, '');
    rows.push(await replayOne({ root, file, entry, jpTool, invalidCalls }));
  }

  console.log(`\nReal captured exchanges replayed through the gate (${rows.length}):\n`);
  console.log('| recording | provider | model | calls | decoded | verdict | sentences |');
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const cells = [
      row.file,
      row.provider,
      row.model,
      row.calls,
      row.decoded,
      row.verdict,
      row.sentences,
    ];
    console.log(
      `| ${cells.map((cell) => cell.replaceAll('|', '\\|').replaceAll('\n', ' ')).join(' | ')} |`,
    );
  }
  const failed = rows.filter((row) => row.failure !== undefined);
  console.log(`\nrecordings: ${rows.length - failed.length} passed, ${failed.length} failed`);
  for (const row of failed) console.log(`FAILED ${row.file}: ${row.failure}`);
  return failed.length;
}

async function replayOne({
  root,
  file,
  entry,
  jpTool,
  invalidCalls,
}: {
  root: string;
  file: string;
  entry: ManifestEntry;
  jpTool: Record<string, unknown>;
  invalidCalls: ReadonlyArray<{
    tool: string;
    raw_arguments: string;
    source_path: string;
    current?: boolean;
  }>;
}): Promise<Row> {
  const base: Row = {
    file,
    provider: entry.provider,
    model: '',
    calls: '',
    decoded: '',
    verdict: '',
    sentences: '',
  };
  let recording: SharedRecording;
  try {
    recording = readSharedRecording(root, file, { jpTool });
  } catch (error) {
    return {
      ...base,
      verdict: 'not replayed',
      failure: `cannot read the recording: ${message(error)}`,
    };
  }
  const fileName = path.basename(file);
  const declared = { ...recording.tools, ...(vercelFixtureTools[fileName] ?? {}) };
  const model = recording.model ?? vercelFixtureModels[fileName];
  if (model === undefined)
    return { ...base, verdict: 'not replayed', failure: 'the recording names no model' };
  if (Object.keys(declared).length === 0) {
    return {
      ...base,
      model,
      verdict: 'not replayed',
      failure: 'no tool schema is known for this recording',
    };
  }
  const explicit = explicitExpectations[file];
  const expectation: Expectation =
    explicit?.expect ?? (/\bINVALID\b/.test(entry.desc) ? { kind: 'refuse' } : { kind: 'pass' });
  const listedInvalid = invalidCalls.filter(
    (call) =>
      call.current !== false &&
      file.startsWith(`${entry.provider}/jp/`) &&
      call.source_path.endsWith(`/${entry.provider}/${fileName}`),
  );

  // The server answers with the recorded answers in order, whatever the request.
  const requests: unknown[] = [];
  let next = 0;
  const origin = 'http://replay.invalid';
  const server = setupServer(
    http.all('*', async ({ request }) => {
      const text = await request.text();
      requests.push(parseJson(text));
      const answer = recording.answers[next];
      next += 1;
      if (answer === undefined) {
        return Response.json(
          { message: recordingEnded, error: { message: recordingEnded, type: 'replay' } },
          { status: 400 },
        );
      }
      return new Response(answer.body, {
        status: answer.status,
        headers: { 'content-type': answer.contentType },
      });
    }),
  );
  server.listen();

  const executed: Array<{ name: string; input: unknown }> = [];
  const refusals: RefusalEvent[] = [];
  const errors: unknown[] = [];
  const tools: ToolSet = Object.fromEntries(
    Object.entries(declared).map(([name, schema]) => [
      name,
      tool({
        description: `Tool ${name}`,
        inputSchema: jsonSchema(schema as Parameters<typeof jsonSchema>[0]),
        execute: async (input: unknown) => {
          executed.push({ name, input });
          return 'done';
        },
      }),
    ]),
  );
  const gate = toolGate({ tools, onRefusal: (event) => refusals.push(event) });
  const callTexts: string[] = [];
  const refusedInputs: Array<{ tool: string; input: string }> = [];
  const seenInputs: Array<{ tool: string; input: string }> = [];
  const sentences: string[] = [];
  const warnings: string[] = [];
  try {
    const options = {
      model: wrapLanguageModel({
        model: providerModel(recording, model, origin),
        middleware: gate.middleware,
      }),
      tools: gate.tools,
      prompt: 'Replay.',
      stopWhen: isStepCount(Math.max(1, recording.answers.length)),
      maxRetries: 0,
    };
    const steps: Array<{
      content: ReadonlyArray<{ type: string; toolName?: string; input?: unknown }>;
      warnings?: unknown[];
    }> = [];
    // A cassette may hold several conversations: each answer left starts another run.
    for (let run = 0; run < recording.answers.length && next < recording.answers.length; run += 1) {
      const before = next;
      if (recording.stream) {
        const result = streamText({ ...options, onError: ({ error }) => errors.push(error) });
        await result.consumeStream();
        try {
          steps.push(...(await result.steps));
        } catch (error) {
          errors.push(error);
        }
      } else {
        try {
          steps.push(...(await generateText(options)).steps);
        } catch (error) {
          errors.push(error);
        }
      }
      if (errors.length > 0 || next === before) break;
    }
    for (const step of steps) {
      for (const warning of step.warnings ?? []) {
        const text = (warning as { message?: string }).message;
        if (typeof text === 'string' && text.startsWith('toolgate:')) warnings.push(text);
      }
      for (const part of step.content) {
        if (part.type !== 'tool-call') continue;
        // The step shows the model's own arguments; a refused call carries its refusal.
        const refusal = refusalOf(part);
        const input = typeof part.input === 'string' ? part.input : JSON.stringify(part.input);
        seenInputs.push({ tool: part.toolName ?? '', input });
        callTexts.push(`${part.toolName}${excerpt(input)}`);
        if (refusal !== undefined) {
          sentences.push(refusal.answer);
          if (refusal.code === 'arguments')
            refusedInputs.push({ tool: part.toolName ?? '', input });
        }
      }
    }
  } catch (error) {
    errors.push(error);
  } finally {
    server.close();
  }

  // The loop asking past the last recorded answer is where the recording ends, not a failure.
  errors.splice(
    0,
    errors.length,
    ...errors.filter((error) => !message(error).includes(recordingEnded)),
  );
  const retried =
    warnings.some((warning) => warning.includes('sent once more without strict')) ||
    (expectation.kind === 'provider-error' &&
      requests.length > 1 &&
      recording.answers.length === 1);
  const verdict =
    errors.length > 0
      ? `error: ${excerpt(message(errors[0]), 120)}${retried ? ' (after one retry without strict)' : ''}`
      : retried && executed.length === 0
        ? 'retried once without strict (the recording holds no answer to the retry)'
        : refusals.length > 0
          ? `refused (${refusals.map((event) => `${event.toolName}: ${event.code}`).join(', ')})${executed.length > 0 ? `, then ran ${executed.length}` : ''}`
          : executed.length > 0
            ? `passed, ran ${executed.length}`
            : 'no call';
  const row: Row = {
    ...base,
    provider: `${entry.provider} (${providerIdOf(recording, model, origin)})`,
    model,
    calls: callTexts.join('; '),
    decoded: executed
      .map(({ name, input }) => `${name}${excerpt(JSON.stringify(input))}`)
      .join('; '),
    verdict: [verdict, ...warnings.map((warning) => excerpt(warning, 160))].join('; '),
    sentences: sentences.map((sentence) => sentence.split('\n').slice(1).join(' ')).join(' / '),
  };
  const failure = judgeOutcome({
    expectation,
    errors,
    refusals,
    executed,
    retried,
    listedInvalid,
    refusedInputs,
    seenInputs,
    callTexts,
  });
  return failure === undefined
    ? row
    : { ...row, failure: explicit === undefined ? failure : `${failure} (${explicit.reason})` };
}

function judgeOutcome({
  expectation,
  errors,
  refusals,
  executed,
  retried,
  listedInvalid,
  refusedInputs,
  seenInputs,
  callTexts,
}: {
  expectation: Expectation;
  errors: unknown[];
  refusals: RefusalEvent[];
  executed: unknown[];
  retried: boolean;
  listedInvalid: ReadonlyArray<{ tool: string; raw_arguments: string }>;
  refusedInputs: ReadonlyArray<{ tool: string; input: string }>;
  seenInputs: ReadonlyArray<{ tool: string; input: string }>;
  callTexts: string[];
}): string | undefined {
  switch (expectation.kind) {
    case 'pass': {
      const untolerated = errors.filter(
        (error) => expectation.tolerated?.test(message(error)) !== true,
      );
      if (untolerated.length > 0)
        return `expected the calls to pass and run, got an error: ${message(errors[0])}`;
      if (refusals.length > 0)
        return `expected the calls to pass, but ${refusals.length} were refused`;
      if (expectation.judgedOnly === true)
        return callTexts.length > 0 ? undefined : 'expected calls, none were seen';
      if (executed.length === 0) return 'expected a call to run, none did';
      return undefined;
    }
    case 'refuse': {
      if (refusals.length === 0) {
        return errors.length > 0
          ? `expected a refused turn, got an error: ${message(errors[0])}`
          : 'expected a refused turn, every call passed';
      }
      if (callTexts.length === 0) return 'no call was seen';
      // Listed calls of other versions of the file are not in this one.
      const present = listedInvalid.filter((listed) =>
        seenInputs.some(
          ({ tool, input }) => tool === listed.tool && sameJson(input, listed.raw_arguments),
        ),
      );
      if (listedInvalid.length > 0 && present.length === 0)
        return 'none of the calls listed invalid was seen';
      for (const listed of present) {
        const refused = refusedInputs.some(
          ({ tool, input }) => tool === listed.tool && sameJson(input, listed.raw_arguments),
        );
        if (!refused)
          return `the call ${listed.tool}${listed.raw_arguments} listed invalid was not refused`;
      }
      return undefined;
    }
    case 'provider-error':
      if (expectation.retried !== retried) {
        return expectation.retried
          ? 'expected one retry without strict, none was made'
          : 'expected no retry, one was made';
      }
      if (!retried && errors.length === 0)
        return 'expected the provider error to reach the app unchanged';
      return undefined;
  }
}

function providerIdOf(recording: SharedRecording, model: string, origin: string): string {
  try {
    return providerModel(recording, model, origin).provider;
  } catch {
    return '?';
  }
}

function sameJson(a: string, b: string): boolean {
  return JSON.stringify(parseJson(a)) === JSON.stringify(parseJson(b));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function message(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { responseBody } = error as { responseBody?: unknown };
  return typeof responseBody === 'string' && responseBody.includes(recordingEnded)
    ? `${error.message} (${recordingEnded})`
    : error.message;
}

function excerpt(text: string, length = 80): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

if (import.meta.main) process.exit((await replaySharedRecordings()) > 0 ? 1 : 0);
