import { spawnSync } from 'node:child_process';

/**
 * What every valgrind count in `bench/` shares: the simulated caches and what valgrind needs to
 * run V8, then Node with `--predictable` (one thread, no concurrent compiler or collector), so
 * counts of the same code repeat. Followed by the script and its arguments.
 */
export const valgrindNodeArguments: readonly string[] = [
  '--cache-sim=yes',
  // Set, not read off the machine: a virtual machine may report a last level no core has.
  '--I1=32768,8,64',
  '--D1=32768,8,64',
  '--LL=1048576,8,64',
  // V8 writes and runs its own machine code; valgrind must see every write to it.
  '--smc-check=all-non-file',
  process.execPath,
  '--predictable',
  '--no-warnings',
];

/**
 * Turns of a `gate.bench.ts` bench per counted process: enough that the larger run dwarfs the
 * warm-up, few enough for valgrind. A turn's cost is the difference of the two runs divided by the
 * difference of turns.
 */
export const countedTurns: Readonly<
  Record<string, { readonly few: number; readonly many: number }>
> = {
  mcp: { few: 100, many: 300 },
  'mcp-real': { few: 50, many: 150 },
  stream: { few: 3, many: 9 },
  zod: { few: 300, many: 900 },
};

/** Ends the process with a hint when valgrind is not installed. */
export function exitUnlessValgrind(): void {
  if (spawnSync('valgrind', ['--version']).status === 0) return;
  console.error(
    'valgrind is not installed (on Debian: apt-get install valgrind); nothing counted.',
  );
  process.exit(1);
}
