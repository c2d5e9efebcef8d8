/**
 * What one stream stage costs per part, for each way the gate could hold tool calls until
 * `finish`: the stream alone (no stage), a `TransformStream` with a synchronous `transform` (what
 * the gate uses), the same with larger queues, a pull-based `ReadableStream` over a reader, and a
 * pull-based one that reads in batches while its queue has room. Each stage holds the tool calls
 * and releases them before `finish` after one microtask (standing in for the judging).
 *
 * Usage: `node --expose-gc bench/stream-stage.bench.ts [--rounds=40]`. Prints median ms per stream
 * of 5,000 text deltas and 3 tool calls, each stage's median paired ratio to no stage, and the
 * cost per part.
 */
import { formatRatio, measurePairedRatios } from './paired-ratios.ts';

type Part = { readonly type: string; readonly [key: string]: unknown };
type Stage = (stream: ReadableStream<Part>) => ReadableStream<Part>;

const rounds = Number(
  process.argv.find((arg) => arg.startsWith('--rounds='))?.slice('--rounds='.length) ?? 40,
);

const parts: Part[] = [{ type: 'stream-start', warnings: [] }];
for (let index = 0; index < 5000; index++) parts.push({ type: 'text-delta', id: 't', delta: 'w ' });
for (let index = 0; index < 3; index++) parts.push({ type: 'tool-call', toolCallId: `c${index}` });
parts.push({ type: 'finish' });

const source = (): ReadableStream<Part> =>
  new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });

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
              for (const call of held) controller.enqueue(call);
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
              for (const call of held) controller.enqueue(call);
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

const stages: Record<string, Stage> = {
  none: (stream) => stream,
  transform: transformStage(),
  'transform, queues of 16': transformStage(16),
  'pull, one part per pull': pullStage({ queue: 1, batch: false }),
  'pull, batches of 16': pullStage({ queue: 16, batch: true }),
};

/** Every stage feeds one more identity stage, as the SDK's own first stage would. */
async function consume(stream: ReadableStream<Part>): Promise<void> {
  let count = 0;
  const piped = stream.pipeThrough(
    new TransformStream<Part, Part>({ transform: (part, controller) => controller.enqueue(part) }),
  );
  for await (const part of piped) {
    if (part.type === 'finish' && count !== parts.length - 1) throw new Error('a part was lost');
    count++;
  }
  if (count !== parts.length) throw new Error(`${count} parts instead of ${parts.length}`);
}

const result = await measurePairedRatios({
  arms: Object.fromEntries(
    Object.entries(stages).map(([name, stage]) => [name, () => consume(stage(source()))]),
  ),
  reference: 'none',
  rounds,
});
console.log(`Stream stages, ${parts.length} parts per stream, ${rounds} rounds (CPU time):`);
for (const name of Object.keys(stages)) {
  const perPart = ((result.ms(name) - result.ms('none')) * 1000) / parts.length;
  console.log(
    `  ${name.padEnd(26)} ${result.ms(name).toFixed(1).padStart(7)} ms  ${formatRatio(result.ratio(name)).padStart(6)}  ${perPart.toFixed(2).padStart(5)} us/part`,
  );
}
