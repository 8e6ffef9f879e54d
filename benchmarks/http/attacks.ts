/**
 * Issue 21's attacks on `cotizador serve`: legitimate AutoEstrene requests/s (60 payments with the
 * table, 4 keep-alive connections from 127.0.0.1) quiet and under one attack run by
 * `attacker.ts` in its own process from 127.0.0.2:
 *
 *   npx tsx benchmarks/http/attacks.ts --attack receipts|json-auth|json-anon|forms|slowloris
 *     [--root DIR] [--rounds N] [--seconds S] [--env NAME=VALUE]…
 *
 * `serve` is the real command from DIR's sources (default: this checkout; an older checkout is
 * `git archive <commit> | tar -x -C DIR` with `node_modules` linked), with its defaults but the
 * rate limit set so high it never refuses (the attacker is not slowed by it: the harder case),
 * an attacker client registered beside the benchmark's, and for `slowloris` under `ulimit -n
 * 1024`. Quiet and attacked phases are interleaved after a warm-up; each attacked phase starts
 * the attacker, lets it settle for 1.5 s, then measures (a quiet phase waits the same). The
 * report gives the medians over rounds of legitimate req/s and p50/p99 latency, attacked ÷ quiet,
 * what the attacker got, and the load average (the machine is shared: report it).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { AUTOESTRENE_60, benchToken, load, median, percentile, startServe, type LoadResult } from './shared.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const attack = option('attack', 'receipts');
const root = option('root', process.cwd());
const rounds = Number(option('rounds', '3'));
const seconds = Number(option('seconds', '6'));
const extraEnv = Object.fromEntries(
  process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--env' ? [arg.split(/=(.*)/s).slice(0, 2) as [string, string]] : [])),
);
const ATTACKER = { clientId: 'attacker', clientSecret: 'attacker-secret', scopes: ['update', 'read'] };
const SETTLE_MS = 1500;

const server = await startServe(root, {
  clients: [ATTACKER],
  env: { COTIZADOR_RATE_LIMIT: '1000000000/1000000000', ...extraEnv },
  ...(attack === 'slowloris' ? { maxFiles: 1024 } : {}),
});

/** Runs the attacker until `stop` resolves; resolves with what it reports. */
function runAttacker(token: string): { stop: () => Promise<string> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./attacker.ts', import.meta.url).pathname, attack, String(server.port), token],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve(out.trim()));
        child.kill('SIGTERM');
      }),
  };
}

try {
  const token = await benchToken(server.port);
  const attackerToken = await benchToken(server.port, ATTACKER);
  const legitimate = () => ({
    method: 'POST',
    path: '/api/esb/Cotizador/v1/AutoEstrene',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: AUTOESTRENE_60,
  });
  const phase = async (attacked: boolean): Promise<{ result: LoadResult; report: string }> => {
    const attacker = attacked ? runAttacker(attackerToken) : undefined;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const result = await load(server.port, 4, seconds * 1000, legitimate);
    const report = (await attacker?.stop()) ?? '';
    // Let the server close what the attacker left before the next phase.
    await new Promise((resolve) => setTimeout(resolve, attacked ? 1000 : 0));
    return { result, report };
  };
  await phase(false); // warm-up
  const quiet: LoadResult[] = [];
  const attacked: LoadResult[] = [];
  const reports: string[] = [];
  for (let r = 0; r < rounds; r++) {
    quiet.push((await phase(false)).result);
    const under = await phase(true);
    attacked.push(under.result);
    reports.push(under.report);
  }
  const rate = (x: LoadResult) => x.completed / x.seconds;
  const p50 = (x: LoadResult) => median(x.latenciesMs);
  const p99 = (x: LoadResult) => percentile(x.latenciesMs, 0.99);
  const q = median(quiet.map(rate));
  const a = median(attacked.map(rate));
  const line = (name: string, list: LoadResult[], value: number) =>
    `  ${name} ${value.toFixed(1).padStart(8)} req/s   p50 ${median(list.map(p50)).toFixed(2)} ms   p99 ${median(list.map(p99)).toFixed(2)} ms   (rounds: ${list.map((x) => rate(x).toFixed(0)).join(', ')})`;
  console.log(`attack ${attack} on serve from ${root}, ${rounds} rounds of ${seconds} s, 4 legitimate connections`);
  console.log(line('quiet:   ', quiet, q));
  console.log(line('attacked:', attacked, a));
  console.log(
    `  attacked ÷ quiet: ${(a / q).toFixed(3)}   failed legitimate requests: ${[...quiet, ...attacked].reduce((s, x) => s + x.failed, 0)}`,
  );
  for (const report of reports) console.log(`  attacker: ${report}`);
  console.log(
    `  load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`,
  );
} finally {
  await server.stop();
}
