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
 * Usage: `node bench/instruction-ratios.ts [--arm=mcp|mcp-real|stream|zod]` (needs valgrind; about
 * 5 minutes per bench, 15 for the stream).
 */

const run = promisify(execFile);
const gateBench = fileURLToPath(new URL('./gate.bench.ts', import.meta.url));

/** Turns per process: enough that the larger run dwarfs the warm-up, few enough for valgrind. */
const turnsByBench: Record<string, { few: number; many: number }> = {
  mcp: { few: 100, many: 300 },
  'mcp-real': { few: 50, many: 150 },
  stream: { few: 3, many: 9 },
  zod: { few: 300, many: 900 },
};

const only = process.argv.find((argument) => argument.startsWith('--arm='))?.slice('--arm='.length);
if (only !== undefined && !(only in turnsByBench)) {
  throw new Error(`--arm=${only}: expected one of ${Object.keys(turnsByBench).join(', ')}`);
}
if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error(
    'valgrind is not installed (on Debian: apt-get install valgrind); nothing counted.',
  );
  process.exit(1);
}

console.log(
  'Gate / ungated AI SDK in instructions per turn (callgrind, node --predictable; a count load does not move):',
);
for (const [bench, turns] of Object.entries(turnsByBench)) {
  if (only !== undefined && bench !== only) continue;
  const [gated, ungated] = await Promise.all([
    instructionsPerTurn({ bench, arm: 'gated', ...turns }),
    instructionsPerTurn({ bench, arm: 'ungated', ...turns }),
  ]);
  console.log(
    `  ${bench.padEnd(9)} gated ${millions(gated)}, ungated ${millions(ungated)} per turn: ${(gated / ungated).toFixed(3)}x`,
  );
}

async function instructionsPerTurn({
  bench,
  arm,
  few,
  many,
}: {
  bench: string;
  arm: string;
  few: number;
  many: number;
}): Promise<number> {
  const first = await countInstructions({ bench, arm, turns: few });
  const second = await countInstructions({ bench, arm, turns: many });
  return (second - first) / (many - few);
}

async function countInstructions({
  bench,
  arm,
  turns,
}: {
  bench: string;
  arm: string;
  turns: number;
}): Promise<number> {
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
      gateBench,
      `--arm=${bench}`,
      `--run=${arm}`,
      `--turns=${turns}`,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const collected = /Collected : (\d+)/.exec(stderr)?.[1];
  if (collected === undefined) {
    throw new Error(`callgrind printed no count for ${bench}/${arm}:\n${stderr.slice(-2000)}`);
  }
  return Number(collected);
}

function millions(instructions: number): string {
  return `${(instructions / 1e6).toFixed(2)}M`;
}
