import type {
  LanguageModelV4GenerateResult,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolCall,
  SharedV4Warning,
} from '@ai-sdk/provider';
import { generateId } from 'ai';
import { isRecord } from '../../schema/is-record.ts';

/**
 * Groq validates each call against the tool's schema on its side and answers a mismatch with
 * `tool_use_failed`: an HTTP 400, or an SSE `error` event inside a 200 stream, whose
 * `failed_generation` holds the call the model made. Folded into the turn, such a call is judged
 * like any other, so the model gets the gate's corrective answer instead of the app an exception.
 */

/** A provider's `tool_use_failed` error, read from an API error or a stream error part. */
export type ToolUseFailed = {
  readonly message: string;
  /** What the model generated, as the provider quotes it. */
  readonly failedGeneration: string;
};

type ErrorBody = { error?: { code?: unknown; message?: unknown; failed_generation?: unknown } };

/** The `tool_use_failed` an error carries, if it is one; `undefined` for any other error. */
export function readToolUseFailed(error: unknown): ToolUseFailed | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  // An APICallError keeps the body as text; a provider stream error keeps the parsed event.
  const { responseBody, data } = error as { responseBody?: unknown; data?: unknown };
  return readToolUseFailedBody(typeof responseBody === 'string' ? parseJson(responseBody) : data);
}

/** The `tool_use_failed` in a provider's error body (`{ error: { code, failed_generation } }`). */
function readToolUseFailedBody(body: unknown): ToolUseFailed | undefined {
  const inner = isRecord(body) ? (body as ErrorBody).error : undefined;
  if (inner?.code !== 'tool_use_failed' || typeof inner.failed_generation !== 'string') {
    return undefined;
  }
  return {
    message: typeof inner.message === 'string' ? inner.message : 'tool_use_failed',
    failedGeneration: inner.failed_generation,
  };
}

/**
 * The tool calls in a `failed_generation`: `{"name": …, "arguments": {…}}` (or `parameters`), a
 * list of those, or `{"tool_calls": [{"function": {"name", "arguments"}}]}`. Empty when it holds
 * text or anything else that is not a call.
 */
export function callsInFailedGeneration(failedGeneration: string): LanguageModelV4ToolCall[] {
  const parsed = parseJson(failedGeneration);
  const candidates: unknown[] = Array.isArray(parsed)
    ? parsed
    : isRecord(parsed) && Array.isArray(parsed.tool_calls)
      ? parsed.tool_calls
      : [parsed];
  const calls: LanguageModelV4ToolCall[] = [];
  for (const candidate of candidates) {
    const call =
      isRecord(candidate) && isRecord(candidate.function) ? candidate.function : candidate;
    if (!isRecord(call) || typeof call.name !== 'string' || call.name === '') continue;
    const input = call.arguments ?? call.parameters ?? {};
    calls.push({
      type: 'tool-call',
      toolCallId: `call_${generateId()}`,
      toolName: call.name,
      input: typeof input === 'string' ? input : JSON.stringify(input),
    });
  }
  return calls;
}

function foldWarning(failure: ToolUseFailed): SharedV4Warning {
  return {
    type: 'other',
    message: `toolgate: the provider refused the model's call (tool_use_failed: ${excerpt(failure.message)}); the call was judged as the model's turn.`,
  };
}

/**
 * A generate result holding the calls of a `tool_use_failed` error, to be judged as the turn; or
 * `undefined` when the error is another one or quotes no call (then it is rethrown unchanged).
 */
export function foldToolUseFailedError(error: unknown): LanguageModelV4GenerateResult | undefined {
  const failure = readToolUseFailed(error);
  if (failure === undefined) return undefined;
  const calls = callsInFailedGeneration(failure.failedGeneration);
  if (calls.length === 0) return undefined;
  return {
    content: calls,
    finishReason: { unified: 'tool-calls', raw: 'tool_use_failed' },
    usage: {
      inputTokens: {
        total: undefined,
        noCache: undefined,
        cacheRead: undefined,
        cacheWrite: undefined,
      },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
    },
    warnings: [foldWarning(failure)],
  };
}

/** The parts of a stream that is only the calls of a `tool_use_failed` error. */
export function streamOfFoldedError(
  folded: LanguageModelV4GenerateResult,
): ReadableStream<LanguageModelV4StreamPart> {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: folded.warnings },
    ...folded.content.filter((part) => part.type === 'tool-call'),
    { type: 'finish', finishReason: folded.finishReason, usage: folded.usage },
  ];
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/**
 * Replaces a stream's `tool_use_failed` error part that quotes calls with those calls, and the
 * `finish` after it with a tool-calls finish, so the turn is judged and the loop goes on. Other
 * error parts pass unchanged.
 *
 * Providers parse stream events with schemas that drop `failed_generation`, so the event is read
 * from the raw chunk before it (the request asks for raw chunks); raw parts are handed on only
 * when the caller asked for them (`keepRawChunks`).
 */
export function foldToolUseFailedParts({
  keepRawChunks = false,
}: {
  /** Whether the app itself asked for raw chunks (`includeRawChunks`). */
  keepRawChunks?: boolean;
} = {}): TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart> {
  let folded = false;
  let lastRaw: unknown;
  return new TransformStream({
    transform(part, controller) {
      if (part.type === 'raw') {
        lastRaw = part.rawValue;
        if (keepRawChunks) controller.enqueue(part);
        return;
      }
      if (part.type === 'error') {
        const failure = readToolUseFailed(part.error) ?? readToolUseFailedBody(lastRaw);
        const calls =
          failure === undefined ? [] : callsInFailedGeneration(failure.failedGeneration);
        if (failure === undefined || calls.length === 0) {
          controller.enqueue(part);
          return;
        }
        folded = true;
        // The stream has started, so no warning can join it; the judged calls show what happened.
        for (const call of calls) controller.enqueue(call);
        return;
      }
      if (part.type === 'finish' && folded) {
        controller.enqueue({
          ...part,
          finishReason: { unified: 'tool-calls', raw: 'tool_use_failed' },
        });
        return;
      }
      controller.enqueue(part);
    },
  });
}

function excerpt(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
