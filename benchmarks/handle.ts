/**
 * What the service adds to the engine: `handle()` of a 60-payment AutoEstrene (token check,
 * validation, the quote, the envelope and its JSON) against `quoteCredit` of the same solicitud,
 * as a ratio of CPU time.
 *
 *   npx tsx benchmarks/handle.ts [--root DIR] [--samples N]
 *
 * Each sample is the CPU time (`process.cpuUsage`, user + system) of a batch of calls; the two
 * cases alternate sample by sample after a warm-up, and the report gives each median and
 * handle ÷ quoteCredit. DIR (default: this checkout) may be an older checkout, for before/after.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AUTOESTRENE_60, BENCH_CLIENT, BENCH_SECRET, median } from './http/shared.js';

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

const check = await service.handle(request);
if (check.status !== 200) throw new Error(check.body);

let sink: unknown;
function cpuMicros(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return used.user + used.system;
}
async function sampleHandle(): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < BATCH; i++) sink = await service.handle(request);
  return cpuMicros(start) / BATCH;
}
function sampleQuote(): number {
  const start = process.cpuUsage();
  for (let i = 0; i < BATCH; i++) sink = quoteCredit(solicitud, options);
  return cpuMicros(start) / BATCH;
}

for (let i = 0; i < 50; i++) {
  await sampleHandle();
  sampleQuote();
}
const handleTimes: number[] = [];
const quoteTimes: number[] = [];
for (let i = 0; i < samples; i++) {
  if (i % 2 === 0) {
    handleTimes.push(await sampleHandle());
    quoteTimes.push(sampleQuote());
  } else {
    quoteTimes.push(sampleQuote());
    handleTimes.push(await sampleHandle());
  }
}
void sink;
const h = median(handleTimes);
const q = median(quoteTimes);
console.log(`root ${root}: ${samples} interleaved samples of ${BATCH} calls, CPU time per call (medians)`);
console.log(`  quoteCredit (60 payments, table):  ${q.toFixed(1).padStart(7)} µs`);
console.log(`  service.handle (AutoEstrene):      ${h.toFixed(1).padStart(7)} µs   ${(h / q).toFixed(2)}× quoteCredit`);
console.log(`  response body: ${Buffer.byteLength(check.body)} bytes`);
