import type {
  LanguageModelV4StreamPart,
  LanguageModelV4ToolCall,
  SharedV4Warning,
} from '@ai-sdk/provider';
import type { ToolSet } from 'ai';
import { lateCallAnswer } from '../../checker/refusal-texts.ts';
import type { ToolGateOptions } from '../options/gate-options.ts';
import type { GateRequest } from '../request/gate-request.ts';
import type { CallLedger } from '../tools/call-ledger.ts';
import { isObservedOnly, judgeTurn, refuseTurn } from './judge-turn.ts';
import { reportRefusals } from './report-refusals.ts';

/** Parts left in the stage's queue below which it reads more; see {@link holdToolCalls}. */
const refillBelow = 16;

/**
 * Lets text, reasoning and tool input deltas through live, holds the turn's tool calls until the
 * model's `finish`, then judges them together and releases them just before `finish` (the SDK
 * starts executing on `finish`). Calls the provider executed itself pass straight through.
 *
 * A request that offers no tools and has no warnings to add gets its stream back untouched: the
 * SDK answers a call of a tool it did not offer with `NoSuchToolError`, never by running it.
 * Otherwise one stage that the SDK pulls: each pull reads the model's stream until the stage's
 * queue holds twice {@link refillBelow} parts, and the next pull comes only when fewer than
 * {@link refillBelow} are left, so the SDK's reads in between take parts from the queue. A part
 * then costs one read of the reader below and no closure of the gate's own: fewer promises than a
 * pull for each part, and far fewer than a `TransformStream` stage, whose pipe adds a writer, a
 * write queue and a transform promise to every part. Reading ahead adds no delay: a part the SDK
 * waits for is handed on the moment it is read.
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
      // Calls after the model's `finish` (a stream against the protocol) belong to no turn the
      // gate judged, and the SDK would run them with the turn before: each is refused.
      const late = refuseTurn({
        calls: held.splice(0, held.length),
        request,
        ledger,
        answer: lateCallAnswer,
      });
      await reportRefusals({ refusals: late.refusals, onRefusal: options.onRefusal });
      calls = late.calls;
    } else {
      turnEnded = true;
      endTurn();
      calls = await turnJudged;
    }
    if (cancelled) return;
    for (const call of calls) controller.enqueue(call);
  };

  let cancelled = false;
  return new ReadableStream<LanguageModelV4StreamPart>(
    {
      async pull(controller) {
        while (!cancelled && (controller.desiredSize ?? 0) > -refillBelow) {
          const { done, value: part } = await reader.read();
          if (cancelled) return;
          if (done) {
            // A stream that ends without `finish` still hands its calls on, judged.
            await release(controller);
            if (!cancelled) controller.close();
            return;
          }
          if (part.type === 'tool-call' && holds && !isObservedOnly(part, request)) {
            held.push(part);
          } else if (part.type === 'stream-start' && !warned) {
            warned = true;
            controller.enqueue({ ...part, warnings: [...part.warnings, ...warnings] });
          } else if (part.type === 'finish' && turnEnded) {
            // A second `finish` would have the SDK run the turn's calls again: the first one
            // ended the turn, the late calls are refused, and this one is left out.
            await release(controller);
          } else {
            if (part.type === 'finish') await release(controller);
            if (!cancelled) controller.enqueue(part);
          }
        }
      },
      cancel(reason) {
        cancelled = true;
        return reader.cancel(reason);
      },
    },
    { highWaterMark: refillBelow },
  );
}
