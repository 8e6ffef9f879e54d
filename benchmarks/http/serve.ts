/**
 * `cotizador serve` against the ceiling: a bare node:http server that answers every request with
 * the very bytes `serve` sends for a 60-payment AutoEstrene (status 200, 19.5 KB). Both run in
 * their own process on 127.0.0.1 and are loaded alternately by the same client (keep-alive
 * connections, interleaved rounds after a warm-up); the report gives each one's median req/s
 * and serve ÷ ceiling.
 *
 *   npx tsx benchmarks/http/serve.ts [--rounds N] [--seconds S] [--connections C] [--no-log] [--built] [--root DIR] [--listener] [--node-arg ARG]…
 *
 * `serve` is the real command (src/cli/bin.ts through tsx, or with --built the bundled
 * dist/cli.js that `npm run build` makes) with its defaults (request log on stdout, which the
 * harness reads and discards; the rate limit on, set so high it never refuses, so its
 * bookkeeping is measured). --root DIR --listener measures an older checkout's toNodeListener
 * instead (for before/after). Each server's CPU time per request (from /proc on Linux) is
 * printed too: the client shares the machine with both servers, so req/s alone hides where the
 * time goes.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUTOESTRENE_60, benchToken, load, median, send, startChild, startServe, type Child } from './shared.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const rounds = Number(option('rounds', '3'));
const seconds = Number(option('seconds', '5'));
const connections = Number(option('connections', '4'));
const root = option('root', process.cwd());
const listener = process.argv.includes('--listener');
const built = process.argv.includes('--built');

/** User + system CPU time of a process so far, µs (Linux's /proc; undefined elsewhere). */
function processCpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    const ticksPerSecond = 100; // USER_HZ on Linux
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

const server = listener
  ? await startChild('listener', root)
  : await startServe(root, {
      built,
      log: !process.argv.includes('--no-log'),
      env: { COTIZADOR_RATE_LIMIT: '1000000000/1000000000' },
      // `--node-arg --cpu-prof` profiles serve's process (NODE_OPTIONS refuses it).
      nodeArgs: process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--node-arg' ? [arg] : [])),
    });
let ceiling: Child | undefined;
try {
  const token = await benchToken(server.port);
  const request = () => ({
    method: 'POST',
    path: '/api/esb/Cotizador/v1/AutoEstrene',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: AUTOESTRENE_60,
  });
  const sample = await send(server.port, 'POST', request().path, request().headers, AUTOESTRENE_60, false);
  if (sample.status !== 200) throw new Error(sample.body);
  const file = join(mkdtempSync(join(tmpdir(), 'cotizador-bench-')), 'body.json');
  writeFileSync(file, sample.body);
  ceiling = await startChild('ceiling', file);

  const cpu = new Map<number, number[]>([
    [server.port, []],
    [ceiling.port, []],
  ]);
  const measure = async (port: number) => {
    const pid = port === server.port ? server.process.pid : ceiling?.process.pid;
    const before = processCpuMicros(pid);
    const r = await load(port, connections, seconds * 1000, request);
    if (r.failed > 0) throw new Error(`${r.failed} requests failed`);
    const after = processCpuMicros(pid);
    if (before !== undefined && after !== undefined) cpu.get(port)?.push((after - before) / r.completed);
    return r.completed / r.seconds;
  };
  await measure(server.port); // warm-up
  await measure(ceiling.port);
  for (const list of cpu.values()) list.length = 0; // the warm-up is not a sample
  const serveRates: number[] = [];
  const ceilingRates: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      serveRates.push(await measure(server.port));
      ceilingRates.push(await measure(ceiling.port));
    } else {
      ceilingRates.push(await measure(ceiling.port));
      serveRates.push(await measure(server.port));
    }
  }
  const s = median(serveRates);
  const c = median(ceilingRates);
  console.log(
    `${listener ? `toNodeListener (${root})` : 'cotizador serve'} vs node:http sending the same ${Buffer.byteLength(sample.body)}-byte body`,
  );
  console.log(`  ${rounds} interleaved rounds of ${seconds} s, ${connections} keep-alive connections, 127.0.0.1`);
  console.log(`  serve:   ${s.toFixed(0).padStart(6)} req/s   (rounds: ${serveRates.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(`  ceiling: ${c.toFixed(0).padStart(6)} req/s   (rounds: ${ceilingRates.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(`  serve ÷ ceiling: ${(s / c).toFixed(3)}`);
  const perRequest = (port: number) => (cpu.get(port)?.length ? `${median(cpu.get(port) ?? []).toFixed(1)} µs` : 'n/a');
  console.log(`  server CPU per request (median of rounds): serve ${perRequest(server.port)}, ceiling ${perRequest(ceiling.port)}`);
  console.log(
    `  load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
} finally {
  await server.stop();
  await ceiling?.stop();
}
