import type {
  LanguageModelV4StreamPart,
  LanguageModelV4ToolCall,
  SharedV4Warning,
} from '@ai-sdk/provider';
import type { ToolSet } from 'ai';
import type { CallLedger } from './call-ledger.ts';
import type { ToolGateOptions } from './gate-options.ts';
import type { GateRequest } from './gate-request.ts';
import { judgeTurn } from './judge-turn.ts';
import { reportRefusals } from './report-refusals.ts';

/**
 * Lets text, reasoning and tool input deltas through live, holds the turn's tool calls until the
 * model's `finish`, then judges them together and releases them just before `finish` (the SDK
 * starts executing on `finish`). Calls the provider executed itself pass straight through.
 *
 * A request that offers no tools and has no warnings to add gets its stream back untouched: the
 * SDK answers a call of a tool it did not offer with `NoSuchToolError`, never by running it.
 * Otherwise one `TransformStream` stage with a synchronous `transform`: parts other than tool
 * calls and `finish` pass with no allocation and no promise of the gate's own. A pull-based
 * reader, reading in batches under a higher water mark, or a stage with larger queues cost the
 * same per part on Node 22 (`node bench/stream-stage.bench.ts`), and a stage of some kind is
 * needed to see `finish`.
 */
export function holdToolCalls<TOOLS extends ToolSet>({
  stream,
  request,
  options,
  ledger,
  warnings = request.warnings,
}: {
  stream: ReadableStream<LanguageModelV4StreamPart>;
  request: GateRequest;
  options: ToolGateOptions<TOOLS>;
  /** Where each handed-on call's verdict waits for the AI SDK's validation. */
  ledger: CallLedger;
  /** What to add to the stream's `stream-start` warnings: the request's, by default. */
  warnings?: readonly SharedV4Warning[];
}): ReadableStream<LanguageModelV4StreamPart> {
  const holds = request.tools.size > 0;
  if (!holds && warnings.length === 0) return stream;
  const held: LanguageModelV4ToolCall[] = [];
  let warned = warnings.length === 0;

  const release = async (
    controller: TransformStreamDefaultController<LanguageModelV4StreamPart>,
  ): Promise<void> => {
    const calls = held.splice(0, held.length);
    if (calls.length === 0) return;
    const judged = await judgeTurn({ calls, request, options, ledger });
    await reportRefusals({ refusals: judged.refusals, onRefusal: options.onRefusal });
    for (const call of judged.calls) controller.enqueue(call);
  };

  return stream.pipeThrough(
    new TransformStream({
      // Not async: text and input deltas pass without a promise each; only `finish` waits.
      transform(part, controller) {
        if (part.type === 'tool-call') {
          if (!holds || part.providerExecuted === true) controller.enqueue(part);
          else held.push(part);
          return;
        }
        if (part.type === 'finish') return release(controller).then(() => controller.enqueue(part));
        if (part.type === 'stream-start' && !warned) {
          warned = true;
          controller.enqueue({ ...part, warnings: [...part.warnings, ...warnings] });
          return;
        }
        controller.enqueue(part);
      },
      async flush(controller) {
        // A stream that ends without `finish` still hands its calls on, judged.
        await release(controller);
      },
    }),
  );
}
