/**
 * The CAT of flows at arbitrary times, the numeric entry point for schedules whose payments are not
 * evenly spaced (an irregular first period, actual days, rolled dates): a disbursement A₀ at t = 0
 * and payments Bₖ ≥ 0 at times tₖ > 0 (in units, `unitsPerYear` to a year).
 *
 * In x = ln(1 + i) the present value g(x) = Σ Bₖ e^(−x·tₖ/U) − A₀ is strictly decreasing and convex,
 * so the root is unique and Newton's method from the left of it (x = 0, or the loan's own rate)
 * climbs to it monotonically. Each term's float error is bounded (the argument's rounding grows
 * with |x·t|), so the root is certified in a bracket; a rounding boundary of the tenth is placed by
 * the bracket, or by the exact present value (`./exact.ts`) with the times as the exact fractions
 * tₖ/U they are. Above `CAT_CEILING` the CAT is `ERRNEG001` (`./round.ts`).
 *
 * The interface is deliberately small (one function, typed arrays of cents and units) so the solver
 * behind it can change.
 */
import type { QuoteError } from '../errors/quoteError.js';
import { catError } from './messages.js';
import { bigRational, presentValueSign, type ExactFlow } from './exact.js';
import type { PeriodicCat } from './periodic.js';
import { CAT_CEILING, decideTenths, type TenthBoundary } from './round.js';

/** Flows at arbitrary times: cents, and times in units of `1 / unitsPerYear` years. */
export interface DatedFlows {
  /** Net amount received by the borrower at t = 0 (cents, > 0). */
  readonly disbursement: number;
  /** Payments without IVA (cents, ≥ 0), one per time. */
  readonly payments: ArrayLike<number>;
  /** Time of each payment in units (> 0, safe integers): days, or fixed days, from the opening date. */
  readonly times: ArrayLike<number>;
  /** Units in a year (365 for calendar days over 365, 360, or days × perYear). */
  readonly unitsPerYear: number;
  /** An annual rate near the root to start from (the loan's own); default 0. */
  readonly hint?: number | undefined;
}

function noRate(): QuoteError {
  return catError('ERRNEG001', 'catIndeterminado', 'cat');
}

const EPS = 2 ** -53;

/** g(x), g'(x) and the bound on the error of g into `out`. */
function evaluate(flows: DatedFlows, x: number, out: Float64Array): void {
  const { payments, times, unitsPerYear } = flows;
  let g = 0;
  let dg = 0;
  let bound = 0;
  for (let k = 0; k < payments.length; k++) {
    const t = (times[k] as number) / unitsPerYear;
    const term = (payments[k] as number) * Math.exp(-x * t);
    g += term;
    dg -= t * term;
    // t and x·t rounded (2 ulp of x·t, amplified by exp into relative error), exp and the product.
    bound += term * (4 * Math.abs(x * t) + 4);
  }
  out[0] = g - flows.disbursement;
  out[1] = dg;
  out[2] = (bound + (payments.length + 2) * (g + flows.disbursement)) * EPS * 1.01;
}

function certifiedSign(flows: DatedFlows, x: number, out: Float64Array): -1 | 0 | 1 {
  evaluate(flows, x, out);
  const g = out[0] as number;
  if (g === Number.POSITIVE_INFINITY || g > (out[2] as number)) return 1;
  if (g < -(out[2] as number)) return -1;
  return 0;
}

