import { readFileSync } from 'node:fs';
import { createOpenAI, openai } from '@ai-sdk/openai';
import type { LanguageModel, UIMessage } from 'ai';

/** The conversation the page offers offline: what the user asks, as recorded. */
export const recordedPrompt =
  'What is the weather in Paris, Oslo and Tokyo? For Oslo I also need the next 3 days.';

/** What the page answers offline to anything but the recorded question. */
export const offlineNote =
  'This offline demo only replays one recorded conversation; set OPENAI_API_KEY to chat for real.';

type Recording = {
  model: string;
  exchanges: Array<{
    response: { status: number; headers?: Record<string, string>; body: unknown };
  }>;
};

type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: 'v4' }>;

const recordingUrl = new URL(
  '../../../recordings/openai-responses-refused-then-corrected.json',
  import.meta.url,
);

/**
 * The model for one chat request: OpenAI when OPENAI_API_KEY is set. Offline, a chat that opens
 * with the recorded question gets the real `@ai-sdk/openai` provider whose HTTP requests are
 * answered, in order, by a recorded exchange (a refused turn, the corrected turn, the answer);
 * any other message, a follow-up included, gets `offlineNote` instead of a replay that would not
 * answer it.
 */
export function chatModel(messages: readonly UIMessage[]): LanguageModelV4 {
  if (process.env.OPENAI_API_KEY) return openai.responses('gpt-5-mini');
  if (!isRecordedQuestion(messages)) return sayingOnly(offlineNote);
  const recording = JSON.parse(readFileSync(recordingUrl, 'utf8')) as Recording;
  const offline = createOpenAI({
    apiKey: 'offline',
    baseURL: 'http://recording.invalid/v1',
    fetch: replayFetch(recording),
  });
  return offline.responses(recording.model);
}

/** Whether the chat is the recorded one: a single user message asking the recorded question. */
function isRecordedQuestion(messages: readonly UIMessage[]): boolean {
  const [only, ...rest] = messages;
  if (only === undefined || only.role !== 'user' || rest.length > 0) return false;
  const text = only.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return text.trim() === recordedPrompt;
}

/** A fetch that answers each request with the next recorded response. */
function replayFetch(recording: Recording): typeof fetch {
  let next = 0;
  return async () => {
    const exchange = recording.exchanges[next];
    next += 1;
    if (exchange === undefined) {
      return Response.json({ error: { message: offlineNote } }, { status: 400 });
    }
    const { status, headers, body } = exchange.response;
    // A streamed body is recorded as the chunks that came over the wire; send them one by one.
    const payload = Array.isArray(body)
      ? new ReadableStream<Uint8Array>({
          start(controller) {
            const encoder = new TextEncoder();
            for (const chunk of body as string[]) controller.enqueue(encoder.encode(chunk));
            controller.close();
          },
        })
      : typeof body === 'string'
        ? body
        : JSON.stringify(body);
    return new Response(payload, { status, headers });
  };
}

/** A model that calls no tool and says `text`, whatever it is asked. */
function sayingOnly(text: string): LanguageModelV4 {
  const finishReason = { unified: 'stop', raw: 'stop' } as const;
  const usage = {
    inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: 0, text: 0, reasoning: 0 },
  };
  return {
    specificationVersion: 'v4',
    provider: 'offline',
    modelId: 'offline-note',
    supportedUrls: {},
    async doGenerate() {
      return { content: [{ type: 'text', text }], finishReason, usage, warnings: [] };
    },
    async doStream() {
      return {
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue({ type: 'text-start', id: 'note' });
            controller.enqueue({ type: 'text-delta', id: 'note', delta: text });
            controller.enqueue({ type: 'text-end', id: 'note' });
            controller.enqueue({ type: 'finish', finishReason, usage });
            controller.close();
          },
        }),
      };
    },
  };
}
