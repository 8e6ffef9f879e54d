/**
 * The credit features against the default quote, interleaved and in CPU time: the default
 * 60-payment quote (table + CAT), the same credit under actual/365 with a prepayment, and the
 * `solveCredit` of the amount whose payment is a target.
 *
 * CPU time per sample (`process.cpuUsage`), the cases run in turn within each round (so a busy
 * machine slows them alike), the median of the rounds' per-call times. Ratios to the default quote.
 *
 *   npx tsx benchmarks/features.ts [--quick] [--against <dir>]
 *
 * `--against <dir>` adds the default quotes of another checkout (e.g. main before a change) from
 * `<dir>/src/entry/index.ts`, interleaved with ours: the before/after of the default path.
 */
import { resolve } from 'node:path';
import { quoteCredit, solveCredit, type CreditOptions, type CreditRequest } from '../src/entry/index.js';

/** The benchmark's credit: 350,000.00 at 13.5 % + IVA 16 %, monthly, commission 2 %. */
export function request(n: number): CreditRequest {
  return {
    fechaApertura: '2026-01-31',
    montoSolicitado: '350000.00',
    valorFactura: '437500.00',
    tasa: '13.50',
    plazo: n,
    periodicidad: 'M',
    iva: 16,
    comisiones: '2.00',
    generaTablaPagos: true,
  };
}

/** actual/365 interest and CAT times, Mexican business days, a 50,000.00 prepayment with payment 12. */
export const ACTUAL365_PREPAYMENT: CreditOptions = {
  conventions: { interestBasis: 'actual365', catTimeBasis: 'actual365', businessDays: 'MX' },
  prepayments: [{ period: 12, amount: '50000.00', mode: 'reducePayment' }],
};

/** The cases of the features group, by name. */
export function featureCases(): [string, () => unknown][] {
  return [
    ['default quote, 60 payments (table + CAT)', () => quoteCredit(request(60))],
    ['actual/365 + MX days + prepayment, 60 payments', () => quoteCredit(request(60), ACTUAL365_PREPAYMENT)],
    [
      'solveCredit: the amount for a 6,000.00 payment',
      () => solveCredit({ ...request(60), generaTablaPagos: false }, { unknown: 'montoSolicitado', target: { pagoMensual: '6000.00' } }),
    ],
  ];
}

let sink: unknown;

/** Median per-call CPU time (µs) of each case over interleaved rounds. */
export function interleaved(cases: [string, () => unknown][], rounds: number, budgetMs: number): Map<string, number> {
  const perCall = new Map<string, number[]>(cases.map(([name]) => [name, []]));
  // Calibrate (after a warm-up, so compilation does not count): calls per round so that each
  // case takes about budgetMs / rounds.
  const calls = cases.map(([, f]) => {
    const warm = Date.now();
    while (Date.now() - warm < 300) sink = f();
    const start = process.cpuUsage();
    let n = 0;
    let used = 0;
    while (used < 20_000) {
      sink = f();
      n++;
      const u = process.cpuUsage(start);
      used = u.user + u.system;
    }
    return Math.max(1, Math.round(((budgetMs * 1000) / rounds / used) * n));
  });
  for (let round = 0; round < rounds; round++) {
    cases.forEach(([name, f], i) => {
      const n = calls[i] as number;
      const start = process.cpuUsage();
      for (let j = 0; j < n; j++) sink = f();
      const u = process.cpuUsage(start);
      perCall.get(name)?.push((u.user + u.system) / n);
    });
  }
  void sink;
  const medians = new Map<string, number>();
  for (const [name, samples] of perCall) {
    const sorted = [...samples].sort((a, b) => a - b);
    medians.set(name, sorted[Math.floor(sorted.length / 2)] as number);
  }
  return medians;
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const againstAt = process.argv.indexOf('--against');
  const cases = featureCases();
  cases.push(['default quote, 360 payments (table + CAT)', () => quoteCredit(request(360))]);
  if (againstAt > 0) {
    const dir = resolve(process.argv[againstAt + 1] as string);
    const other = (await import(`${dir}/src/entry/index.ts`)) as { quoteCredit: typeof quoteCredit };
    cases.push(['(against) default quote, 60 payments', () => other.quoteCredit(request(60))]);
    cases.push(['(against) default quote, 360 payments', () => other.quoteCredit(request(360))]);
  }
  const medians = interleaved(cases, quick ? 7 : 21, quick ? 3_000 : 12_000);
  const base = medians.get(cases[0]?.[0] as string) as number;
  console.log(`credit features, CPU time per call, median of interleaved rounds (ratio to the default 60-payment quote)`);
  for (const [name, us] of medians)
    console.log(`  ${name.padEnd(52)} ${us.toFixed(2).padStart(10)} µs   ${(us / base).toFixed(2).padStart(7)}×`);
}

if (process.argv[1]?.endsWith('features.ts')) await main();
