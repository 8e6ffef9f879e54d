/**
 * The soak: `cotizador serve` driven for minutes by a varied mix over keep-alive connections,
 * its memory read from the server process itself, to see whether its heap levels off.
 *
 *   npx tsx benchmarks/http/soak.ts [--minutes M] [--smoke] [--built] [--connections C] [--every S] [--row S] [--root DIR]
 *
 * `serve` is the real command (the sources through tsx, or with --built the bundled dist/cli.js
 * that `npm run build` makes) with its request log on (read and dropped), the rate limit so high
 * it never refuses, and its metrics on (`COTIZADOR_METRICS`). C loops (default 6) send the mix of
 * `soakMix.ts` for M minutes (default 10; --smoke: 20 s), a third of it in English. Every S
 * seconds (default 0.5) the harness reads from `/metrics` (prom-client's process metrics: the
 * server's own V8 heap) the heap used, its young generation and the count of full (mark-compact)
 * collections, and VmRSS from `/proc/<pid>/status`; a row of the table every --row seconds.
 *
 * The heap used is a saw: between two full collections it climbs by tens of MiB of garbage, so a
 * line through raw samples says more about when they fell than about a leak. The trend is read
 * where the saw touches bottom: **after GC** is the heap used less the young generation at the
 * first sample after a full collection (what the heap kept; a leak's objects live there). The
 * report: the table (elapsed, requests answered, heap used, after GC, RSS, full GCs); heap used
 * and after-GC start, end, min and max; the after-GC least-squares slope over the run's second
 * half, per minute and per 100,000 requests, with its standard error (and the raw samples' slope
 * beside it); whether it **levelled off**: that slope is at most 0.5 MiB a minute AND the largest
 * after-GC value of the last quarter is at most 1.10 × the largest of the second quarter (the
 * first quarter is warm-up: code, caches, the receipt filling up), judged only with at least 8
 * full collections in the second half (not in a smoke run); the requests a second of the first
 * and last quarters and their ratio; the load average (the machine is shared).
 *
 * Exit 1 when a request went unanswered (a transport error, or its socket idle 30 s), an answer's
 * status is not one its kind expects (a 5xx included), `/metrics` could not be read, or `serve`
 * did not answer `/health` and exit 0 on SIGTERM after the run. No timing threshold.
 */
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import { benchToken, send, startServe } from './shared.js';
import { firstReadToken, KINDS, MIX, type Kind, tokens } from './soakMix.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const smoke = process.argv.includes('--smoke');
const minutes = smoke ? 1 / 3 : Number(option('minutes', '10'));
const everySeconds = Number(option('every', '0.5'));
/** One table row every this many seconds (every sample is kept for the trend). */
const rowSeconds = Number(option('row', smoke ? '2' : '30'));
const connections = Number(option('connections', '6'));
const root = option('root', process.cwd());
const built = process.argv.includes('--built');
const ANSWER_TIMEOUT_MS = 30_000;
/** The definition of "levelled off" (see the header). */
const MAX_SLOPE_MIB_PER_MINUTE = 0.5;
const MAX_LAST_QUARTER_GROWTH = 1.1;
/** Fewer full collections than this in the second half (a smoke run) give no verdict. */
const MIN_JUDGED = 8;
const MIB = 1024 * 1024;

const server = await startServe(root, {
  built,
  env: { COTIZADOR_RATE_LIMIT: '1000000000/1000000000', COTIZADOR_METRICS: 'true' },
});
const pid = server.process.pid;
const loadBefore = loadavg();

/** One reading of the server's memory; `afterGc`: a full (mark-compact) collection ran since the previous reading. */
type Sample = { seconds: number; served: number; heap: number; retained: number; rss: number; majorGcs: number; afterGc: boolean };
const samples: Sample[] = [];
const statuses = new Map<string, Map<number, number>>();
const problems: string[] = [];
const errors = new Map<string, number>();
let served = 0;
let unanswered = 0;
let unexpected = 0;
/** Answers per second of the run (its index), for the quarters' throughput. */
const perSecond: number[] = [];

/** VmRSS of the server's process, MiB (undefined off Linux). */
function rssMiB(): number | undefined {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line === null ? undefined : Number(line[1]) / 1024;
  } catch {
    return undefined;
  }
}

const metric = (text: string, name: string): number | undefined => {
  const line = new RegExp(`^${name.replace(/[{}"=]/g, '\\$&')} ([0-9.e+]+)$`, 'm').exec(text);
  return line === null ? undefined : Number(line[1]);
};

const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;

