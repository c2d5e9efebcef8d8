import type { LanguageModelV4CallOptions, SharedV4Warning } from '@ai-sdk/provider';

type SentTool = NonNullable<LanguageModelV4CallOptions['tools']>[number];

/**
 * Provider answers that say a tool cannot be taken strictly. Each names where to read which tool
 * is concerned: `index` (the n-th tool sent), `name`, or none (every strict tool: the model or the
 * request as a whole refuses strict mode).
 */
const strictRefusals: ReadonlyArray<{ pattern: RegExp; concerns: 'all' | 'index' | 'name' }> = [
  // Anthropic, vercel/ai#13789: the request's strict tools compile to too large a grammar.
  { pattern: /compiled grammar is too large/i, concerns: 'all' },
  // Bedrock (Claude Sonnet 5, Opus 4.7…): the model takes no `strict` field at all.
  { pattern: /tools\.\d+\.custom\.strict: Extra inputs are not permitted/i, concerns: 'all' },
  // Bedrock and Anthropic: a strict schema with an open object or a bound strict mode refuses.
  {
    pattern:
      /tools\.(\d+)\.custom(?:\.input_schema)?[^:]*: For '[a-z]+' type, (?:'additionalProperties' must be explicitly set to false|property '[A-Za-z]+' is not supported)/i,
    concerns: 'index',
  },
  // OpenAI: "Invalid schema for function 'weather': …" (only a strict tool's schema is held to it).
  { pattern: /Invalid schema for function '([^']+)'/, concerns: 'name' },
  // @ai-sdk/deepseek without a /beta base URL, or with a tool left non-strict.
  {
    pattern:
      /DeepSeek strict (?:tool calls require a beta base URL|mode requires every function tool)/,
    concerns: 'all',
  },
];

/**
 * The names of the strict tools a provider's error says it cannot take strictly, or `undefined`
 * when the error says no such thing (then nothing is retried).
 */
export function toolsRefusedStrict(
  error: unknown,
  tools: readonly SentTool[],
): string[] | undefined {
  const strictTools = tools.filter((tool) => tool.type === 'function' && tool.strict === true);
  if (strictTools.length === 0) return undefined;
  const text = errorText(error);
  for (const { pattern, concerns } of strictRefusals) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const named =
      concerns === 'index'
        ? tools[Number(match[1])]
        : concerns === 'name'
          ? tools.find((tool) => tool.name === match[1])
          : undefined;
    // A tool that was not sent strict cannot be what strict mode refused: then all strict ones.
    if (named !== undefined && named.type === 'function' && named.strict === true) {
      return [named.name];
    }
    return strictTools.map((tool) => tool.name);
  }
  return undefined;
}

/** The request with `strict` left out of the named tools. */
export function withoutStrict(
  params: LanguageModelV4CallOptions,
  toolNames: readonly string[],
): LanguageModelV4CallOptions {
  const names = new Set(toolNames);
  return {
    ...params,
    tools: params.tools?.map((tool) => {
      if (tool.type !== 'function' || !names.has(tool.name)) return tool;
      const { strict: _strict, ...rest } = tool;
      return rest;
    }),
  };
}

/**
 * Calls the model; when the provider answers that it cannot take some tools strictly, calls it once
 * more with strict off for those tools (the converted schemas stay, so placeholders still decode),
 * and says so in a warning. Any other error is thrown unchanged, and so is an error of the retry.
 */
export async function callWithStrictRetry<RESULT>({
  params,
  call,
  first,
}: {
  /** The request as the gate prepared it. */
  params: LanguageModelV4CallOptions;
  /** Calls the model with the given request. */
  call: (params: LanguageModelV4CallOptions) => PromiseLike<RESULT>;
  /** The first call, when the caller holds it already bound (a middleware's `doGenerate`). */
  first?: () => PromiseLike<RESULT>;
}): Promise<{ result: RESULT; warnings: SharedV4Warning[] }> {
  try {
    return { result: await (first ?? (() => call(params)))(), warnings: [] };
  } catch (error) {
    const refused = toolsRefusedStrict(error, params.tools ?? []);
    if (refused === undefined) throw error;
    const result = await call(withoutStrict(params, refused));
    return {
      result,
      warnings: [
        {
          type: 'other',
          message: `toolgate: the provider refused strict mode for ${refused.map((name) => `"${name}"`).join(', ')} (${excerpt(errorMessage(error))}), so the request was sent once more without strict for ${refused.length === 1 ? 'it' : 'them'}.`,
        },
      ],
    };
  }
}

function errorText(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { message, responseBody } = error as { message?: unknown; responseBody?: unknown };
  return [message, responseBody].filter((part) => typeof part === 'string').join(' ');
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : errorText(error);
}

function excerpt(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