/** The root x* = ln(1 + i) in a certified bracket: g(lo) > 0 > g(hi) beyond the error bound. */
function solveLogRate(flows: DatedFlows, total: number): [number, number] {
  const out = new Float64Array(3);
  const ceiling = Math.log1p(CAT_CEILING) + 1;
  // Start left of the root: g is decreasing, so g(x) > 0 there. Σ B ≥ A₀ puts the root at x ≥ 0.
  let x = flows.hint !== undefined && flows.hint > -1 ? Math.log1p(flows.hint) : 0;
  if (total < flows.disbursement) x = Math.min(x, 0);
  evaluate(flows, x, out);
  // Move left until g > 0, by steps that start at 1/T (T the horizon in years): from x − 1 a
  // 200-year horizon puts e^200 on the far side and Newton then climbs about 1/T a step.
  let horizon = 1;
  for (let k = 0; k < flows.times.length; k++) horizon = Math.max(horizon, (flows.times[k] as number) / flows.unitsPerYear);
  for (let step = 1 / horizon; !((out[0] as number) > 0); step *= 2) {
    x -= step; // a negative rate
    if (step > 1e6) throw noRate();
    evaluate(flows, x, out);
  }
  for (let iteration = 0; ; iteration++) {
    if (iteration > 200) throw noRate(); // not reached: Newton climbs monotonically on a convex g
    const g = out[0] as number;
    if (Math.abs(g) <= (out[2] as number)) break;
    const next = x - g / (out[1] as number);
    if (!Number.isFinite(next) || next > ceiling) {
      // The root lies beyond the ceiling (or g' vanished far right): certify that and stop.
      if (certifiedSign(flows, ceiling, out) > 0) return [ceiling, Number.POSITIVE_INFINITY];
      break;
    }
    const step = Math.abs(next - x);
    x = next;
    evaluate(flows, x, out);
    if (step <= 4 * EPS * Math.max(1, Math.abs(x))) break;
  }
  let width = 8 * EPS * Math.max(1, Math.abs(x));
  let lo = x - width;
  let hi = x + width;
  for (let tries = 0; ; tries++) {
    if (tries > 1100) throw noRate();
    const sLo = certifiedSign(flows, lo, out);
    const sHi = certifiedSign(flows, hi, out);
    if (sLo > 0 && sHi < 0) return [lo, hi];
    width *= 2;
    if (sLo < 0) {
      hi = lo;
      lo = hi - width;
    } else if (sHi > 0) {
      lo = hi;
      hi = lo + width;
    } else {
      lo = x - width;
      hi = x + width;
    }
  }
}

/**
 * The CAT of flows at arbitrary times: the annual rate and its published tenths of a percent.
 * Throws `ERRNEG001` on `cat` when no rate exists or above the ceiling; never returns NaN or an
 * unconverged value.
 *
 * @example
 * ```ts
 * solveDatedCat({ disbursement: 100_000, payments: [110_000], times: [365], unitsPerYear: 365 }).tenths; // 100
 * ```
 */
export function solveDatedCat(flows: DatedFlows): PeriodicCat {
  const { payments, times, unitsPerYear } = flows;
  let total = 0;
  for (let k = 0; k < payments.length; k++) {
    const amount = payments[k] as number;
    const t = times[k] as number;
    if (!(amount >= 0) || !(t > 0) || !Number.isSafeInteger(t)) throw noRate();
    total += amount;
  }
  if (!(flows.disbursement > 0) || !(total > 0) || !Number.isSafeInteger(unitsPerYear) || !(unitsPerYear > 0)) throw noRate();
  const [lo, hi] = solveLogRate(flows, total);
  const out = new Float64Array(3);
  let exact: ExactFlow[] | undefined;
  const compare = (b: TenthBoundary): -1 | 0 | 1 => {
    const xb = Math.log1p(b.num / b.den);
    const error = 4 * EPS * Math.abs(xb) + Number.MIN_VALUE;
    if (xb - error > hi) return -1; // the boundary is right of the root: the rate is below it
    if (xb + error < lo) return 1;
    if (certifiedSign(flows, xb + error, out) > 0) return 1; // g > 0 right of x_b: the root is further right
    if (certifiedSign(flows, xb - error, out) < 0) return -1;
    exact ??= [
      { amount: { num: BigInt(-flows.disbursement), den: 1n }, time: { num: 0n, den: 1n } },
      ...Array.from({ length: payments.length }, (_, k) => ({
        amount: { num: BigInt(payments[k] as number), den: 1n },
        time: bigRational(BigInt(times[k] as number), BigInt(unitsPerYear)),
      })),
    ];
    return presentValueSign(exact, bigRational(BigInt(b.den + b.num), BigInt(b.den)));
  };
  const rate = Number.isFinite(hi) ? Math.expm1(lo + (hi - lo) / 2) : Number.POSITIVE_INFINITY;
  return { rate, tenths: decideTenths(rate, compare) };
}
