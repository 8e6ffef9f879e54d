/**
 * The CAT of 360 flows, side by side: a 60-step float bisection on the same flows (the baseline
 * the issue names), the floor of the input (reading the flows' decimal text into numbers), the
 * public `computeCat` (decimal text in, the exact tenth and a certified rate out), and the peers'
 * IRR bare (numbers in, a float out, as their users call them) and with strings (the same text in,
 * the percentage text out).
 *
 * The flows: the 360-payment quote of `./credit.ts` — 343,000.00 received at t = 0 (350,000.00 less
 * the 2 % commission), each payment without IVA (capital + interest) at k/12 years.
 */
import * as financial from 'financial';
import * as formulajs from '@formulajs/formulajs';
import { computeCat, type CatFlows, quoteCredit } from '../src/entry/index.js';
import type { BenchCase } from './harness.js';
import { creditRequest } from './credit.js';

/** The 360 flows as the public API takes them (decimal text, times in years) and as plain numbers. */
export function catFlows(n = 360): { flows: CatFlows; values: number[] } {
  const rows = quoteCredit(creditRequest(n)).registros;
  const cents = (text: string): number => Math.round(Number(text) * 100);
  const payments = rows.map((row, k) => {
    const c = cents(row.abonoCapital) + cents(row.interesAmortizacion);
    return { time: (k + 1) / 12, amount: `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}` };
  });
  const flows: CatFlows = { disbursements: [{ time: 0, amount: '343000.00' }], payments };
  return { flows, values: [-343_000, ...payments.map((p) => Number(p.amount))] };
}

/** 60 halvings of the monthly rate on [0, 1], the NPV by Horner (the float baseline); annualised. */
function bisection(values: readonly number[]): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    let npv = 0;
    for (let k = values.length - 1; k >= 0; k--) npv = npv / (1 + mid) + (values[k] as number);
    if (npv > 0) lo = mid;
    else hi = mid;
  }
  return (1 + lo) ** 12 - 1;
}

/** The input's own cost: every flow's text read into a number (what any solver must do first). */
function readFlows(flows: CatFlows): Float64Array {
  const out = new Float64Array(flows.disbursements.length + flows.payments.length);
  let j = 0;
  for (const f of flows.disbursements) out[j++] = -Number(f.amount);
  for (const f of flows.payments) out[j++] = Number(f.amount);
  return out;
}

const percentText = (monthly: number): string => (((1 + monthly) ** 12 - 1) * 100).toFixed(1);

/**
 * The cases of the CAT group: the float bisection first (the baseline), the floor second.
 *
 * @example
 * ```ts
 * catCases().map((c) => c.name)[0]; // 'float64 bisection, 60 steps (numbers)'
 * ```
 */
export function catCases(): BenchCase[] {
  const { flows, values } = catFlows(360);
  const irr = financial.irr as (values: number[]) => number;
  return [
    { name: 'float64 bisection, 60 steps (numbers)', run: () => bisection(values) },
    { name: 'floor: the flows\u2019 text read into numbers', run: () => readFlows(flows) },
    { name: 'financial irr, bare', run: () => irr(values) },
    { name: 'financial irr + text in and out', run: () => percentText(irr(Array.from(readFlows(flows)))) },
    { name: '@formulajs/formulajs IRR, bare', run: () => formulajs.IRR(values) },
    { name: '@formulajs/formulajs IRR + text in and out', run: () => percentText(formulajs.IRR(Array.from(readFlows(flows))) as number) },
    { name: 'cotizador computeCat (public: text in, exact tenth)', run: () => computeCat(flows) },
  ];
}
