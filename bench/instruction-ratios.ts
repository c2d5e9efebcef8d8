import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * Gate / ungated AI SDK counted in machine instructions instead of CPU time.
 *
 * The CPU-time ratios of `gate.bench.ts` move by tens of percent with the load of a shared machine.
 * Instructions do not: valgrind's callgrind counts every instruction a process executes, and with
 * V8's `--predictable` (one thread, no concurrent compiler or collector) the count repeats exactly
 * when the arm draws no random ids and reads no clock, and within 0.1% when it does.
 * Each arm runs in its own process for a small and a large number of turns; the difference divided
 * by the difference of turns is the cost of one turn, with start-up and the first compilations
 * taken out. Instructions are not time: cache misses weigh in time, not in count, so these ratios
 * steady the CPU-time ratios; they do not replace them.
 *
 * The same for a schema never seen before (`schema-preparation.bench.ts`): each arm runs over sets
 * of new schemas, and the instructions of making those sets (`--run=setup`) are taken out, so the
 * ratio is strict conversion through the gate's cache / the checker's preparation, as there.
 *
 * Usage: `node bench/instruction-ratios.ts [--arm=mcp|mcp-real|stream|zod|new-schema]` (needs
 * valgrind; about 5 minutes per bench, 15 for the stream).
 */

const run = promisify(execFile);
const gateBench = fileURLToPath(new URL('./gate.bench.ts', import.meta.url));
const schemaBench = fileURLToPath(new URL('./schema-preparation.bench.ts', import.meta.url));

/** Turns per process: enough that the larger run dwarfs the warm-up, few enough for valgrind. */
const turnsByBench: Record<string, { few: number; many: number }> = {
  mcp: { few: 100, many: 300 },
  'mcp-real': { few: 50, many: 150 },
  stream: { few: 3, many: 9 },
  zod: { few: 300, many: 900 },
};

/** Benches whose tools are rebuilt every turn, with a `read` arm (see `gate.bench.ts`). */
const benchesWithReadArm = new Set(['mcp', 'mcp-real']);

/** Sets of new schemas per process, for `new-schema`, and schemas per set (as that bench makes them). */
const schemaRuns = { few: 10, many: 40 };
const schemasPerRun = 200;

const only = process.argv.find((argument) => argument.startsWith('--arm='))?.slice('--arm='.length);
const benchNames = [...Object.keys(turnsByBench), 'new-schema'];
if (only !== undefined && !benchNames.includes(only)) {
  throw new Error(`--arm=${only}: expected one of ${benchNames.join(', ')}`);
}
if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error(
    'valgrind is not installed (on Debian: apt-get install valgrind); nothing counted.',
  );
  process.exit(1);
}

if (only !== 'new-schema') {
  console.log(
    'Gate / ungated AI SDK in instructions per turn (callgrind, node --predictable; a count load does not move):',
  );
}
for (const [bench, turns] of Object.entries(turnsByBench)) {
  if (only !== undefined && bench !== only) continue;
  const armArguments = (arm: string) => (count: number) => [
    gateBench,
    `--arm=${bench}`,
    `--run=${arm}`,
    `--turns=${count}`,
  ];
  const [gated, ungated] = await Promise.all([
    instructionsPerRun({ script: armArguments('gated'), ...turns }),
    instructionsPerRun({ script: armArguments('ungated'), ...turns }),
  ]);
  console.log(
    `  ${bench.padEnd(9)} gated ${millions(gated)}, ungated ${millions(ungated)} per turn: ${(gated / ungated).toFixed(3)}x`,
  );
  if (benchesWithReadArm.has(bench)) {
    const read = await instructionsPerRun({ script: armArguments('read'), ...turns });
    console.log(
      `  ${''.padEnd(9)} ungated reading every tool schema once ${millions(read)} per turn: ${(read / ungated).toFixed(3)}x (the floor of a gate that recognizes schemas by content)`,
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
    instructionsPerRun({ script: armArguments('setup'), ...schemaRuns }),
    instructionsPerRun({ script: armArguments('prepareSchema'), ...schemaRuns }),
    instructionsPerRun({ script: armArguments('toStrictSchemaCached'), ...schemaRuns }),
  ]);
  const perSchema = (count: number) => `${Math.round((count - setup) / schemasPerRun / 1000)}k`;
  console.log(
    `A new schema in instructions (callgrind, node --predictable; making the schemas taken out): toStrictSchemaCached ${perSchema(converted)}, prepareSchema ${perSchema(prepared)} per schema: ${((converted - setup) / (prepared - setup)).toFixed(3)}x`,
  );
}

/** Instructions of one more turn (or run) of a script, start-up and warm-up taken out. */
async function instructionsPerRun({
  script,
  few,
  many,
}: {
  /** The script and its arguments for a number of turns. */
  script: (count: number) => string[];
  few: number;
  many: number;
}): Promise<number> {
  const first = await countInstructions(script(few));
  const second = await countInstructions(script(many));
  return (second - first) / (many - few);
}

async function countInstructions(script: string[]): Promise<number> {
  const { stderr } = await run(
    'valgrind',
    [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      // V8 writes and runs its own machine code; valgrind must see every write to it.
      '--smc-check=all-non-file',
      process.execPath,
      '--predictable',
      '--no-warnings',
      ...script,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const collected = /Collected : (\d+)/.exec(stderr)?.[1];
  if (collected === undefined) {
    throw new Error(`callgrind printed no count for ${script.join(' ')}:\n${stderr.slice(-2000)}`);
  }
  return Number(collected);
}

function millions(instructions: number): string {
  return `${(instructions / 1e6).toFixed(2)}M`;
}
