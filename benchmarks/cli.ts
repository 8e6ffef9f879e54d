/**
 * The CLI's grid and batch against the engine, in one process, in CPU time:
 *
 * - float64 baseline: the level payment of each scenario in plain doubles (the `pmt` formula);
 * - strings alone: the grid's CSV rows written from one fixed quote's strings (the cost of the
 *   output text without any quoting);
 * - `quoteCredit` on the grid's 200,000 scenarios, single thread, the solicitudes built beforehand;
 * - the CLI's grid to CSV on the same scenarios (`main(['grid', …, '--workers', '0'])`, output to
 *   /dev/null): reading, enumerating, quoting, formatting and writing;
 * - `quoteCredit` on a portfolio's solicitudes, and the CLI's batch on the same portfolio as CSV.
 *
 * CPU time per sample (`process.cpuUsage`), the cases in turn within each round with the order
 * rotated, a warm-up first, the median of the rounds. The target (issue 11): the grid at ≥ 80 %
 * of `quoteCredit`'s throughput on the same scenarios.
 *
 *   npx tsx benchmarks/cli.ts [--quick]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { quoteCredit, type CreditRequest } from '../src/entry/index.js';
import { main } from '../src/cli/main.js';
import type { CliContext } from '../src/cli/context.js';

const quick = process.argv.includes('--quick');
const rounds = quick ? 3 : 5;
/** 5 terms × 40,000 rates = 200,000 scenarios (quick: 5 × 4,000). */
const RATES = quick ? 4_000 : 40_000;
const PORTFOLIO = quick ? 5_000 : 50_000;

const base: CreditRequest = {
  fechaApertura: '2026-01-31',
  montoSolicitado: '280000.00',
  tasa: '13.50',
  plazo: 36,
  periodicidad: 'M',
  iva: 16,
  facturaConIva: 1,
  producto: 'AUTO',
  comisiones: '2.00',
  tipoSeguro: 0,
  valorFactura: '350000.00',
  nombreModelo: 'Sedán 1.6 L 2026',
  montoGarantiaExt: '12000.00',
  creditoGarantiaExt: true,
  importeCatSegVida: '2800.00',
  generaTablaPagos: false,
};
const terms = [12, 24, 36, 48, 60];
const rates = Array.from({ length: RATES }, (_, i) => (8 + i * 0.001).toFixed(3));
const scenarios = terms.length * rates.length;

const dir = mkdtempSync(join(tmpdir(), 'cotizador-bench-'));
const baseFile = join(dir, 'base.json');
writeFileSync(baseFile, JSON.stringify({ solicitud: base }));
const portfolioFile = join(dir, 'cartera.csv');
{
  const lines = ['fechaApertura,montoSolicitado,valorFactura,tasa,plazo,comisiones,importeCatSegVida'];
  for (let i = 0; i < PORTFOLIO; i++) {
    const price = 300_000 + (i % 997) * 250;
    lines.push(`2026-01-31,${(price * 0.8).toFixed(2)},${price.toFixed(2)},${(9 + (i % 90) / 10).toFixed(2)},${terms[i % 5]},2.00,2800.00`);
  }
  writeFileSync(portfolioFile, `${lines.join('\r\n')}\r\n`);
}
const portfolio: CreditRequest[] = [];
for (let i = 0; i < PORTFOLIO; i++) {
  const price = 300_000 + (i % 997) * 250;
  portfolio.push({
    fechaApertura: '2026-01-31',
    montoSolicitado: (price * 0.8).toFixed(2),
    valorFactura: price.toFixed(2),
    tasa: (9 + (i % 90) / 10).toFixed(2),
    plazo: terms[i % 5] as number,
    comisiones: '2.00',
    importeCatSegVida: '2800.00',
    generaTablaPagos: false,
  });
}

/** The grid's solicitudes, built once, outside the timing. */
const requests: CreditRequest[] = [];
for (const plazo of terms) for (const tasa of rates) requests.push({ ...base, plazo, tasa });

const quiet = new Writable({
  write(_chunk, _encoding, done) {
    done();
  },
});
const context: CliContext = { stdout: quiet, stderr: quiet, workerScript: () => '', debug: false };

let sink: unknown;

const cases: [string, number, () => Promise<void> | void][] = [
  [
    'float64 baseline (pmt of each scenario)',
    scenarios,
    () => {
      let total = 0;
      for (const n of terms) {
        for (const t of rates) {
          const r = (Number(t) / 100 / 12) * 1.16;
          total += (292_000 * r) / (1 - (1 + r) ** -n);
        }
      }
      sink = total;
    },
  ],
  [
    'strings alone (the grid CSV rows of one quote)',
    scenarios,
    () => {
      const q = quoteCredit(base);
      let text = '';
      let count = 0;
      for (const n of terms) {
        for (const t of rates) {
          text += `${n},${t},${q.pagoMensual},${q.totalPagar},${q.importeInteresTotal},${q.cat},,,\r\n`;
          if (++count % 250 === 0) text = '';
        }
      }
      sink = text;
    },
  ],
  [
    'quoteCredit, the grid scenarios (engine)',
    scenarios,
    () => {
      for (const r of requests) sink = quoteCredit(r);
    },
  ],
  [
    'cotizador grid … --format csv --workers 0',
    scenarios,
    async () => {
      const code = await main(
        ['grid', baseFile, '--vary', 'plazo=12:60:12', '--vary', `tasa=8:${rates.at(-1)}:0.001`, '--workers', '0', '--out', '/dev/null'],
        context,
      );
      if (code !== 0) throw new Error(`grid exited ${code}`);
    },
  ],
  [
    'quoteCredit, the portfolio (engine)',
    PORTFOLIO,
    () => {
      for (const r of portfolio) sink = quoteCredit(r);
    },
  ],
  [
    'cotizador batch cartera.csv --format csv',
    PORTFOLIO,
    async () => {
      const code = await main(['batch', portfolioFile, '--out', '/dev/null', '--max-input-bytes', String(1 << 30)], context);
      if (code !== 0) throw new Error(`batch exited ${code}`);
    },
  ],
];

async function sample(f: () => Promise<void> | void): Promise<number> {
  const start = process.cpuUsage();
  await f();
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1000;
}

async function run(): Promise<void> {
  console.log(
    `node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${scenarios} scenarios, ${PORTFOLIO} records`,
  );
  for (const [, , f] of cases) await f(); // warm-up
  const ms = cases.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < cases.length; k++) {
      const i = (k + round) % cases.length;
      (ms[i] as number[]).push(await sample((cases[i] as (typeof cases)[number])[2]));
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const rate = cases.map(([, n], i) => n / (median(ms[i] as number[]) / 1000));
  const float = rate[0] as number;
  console.log(`${'case'.padEnd(48)} ${'CPU ms'.padStart(9)} ${'per second'.padStart(11)} ${'× float time'.padStart(13)}`);
  cases.forEach(([name], i) => {
    const m = median(ms[i] as number[]);
    console.log(
      `${name.padEnd(48)} ${m.toFixed(0).padStart(9)} ${Math.round(rate[i] as number)
        .toString()
        .padStart(11)} ${(float / (rate[i] as number)).toFixed(1).padStart(12)}×`,
    );
  });
  console.log(`\ngrid / engine throughput:  ${(((rate[3] as number) / (rate[2] as number)) * 100).toFixed(1)} %  (target ≥ 80 %)`);
  console.log(`batch / engine throughput: ${(((rate[5] as number) / (rate[4] as number)) * 100).toFixed(1)} %`);
  console.log(
    `loadavg at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  void sink;
}

try {
  await run();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
