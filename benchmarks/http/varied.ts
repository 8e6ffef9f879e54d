/**
 * Issue 21 item 11: `handle()` of a 60-payment AutoEstrene against `quoteCredit` of the same
 * solicitud, in a process that has first served varied requests, as a server's has (every route,
 * good and bad bodies, both languages, other terms and periodicities): V8's inline caches and
 * the service's own memories are then those of a real process, not of one request repeated.
 *
 *   npx tsx benchmarks/http/varied.ts [--root DIR] [--samples N] [--warm N] [--built]
 *
 * One sample is the CPU time (`process.cpuUsage`) of a batch of 20 calls; the two cases alternate
 * round by round after the varied warm-up (N requests, default 3,000) and a short same-request
 * one; the report gives the medians and handle() ÷ quoteCredit (target: at most 2), with the
 * load average (the machine is shared).
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AUTOESTRENE_60, BENCH_CLIENT, BENCH_SECRET, interleavedCpu } from './shared.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const root = option('root', process.cwd());
const samples = Number(option('samples', '200'));
const warm = Number(option('warm', '3000'));
const BATCH = 20;

type Request = { method: string; path: string; headers: Record<string, string>; body: string };
type Handle = (request: Request) => Promise<{ status: number; body: string }>;
// --built: the built package (dist/, what users import) instead of the sources as tsx transforms
// them. Through tsx either way, some runs take half again as much CPU in both cases (its loader
// runs on a thread of this process); `node scripts/bench.mjs benchmarks/http/varied.ts --built`
// runs this script bundled, without it.
const built = process.argv.includes('--built');
const entryFile = built ? 'dist/index.js' : 'src/entry/index.ts';
const entry = (await import(pathToFileURL(join(root, entryFile)).href)) as Record<string, unknown>;
const quoteCredit = entry['quoteCredit'] as (solicitud: unknown, options: unknown) => unknown;
const createService = entry['createService'] as (config: unknown) => { handle: Handle };

const NOW = new Date('2026-03-10T18:30:00Z');
const service = createService({ clients: [BENCH_CLIENT], tokenSecret: BENCH_SECRET, now: () => NOW });
const basic = `Basic ${Buffer.from(`${BENCH_CLIENT.clientId}:${BENCH_CLIENT.clientSecret}`).toString('base64')}`;
const form = { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' };
const tokenAnswer = await service.handle({
  method: 'POST',
  path: '/api/esb/ValidaCredenciales/accesstoken',
  headers: form,
  body: 'grant_type=client_credentials&scope=update',
});
const token = (JSON.parse(tokenAnswer.body) as { access_token: string }).access_token;
const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
const request: Request = { method: 'POST', path: '/api/esb/Cotizador/v1/AutoEstrene', headers: json, body: AUTOESTRENE_60 };
const solicitud = (JSON.parse(AUTOESTRENE_60) as { solicitud: Record<string, unknown> }).solicitud;
const options = { fechaApertura: '2026-03-10' };

/** The i-th request of the varied warm-up: every route, good and bad, both languages. */
function varied(i: number): Request {
  const lang: Record<string, string> = i % 3 === 0 ? { 'accept-language': 'en' } : {};
  const credit = (changes: Record<string, unknown>) => JSON.stringify({ solicitud: { ...solicitud, ...changes } });
  const plazo = [6, 12, 18, 24, 36, 48, 60, 72][i % 8];
  switch (i % 12) {
    case 0:
      return {
        method: 'POST',
        path: '/api/esb/ValidaCredenciales/accesstoken',
        headers: { ...form, ...lang },
        body: 'grant_type=client_credentials&scope=read',
      };
    case 1:
      return { ...request, headers: { ...json, ...lang }, body: credit({ plazo, generaTablaPagos: i % 2 === 0 }) };
    case 2:
      return { ...request, headers: { ...json, ...lang }, body: credit({ plazo, periodicidad: ['M', 'Q', 'S', 'X'][i % 4] }) };
    case 3:
      return {
        ...request,
        headers: { ...json, ...lang },
        body: credit({ montoSolicitado: `${100_000 + (i % 97) * 1000}.00`, tasa: `${10 + (i % 9)}.25` }),
      };
    case 4:
      return { ...request, headers: { ...json, ...lang }, body: i % 2 === 0 ? '{"solicitud":' : credit({ plazo: -1 }) };
    case 5:
      return {
        method: 'POST',
        path: '/api/esb/Cotizador/v1/SegAutoVendor',
        headers: { ...json, ...lang },
        body: JSON.stringify({
          solicitud: {
            cveEntidadFederativa: 9,
            idTipoUnidad: 1,
            idUsoAutomovil: 1,
            idClaveVehiculo: 1001,
            modelo: 2025,
            idAgencia: 10,
            montoSumaAsegurada: '350000.00',
            enganche: '70000.00',
            plazoFinanciado: [12, 24, 36, 48][i % 4],
            codigoPostal: '03100',
          },
        }),
      };
    case 6:
      return { method: 'GET', path: '/health', headers: lang, body: '' };
    case 7:
      return { method: 'GET', path: '/open-banking/open-data/v2/atms?page=1', headers: { ...json, ...lang }, body: '' };
    case 8:
      return { method: 'POST', path: '/api/esb/Cotizador/v1/Desconocido', headers: { ...json, ...lang }, body: '{}' };
    case 9:
      return { ...request, headers: { 'content-type': 'application/json', ...lang }, body: AUTOESTRENE_60 };
    case 10:
      return { method: 'GET', path: '/openapi.json', headers: lang, body: '' };
    default:
      return {
        method: 'POST',
        path: '/api/esb/ServiciosContribuyentes/obtenerDocumento',
        headers: { ...json, ...lang },
        body: '{"lineaCaptura":"0124ABCD5678EFGH9012"}',
      };
  }
}

const statuses = new Map<number, number>();
for (let i = 0; i < warm; i++) {
  const answer = await service.handle(varied(i));
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
}
const check = await service.handle(request);
if (check.status !== 200) throw new Error(check.body);

let sink: unknown;
const CASES: Record<string, () => unknown> = {
  quoteCredit: () => {
    sink = quoteCredit(solicitud, options);
  },
  'handle()': async () => {
    sink = await service.handle(request);
  },
};
const medians = await interleavedCpu(CASES, { samples, batch: BATCH, warmup: 20 });
void sink;
const m = (name: string) => medians.get(name) ?? Number.NaN;
console.log(
  `root ${root}${built ? ' (dist/, built)' : ''}: ${warm} varied requests first (${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}), then ${samples} rounds of ${BATCH} calls per case; CPU time per call (medians)`,
);
console.log(`  quoteCredit ${m('quoteCredit').toFixed(1).padStart(8)} µs`);
console.log(`  handle()    ${m('handle()').toFixed(1).padStart(8)} µs   ${(m('handle()') / m('quoteCredit')).toFixed(2)}× quoteCredit`);
console.log(
  `  load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`,
);
