/**
 * The CAT of evenly spaced flows, the credit quote's case: a net disbursement A₀ at t = 0 and
 * non-negative payments B₁…Bₙ at t = k·τ years. With v = (1 + i)^−τ the present value is the
 * polynomial f(v) = Σ Bₖ vᵏ − A₀, increasing for v > 0, so there is exactly one positive root v*
 * (when A₀ > 0 and some Bₖ > 0) and the CAT is v*^(−1/τ) − 1. The root is bracketed and found by
 * safeguarded Newton steps (Horner evaluation), never returned unconverged.
 */
import { quoteError, type QuoteError } from '../errors/quoteError.js';
import { Decimal } from '../money/decimal.js';
import { roundCatTenths } from './round.js';

/** Periodic flows: cents at t = 0 and at each period; τ years per period. */
export interface PeriodicFlows {
  /** Net amount received by the borrower at t = 0 (cents, > 0). */
  readonly disbursement: number;
  /** Payments without IVA, one per period (cents, ≥ 0). */
  readonly payments: ArrayLike<number>;
  /** Years per period (1/12 for monthly under the default time basis). */
  readonly yearsPerPeriod: number;
}

/** The solved CAT: the annual rate (float64) and its published tenths of a percent. */
export interface PeriodicCat {
  readonly rate: number;
  readonly tenths: number;
}

function noRate(): QuoteError {
  return quoteError('ERRNEG001', 'catIndeterminado', 'cat');
}

/** f(v) and f'(v) by Horner. */
function evaluate(payments: ArrayLike<number>, a0: number, v: number): [number, number] {
  let p = 0;
  let dp = 0;
  for (let k = payments.length - 1; k >= 0; k--) {
    dp = dp * v + p;
    p = p * v + (payments[k] as number);
  }
  // Σ B_k v^k = v · p(v); derivative p + v p'.
  return [v * p - a0, p + v * dp];
}

/**
 * Solves f(v) = 0 for the discount factor per period.
 *
 * @example
 * ```ts
 * solveDiscountFactor([110], 100); // 0.9090909090909091 (10 % a period)
 * ```
 */
export function solveDiscountFactor(payments: ArrayLike<number>, a0: number): number {
  let total = 0;
  for (let k = 0; k < payments.length; k++) total += payments[k] as number;
  if (!(a0 > 0) || !(total > 0)) throw noRate();
  if (total === a0) return 1; // Σ B = A₀ exactly (integer cents): v* = 1, a zero rate.
  let lo = 0;
  let hi = 1;
  if (total < a0) {
    // Negative rate: v* > 1. Double until f(hi) > 0 (f grows without bound).
    hi = 2;
    while (evaluate(payments, a0, hi)[0] <= 0) {
      lo = hi;
      hi *= 2;
      if (!Number.isFinite(hi)) throw noRate();
    }
  }
  let v = (lo + hi) / 2;
  for (let iteration = 0; iteration < 400; iteration++) {
    const [f, df] = evaluate(payments, a0, v);
    if (f === 0) return v;
    if (f < 0) lo = v;
    else hi = v;
    let next = v - f / df;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (next === v || hi - lo <= Number.EPSILON * hi) return next;
    v = next;
  }
  throw noRate(); // not reached: bisection alone converges well within the iteration budget
}

/** Σ Bₖ vᵏ − A₀ at 50 digits, for v = (1 + boundary)^−τ: its sign places the true rate. */
function compareAtBoundary(flows: PeriodicFlows, boundary: number): -1 | 0 | 1 {
  const v = new Decimal(1).add(new Decimal(boundary)).pow(new Decimal(-flows.yearsPerPeriod));
  let p = new Decimal(0);
  for (let k = flows.payments.length - 1; k >= 0; k--) p = p.mul(v).add(flows.payments[k] as number);
  const f = p.mul(v).sub(flows.disbursement);
  // f increasing in v and v decreasing in the rate: f(v_b) > 0 ⇔ v* < v_b ⇔ rate > b.
  return f.isZero() ? 0 : f.isPositive() ? 1 : -1;
}

/**
 * The CAT of periodic flows.
 *
 * @example
 * ```ts
 * const cat = solvePeriodicCat({ disbursement: 995_000, payments: [258_809, 259_410, 260_021, 260_643], yearsPerPeriod: 1 / 24 });
 * cat.tenths; // 515 (51.5 %)
 * cat.rate.toFixed(6); // '0.515330'
 * ```
 */
export function solvePeriodicCat(flows: PeriodicFlows): PeriodicCat {
  const v = solveDiscountFactor(flows.payments, flows.disbursement);
  const rate = Math.expm1(-Math.log(v) / flows.yearsPerPeriod);
  if (!Number.isFinite(rate)) throw noRate();
  return { rate, tenths: roundCatTenths(rate, (b) => compareAtBoundary(flows, b)) };
}
