import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { countedTurns, exitUnlessValgrind, valgrindNodeArguments } from './valgrind-node.ts';

/**
 * Gate / ungated AI SDK counted in machine instructions and cache misses instead of CPU time.
 *
 * The CPU-time ratios of `gate.bench.ts` move by tens of percent with the load of a shared machine.
 * Instructions do not: valgrind's cachegrind counts every instruction a process executes, and with
 * V8's `--predictable` (one thread, no concurrent compiler or collector) the count repeats exactly
 * when the arm draws no random ids and reads no clock, and within 0.1% when it does.
 * Each arm runs in its own process for a small and a large number of turns; the difference divided
 * by the difference of turns is the cost of one turn, with start-up and the first compilations
 * taken out.
 *
 * Instructions are not time: a read that misses the caches near the core costs tens of cycles.
 * So cachegrind also simulates the caches, with a 1 MiB second level (set in valgrind-node.ts:
 * the size of a current server core's L2; what the machine reports for its last level is not what
 * one core has), and the ratio of its misses per turn is printed beside the instruction ratio.
 * That count moves by 2 to 3% between runs (addresses differ from process to process); it shows
 * how much of a gap between the CPU-time ratio and the instruction ratio is memory, not how long
 * it takes.
 *
 * The same for a schema never seen before (`schema-preparation.bench.ts`): each arm runs over sets
 * of new schemas, and the instructions of making those sets (`--run=setup`) are taken out, so the
 * ratio is strict conversion through the gate's cache / the checker's preparation, as there.
 *
 * Usage: `node instruction-ratios.ts [--arm=mcp|mcp-real|stream|zod|new-schema]` (needs
 * valgrind; about 5 minutes per bench, 15 for the stream).
 */

const run = promisify(execFile);
const gateBench = fileURLToPath(new URL('./gate.bench.ts', import.meta.url));
const schemaBench = fileURLToPath(new URL('./schema-preparation.bench.ts', import.meta.url));

/** Benches whose tools are rebuilt every turn, with `read` and `compare` arms (see `gate.bench.ts`). */
const benchesWithFloors = new Set(['mcp', 'mcp-real']);

/** Sets of new schemas per process, for `new-schema`, and schemas per set (as that bench makes them). */
const schemaRuns = { few: 10, many: 40 };
const schemasPerRun = 200;

const only = process.argv.find((argument) => argument.startsWith('--arm='))?.slice('--arm='.length);
const benchNames = [...Object.keys(countedTurns), 'new-schema'];
if (only !== undefined && !benchNames.includes(only)) {
  throw new Error(`--arm=${only}: expected one of ${benchNames.join(', ')}`);
}
exitUnlessValgrind();

if (only !== 'new-schema') {
  console.log(
    'Gate / ungated AI SDK per turn, in instructions and in misses of a simulated 1 MiB L2 (cachegrind, node --predictable; counts load does not move):',
  );
}
for (const [bench, turns] of Object.entries(countedTurns)) {
  if (only !== undefined && bench !== only) continue;
  const armArguments = (arm: string) => (count: number) => [
    gateBench,
    `--arm=${bench}`,
    `--run=${arm}`,
    `--turns=${count}`,
  ];
  const [gated, ungated] = await Promise.all([
    costPerRun({ script: armArguments('gated'), ...turns }),
    costPerRun({ script: armArguments('ungated'), ...turns }),
  ]);
  console.log(
    `  ${bench.padEnd(9)} gated ${describe(gated)}; ungated ${describe(ungated)}: ${ratios(gated, ungated)}`,
  );
  if (benchesWithFloors.has(bench)) {
    const [read, compare] = await Promise.all([
      costPerRun({ script: armArguments('read'), ...turns }),
      costPerRun({ script: armArguments('compare'), ...turns }),
    ]);
    console.log(
      `  ${''.padEnd(9)} ungated reading every tool schema once ${describe(read)}: ${ratios(read, ungated)} (the floor of a gate that recognizes schemas by content)`,
    );
    console.log(
      `  ${''.padEnd(9)} ungated comparing every tool schema with a kept copy ${describe(compare)}: ${ratios(compare, ungated)} (the floor of a gate that recognizes them exactly)`,
    );
  }
}

if (only === undefined || only === 'new-schema') {
  const armArguments = (arm: string) => (count: number) => [
    schemaBench,
    `--run=${arm}`,
    `--runs=${count}`,
  ];
  const [setup, prepared, converted] = await Promise.all([
    costPerRun({ script: armArguments('setup'), ...schemaRuns }),
    costPerRun({ script: armArguments('prepareSchema'), ...schemaRuns }),
    costPerRun({ script: armArguments('storedStrictSchema'), ...schemaRuns }),
  ]);
  const perSchema = (count: number) =>
    `${Math.round((count - setup.instructions) / schemasPerRun / 1000)}k`;
  console.log(
    `A new schema in instructions (cachegrind, node --predictable; making the schemas taken out): toStrictSchemaCached ${perSchema(converted.instructions)}, prepareSchema ${perSchema(prepared.instructions)} per schema: ${((converted.instructions - setup.instructions) / (prepared.instructions - setup.instructions)).toFixed(3)}x`,
  );
}

/** What cachegrind counts for one process. */
type Counts = {
  readonly instructions: number;
  /** Misses of the simulated last level (the 1 MiB L2 of valgrind-node.ts), reads and writes. */
  readonly l2Misses: number;
};

/** The counts of one more turn (or run) of a script, start-up and warm-up taken out. */
async function costPerRun({
  script,
  few,
  many,
}: {
  /** The script and its arguments for a number of turns. */
  script: (count: number) => string[];
  few: number;
  many: number;
}): Promise<Counts> {
  const first = await count(script(few));
  const second = await count(script(many));
  return {
    instructions: (second.instructions - first.instructions) / (many - few),
    l2Misses: (second.l2Misses - first.l2Misses) / (many - few),
  };
}

async function count(script: string[]): Promise<Counts> {
  const { stderr } = await run(
    'valgrind',
    ['--tool=cachegrind', '--cachegrind-out-file=/dev/null', ...valgrindNodeArguments, ...script],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const counted = (label: RegExp) => {
    const value = label.exec(stderr)?.[1];
    if (value === undefined) {
      throw new Error(
        `cachegrind printed no count for ${script.join(' ')}:\n${stderr.slice(-2000)}`,
      );
    }
    return Number(value.replaceAll(',', ''));
  };
  return {
    instructions: counted(/I\s+refs:\s+([\d,]+)/),
    l2Misses: counted(/LL misses:\s+([\d,]+)/),
  };
}

function describe({ instructions, l2Misses }: Counts): string {
  return `${(instructions / 1e6).toFixed(2)}M instructions, ${(l2Misses / 1e3).toFixed(1)}k L2 misses`;
}

function ratios(arm: Counts, reference: Counts): string {
  return `${(arm.instructions / reference.instructions).toFixed(3)}x, ${(arm.l2Misses / reference.l2Misses).toFixed(2)}x`;
}
