import { readFileSync } from 'node:fs';
import { http } from 'msw';
import { setupServer } from 'msw/node';

/** One request the client is expected to send, and the answer the server gave. */
export type RecordedExchange = {
  /** What this round trip is, for people reading the file. */
  readonly note?: string;
  readonly request: {
    readonly method: string;
    /** The URL path, without host or query. */
    readonly path: string;
    /** Query parameters the request must carry (others are allowed). */
    readonly query?: Readonly<Record<string, string>>;
    /** A pattern the JSON request body must match (see {@link matchPattern}). */
    readonly body?: unknown;
  };
  readonly response: {
    readonly status: number;
    readonly headers?: Readonly<Record<string, string>>;
    /**
     * A JSON value (sent as JSON text), a string (sent verbatim), or an array of strings: the
     * chunks of a stream as they arrive on the wire, sent one by one (concatenated, they are the
     * raw SSE text).
     */
    readonly body: unknown;
  };
};

/** A recording: an ordered list of HTTP round trips between a provider client and its server. */
export type Recording = {
  readonly name: string;
  readonly description: string;
  /** The AI SDK provider id the exchanges are written for (`openai.responses`, …). */
  readonly provider: string;
  readonly model: string;
  readonly exchanges: readonly RecordedExchange[];
};

/** A request the replay server received, with its body parsed when it is JSON. */
export type ReceivedRequest = {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
};

export type Replay = {
  /** The origin the provider's `baseURL` must point at (`http://replay.invalid`). */
  readonly origin: string;
  /** Every request received, in order, also the unexpected ones. */
  readonly requests: readonly ReceivedRequest[];
  /** The JSON body of the n-th request received (0-based); throws when there is none. */
  body(index: number): unknown;
  /** Throws when a request did not match its exchange, came unexpected, or an exchange is unused. */
  verify(): void;
  /** Stops intercepting. */
  close(): void;
};

const recordingsDirectory = new URL('../../recordings/', import.meta.url);

/** Reads `recordings/<name>.json`. */
export function loadRecording(name: string): Recording {
  const text = readFileSync(new URL(`${name}.json`, recordingsDirectory), 'utf8');
  return JSON.parse(text) as Recording;
}

/**
 * Intercepts `fetch` with msw and answers the recording's requests in order. A request that does
 * not match the next exchange (method, path, query, body pattern), or comes after the last one, is
 * answered 400 with the reasons (a status the AI SDK does not retry) and fails `verify()`; the
 * exchange is not consumed. Call `close()` when done.
 */
export function replayRecording(
  recording: Recording | string,
  { origin = 'http://replay.invalid' }: { origin?: string } = {},
): Replay {
  const loaded = typeof recording === 'string' ? loadRecording(recording) : recording;
  const requests: ReceivedRequest[] = [];
  const failures: string[] = [];
  let next = 0;

  const server = setupServer(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.text();
      const received: ReceivedRequest = {
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(request.headers),
        body: parseBody(text),
      };
      requests.push(received);

      const exchange = loaded.exchanges[next];
      const problems =
        exchange === undefined
          ? [`no exchange left (the recording has ${loaded.exchanges.length})`]
          : url.origin !== origin
            ? [`origin ${url.origin}, expected ${origin}`]
            : describeRequestMismatch(received, exchange);
      if (problems.length > 0) {
        const message = `replay "${loaded.name}": unexpected request #${requests.length} ${request.method} ${url.pathname}${url.search}:\n  ${problems.join('\n  ')}`;
        failures.push(message);
        console.error(message);
        return Response.json({ error: { message, type: 'replay_mismatch' } }, { status: 400 });
      }
      next += 1;
      return toResponse((exchange as RecordedExchange).response);
    }),
  );
  server.listen({ onUnhandledFrame: 'error' });

  return {
    origin,
    requests,
    body(index) {
      const request = requests[index];
      if (request === undefined) {
        throw new Error(`replay "${loaded.name}": no request #${index} (got ${requests.length})`);
      }
      return request.body;
    },
    verify() {
      const problems = [...failures];
      if (next < loaded.exchanges.length) {
        problems.push(
          `replay "${loaded.name}": ${loaded.exchanges.length - next} of ${loaded.exchanges.length} exchanges were never requested`,
        );
      }
      if (problems.length > 0) throw new Error(problems.join('\n'));
    },
    close() {
      server.close();
    },
  };
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describeRequestMismatch(received: ReceivedRequest, exchange: RecordedExchange): string[] {
  const expected = exchange.request;
  const problems: string[] = [];
  if (received.method !== expected.method.toUpperCase()) {
    problems.push(`method ${received.method}, expected ${expected.method}`);
  }
  if (received.path !== expected.path)
    problems.push(`path ${received.path}, expected ${expected.path}`);
  for (const [name, value] of Object.entries(expected.query ?? {})) {
    if (received.query[name] !== value) {
      problems.push(`query ${name}=${String(received.query[name])}, expected ${value}`);
    }
  }
  if (expected.body !== undefined) problems.push(...matchPattern(received.body, expected.body));
  return problems;
}

/**
 * Where a value does not match a pattern: an object pattern matches an object holding at least
 * its keys, each matching; an array pattern matches an array of the same length, item by item;
 * anything else must be equal. Returns one line per difference (empty when it matches).
 */
export function matchPattern(actual: unknown, pattern: unknown, path = 'body'): string[] {
  if (Array.isArray(pattern)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
    if (actual.length !== pattern.length) {
      return [`${path}: expected ${pattern.length} items, got ${actual.length}: ${show(actual)}`];
    }
    return pattern.flatMap((item, index) => matchPattern(actual[index], item, `${path}[${index}]`));
  }
  if (typeof pattern === 'object' && pattern !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) {
      return [`${path}: expected an object, got ${show(actual)}`];
    }
    return Object.entries(pattern).flatMap(([key, value]) =>
      Object.hasOwn(actual, key)
        ? matchPattern((actual as Record<string, unknown>)[key], value, `${path}.${key}`)
        : [`${path}.${key}: missing, expected ${show(value)}`],
    );
  }
  return Object.is(actual, pattern)
    ? []
    : [`${path}: expected ${show(pattern)}, got ${show(actual)}`];
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function toResponse({ status, headers = {}, body }: RecordedExchange['response']): Response {
  if (Array.isArray(body) && body.every((chunk) => typeof chunk === 'string')) {
    const encoder = new TextEncoder();
    const chunks = [...(body as string[])];
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const chunk = chunks.shift();
        if (chunk === undefined) {
          controller.close();
          return;
        }
        // Let the client read each chunk on its own, as from a network.
        await new Promise((resolve) => setImmediate(resolve));
        controller.enqueue(encoder.encode(chunk));
      },
    });
    return new Response(stream, { status, headers });
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers });
}
