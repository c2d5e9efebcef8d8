/**
 * What one stream stage costs inside the AI SDK's `streamText`, for each way the gate could hold
 * tool calls until `finish`: a middleware's `wrapStream` puts the stage between the model and the
 * SDK, around the turn of stream-turn.ts (5,000 text deltas, 3 tool calls, tools executed). Each
 * stage holds the tool calls and releases them before `finish` after one microtask (standing in
 * for the judging). The gate itself runs too, for its distance to its stage.
 *
 * Stages measured alone, a queued stream piped into one more stage, mislead: there a
 * `TransformStream` stage costs nothing or less than nothing, while in the SDK's chain of
 * stages, where every part crosses each one by itself, it is the costliest.
 *
 * Usage: `node --expose-gc stream-stage.bench.ts [--rounds=30]`. Prints the median ms per
 * stream, each arm's median paired ratio to `streamText` without middleware (with its 95%
 * confidence interval), the cost per part, and the promises made per part (counted, so it does
 * not move with the machine's load).
 */
import { createHook } from 'node:async_hooks';
import type { LanguageModelV4Middleware, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { toolGate } from '../src/index.ts';
import { formatRatio, measurePairedRatios } from './paired-ratios.ts';
import {
  runStreamTurn,
  streamTurnLength,
  streamTurnModel,
  streamTurnTools,
} from './stream-turn.ts';

type Part = LanguageModelV4StreamPart;
type Stage = (stream: ReadableStream<Part>) => ReadableStream<Part>;

const rounds = Number(
  process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 30,
);

function transformStage(queue?: number): Stage {
  return (stream) => {
    const held: Part[] = [];
    const strategy = queue === undefined ? undefined : { highWaterMark: queue };
    return stream.pipeThrough(
      new TransformStream<Part, Part>(
        {
          transform(part, controller) {
            if (part.type === 'tool-call') {
              held.push(part);
              return;
            }
            if (part.type !== 'finish') {
              controller.enqueue(part);
              return;
            }
            return Promise.resolve().then(() => {
              for (const call of held.splice(0)) controller.enqueue(call);
              controller.enqueue(part);
            });
          },
        },
        strategy,
        strategy,
      ),
    );
  };
}

/** A stage pulled by the SDK: `queue` parts read ahead, `batch` reads until that queue is full. */
function pullStage({ queue, batch }: { queue: number; batch: boolean }): Stage {
  return (stream) => {
    const reader = stream.getReader();
    const held: Part[] = [];
    return new ReadableStream<Part>(
      {
        async pull(controller) {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) {
              for (const call of held.splice(0)) controller.enqueue(call);
              controller.close();
              return;
            }
            if (value.type === 'tool-call') {
              held.push(value);
              continue;
            }
            if (value.type === 'finish') {
              await Promise.resolve();
              for (const call of held.splice(0)) controller.enqueue(call);
            }
            controller.enqueue(value);
            if (!batch || (controller.desiredSize ?? 0) <= 0) return;
          }
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: queue },
    );
  };
}

/**
 * A stage pulled only when its queue runs below `batch` parts; each pull reads until the queue
 * holds twice that, so the SDK's reads between refills take parts from the queue without a pull
 * (the gate's shape).
 */
function refilledStage(batch: number): Stage {
  return (stream) => {
    const reader = stream.getReader();
    const held: Part[] = [];
    return new ReadableStream<Part>(
      {
        async pull(controller) {
          while ((controller.desiredSize ?? 0) > -batch) {
            const { done, value } = await reader.read();
            if (done) {
              for (const call of held.splice(0)) controller.enqueue(call);
              controller.close();
              return;
            }
            if (value.type === 'tool-call') {
              held.push(value);
              continue;
            }
            if (value.type === 'finish') {
              await Promise.resolve();
              for (const call of held.splice(0)) controller.enqueue(call);
            }
            controller.enqueue(value);
          }
        },
        cancel: (reason) => reader.cancel(reason),
      },
      { highWaterMark: batch },
    );
  };
}

function middleware(stage: Stage): LanguageModelV4Middleware {
  return {
    specificationVersion: 'v4',
    async wrapStream({ doStream }) {
      const result = await doStream();
      return { ...result, stream: stage(result.stream) };
    },
  };
}

const model = streamTurnModel();
const tools = streamTurnTools();
const stages: Record<string, Stage> = {
  'middleware, no stage': (stream) => stream,
  'transform, synchronous': transformStage(),
  'transform, queues of 16': transformStage(16),
  'pulled, no queue': pullStage({ queue: 0, batch: false }),
  'pulled, queue of 1': pullStage({ queue: 1, batch: false }),
  'pulled, batches of 16': pullStage({ queue: 16, batch: true }),
  'refilled below 4': refilledStage(4),
  'refilled below 16 (gate)': refilledStage(16),
  'refilled below 64': refilledStage(64),
};
const gate = toolGate({ tools });
const arms = {
  'no middleware': runStreamTurn(model, tools),
  ...Object.fromEntries(
    Object.entries(stages).map(([name, stage]) => [
      name,
      runStreamTurn(wrapLanguageModel({ model, middleware: middleware(stage) }), tools),
    ]),
  ),
  'the gate': runStreamTurn(wrapLanguageModel({ model, middleware: gate.middleware }), gate.tools),
};

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
const result = await measurePairedRatios({ arms, reference: 'no middleware', rounds });
const promises = await promisesPerPart(arms);
console.log(
  `Stream stages in streamText, ${streamTurnLength} parts per stream, ${rounds} rounds (CPU time; promises made per part, counted):`,
);
for (const name of Object.keys(arms)) {
  const perPart = ((result.ms(name) - result.ms('no middleware')) * 1000) / streamTurnLength;
  const [low, high] = result.interval(name);
  console.log(
    `  ${name.padEnd(25)} ${result.ms(name).toFixed(1).padStart(7)} ms  ${formatRatio(result.ratio(name)).padStart(6)} (${low.toFixed(2)}–${high.toFixed(2)})  ${perPart.toFixed(2).padStart(5)} us/part  ${promises.get(name)?.toFixed(2)} promises/part`,
  );
}

/**
 * Promises made per part in one run of each arm: a count, so other load on the machine does not
 * move it, where the timings move by several percent.
 */
async function promisesPerPart(
  runs: Record<string, () => Promise<void>>,
): Promise<Map<string, number>> {
  let count = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'PROMISE') count++;
    },
  });
  const counts = new Map<string, number>();
  for (const [name, run] of Object.entries(runs)) {
    count = 0;
    hook.enable();
    await run();
    hook.disable();
    counts.set(name, count / streamTurnLength);
  }
  return counts;
}