async function sample(): Promise<void> {
  const answer = await send(server.port, 'GET', '/metrics', {}, '', false, { timeoutMs: ANSWER_TIMEOUT_MS }).catch(() => undefined);
  const text = answer?.body ?? '';
  const heap = metric(text, 'nodejs_heap_size_used_bytes');
  const young = metric(text, 'nodejs_heap_space_size_used_bytes{space="new"}');
  const rss = rssMiB() ?? (metric(text, 'process_resident_memory_bytes') ?? Number.NaN) / MIB;
  if (answer?.status !== 200 || heap === undefined || young === undefined || Number.isNaN(rss)) {
    problems.push(`/metrics unreadable at ${elapsed().toFixed(0)} s (${answer?.status ?? 'no answer'})`);
    return;
  }
  // Absent until the first full collection.
  const majorGcs = metric(text, 'nodejs_gc_duration_seconds_count{kind="major"}') ?? 0;
  const previous = samples.at(-1);
  const s = {
    seconds: elapsed(),
    served,
    heap: heap / MIB,
    retained: (heap - young) / MIB,
    rss,
    majorGcs,
    afterGc: previous !== undefined && majorGcs > previous.majorGcs,
  };
  samples.push(s);
  if (s.seconds >= nextRow) {
    nextRow += rowSeconds;
    console.log(row(s));
  }
}

let nextRow = 0;
/** The heap after the latest full collection up to sample s (the live set, without the garbage awaiting collection). */
const liveAt = (s: Sample) => samples.filter((x) => x.afterGc && x.seconds <= s.seconds).at(-1)?.retained;
const row = (s: Sample) =>
  `  ${s.seconds.toFixed(0).padStart(7)} ${String(s.served).padStart(10)} ${s.heap.toFixed(1).padStart(9)} ${(liveAt(s)?.toFixed(1) ?? '—').padStart(13)} ${s.rss.toFixed(1).padStart(8)} ${String(s.majorGcs).padStart(9)}`;

async function loop(slot: number, agent: Agent, end: number): Promise<void> {
  for (let i = slot; performance.now() < end; i += connections) {
    const kind = MIX[i % MIX.length] as Kind;
    const request = kind.make(Math.floor(i / MIX.length));
    const headers = i % 3 === 0 ? { ...request.headers, 'accept-language': 'en' } : request.headers;
    const options = { timeoutMs: ANSWER_TIMEOUT_MS, ...(request.from === undefined ? {} : { localAddress: request.from }) };
    try {
      const answer = await send(server.port, request.method, request.path, headers, request.body, agent, options);
      served++;
      const second = Math.floor(elapsed());
      perSecond[second] = (perSecond[second] ?? 0) + 1;
      const counts = statuses.get(kind.name) ?? new Map<number, number>();
      statuses.set(kind.name, counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1));
      if (!kind.expect.includes(answer.status)) {
        unexpected++;
        if (unexpected <= 5)
          console.log(`  unexpected ${answer.status} for ${kind.name} (${request.method} ${request.path}): ${answer.body.slice(0, 200)}`);
      }
      kind.keep?.(answer, request);
    } catch (error) {
      unanswered++;
      const message = `${kind.name}: ${error instanceof Error ? error.message : String(error)}`;
      errors.set(message, (errors.get(message) ?? 0) + 1);
    }
  }
}

/** Least squares of y on x: the slope and its standard error. */
function leastSquares(points: readonly (readonly [number, number])[]): { slope: number; error: number } {
  const n = points.length;
  if (n < 3) return { slope: Number.NaN, error: Number.NaN };
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  const slope = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / sxx;
  const residuals = points.reduce((s, [x, y]) => s + (y - my - slope * (x - mx)) ** 2, 0);
  return { slope, error: Math.sqrt(residuals / (n - 2) / sxx) };
}

const fmt = (values: readonly number[]) => values.map((x) => x.toFixed(2)).join(', ');

try {
  tokens.update = await benchToken(server.port);
  const end = performance.now() + minutes * 60_000;
  console.log(
    `soak of serve from ${root}${built ? ' (dist/cli.js)' : ''}, pid ${pid}: ${connections} keep-alive loops for ${(minutes * 60).toFixed(0)} s, a mix of ${MIX.length} (${Object.keys(KINDS).length} kinds), a sample every ${everySeconds} s`,
  );
  console.log(
    `  ${'elapsed s'.padStart(7)} ${'requests'.padStart(10)} ${'heap MiB'.padStart(9)} ${'after GC MiB'.padStart(13)} ${'RSS MiB'.padStart(8)} ${'full GCs'.padStart(9)}`,
  );
  await sample();
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const timer = setInterval(() => void sample(), everySeconds * 1000);
  await firstReadToken(server.port);
  await Promise.all(Array.from({ length: connections }, (_, slot) => loop(slot, agent, end)));
  clearInterval(timer);
  agent.destroy();
  await sample();
  report();
  const health = await send(server.port, 'GET', '/health', {}, '', false).catch(() => undefined);
  if (health?.status !== 200) problems.push(`/health answered ${health?.status ?? 'nothing'} after the run`);
} finally {
  const exit = new Promise<number | null>((resolve) => {
    if (server.process.exitCode !== null) resolve(server.process.exitCode);
    else server.process.once('exit', (code) => resolve(code));
  });
  await server.stop();
  const code = await exit;
  if (code !== 0) problems.push(`serve exited ${code} on SIGTERM`);
  if (unanswered > 0) problems.push(`${unanswered} requests unanswered`);
  if (unexpected > 0) problems.push(`${unexpected} answers with a status their kind does not expect`);
  for (const problem of problems) console.log(`  FAILED ${problem}`);
  if (problems.length === 0) console.log('  every request answered as expected; serve answered /health and stopped with 0');
  process.exitCode = problems.length === 0 ? 0 : 1;
}

