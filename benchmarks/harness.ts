/**
 * The measuring harness: CPU time per sample (`process.cpuUsage`, user + system), the cases of a
 * group run in interleaved rounds with the order rotated each round (so a busy machine slows them
 * alike and no case always runs first), a warm-up before calibration, and the median of the
 * samples with their spread (first and third quartiles). Every figure is reported as a ratio to the
 * group's baselines measured in the same rounds.
 */

/** One thing to time: a name and a call (its result is kept so the work is not optimised away). */
export interface BenchCase {
  readonly name: string;
  readonly run: () => unknown;
}

/** The per-call CPU time of one case: the median of the rounds and the quartiles around it (µs). */
export interface CaseTiming {
  readonly name: string;
  readonly median: number;
  readonly q1: number;
  readonly q3: number;
  /** Calls per sample. */
  readonly calls: number;
}

/** How long to measure: rounds, and the CPU time each case gets in all (ms). */
export interface Budget {
  readonly rounds: number;
  readonly perCaseMs: number;
  /** Warm-up per case before calibrating (ms of wall time). */
  readonly warmupMs: number;
}

let sink: unknown;

/** Keeps a value alive (so the timed work is never dead code). */
export function keep(value: unknown): void {
  sink = value;
}

function cpuMicros(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return u.user + u.system;
}

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}

/**
 * Times the cases of one group in interleaved, rotated rounds.
 *
 * @example
 * ```ts
 * const [t] = measure([{ name: 'sum', run: () => [1, 2, 3].reduce((a, b) => a + b) }], { rounds: 3, perCaseMs: 30, warmupMs: 10 });
 * t!.median > 0; // true
 * ```
 */
export function measure(cases: readonly BenchCase[], budget: Budget): CaseTiming[] {
  // Warm up (compilation and inline caches do not count), then calibrate the calls per sample so
  // that each sample takes about perCaseMs / rounds of CPU time.
  const calls = cases.map((c) => {
    const warm = Date.now();
    while (Date.now() - warm < budget.warmupMs) sink = c.run();
    const start = process.cpuUsage();
    let n = 0;
    let used = 0;
    while (used < 5_000) {
      sink = c.run();
      n++;
      used = cpuMicros(start);
    }
    return Math.max(1, Math.round(((budget.perCaseMs * 1000) / budget.rounds / used) * n));
  });
  const samples = cases.map(() => [] as number[]);
  for (let round = 0; round < budget.rounds; round++) {
    for (let j = 0; j < cases.length; j++) {
      const i = (j + round) % cases.length;
      const c = cases[i] as BenchCase;
      const n = calls[i] as number;
      const start = process.cpuUsage();
      for (let k = 0; k < n; k++) sink = c.run();
      (samples[i] as number[]).push(cpuMicros(start) / n);
    }
  }
  void sink;
  return cases.map((c, i) => {
    const sorted = [...(samples[i] as number[])].sort((a, b) => a - b);
    return {
      name: c.name,
      median: quantile(sorted, 0.5),
      q1: quantile(sorted, 0.25),
      q3: quantile(sorted, 0.75),
      calls: calls[i] as number,
    };
  });
}
