/**
 * Reads one captured exchange of `../shared/recordings` (jp httpmock YAML, pydantic-ai VCR
 * cassettes, vercel/ai JSON bodies, JSON-line chunks and SSE files) into what a replay needs: the
 * recorded HTTP answers in order, the tools the caller declared, and the model id.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** One recorded HTTP answer, as the provider package reads it from the wire. */
export type WireAnswer = {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
};

export type SharedRecording = {
  /** Path inside the recordings folder (`cerebras/jp/test_tool_call_stream.yml`). */
  readonly file: string;
  /** The folder: `cerebras`, `openai-compatible`, … */
  readonly folder: string;
  readonly source: 'jp' | 'vercel-ai' | 'pydantic-ai';
  readonly answers: readonly WireAnswer[];
  /** Tool schemas by name, as the caller declared them (from the request, or the fixture's test). */
  readonly tools: Readonly<Record<string, unknown>>;
  /** The model the request named, when the file records it. */
  readonly model: string | undefined;
  /** Whether the answers are streamed (SSE or NDJSON). */
  readonly stream: boolean;
  /** The first request's URL path, or the host and path for cassettes, when recorded. */
  readonly endpoint: string | undefined;
};

type Json = Record<string, unknown>;

/** Reads `file` (relative to `root`); throws with the reason when the format is not understood. */
export function readSharedRecording(
  root: string,
  file: string,
  { jpTool }: { /** The tool jp's tests declare (`run_me`), for jp files. */ jpTool: Json },
): SharedRecording {
  const text = readFileSync(path.join(root, file), 'utf8');
  const [folder = '', source = ''] = file.split('/');
  if (source === 'jp') return readJp(file, folder, text, jpTool);
  if (source === 'pydantic-ai') return readCassette(file, folder, text);
  if (source === 'vercel-ai') return readVercel(file, folder, text);
  throw new Error(`unknown source folder "${source}"`);
}

function readJp(file: string, folder: string, text: string, jpTool: Json): SharedRecording {
  const answers: WireAnswer[] = [];
  const tools: Record<string, unknown> = {};
  let model: string | undefined;
  let endpoint: string | undefined;
  for (const document of parseAllDocuments(text)) {
    const mock = document.toJS() as {
      when?: { path?: string; json_body_str?: string };
      then?: { status?: number; header?: Array<{ name: string; value: string }>; body?: string };
    } | null;
    if (mock?.then === undefined) continue;
    endpoint ??= mock.when?.path;
    if (model === undefined && typeof mock.when?.json_body_str === 'string') {
      const request = JSON.parse(mock.when.json_body_str) as Json;
      if (typeof request.model === 'string') model = request.model;
    }
    if (typeof mock.when?.json_body_str === 'string') {
      const request = JSON.parse(mock.when.json_body_str) as Json;
      for (const [name, schema] of toolsInRequest(request)) tools[name] ??= schema;
    }
    const contentType =
      mock.then.header?.find((header) => header.name.toLowerCase() === 'content-type')?.value ??
      'application/json';
    answers.push({ status: mock.then.status ?? 200, contentType, body: mock.then.body ?? '' });
  }
  // The Google path names the model (`/v1beta/models/<model>:streamGenerateContent`).
  model ??= /models\/([^:/]+):/.exec(endpoint ?? '')?.[1];
  const stream = answers.some((answer) => isStreamType(answer.contentType));
  return {
    file,
    folder,
    source: 'jp',
    answers,
    // jp's run_me as its tests declare it; other tools as the request sent them.
    tools: {
      ...tools,
      ...(Object.hasOwn(tools, 'run_me') || Object.keys(tools).length === 0
        ? { run_me: jpTool }
        : {}),
    },
    model,
    stream,
    endpoint,
  };
}

type Interaction = {
  request: { uri?: string; body?: unknown; parsed_body?: Json };
  response: {
    status?: { code?: number };
    headers?: Record<string, string[] | string>;
    parsed_body?: unknown;
    body?: { string?: string } | string;
  };
};