function report(): void {
  const total = elapsed();
  const inQuarter = (q: number) => (s: Sample) => s.seconds >= (q * total) / 4 && s.seconds <= ((q + 1) * total) / 4;
  const secondHalf = samples.filter((s) => s.seconds >= total / 2);
  const live = secondHalf.filter((s) => s.afterGc);
  const perMinute = leastSquares(live.map((s) => [s.seconds / 60, s.retained]));
  const perRequests = leastSquares(live.map((s) => [s.served / 100_000, s.retained]));
  const raw = leastSquares(secondHalf.map((s) => [s.seconds / 60, s.heap]));
  const maxLive = (q: number) => Math.max(...samples.filter((s) => s.afterGc && inQuarter(q)(s)).map((s) => s.retained));
  const growth = maxLive(3) / maxLive(1);
  const judged = !smoke && live.length >= MIN_JUDGED && Number.isFinite(growth);
  const levelled = perMinute.slope <= MAX_SLOPE_MIB_PER_MINUTE && growth <= MAX_LAST_QUARTER_GROWTH;
  const rate = (q: number) => {
    const from = Math.floor((q * total) / 4);
    const to = Math.floor(((q + 1) * total) / 4);
    return perSecond.slice(from, to).reduce((s, x) => s + (x ?? 0), 0) / Math.max(1, to - from);
  };
  const heaps = samples.map((s) => s.heap);
  const lives = samples.filter((s) => s.afterGc).map((s) => s.retained);
  const last = samples.at(-1);
  console.log(
    `${served} answers in ${total.toFixed(0)} s (${(served / total).toFixed(0)} req/s), ${unanswered} unanswered, ${unexpected} unexpected`,
  );
  for (const [name, counts] of statuses) {
    console.log(
      `  ${name.padEnd(34)} ${[...counts]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ')}`,
    );
  }
  for (const [message, n] of errors) console.log(`  ERROR ${n} × ${message}`);
  console.log(
    `heap used (${samples.length} samples): start ${heaps[0]?.toFixed(1)} MiB, end ${heaps.at(-1)?.toFixed(1)}, min ${Math.min(...heaps).toFixed(1)}, max ${Math.max(...heaps).toFixed(1)}; RSS start ${samples[0]?.rss.toFixed(1)}, end ${last?.rss.toFixed(1)}, max ${Math.max(...samples.map((s) => s.rss)).toFixed(1)} MiB`,
  );
  console.log(
    `after a full GC (${lives.length} samples, ${last?.majorGcs ?? 0} full GCs): first ${lives[0]?.toFixed(1)} MiB, last ${lives.at(-1)?.toFixed(1)}, min ${Math.min(...lives).toFixed(1)}, max ${Math.max(...lives).toFixed(1)}`,
  );
  console.log(
    `  slope over the second half (${live.length} after-GC samples): ${perMinute.slope.toFixed(3)} ± ${perMinute.error.toFixed(3)} MiB/min, ${perRequests.slope.toFixed(3)} ± ${perRequests.error.toFixed(3)} MiB per 100k requests (every sample: ${raw.slope.toFixed(3)} ± ${raw.error.toFixed(3)} MiB/min)`,
  );
  console.log(
    `  largest after GC: second quarter ${maxLive(1).toFixed(1)} MiB, last quarter ${maxLive(3).toFixed(1)} MiB (× ${growth.toFixed(3)})`,
  );
  console.log(
    `  levelled off: ${judged ? (levelled ? 'yes' : 'NO') : `not judged (${smoke ? 'a smoke run' : `fewer than ${MIN_JUDGED} full GCs in the second half`})`} (after-GC slope ≤ ${MAX_SLOPE_MIB_PER_MINUTE} MiB/min and last-quarter max ≤ ${MAX_LAST_QUARTER_GROWTH} × second-quarter max)`,
  );
  console.log(
    `throughput: first quarter ${rate(0).toFixed(0)} req/s, last quarter ${rate(3).toFixed(0)} req/s, last ÷ first ${(rate(3) / rate(0)).toFixed(3)}`,
  );
  console.log(`load average: before ${fmt(loadBefore)}; after ${fmt(loadavg())}`);
}
