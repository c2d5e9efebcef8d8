/**
 * Where a gated turn's extra cache misses and instructions are, function by function: the
 * per-turn counts of `instruction-ratios.ts`, taken apart. Each arm of a bench of `gate.bench.ts`
 * runs under valgrind's callgrind, with the same simulated caches as there (1 MiB L2), for a small
 * and a large number of turns; V8 names its generated code in the map Node writes with
 * `--perf-basic-prof`, so each JavaScript function has its own line (see callgrind-profile.ts).
 * A function's cost of one turn is the difference between the two runs divided by the difference
 * of turns, and the table lists the functions whose cost differs most between the gated and the
 * ungated turn, by misses of the L2 when reading data (`DLmr`), with its instruction misses
 * (`ILmr`: code fetched again from memory) and its instructions (`Ir`).
 *
 * Read it as a map, not a measurement: one function's figure moves by a few hundred misses
 * between runs (collections fall on other turns), V8 inlines small functions into their callers
 * (a check's misses can show under the function that calls it), and collector functions carry
 * the cost of what every part allocates.
 *
 * Usage: `node miss-attribution.ts [--arm=mcp|mcp-real|zod] [--top=N]` (needs valgrind;
 * about 10 minutes for `mcp`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CallgrindProfile, readCallgrindProfile } from './callgrind-profile.ts';
import { countedTurns, exitUnlessValgrind, valgrindNodeArguments } from './valgrind-node.ts';

const gateBench = fileURLToPath(new URL('./gate.bench.ts', import.meta.url));
/** The benches attributed: the stream's turns are too long for callgrind. */
const attributed = ['mcp', 'mcp-real', 'zod'];
const argument = (name: string): string | undefined =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const bench = argument('arm') ?? 'mcp';
const top = Number(argument('top') ?? 30);
const turns = turnsOf(bench);
if (!Number.isInteger(top) || top < 1) throw new Error('--top needs a whole number above 0');
exitUnlessValgrind();

const events = ['DLmr', 'ILmr', 'Ir'] as const;
type PerTurn = Map<string, Record<(typeof events)[number], number>>;

const directory = mkdtempSync(join(tmpdir(), 'miss-attribution-'));
try {
  // Two processes at a time: one arm's two runs side by side.
  const gated = await perTurn('gated');
  const ungated = await perTurn('ungated');
  const rows = [...new Set([...gated.keys(), ...ungated.keys()])].map((name) => {
    const more = { DLmr: 0, ILmr: 0, Ir: 0 };
    for (const event of events) {
      more[event] = (gated.get(name)?.[event] ?? 0) - (ungated.get(name)?.[event] ?? 0);
    }
    return { name, more };
  });
  const total = { DLmr: 0, ILmr: 0, Ir: 0 };
  for (const { more } of rows) for (const event of events) total[event] += more[event];
  console.log(
    `${bench}: gated - ungated per turn (callgrind, 1 MiB L2): ${format(total.DLmr)} L2 data-read misses, ${format(total.ILmr)} L2 instruction misses, ${format(total.Ir)} instructions. Functions that differ most by data-read misses:`,
  );
  console.log(`  ${'DLmr'.padStart(7)} ${'ILmr'.padStart(7)} ${'Ir'.padStart(9)}  function`);
  rows.sort((a, b) => Math.abs(b.more.DLmr) - Math.abs(a.more.DLmr));
  for (const { name, more } of rows.slice(0, top)) {
    console.log(
      `  ${format(more.DLmr).padStart(7)} ${format(more.ILmr).padStart(7)} ${format(more.Ir).padStart(9)}  ${shortName(name)}`,
    );
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}

/** Each function's cost of one more turn of an arm. */
async function perTurn(arm: string): Promise<PerTurn> {
  const [few, many] = await Promise.all([profile(arm, turns.few), profile(arm, turns.many)]);
  const result: PerTurn = new Map();
  for (const name of new Set([...few.byFunction.keys(), ...many.byFunction.keys()])) {
    const costs = { DLmr: 0, ILmr: 0, Ir: 0 };
    for (const event of events) {
      const difference =
        (many.byFunction.get(name)?.get(event) ?? 0) - (few.byFunction.get(name)?.get(event) ?? 0);
      costs[event] = difference / (turns.many - turns.few);
    }
    result.set(name, costs);
  }
  return result;
}

async function profile(arm: string, count: number): Promise<CallgrindProfile> {
  const outFile = join(directory, `${arm}-${count}.out`);
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${outFile}`,
      '--dump-instr=yes',
      ...valgrindNodeArguments,
      '--perf-basic-prof',
      gateBench,
      `--arm=${bench}`,
      `--run=${arm}`,
      `--turns=${count}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + String(chunk)).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  // Valgrind runs Node in its own process: the map is named by that process's id.
  const codeMap = `/tmp/perf-${child.pid}.map`;
  try {
    if (code !== 0) throw new Error(`callgrind of ${arm} (${count} turns) failed:\n${stderr}`);
    return readCallgrindProfile({ outFile, codeMap });
  } finally {
    rmSync(codeMap, { force: true });
  }
}

function turnsOf(name: string): { few: number; many: number } {
  const turns = attributed.includes(name) ? countedTurns[name] : undefined;
  if (turns === undefined) {
    throw new Error(`--arm=${name}: expected one of ${attributed.join(', ')}`);
  }
  return turns;
}

function format(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** A generated function's name without the machine's path to the project. */
function shortName(name: string): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  return name.replaceAll(`file://${root}`, '').slice(0, 110);
}
