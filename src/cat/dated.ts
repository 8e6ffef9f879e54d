/**
 * The CAT of flows at arbitrary times, the numeric entry point for schedules whose payments are not
 * evenly spaced (an irregular first period, actual days, rolled dates): a disbursement A₀ at t = 0
 * and payments Bₖ ≥ 0 at times tₖ > 0 (in units, `unitsPerYear` to a year).
 *
 * In x = ln(1 + i) the present value g(x) = Σ Bₖ e^(−x·tₖ/U) − A₀ is strictly decreasing, so the
 * root is unique. It is bracketed by expansion from 0 (the bracketing of `./computeCat.ts`) and
 * refined by Newton steps that fall back to bisection whenever they leave the bracket, to adjacent
 * doubles; the published tenth is decided exactly near a boundary (`./round.ts`), with the times
 * taken as the exact numbers given (integers of days stay exact).
 *
 * The interface is deliberately small (one function, typed arrays of cents and units) so the solver
 * behind it can change.
 */
import { quoteError, type QuoteError } from '../errors/quoteError.js';
import { Decimal } from '../money/decimal.js';
import type { PeriodicCat } from './periodic.js';
import { roundCatTenths } from './round.js';

/** Flows at arbitrary times: cents, and times in units of `1 / unitsPerYear` years. */
export interface DatedFlows {
  /** Net amount received by the borrower at t = 0 (cents, > 0). */
  readonly disbursement: number;
  /** Payments without IVA (cents, ≥ 0), one per time. */
  readonly payments: ArrayLike<number>;
  /** Time of each payment in units (> 0): days, or fixed days, from the opening date. */
  readonly times: ArrayLike<number>;
  /** Units in a year (365 for calendar days over 365, 360, or days × perYear). */
  readonly unitsPerYear: number;
}

function noRate(): QuoteError {
  return quoteError('ERRNEG001', 'catIndeterminado', 'cat');
}

/** g(x) and g'(x). */
function evaluate(flows: DatedFlows, x: number): [number, number] {
  const { payments, times, unitsPerYear } = flows;
  let g = -flows.disbursement;
  let dg = 0;
  for (let k = 0; k < payments.length; k++) {
    const t = (times[k] as number) / unitsPerYear;
    const term = (payments[k] as number) * Math.exp(-x * t);
    g += term;
    dg -= t * term;
  }
  return [g, dg];
}

/** Sign of the present value at the annual rate b, at 50 digits: its sign places the true rate. */
function compareAtBoundary(flows: DatedFlows, b: number): -1 | 0 | 1 {
  const base = new Decimal(1).add(new Decimal(b));
  let sum = new Decimal(-flows.disbursement);
  for (let k = 0; k < flows.payments.length; k++) {
    const amount = flows.payments[k] as number;
    if (amount === 0) continue;
    const exponent = new Decimal(flows.times[k] as number).div(flows.unitsPerYear).neg();
    sum = sum.add(base.pow(exponent).mul(amount));
  }
  // g decreasing in the rate: g(b) > 0 ⇔ the root lies above b.
  return sum.isZero() ? 0 : sum.isPositive() ? 1 : -1;
}

/**
 * The CAT of flows at arbitrary times: the annual rate and its published tenths of a percent.
 * Throws `ERRNEG001` on `cat` when no rate exists; never returns NaN or an unconverged value.
 *
 * @example
 * ```ts
 * solveDatedCat({ disbursement: 100_000, payments: [110_000], times: [365], unitsPerYear: 365 }).tenths; // 100
 * ```
 */
export function solveDatedCat(flows: DatedFlows): PeriodicCat {
  const { payments, times } = flows;
  let total = 0;
  for (let k = 0; k < payments.length; k++) {
    const amount = payments[k] as number;
    const t = times[k] as number;
    if (!(amount >= 0) || !(t > 0) || !Number.isFinite(t)) throw noRate();
    total += amount;
  }
  if (!(flows.disbursement > 0) || !(total > 0) || !(flows.unitsPerYear > 0)) throw noRate();
  let x: number;
  if (total === flows.disbursement) x = 0;
  else {
    // Bracket: g(lo) > 0 > g(hi), expanding from 0 in the direction of the root.
    let lo = 0;
    let hi = 0;
    const up = total > flows.disbursement;
    for (let step = 1e-3; ; step *= 2) {
      const probe = up ? step : -step;
      const value = evaluate(flows, probe)[0];
      if (up ? value < 0 : value > 0) {
        if (up) hi = probe;
        else lo = probe;
        break;
      }
      if (up) lo = probe;
      else hi = probe;
      if (step > 1e6) throw noRate();
    }
    x = (lo + hi) / 2;
    for (let iteration = 0; ; iteration++) {
      const [g, dg] = evaluate(flows, x);
      if (g === 0) break;
      if (g > 0) lo = x;
      else hi = x;
      let next = x - g / dg;
      if (!(next > lo && next < hi)) next = (lo + hi) / 2;
      if (next === x || hi - lo <= Number.EPSILON * Math.max(Math.abs(lo), Math.abs(hi))) {
        x = next;
        break;
      }
      x = next;
      if (iteration > 2000) throw noRate(); // not reached: bisection alone converges well within it
    }
  }
  const rate = Math.expm1(x);
  if (!Number.isFinite(rate)) throw noRate();
  return { rate, tenths: roundCatTenths(rate, (b) => compareAtBoundary(flows, b)) };
}
