/**
 * The denial-of-service shape of issue 12: legitimate AutoEstrene traffic (60 payments with the
 * table, 4 keep-alive connections) with and without an attacker sending, twice a second, an
 * unauthenticated 100,000-field token form (~0.9 MiB) on a new connection each time (one with no
 * credentials, one with a wrong Basic header, alternately).
 *
 *   npx tsx benchmarks/http/dos.ts [--root DIR] [--mode listener|serve] [--rounds N] [--seconds S]
 *
 * The server runs in its own process (`child.ts`) from DIR's sources (default: this checkout), so
 * the same harness measures an older checkout (`git archive <commit> | tar -x -C DIR`, with
 * `node_modules` linked). Quiet and attacked phases are interleaved; the report gives the
 * medians over rounds of legitimate req/s and p50 latency, and attacked ÷ quiet as a ratio.
 * Everything is on 127.0.0.1; every loop is bounded in time.
 */
import { request as httpRequest } from 'node:http';
import { AUTOESTRENE_60, benchToken, load, median, percentile, startChild, type LoadResult } from './shared.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const root = option('root', process.cwd());
const mode = option('mode', 'listener');
const rounds = Number(option('rounds', '3'));
const seconds = Number(option('seconds', '6'));

const FORM = Buffer.from(Array.from({ length: 100_000 }, (_, i) => `f${String(i).padStart(5, '0')}=1`).join('&'));
const TOKEN_PATH = '/api/esb/ValidaCredenciales/accesstoken';

/** Sends one hostile form; resolves when the server answered or dropped the connection (at most 60 s). */
function attackOnce(port: number, withWrongBasic: boolean): Promise<void> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': FORM.length,
    };
    if (withWrongBasic) headers['authorization'] = `Basic ${Buffer.from('intruder:wrong').toString('base64')}`;
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: TOKEN_PATH, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve());
      res.on('error', () => resolve());
    });
    const timer = setTimeout(() => req.destroy(), 60_000);
    req.on('error', () => resolve());
    req.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
    req.end(FORM);
  });
}

async function phase(port: number, token: string, attacked: boolean): Promise<LoadResult> {
  const pending: Promise<void>[] = [];
  let k = 0;
  const timer = attacked ? setInterval(() => pending.push(attackOnce(port, k++ % 2 === 1)), 500) : undefined;
  if (attacked) pending.push(attackOnce(port, false));
  const result = await load(port, 4, seconds * 1000, () => ({
    method: 'POST',
    path: '/api/esb/Cotizador/v1/AutoEstrene',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: AUTOESTRENE_60,
  }));
  if (timer !== undefined) clearInterval(timer);
  await Promise.all(pending);
  return result;
}

const child = await startChild(mode, root);
try {
  const token = await benchToken(child.port);
  await phase(child.port, token, false); // warm-up
  const quiet: LoadResult[] = [];
  const attacked: LoadResult[] = [];
  for (let r = 0; r < rounds; r++) {
    quiet.push(await phase(child.port, token, false));
    attacked.push(await phase(child.port, token, true));
  }
  const rate = (x: LoadResult) => x.completed / x.seconds;
  const p50 = (x: LoadResult) => median(x.latenciesMs);
  const p99 = (x: LoadResult) => percentile(x.latenciesMs, 0.99);
  const q = median(quiet.map(rate));
  const a = median(attacked.map(rate));
  console.log(`root ${root} (${mode}), ${rounds} rounds of ${seconds} s, 4 connections`);
  console.log(
    `  quiet:    ${q.toFixed(1).padStart(8)} req/s   p50 ${median(quiet.map(p50)).toFixed(2)} ms   p99 ${median(quiet.map(p99)).toFixed(2)} ms   (rounds: ${quiet.map((x) => rate(x).toFixed(0)).join(', ')})`,
  );
  console.log(
    `  attacked: ${a.toFixed(1).padStart(8)} req/s   p50 ${median(attacked.map(p50)).toFixed(2)} ms   p99 ${median(attacked.map(p99)).toFixed(2)} ms   (rounds: ${attacked.map((x) => rate(x).toFixed(0)).join(', ')})`,
  );
  console.log(
    `  attacked ÷ quiet: ${(a / q).toFixed(3)}   failed legitimate requests: ${[...quiet, ...attacked].reduce((s, x) => s + x.failed, 0)}`,
  );
} finally {
  await child.stop();
}
