import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolCall,
} from '@ai-sdk/provider';
import type { ToolSet } from 'ai';
import type { CallLedger } from './call-ledger.ts';
import type { ToolGateOptions } from './gate-options.ts';
import { type GateRequest, prepareGateRequest } from './gate-request.ts';
import type { OwnedSchemas } from './gate-tools.ts';
import { judgeTurn } from './judge-turn.ts';
import { generateThroughProviderErrors, streamThroughProviderErrors } from './provider-errors.ts';
import { reportRefusals } from './report-refusals.ts';

/**
 * The gate's language model middleware: strict schemas out, decoded and judged calls back.
 *
 * The request's context is keyed by the params object the SDK hands from `transformParams` to
 * `wrapGenerate`/`wrapStream`, so concurrent requests and retries never share plans, and the
 * context is released with the params.
 */
export function createGateMiddleware<TOOLS extends ToolSet>({
  options,
  ledger,
  owned,
}: {
  options: ToolGateOptions<TOOLS>;
  ledger: CallLedger;
  owned: OwnedSchemas;
}): LanguageModelV4Middleware {
  const requests = new WeakMap<LanguageModelV4CallOptions, GateRequest>();

  return {
    specificationVersion: 'v4',

    async transformParams({ params, model }) {
      const prepared = await prepareGateRequest({ params, model, options, owned });
      requests.set(prepared.params, prepared.request);
      return prepared.params;
    },

    async wrapGenerate({ doGenerate, params, model }) {
      const result = await generateThroughProviderErrors({ doGenerate, params, model });
      const request = requests.get(params);
      if (request === undefined) return result;
      const calls = result.content.filter(isToolCall);
      const judged = await judgeTurn({ calls, request, options, ledger });
      await reportRefusals({ refusals: judged.refusals, onRefusal: options.onRefusal });
      const replacement = new Map(calls.map((call, index) => [call, judged.calls[index] ?? call]));
      return {
        ...result,
        content: result.content.map((part) =>
          isToolCall(part) ? (replacement.get(part) ?? part) : part,
        ),
        warnings: [...result.warnings, ...request.warnings],
      };
    },

    async wrapStream({ params, model }) {
      const result = await streamThroughProviderErrors({ params, model });
      const request = requests.get(params);
      if (request === undefined) return result;
      return {
        ...result,
        stream: result.stream.pipeThrough(holdToolCalls({ request, options, ledger })),
      };
    },
  };
}

/**
 * Lets text, reasoning and tool input deltas through live, holds the turn's tool calls until the
 * model's `finish`, then judges them together and releases them just before `finish` (the SDK
 * starts executing on `finish`). Calls the provider executed itself pass straight through.
 */
function holdToolCalls<TOOLS extends ToolSet>({
  request,
  options,
  ledger,
}: {
  request: GateRequest;
  options: ToolGateOptions<TOOLS>;
  ledger: CallLedger;
}): TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart> {
  const held: LanguageModelV4ToolCall[] = [];
  let warned = false;

  const release = async (
    controller: TransformStreamDefaultController<LanguageModelV4StreamPart>,
  ): Promise<void> => {
    const calls = held.splice(0, held.length);
    if (calls.length === 0) return;
    const judged = await judgeTurn({ calls, request, options, ledger });
    await reportRefusals({ refusals: judged.refusals, onRefusal: options.onRefusal });
    for (const call of judged.calls) controller.enqueue(call);
  };

  return new TransformStream({
    // Not async: text and input deltas pass without a promise each; only `finish` waits.
    transform(part, controller) {
      if (part.type === 'stream-start' && !warned) {
        warned = true;
        controller.enqueue({ ...part, warnings: [...part.warnings, ...request.warnings] });
        return;
      }
      if (part.type === 'tool-call' && part.providerExecuted !== true) {
        held.push(part);
        return;
      }
      if (part.type !== 'finish') {
        controller.enqueue(part);
        return;
      }
      return release(controller).then(() => controller.enqueue(part));
    },
    async flush(controller) {
      // A stream that ends without `finish` still hands its calls on, judged.
      await release(controller);
    },
  });
}

function isToolCall(part: { type: string }): part is LanguageModelV4ToolCall {
  return part.type === 'tool-call' && (part as LanguageModelV4ToolCall).providerExecuted !== true;
}
