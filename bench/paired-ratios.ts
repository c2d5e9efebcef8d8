/**
 * Ratios of arms measured side by side in one process: each round runs every arm once, in an order
 * that rotates between rounds, and each arm is timed against the reference arm of the same round;
 * the median of those paired ratios cancels the machine's drift (other load, frequency, GC debt).
 */
export type PairedArm =
  | (() => Promise<unknown> | unknown)
  | {
      /** Untimed: makes what one timed run works on (fresh schemas, say). */
      readonly setup: () => unknown;
      readonly run: (input: never) => Promise<unknown> | unknown;
    };
export type PairedArms = Readonly<Record<string, PairedArm>>;

export type PairedResult = {
  /** Median of the per-round ratios arm / reference, by arm. */
  readonly ratio: (arm: string) => number;
  /**
   * A 95% confidence interval of that median, from the order statistics of the per-round ratios
   * (no assumption about their distribution): how far one run's ratio can be trusted.
   */
  readonly interval: (arm: string) => readonly [low: number, high: number];
  /** Median time of one run of an arm, in milliseconds. */
  readonly ms: (arm: string) => number;
};

export async function measurePairedRatios({
  arms,
  reference,
  rounds,
  warmup = Math.max(3, Math.round(rounds / 5)),
  repeat = 1,
  clock = 'cpu',
}: {
  /** What to time; one call is one run. */
  arms: PairedArms;
  /** The arm every other arm is divided by. */
  reference: string;
  rounds: number;
  /** Rounds run first and thrown away (JIT, caches). */
  warmup?: number;
  /** Runs per timing, for arms too fast to time once. */
  repeat?: number;
  /**
   * `cpu` (default): this process's CPU time, which other load on a shared machine does not
   * inflate; `wall`: elapsed time, for arms that wait on timers or I/O.
   */
  clock?: 'cpu' | 'wall';
}): Promise<PairedResult> {
  const collectGarbage = youngGenerationCollector();
  const now = clock === 'cpu' ? cpuMilliseconds : () => performance.now();
  const names = Object.keys(arms);
  if (!names.includes(reference)) throw new Error(`no arm named ${reference}`);
  const times = new Map(names.map((name) => [name, [] as number[]]));
  for (let round = 0; round < warmup + rounds; round++) {
    const order = names.map((_, index) => names[(index + round) % names.length] as string);
    for (const name of order) {
      const arm = arms[name] as PairedArm;
      const run = (typeof arm === 'function' ? arm : arm.run) as (input: unknown) => unknown;
      const inputs =
        typeof arm === 'function' ? [] : Array.from({ length: repeat }, () => arm.setup());
      // Under --expose-gc every run starts from a collected young generation, so no arm pays
      // another's garbage (see youngGenerationCollector).
      collectGarbage?.();
      const started = now();
      for (let index = 0; index < repeat; index++) await run(inputs[index]);
      const elapsed = (now() - started) / repeat;
      if (round >= warmup) times.get(name)?.push(elapsed);
    }
  }
  const referenceTimes = times.get(reference) as number[];
  const ratios = (arm: string): number[] => {
    const armTimes = times.get(arm);
    if (armTimes === undefined) throw new Error(`no arm named ${arm}`);
    return armTimes.map((time, index) => time / (referenceTimes[index] as number));
  };
  return {
    ratio: (arm) => median(ratios(arm)),
    interval(arm) {
      const sorted = ratios(arm).sort((left, right) => left - right);
      const spread = 0.98 * Math.sqrt(sorted.length);
      const low = Math.max(0, Math.floor(sorted.length / 2 - spread) - 1);
      const high = Math.min(sorted.length - 1, Math.ceil(sorted.length / 2 + spread));
      return [sorted[low] as number, sorted[high] as number];
    },
    ms(arm) {
      const armTimes = times.get(arm);
      if (armTimes === undefined) throw new Error(`no arm named ${arm}`);
      return median(armTimes);
    },
  };
}

/**
 * A collection of the young generation, where an arm's garbage is, when the process runs with
 * `--expose-gc`. Not a full collection, which also frees the hidden classes (maps) of objects no
 * longer alive: V8 then throws away every optimized function that embeds one, in every arm, to
 * compile it again a few turns later; charged to the run after it, that is work no app does every
 * few turns, and more of it the more code an arm runs (bench/HISTORY.md, 2026-12-02, night).
 */
function youngGenerationCollector(): (() => void) | undefined {
  const gc = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
  return gc === undefined ? undefined : () => gc({ type: 'minor' });
}

function cpuMilliseconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * `1.02x` with a mark when a goal is missed; a ratio that two decimals would round to its goal
 * gets three (`1.034x (MISSED)`, `1.027x`), so the mark never contradicts the figure.
 */
export function formatRatio(value: number, goal?: { atMost?: number; atLeast?: number }): string {
  const missed =
    (goal?.atMost !== undefined && value > goal.atMost) ||
    (goal?.atLeast !== undefined && value < goal.atLeast);
  const roundsToGoal = [goal?.atMost, goal?.atLeast].some(
    (bound) => bound !== undefined && bound.toFixed(2) === value.toFixed(2),
  );
  return `${value.toFixed(roundsToGoal ? 3 : 2)}x${missed ? ' (MISSED)' : ''}`;
}