function readCassette(file: string, folder: string, text: string): SharedRecording {
  const cassette = parse(text) as { interactions?: Interaction[] };
  const interactions = cassette.interactions ?? [];
  if (interactions.length === 0) throw new Error('the cassette has no interactions');
  const answers: WireAnswer[] = [];
  const tools: Record<string, unknown> = {};
  let model: string | undefined;
  let stream = false;
  for (const { request, response } of interactions) {
    const body = requestBody(request);
    for (const [name, schema] of toolsInRequest(body)) tools[name] ??= schema;
    if (model === undefined) {
      model =
        (typeof body.model === 'string' ? body.model : undefined) ?? modelInUri(request.uri ?? '');
    }
    if (body.stream === true || /streamGenerateContent|converse-stream/.test(request.uri ?? '')) {
      stream = true;
    }
    const headers = response.headers ?? {};
    const typeHeader = Object.entries(headers).find(
      ([name]) => name.toLowerCase() === 'content-type',
    );
    const contentType = String(
      (Array.isArray(typeHeader?.[1]) ? typeHeader[1][0] : typeHeader?.[1]) ?? 'application/json',
    );
    const raw =
      typeof response.body === 'string'
        ? response.body
        : typeof response.body?.string === 'string'
          ? response.body.string
          : undefined;
    const answerBody =
      response.parsed_body !== undefined ? JSON.stringify(response.parsed_body) : (raw ?? '');
    answers.push({ status: response.status?.code ?? 200, contentType, body: answerBody });
    if (isStreamType(contentType)) stream = true;
  }
  return {
    file,
    folder,
    source: 'pydantic-ai',
    answers,
    tools,
    model,
    stream,
    endpoint: interactions[0]?.request.uri,
  };
}

function requestBody(request: Interaction['request']): Json {
  if (request.parsed_body !== undefined) return request.parsed_body;
  if (typeof request.body === 'string') {
    try {
      return JSON.parse(request.body) as Json;
    } catch {
      return {};
    }
  }
  return {};
}

function modelInUri(uri: string): string | undefined {
  const bedrock = /\/model\/([^/]+)\/converse/.exec(uri);
  if (bedrock?.[1] !== undefined) return decodeURIComponent(bedrock[1]);
  return /models\/([^:/]+):/.exec(uri)?.[1];
}

/**
 * The function tools a request declares, whatever the wire format: chat completions
 * (`function.parameters`), Responses (`parameters`), Anthropic (`input_schema`), Gemini
 * (`functionDeclarations`), Bedrock (`toolSpec.inputSchema.json`).
 */
export function toolsInRequest(body: Json): Array<[string, unknown]> {
  const found: Array<[string, unknown]> = [];
  const toolConfig = body.toolConfig as { tools?: unknown[] } | undefined;
  const lists = [body.tools, toolConfig?.tools].filter(Array.isArray) as unknown[][];
  for (const list of lists) {
    for (const entry of list) {
      if (typeof entry !== 'object' || entry === null) continue;
      const tool = entry as Json;
      const fn = tool.function as Json | undefined;
      const spec = tool.toolSpec as Json | undefined;
      if (fn !== undefined && typeof fn.name === 'string') {
        found.push([fn.name, fn.parameters ?? { type: 'object', properties: {} }]);
      } else if (spec !== undefined && typeof spec.name === 'string') {
        found.push([spec.name, (spec.inputSchema as Json | undefined)?.json ?? {}]);
      } else if (Array.isArray(tool.functionDeclarations ?? tool.function_declarations)) {
        for (const declaration of (tool.functionDeclarations ??
          tool.function_declarations) as Json[]) {
          if (typeof declaration.name !== 'string') continue;
          found.push([
            declaration.name,
            declaration.parametersJsonSchema ??
              declaration.parameters_json_schema ??
              declaration.parameters ?? { type: 'object', properties: {} },
          ]);
        }
      } else if (
        typeof tool.name === 'string' &&
        (tool.type === undefined || tool.type === 'function' || tool.type === 'custom')
      ) {
        found.push([
          tool.name,
          tool.input_schema ?? tool.parameters ?? { type: 'object', properties: {} },
        ]);
      }
    }
  }
  return found;
}

