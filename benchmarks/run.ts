/**
 * Table generation and rate solving, side by side in one run, as ratios to a float64 baseline.
 *
 *   npm run bench            # all cases
 *   npm run bench -- --quick # shorter runs
 *
 * Cases (350,000.00 at 13.5 % + IVA 16 %, monthly, commission 2 %):
 * - float64 baseline: the schedule as plain numbers (interest = balance × rate, Math.round to cents).
 * - float64 + strings: the same, producing the interface's rows (12 string fields, dates).
 * - financial / formulajs: the same rows built with the peers' pmt/ipmt/ppmt per period (inexact).
 * - cotizador quoteCredit: the exact quote — validation, table, CAT and strings included.
 * - CAT: our periodic solve vs the peers' IRR on the same 360 flows.
 * - Credit features: actual/365 with a prepayment and a solveCredit, in CPU time, interleaved,
 *   as ratios to the default quote (`./features.ts`).
 */
import { Bench } from 'tinybench';
import * as financial from 'financial';
import * as formulajs from '@formulajs/formulajs';
import { quoteCredit, type CreditRequest } from '../src/entry/index.js';
import { solvePeriodicCat } from '../src/cat/periodic.js';
import { addSteps, formatIsoDate, parseIsoDate } from '../src/dates/civil.js';
import { benchPolicy } from './policy.js';
import { featureCases, interleaved } from './features.js';

const quick = process.argv.includes('--quick');
const time = quick ? 150 : 600;

const P = 350_000;
const tasa = 0.135;
const iva = 0.16;
const rate = (tasa * (1 + iva)) / 12;
const start = parseIsoDate('2026-01-31') as number;
const monthly = { unit: 'months', count: 1 } as const;

