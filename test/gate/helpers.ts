import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4Middleware,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolCall,
} from '@ai-sdk/provider';

/** Shared fixtures for the gate's end-to-end tests: mock model turns and prompt readers. */

export const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A tool call as a provider hands it over: the input is JSON text. */
export function call(
  toolCallId: string,
  toolName: string,
  input: unknown,
): LanguageModelV4ToolCall {
  return { type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) };
}

/** A doGenerate answer holding the given content, finishing with tool calls. */
export function toolTurn(content: LanguageModelV4Content[]): LanguageModelV4GenerateResult {
  return {
    content,
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
    warnings: [],
  };
}

/** A doGenerate answer with text only, ending the loop. */
export function textTurn(text: string): LanguageModelV4GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage,
    warnings: [],
  };
}

/**
 * The stream parts a provider sends for one turn: optional text first, then each call as
 * `tool-input-start`/`-delta`/`-end` and `tool-call`, then `finish`.
 */
export function streamTurn(
  calls: readonly LanguageModelV4ToolCall[],
  text?: string,
): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  if (text !== undefined) parts.push(...textParts(text));
  for (const toolCall of calls) {
    parts.push(
      { type: 'tool-input-start', id: toolCall.toolCallId, toolName: toolCall.toolName },
      { type: 'tool-input-delta', id: toolCall.toolCallId, delta: toolCall.input },
      { type: 'tool-input-end', id: toolCall.toolCallId },
      toolCall,
    );
  }
  parts.push({
    type: 'finish',
    finishReason:
      calls.length === 0
        ? { unified: 'stop', raw: 'stop' }
        : { unified: 'tool-calls', raw: 'tool_calls' },
    usage,
  });
  return parts;
}

/** The stream parts of one text block. */
export function textParts(text: string, id = 'text-1'): LanguageModelV4StreamPart[] {
  return [
    { type: 'text-start', id },
    { type: 'text-delta', id, delta: text },
    { type: 'text-end', id },
  ];
}

export type PromptToolCall = { toolCallId: string; toolName: string; input: unknown };
export type PromptToolResult = {
  toolCallId: string;
  toolName: string;
  output: { type: string; value?: unknown };
};

/** Every assistant tool call of a prompt, in order. */
export function promptToolCalls(prompt: LanguageModelV4Prompt): PromptToolCall[] {
  return prompt.flatMap((message) =>
    message.role === 'assistant'
      ? message.content.flatMap((part) =>
          part.type === 'tool-call'
            ? [{ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input }]
            : [],
        )
      : [],
  );
}

/** Every tool result of a prompt, in order. */
export function promptToolResults(prompt: LanguageModelV4Prompt): PromptToolResult[] {
  return prompt.flatMap((message) =>
    message.role === 'tool'
      ? message.content.flatMap((part) =>
          part.type === 'tool-result'
            ? [
                {
                  toolCallId: part.toolCallId,
                  toolName: part.toolName,
                  output: part.output as PromptToolResult['output'],
                },
              ]
            : [],
        )
      : [],
  );
}

/** The text of a tool result the model reads, or `undefined` when it carries no text. */
export function resultText(result: PromptToolResult | undefined): string | undefined {
  const value = result?.output.value;
  return typeof value === 'string' ? value : undefined;
}

export const refusedPrefix = (toolName: string): string =>
  `Refused: the arguments do not match the schema of tool ${JSON.stringify(toolName)}, so nothing was run.`;

export const notRunPrefix = 'Not run:';

/** The tool results of a prompt that the gate answered, split by kind. */
export function refusalAnswers(prompt: LanguageModelV4Prompt): {
  refused: PromptToolResult[];
  notRun: PromptToolResult[];
  other: PromptToolResult[];
} {
  const results = promptToolResults(prompt);
  const refused = results.filter((result) => resultText(result)?.startsWith('Refused: ') === true);
  const notRun = results.filter((result) => resultText(result)?.startsWith(notRunPrefix) === true);
  const other = results.filter((result) => !refused.includes(result) && !notRun.includes(result));
  return { refused, notRun, other };
}

/** The function tools a request offered, by name. */
export function offeredTools(
  params: LanguageModelV4CallOptions,
): Map<string, { inputSchema?: unknown; strict?: boolean; type: string }> {
  return new Map(
    (params.tools ?? []).map((tool) => [
      tool.name,
      tool.type === 'function'
        ? { type: tool.type, inputSchema: tool.inputSchema, strict: tool.strict }
        : { type: tool.type },
    ]),
  );
}

/**
 * A provider stream the test feeds part by part, to see what a consumer receives before the
 * model has finished.
 */
export function controlledStream(): {
  stream: ReadableStream<LanguageModelV4StreamPart>;
  push: (...parts: LanguageModelV4StreamPart[]) => void;
  close: () => void;
} {
  let controller!: ReadableStreamDefaultController<LanguageModelV4StreamPart>;
  const stream = new ReadableStream<LanguageModelV4StreamPart>({
    start(streamController) {
      controller = streamController;
    },
  });
  return {
    stream,
    push: (...parts) => {
      for (const part of parts) controller.enqueue(part);
    },
    close: () => controller.close(),
  };
}

/** Resolves once `predicate` holds, checking on every macrotask (fails the test after 2 s). */
export async function waitFor(predicate: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > 2000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/**
 * Tags that make each test's content its own, one counter per file, for tests of what happens to
 * content new to the store of prepared schemas (which every gate of a test file shares).
 */
export function contentTagger(file: string): (what: string) => string {
  let unique = 0;
  return (what) => `${file} ${what} #${++unique}`;
}

/**
 * A middleware that hands on every part of the model's stream as it is, except the tool calls:
 * each goes to `onToolCall`, which decides what the consumer gets instead (nothing, later, or
 * another call). Placed before the gate, it sees the calls the gate handed on.
 */
export function toolCallStage(
  onToolCall: (
    call: LanguageModelV4ToolCall,
    enqueue: (part: LanguageModelV4StreamPart) => void,
  ) => void | Promise<void>,
): LanguageModelV4Middleware {
  return {
    specificationVersion: 'v4',
    wrapStream: async ({ doStream }) => {
      const result = await doStream();
      return {
        ...result,
        stream: result.stream.pipeThrough(
          new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
            async transform(part, controller) {
              if (part.type !== 'tool-call') return controller.enqueue(part);
              await onToolCall(part, (next) => controller.enqueue(next));
            },
          }),
        ),
      };
    },
  };
}
