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
 * Otherwise one stage, pulled part by part: each read of the reader below hands one part on, with
 * no queue of its own (a high water mark of 0) and no closure per part. On Node 22 this costs the
 * SDK's stream about half what a `TransformStream` stage does, whose pipe adds a writer, a write
 * queue and a transform promise to every part; reading ahead in batches costs more, not less
 * (`node bench/stream-stage.bench.ts`).
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
  const reader = stream.getReader();

  const judgeHeld = async (): Promise<readonly LanguageModelV4ToolCall[]> => {
    const calls = held.splice(0, held.length);
    if (calls.length === 0) return calls;
    const judged = await judgeTurn({ calls, request, options, ledger });
    await reportRefusals({ refusals: judged.refusals, onRefusal: options.onRefusal });
    return judged.calls;
  };
  // Chained now, so the turn is judged in the async context the stream was made in (the SDK's
  // model-call span, where refusals are reported), not in that of whoever reads the stream.
  let endTurn = (): void => {};
  const turnJudged = new Promise<void>((resolve) => {
    endTurn = resolve;
  }).then(judgeHeld);
  let turnEnded = false;
  const release = async (
    controller: ReadableStreamDefaultController<LanguageModelV4StreamPart>,
  ): Promise<void> => {
    let calls: readonly LanguageModelV4ToolCall[];
    if (turnEnded) {
      calls = await judgeHeld();
    } else {
      turnEnded = true;
      endTurn();
      calls = await turnJudged;
    }
    for (const call of calls) controller.enqueue(call);
  };

  return new ReadableStream<LanguageModelV4StreamPart>(
    {
      async pull(controller) {
        // Reads until one part is handed on: a held call is not one.
        for (;;) {
          const { done, value: part } = await reader.read();
          if (done) {
            // A stream that ends without `finish` still hands its calls on, judged.
            await release(controller);
            controller.close();
            return;
          }
          if (part.type === 'tool-call' && holds && part.providerExecuted !== true) {
            held.push(part);
            continue;
          }
          if (part.type === 'finish') await release(controller);
          if (part.type === 'stream-start' && !warned) {
            warned = true;
            controller.enqueue({ ...part, warnings: [...part.warnings, ...warnings] });
            return;
          }
          controller.enqueue(part);
          return;
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
