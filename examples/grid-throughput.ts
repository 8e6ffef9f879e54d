/**
 * Grid throughput of the built CLI, with and without worker threads: scenarios per second for a
 * few grid sizes, best of three runs, process start included (what a user waits for).
 *
 *   npm run build && npx tsx examples/grid-throughput.ts [--quick]
 *
 * The figures in docs/cli.md and the CLI's worker threshold come from this script.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

const cli = 'dist/cli.js';
if (!existsSync(cli)) {
  console.error('dist/cli.js is missing: run `npm run build` first');
  process.exit(1);
}
const quick = process.argv.includes('--quick');
const sizes = quick ? [500, 5000] : [2000, 10000, 25000, 50000, 100000, 200000];
const repeats = quick ? 1 : 3;
const cores = availableParallelism();

/** Wall-clock seconds of one CLI run over `size` scenarios (5 terms × size/5 rates). */
function run(size: number, workers: number): number {
  const rates = size / 5;
  const to = (8 + (rates - 1) * 0.001).toFixed(3);
  const args = [
    cli,
    'grid',
    'examples/autoestrene.json',
    '--vary',
    'plazo=12:60:12',
    '--vary',
    `tasa=8:${to}:0.001`,
    '--workers',
    String(workers),
    '--out',
    '/dev/null',
  ];
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, args, { encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (child.status !== 0) throw new Error(`grid failed: ${child.stderr}`);
  return seconds;
}

/** Best wall-clock time of each worker count, runs interleaved so both see the same machine load. */
function best(size: number, counts: readonly number[]): number[] {
  const min = counts.map(() => Infinity);
  for (let i = 0; i < repeats; i++) {
    counts.forEach((w, k) => {
      min[k] = Math.min(min[k] as number, run(size, w));
    });
  }
  return min;
}

console.log(
  `node ${process.version}, ${cores} available core(s), load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`${'scenarios'.padStart(9)}  ${'workers 0 (/s)'.padStart(15)}  ${`workers ${cores} (/s)`.padStart(15)}  ratio`);
for (const size of sizes) {
  const [t0, tn] = best(size, [0, cores]) as [number, number];
  const single = size / t0;
  const pooled = size / tn;
  console.log(
    `${String(size).padStart(9)}  ${Math.round(single).toString().padStart(15)}  ${Math.round(pooled).toString().padStart(15)}  ${(pooled / single).toFixed(2)}`,
  );
}
