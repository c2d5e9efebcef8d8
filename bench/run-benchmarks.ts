import { run } from 'mitata';

/**
 * Runs the registered mitata benchmarks quietly (`--mitata` prints mitata's own report), prints
 * the runtime line, and returns the mean ns per call of each benchmark by its name.
 */
export async function runBenchmarks(): Promise<{ ns: (name: string) => number }> {
  const started = performance.now();
  const { benchmarks, context } = await run({
    format: process.argv.includes('--mitata') ? 'mitata' : 'quiet',
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);

  const nsByName = new Map<string, number>();
  for (const trial of benchmarks) {
    const stats = trial.runs[0]?.stats;
    if (stats === undefined) {
      throw new Error(`${trial.alias} failed: ${String(trial.runs[0]?.error)}`);
    }
    nsByName.set(trial.alias, stats.avg);
  }
  console.log(
    `${context.runtime ?? 'node'} ${process.version}, ${context.cpu.name ?? 'unknown cpu'}; ${seconds} s`,
  );
  console.log('');
  return {
    ns(name) {
      const value = nsByName.get(name);
      if (value === undefined) throw new Error(`no result for ${name}`);
      return value;
    },
  };
}
