import { readFileSync } from 'node:fs';
import { createOpenAI, openai } from '@ai-sdk/openai';

/** The conversation the page offers offline: what the user asks, as recorded. */
export const recordedPrompt =
  'What is the weather in Paris, Oslo and Tokyo? For Oslo I also need the next 3 days.';

type Recording = {
  model: string;
  exchanges: Array<{
    response: { status: number; headers?: Record<string, string>; body: unknown };
  }>;
};

const recordingUrl = new URL(
  '../../../recordings/openai-responses-refused-then-corrected.json',
  import.meta.url,
);

/**
 * The model for one chat request: OpenAI when OPENAI_API_KEY is set, else the real `@ai-sdk/openai`
 * provider whose HTTP requests are answered, in order, by a recorded exchange (a refused turn, the
 * corrected turn, the answer), so the page works offline.
 */
export function chatModel() {
  if (process.env.OPENAI_API_KEY) return openai.responses('gpt-5-mini');
  const recording = JSON.parse(readFileSync(recordingUrl, 'utf8')) as Recording;
  const offline = createOpenAI({
    apiKey: 'offline',
    baseURL: 'http://recording.invalid/v1',
    fetch: replayFetch(recording),
  });
  return offline.responses(recording.model);
}

/** A fetch that answers each request with the next recorded response. */
function replayFetch(recording: Recording): typeof fetch {
  let next = 0;
  return async () => {
    const exchange = recording.exchanges[next];
    next += 1;
    if (exchange === undefined) {
      return Response.json(
        {
          error: {
            message:
              'The offline recording holds one conversation; reload the page, or set OPENAI_API_KEY to chat freely.',
          },
        },
        { status: 400 },
      );
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
