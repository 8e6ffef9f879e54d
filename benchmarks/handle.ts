/**
 * What the service adds to the engine: `handle()` of a 60-payment AutoEstrene (token check,
 * validation, the quote, the envelope and its JSON) against `quoteCredit` of the same solicitud,
 * as a ratio of CPU time (issue 12's target: at most 2×), every case also as a ratio to a
 * float64 baseline run in the same process.
 *
 *   npx tsx benchmarks/handle.ts [--root DIR] [--samples N]
 *
 * Cases, one sample = the CPU time (`process.cpuUsage`, user + system) of a batch of calls:
 * - float64 baseline: the same 60-payment schedule as plain numbers (no strings);
 * - JSON.stringify → bytes: the cost of the output alone, `JSON.stringify` of the very
 *   `resultado` the quote returns, turned into the bytes a transport writes;
 * - quoteCredit: the exact quote (validation, table, CAT, strings);
 * - handle(): the service's answer; its body may be a rope of strings, which V8 flattens when
 *   the text is first read whole;
 * - handle() → bytes: the same plus `Buffer.from(body, 'latin1')`, which the node:http transport
 *   does (so the flattening is counted).
 * After a warm-up, every round runs each case once, in an order rotated round by round; the
 * report gives medians. DIR (default: this checkout) may be an older checkout, for before/after.
 * Report `uptime` (printed: the load average) with the figures: the machine is shared.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AUTOESTRENE_60, BENCH_CLIENT, BENCH_SECRET, interleavedCpu } from './http/shared.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const root = option('root', process.cwd());
const samples = Number(option('samples', '200'));
const BATCH = 20;

type Handle = (request: unknown) => Promise<{ status: number; body: string }>;
const entry = (await import(pathToFileURL(join(root, 'src/entry/index.ts')).href)) as Record<string, unknown>;
const quoteCredit = entry['quoteCredit'] as (solicitud: unknown, options: unknown) => unknown;
const createService = entry['createService'] as (config: unknown) => { handle: Handle };

const NOW = new Date('2026-03-10T18:30:00Z');
const service = createService({ clients: [BENCH_CLIENT], tokenSecret: BENCH_SECRET, now: () => NOW });
const tokenAnswer = await service.handle({
  method: 'POST',
  path: '/api/esb/ValidaCredenciales/accesstoken',
  headers: {
    authorization: `Basic ${Buffer.from(`${BENCH_CLIENT.clientId}:${BENCH_CLIENT.clientSecret}`).toString('base64')}`,
    'content-type': 'application/x-www-form-urlencoded',
  },
  body: 'grant_type=client_credentials&scope=update',
});
const token = (JSON.parse(tokenAnswer.body) as { access_token: string }).access_token;
const request = {
  method: 'POST',
  path: '/api/esb/Cotizador/v1/AutoEstrene',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
  body: AUTOESTRENE_60,
};
const solicitud = (JSON.parse(AUTOESTRENE_60) as { solicitud: Record<string, unknown> }).solicitud;
const options = { fechaApertura: '2026-03-10' };
const resultado = quoteCredit(solicitud, options);

const check = await service.handle(request);
if (check.status !== 200) throw new Error(check.body);

/** The float64 baseline: 350,000.00 at 13.5 % + IVA 16 %, 60 monthly level payments, rounded to cents. */
function floatSchedule(): number[] {
  const n = 60;
  const r = 0.135 / 12;
  const rate = r * 1.16;
  const payment = Math.round(((350_000 * rate) / (1 - (1 + rate) ** -n)) * 100) / 100;
  const rows: number[] = [];
  let balance = 350_000;
  for (let k = 1; k <= n; k++) {
    const interest = Math.round(balance * r * 100) / 100;
    const vat = Math.round(interest * 16) / 100;
    const capital = k === n ? balance : Math.round((payment - interest - vat) * 100) / 100;
    balance = Math.round((balance - capital) * 100) / 100;
    rows.push(interest, vat, capital, balance);
  }
  return rows;
}

let sink: unknown;
const CASES: Record<string, () => unknown> = {
  'float64 baseline': () => {
    sink = floatSchedule();
  },
  'JSON.stringify → bytes': () => {
    sink = Buffer.from(JSON.stringify(resultado), 'latin1');
  },
  quoteCredit: () => {
    sink = quoteCredit(solicitud, options);
  },
  'handle()': async () => {
    sink = await service.handle(request);
  },
  'handle() → bytes': async () => {
    sink = Buffer.from((await service.handle(request)).body, 'latin1');
  },
};
const medians = await interleavedCpu(CASES, { samples, batch: BATCH, warmup: 50 });
void sink;
const m = (name: string) => medians.get(name) ?? Number.NaN;
const base = m('float64 baseline');
const quote = m('quoteCredit');
console.log(`root ${root}: ${samples} rounds of ${BATCH} calls per case, order rotated; CPU time per call (medians)`);
const load = loadavg().map((x) => x.toFixed(2));
console.log(`load average ${load.join(', ')}`);
for (const name of Object.keys(CASES)) {
  const t = m(name);
  const vsQuote = name.startsWith('handle') ? `   ${(t / quote).toFixed(2)}× quoteCredit` : '';
  console.log(`  ${name.padEnd(24)} ${t.toFixed(1).padStart(7)} µs  ${(t / base).toFixed(1).padStart(6)}× float64${vsQuote}`);
}
console.log(`  response body: ${Buffer.byteLength(check.body)} bytes`);