function readVercel(file: string, folder: string, text: string): SharedRecording {
  const name = path.basename(file);
  if (name.endsWith('.chunks.txt')) {
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    // A line that is not JSON is sent as it is: the provider's parser meets it as on the wire.
    const chunks = lines.map((line) => parseLine(line));
    const streams = splitStreams(chunks);
    const openaiChatLike =
      /^(openai-compatible|cerebras|xai)$/.test(folder) || name.startsWith('issue-15789');
    const answers = streams.map((stream) => ({
      status: 200,
      contentType: 'text/event-stream',
      body:
        stream
          .map(
            (chunk) =>
              `data: ${typeof chunk.raw === 'string' ? chunk.raw : JSON.stringify(chunk)}\n\n`,
          )
          .join('') + (openaiChatLike || folder === 'openai' ? 'data: [DONE]\n\n' : ''),
    }));
    return {
      file,
      folder,
      source: 'vercel-ai',
      answers,
      tools: Object.fromEntries(echoedTools(chunks)),
      model: modelIn(chunks),
      stream: true,
      endpoint: undefined,
    };
  }
  if (name.endsWith('.sse')) {
    return {
      file,
      folder,
      source: 'vercel-ai',
      answers: [{ status: 200, contentType: 'text/event-stream', body: text }],
      tools: {},
      model: undefined,
      stream: true,
      endpoint: undefined,
    };
  }
  const body = JSON.parse(text) as Json;
  // Error fixtures hold only the provider's error body; the tests serve them as HTTP 400.
  const isError = name.includes('-error');
  return {
    file,
    folder,
    source: 'vercel-ai',
    answers: [{ status: isError ? 400 : 200, contentType: 'application/json', body: text }],
    tools: Object.fromEntries(echoedTools([body])),
    model: modelIn([body]),
    stream: false,
    endpoint: undefined,
  };
}

/** A chunks file may hold several responses: a new one starts at `response.created` or a new chat id. */
function splitStreams(chunks: readonly Json[]): Json[][] {
  const streams: Json[][] = [];
  let lastId: unknown;
  for (const chunk of chunks) {
    const responsesStart = chunk.type === 'response.created';
    const chatId = chunk.object === 'chat.completion.chunk' ? chunk.id : undefined;
    const newChat = chatId !== undefined && lastId !== undefined && chatId !== lastId;
    if (streams.length === 0 || responsesStart || newChat) {
      if (!(responsesStart && streams.length === 1 && streams[0]?.length === 0)) streams.push([]);
    }
    if (chatId !== undefined) lastId = chatId;
    streams[streams.length - 1]?.push(chunk);
  }
  return streams.filter((stream) => stream.length > 0);
}

/** OpenAI Responses payloads echo the request's tools; those are the declared schemas. */
function echoedTools(values: readonly Json[]): Array<[string, unknown]> {
  const found: Array<[string, unknown]> = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Json;
    if (Array.isArray(record.tools)) {
      for (const tool of record.tools as Json[]) {
        if (
          tool?.type === 'function' &&
          typeof tool.name === 'string' &&
          tool.parameters !== undefined
        ) {
          found.push([tool.name, tool.parameters]);
        }
      }
    }
    for (const child of Object.values(record)) visit(child);
  };
  for (const value of values) visit(value);
  return found;
}

function modelIn(values: readonly Json[]): string | undefined {
  for (const value of values) {
    const response = (value.response as Json | undefined) ?? value;
    if (typeof response.model === 'string') return response.model;
    if (typeof response.modelVersion === 'string') return response.modelVersion;
    const message = (value.message as Json | undefined) ?? undefined;
    if (typeof message?.model === 'string') return message.model;
  }
  return undefined;
}

function parseLine(line: string): Json {
  try {
    return JSON.parse(line) as Json;
  } catch {
    const type = /"type":"([^"]+)"/.exec(line)?.[1];
    return { raw: line, ...(type === undefined ? {} : { type }) };
  }
}

function isStreamType(contentType: string): boolean {
  return /event-stream|ndjson|x-ndjson/.test(contentType);
}