function request(n: number): CreditRequest {
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

interface FloatRow {
  k: number;
  opening: number;
  capital: number;
  interest: number;
  vat: number;
  payment: number;
  closing: number;
}

function floatSchedule(n: number): FloatRow[] {
  const r = tasa / 12;
  const pay = Math.round(((P * rate) / (1 - (1 + rate) ** -n)) * 100) / 100;
  const rows: FloatRow[] = [];
  let balance = P;
  for (let k = 1; k <= n; k++) {
    const interest = Math.round(balance * r * 100) / 100;
    const vat = Math.round(interest * iva * 100) / 100;
    const capital = k === n ? balance : pay - interest - vat;
    rows.push({ k, opening: balance, capital, interest, vat, payment: capital + interest + vat, closing: balance - capital });
    balance -= capital;
  }
  return rows;
}

function stringRow(k: number, opening: number, capital: number, interest: number, vat: number) {
  return {
    numAmortizacion: k,
    fechaAmortizacion: formatIsoDate(addSteps(start, monthly, k)),
    saldoCapital: opening.toFixed(2),
    abonoCapital: capital.toFixed(2),
    interesAmortizacion: interest.toFixed(2),
    ivaAmortizacion: vat.toFixed(2),
    comisionAmortizacion: '0.00',
    seguroVida: '0.00',
    seguroDanos: '0.00',
    seguroDesempleo: '0.00',
    pagoAmortizacion: (capital + interest + vat).toFixed(2),
    saldoFin: (opening - capital).toFixed(2),
  };
}

function floatStrings(n: number) {
  return floatSchedule(n).map((x) => stringRow(x.k, x.opening, x.capital, x.interest, x.vat));
}

type Peer = {
  pmt: (r: number, n: number, pv: number) => number;
  ipmt: (r: number, k: number, n: number, pv: number) => number;
  ppmt: (r: number, k: number, n: number, pv: number) => number;
};
const financialPeer: Peer = { pmt: financial.pmt, ipmt: financial.ipmt, ppmt: financial.ppmt };
const formulaPeer: Peer = {
  pmt: (r, n, pv) => formulajs.PMT(r, n, pv) as number,
  ipmt: (r, k, n, pv) => formulajs.IPMT(r, k, n, pv) as number,
  ppmt: (r, k, n, pv) => formulajs.PPMT(r, k, n, pv) as number,
};

/** The same rows through a peer: interest (with IVA) by ipmt, capital by ppmt, IVA split out. */
function peerSchedule(peer: Peer, n: number) {
  const rows = [];
  let balance = P;
  peer.pmt(rate, n, -P);
  for (let k = 1; k <= n; k++) {
    const grossInterest = peer.ipmt(rate, k, n, -P);
    const capital = peer.ppmt(rate, k, n, -P);
    const interest = grossInterest / (1 + iva);
    rows.push(stringRow(k, balance, capital, interest, grossInterest - interest));
    balance -= capital;
  }
  return rows;
}

function catFlows(n: number) {
  const q = quoteCredit(request(n));
  const payments = new Float64Array(n);
  q.registros.forEach((row, k) => {
    payments[k] = Math.round((Number(row.abonoCapital) + Number(row.interesAmortizacion)) * 100);
  });
  const disbursement = 35_000_000 - 700_000;
  const values = [-disbursement / 100, ...Array.from(payments, (c) => c / 100)];
  return { payments, disbursement, values };
}

let sink: unknown;

async function main(): Promise<void> {
  const results: { group: string; name: string; mean: number }[] = [];
  for (const n of [60, 360]) {
    const bench = new Bench({ time, warmupTime: quick ? 50 : 200 });
    bench
      .add('float64 baseline (numbers)', () => {
        sink = floatSchedule(n);
      })
      .add('float64 + interface strings', () => {
        sink = floatStrings(n);
      })
      .add('financial (pmt/ipmt/ppmt)', () => {
        sink = peerSchedule(financialPeer, n);
      })
      .add('@formulajs/formulajs (PMT/IPMT/PPMT)', () => {
        sink = peerSchedule(formulaPeer, n);
      })
      .add('cotizador quoteCredit (exact, table + CAT)', () => {
        sink = quoteCredit(request(n));
      })
      .add('cotizador quoteCredit (exact, no table)', () => {
        sink = quoteCredit({ ...request(n), generaTablaPagos: false });
      });
    await bench.run();
    for (const task of bench.tasks)
      results.push({ group: `${n}-payment schedule`, name: task.name, mean: task.result?.latency.mean ?? NaN });
  }
  const flows = catFlows(360);
  const catBench = new Bench({ time, warmupTime: quick ? 50 : 200 });
  const financialIrr = financial.irr as (values: number[]) => number;
  catBench
    .add('float64 baseline (bisection on the NPV)', () => {
      let lo = 0;
      let hi = 1;
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        let npv = 0;
        for (let k = flows.values.length - 1; k >= 0; k--) npv = npv / (1 + mid) + (flows.values[k] as number);
        if (npv > 0) lo = mid;
        else hi = mid;
      }
      sink = (1 + lo) ** 12 - 1;
    })
    .add('financial irr', () => {
      sink = (1 + financialIrr(flows.values)) ** 12 - 1;
    })
    .add('@formulajs/formulajs IRR', () => {
      sink = (1 + (formulajs.IRR(flows.values) as number)) ** 12 - 1;
    })
    .add('cotizador CAT (exact tenths)', () => {
      sink = solvePeriodicCat({ disbursement: flows.disbursement, payments: flows.payments, yearsPerPeriod: 1 / 12 });
    });
  await catBench.run();
  for (const task of catBench.tasks)
    results.push({ group: 'CAT solve, 360 flows', name: task.name, mean: task.result?.latency.mean ?? NaN });

  results.push(
    ...(await benchPolicy({
      time,
      quick,
      creditMean:
        results.find((r) => r.group === '60-payment schedule' && r.name.startsWith('cotizador quoteCredit (exact, table'))?.mean ?? NaN,
    })),
  );

  const features = interleaved(featureCases(), quick ? 7 : 15, quick ? 2_000 : 6_000);
  for (const [name, us] of features) results.push({ group: 'credit features, CPU time, interleaved rounds', name, mean: us / 1000 });

  let group = '';
  let baseline = NaN;
  for (const r of results) {
    if (r.group !== group) {
      group = r.group;
      baseline = r.mean;
      console.log(`\n${group}  (ratio = mean time / first line)`);
    }
    console.log(`  ${r.name.padEnd(48)} ${(r.mean * 1000).toFixed(2).padStart(10)} µs   ${(r.mean / baseline).toFixed(1).padStart(6)}×`);
  }
  void sink;
}

await main();
