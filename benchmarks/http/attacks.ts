/**
 * Issue 21's attacks on `cotizador serve`: legitimate AutoEstrene requests/s (60 payments with the
 * table, 4 keep-alive connections from 127.0.0.1) quiet and under one attack run by
 * `attacker.ts` in its own process from 127.0.0.2:
 *
 *   npx tsx benchmarks/http/attacks.ts --attack receipts|json-auth|json-anon|forms|slowloris
 *     [--root DIR] [--rounds N] [--seconds S] [--env NAME=VALUE]… [--node-arg ARG]…
 *
 * `serve` is the real command from DIR's sources (default: this checkout; an older checkout is
 * `git archive <commit> | tar -x -C DIR` with `node_modules` linked), with its defaults but the
 * rate limit set so high it never refuses (the attacker is not slowed by it: the harder case),
 * an attacker client registered beside the benchmark's, and for `slowloris` under `ulimit -n
 * 1024`. Quiet and attacked phases are interleaved after a warm-up (one of each); each attacked phase starts
 * the attacker, lets it settle for 1.5 s, then measures (a quiet phase waits the same). The
 * report gives the medians over rounds of legitimate req/s and p50/p99 latency, attacked ÷ quiet,
 * what the attacker got, and the load average (the machine is shared: report it).
 *
 *   npx tsx benchmarks/http/attacks.ts --smoke
 *
 * is the version CI runs (under a minute): one `serve` under `ulimit -n 1024`, every attack in
 * turn for 2 s beside the legitimate loops, and no timing threshold: it fails (exit 1) only when
 * a request, legitimate or hostile, ended without an answer (a slowloris connection closed
 * without one included), or when `serve` did not survive (a final `/health` must answer 200 and a
 * SIGTERM must end it with 0).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { AUTOESTRENE_60, benchToken, load, median, percentile, send, startServe, type LoadResult } from './shared.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const smoke = process.argv.includes('--smoke');
const ATTACKS = ['receipts', 'json-auth', 'json-anon', 'forms', 'slowloris'] as const;
const attack = option('attack', 'receipts');
const root = option('root', process.cwd());
const rounds = Number(option('rounds', '3'));
const seconds = Number(option('seconds', '6'));
const extraEnv = Object.fromEntries(
  process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--env' ? [arg.split(/=(.*)/s).slice(0, 2) as [string, string]] : [])),
);
/** Node's options for serve's process, e.g. `--node-arg --cpu-prof --node-arg --cpu-prof-dir=DIR` to profile it. */
const nodeArgs = process.argv.flatMap((arg, i) => (process.argv[i - 1] === '--node-arg' ? [arg] : []));
const ATTACKER = { clientId: 'attacker', clientSecret: 'attacker-secret', scopes: ['update', 'read'] };
const SETTLE_MS = 1500;

const server = await startServe(root, {
  clients: [ATTACKER],
  env: { COTIZADOR_RATE_LIMIT: '1000000000/1000000000', ...extraEnv },
  nodeArgs,
  ...(attack === 'slowloris' || smoke ? { maxFiles: 1024 } : {}),
});

/** Runs the attacker (`ready` once it attacks) until `stop` resolves; resolves with what it reports. */
function runAttacker(token: string, kind = attack): { ready: Promise<void>; stop: () => Promise<string> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./attacker.ts', import.meta.url).pathname, kind, String(server.port), token],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  let started: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.startsWith('ready\n')) started();
  });
  child.once('exit', () => started());
  return {
    ready,
    stop: async () => {
      await ready;
      return new Promise((resolve) => {
        child.once('exit', () => resolve(out.replace(/^ready\n/, '').trim()));
        child.kill('SIGTERM');
      });
    },
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
    await attacker?.ready;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const result = await load(server.port, 4, seconds * 1000, legitimate);
    const report = (await attacker?.stop()) ?? '';
    // Let the server close what the attacker left before the next phase.
    await new Promise((resolve) => setTimeout(resolve, attacked ? 1000 : 0));
    return { result, report };
  };
  if (smoke) {
    process.exitCode = await runSmoke(attackerToken, legitimate);
  } else {
    await measure(phase);
  }
} finally {
  await server.stop();
}

/** The CI smoke: every attack for 2 s beside the legitimate loops; 1 when anything went unanswered or serve died. */
async function runSmoke(attackerToken: string, legitimate: Parameters<typeof load>[3]): Promise<number> {
  const started = performance.now();
  const problems: string[] = [];
  for (const kind of ATTACKS) {
    const attacker = runAttacker(attackerToken, kind);
    await attacker.ready;
    await new Promise((resolve) => setTimeout(resolve, 500));
    const result = await load(server.port, 4, 2000, legitimate);
    const report = await attacker.stop();
    const hostile = JSON.parse(report || '{"unanswered":-1}') as { unanswered: number; pending?: number };
    console.log(
      `  ${kind.padEnd(9)} legitimate: ${result.completed} × 200, ${result.failed - result.unanswered} other, ${result.unanswered} unanswered; attacker: ${report}`,
    );
    if (result.unanswered > 0) problems.push(`${kind}: ${result.unanswered} legitimate requests unanswered`);
    if (result.completed === 0) problems.push(`${kind}: no legitimate request served`);
    if (hostile.unanswered !== 0) problems.push(`${kind}: ${hostile.unanswered} hostile requests unanswered (or no report)`);
    if ((hostile.pending ?? 0) > 0) problems.push(`${kind}: ${hostile.pending} hostile requests still unanswered 10 s after the attack`);
    if (server.process.exitCode !== null) problems.push(`${kind}: serve exited ${server.process.exitCode}`);
    // What the attacker left is closed before the next attack.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const health = await send(server.port, 'GET', '/health', {}, '', false).catch(() => ({ status: 0, body: '' }));
  if (health.status !== 200) problems.push(`/health answered ${health.status} after the attacks`);
  const exit = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
  await server.stop();
  const code = await exit;
  if (code !== 0) problems.push(`serve exited ${code} on SIGTERM`);
  console.log(`attacks smoke: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const problem of problems) console.log(`  FAILED ${problem}`);
  if (problems.length === 0) console.log('  every request answered; serve survived every attack and stopped with 0');
  return problems.length === 0 ? 0 : 1;
}

/** The measurement: interleaved quiet and attacked phases after a warm-up, their medians and ratio. */
async function measure(phase: (attacked: boolean) => Promise<{ result: LoadResult; report: string }>): Promise<void> {
  // Warm-up, attacked too: what the attack starts once (the worker threads, loading the sources
  // through tsx here) is not counted against the rounds.
  await phase(false);
  await phase(true);
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
}
