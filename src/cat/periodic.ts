/**
 * The CAT of evenly spaced flows, the credit quote's case: a net disbursement A₀ at t = 0 and
 * non-negative payments B₁…Bₙ at t = k·τ years. With v = (1 + i)^−τ the present value is the
 * polynomial f(v) = Σ Bₖ vᵏ − A₀, increasing and convex for v > 0, so there is exactly one positive
 * root v* (when A₀ > 0 and some Bₖ > 0) and the CAT is v*^(−1/τ) − 1.
 *
 * From the loan's own periodic rate, Halley's steps (Newton's where Halley's would be more than
 * twice as long) converge cubically on a convex increasing function; the iteration stops when a
 * step is within a few ulp, when the predicted next error is, or when f is inside its error bound
 * (`docs/credit.md`, "The periodic CAT's iteration"). The polynomial is evaluated by Horner's rule
 * two coefficients a step, q ← q·v² + (Bₖ·v + Bₖ₋₁): on non-negative coefficients every term is a
 * product of its coefficient and at most 3⌈n/2⌉ + 2 rounding factors (1 + δ), |δ| ≤ 2⁻⁵³ — 3 a step
 * (the product by v², v²'s own rounding, the sum), 2 where it enters, the last product by v and the
 * subtraction of A₀ — within the 2n + 4 of the bound γ₂ₙ₊₄ (Σ Bₖ vᵏ + A₀) the code uses (one
 * coefficient a step, Horner's own, needs 2n + 2), so the root is certified in a bracket
 * [v_lo, v_hi] whose ends have signs beyond that bound. A rounding boundary of the tenth is placed
 * by the bracket in float64 when it falls outside it, and by the exact present value (`./exact.ts`)
 * when it falls inside: the tenth is exact, ties included.
 */
import type { QuoteError } from '../errors/quoteError.js';
import { catError } from './messages.js';
import { bigRational, presentValueSign, type ExactFlow } from './exact.js';
import { decideTenths, type TenthBoundary } from './round.js';

/** A non-negative exact fraction with safe-integer parts (years per period: 1/12, 7/360, …). */
export interface PeriodFraction {
  readonly num: number;
  readonly den: number;
}

/** Periodic flows: cents at t = 0 and at each period; τ years per period. */
export interface PeriodicFlows {
  /** Net amount received by the borrower at t = 0 (cents, > 0). */
  readonly disbursement: number;
  /** Payments without IVA, one per period (cents, ≥ 0). */
  readonly payments: ArrayLike<number>;
  /** Years per period, exact (1/12 for monthly under the default time basis). */
  readonly period: PeriodFraction;
  /** A rate per period near the root to start from (the loan's own); default 0. */
  readonly hint?: number | undefined;
}

/** The solved CAT: the annual rate (float64) and its published tenths of a percent. */
export interface PeriodicCat {
  readonly rate: number;
  readonly tenths: number;
}

function noRate(): QuoteError {
  return catError('ERRNEG001', 'catIndeterminado', 'cat');
}

const EPS = 2 ** -53;

/**
 * f(v), f'(v), the bound on the error of f (γ₂ₙ₊₄ of the sum of absolute terms, the header), and
 * f''(v), f'''(v) (estimates, for Halley's step and its stopping rule). The four Horner chains run
 * side by side: each step waits on the previous step of its own chain only, so the higher
 * derivatives cost (almost) nothing over the first. Two coefficients a step: with P = Q·v² + s·v + t,
 * P' = Q'·v² + 2v·Q + s, P''/2 = (Q''/2)·v² + 2v·Q' + Q, P'''/6 = (Q'''/6)·v² + 2v·(Q''/2) + Q'.
 */
function evaluate(payments: ArrayLike<number>, a0: number, v: number, out: Float64Array): void {
  // Speed: two coefficients a step (the term s·v + t off the chain) instead of one, so each chain
  // waits on one product and one or two sums per two coefficients instead of two of each (a Horner
  // step waits on the one before: the evaluation was that latency, 6 cycles a coefficient, three
  // passes a quote); buys 0.03–0.11 µs of 2.65–2.77 µs per summary quote at 60 payments and
  // 0.4–0.6 µs of 8.4–8.7 µs at 360 (A/B on npm run bench --quick's credit60 and credit360 summary,
  // after its warm-up set, 2026-11-26). Each derivative's two terms off its chain are summed first
  // (P' = Q'·v² + (2v·Q + s)), so its chain waits on one product and one sum a step, as P's does,
  // instead of one product and two sums; buys 0.12–0.13 µs of 1.36 µs per solveDiscountFactor at
  // 360 payments (the benchmark's loan, after the warm-up set, 2026-11-26). Only the derivatives'
  // roundings change: they steer the steps, while f and its bound, which certify the root, are
  // computed as before.
  const w = v * v;
  const twoV = 2 * v;
  let p = 0;
  let dp = 0;
  let ddp = 0; // p''/2
  let dddp = 0; // p'''/6
  let k = payments.length - 1;
  if ((payments.length & 1) === 1) p = payments[k--] as number; // an odd count: the top coefficient alone (exact)
  for (; k > 0; k -= 2) {
    const s = payments[k] as number;
    const t = payments[k - 1] as number;
    dddp = dddp * w + (twoV * ddp + dp);
    ddp = ddp * w + (twoV * dp + p);
    dp = dp * w + (twoV * p + s);
    p = p * w + (s * v + t);
  }
  const vp = v * p;
  out[0] = vp - a0;
  out[1] = p + v * dp;
  out[2] = (2 * payments.length + 4) * EPS * 1.01 * (vp + a0);
  // f = v·p − a₀: f'' = 2p' + v·p'', f''' = 3p'' + v·p'''.
  out[3] = 2 * dp + 2 * v * ddp;
  out[4] = 6 * ddp + 6 * v * dddp;
}

/** The sign of f(v) = v·p − a₀ against its bound, as {@link certifiedSign} decides it from `evaluate`'s p. */
function signOf(p: number, a0: number, v: number, n: number): -1 | 0 | 1 {
  const vp = v * p;
  const f = vp - a0;
  const bound = (2 * n + 4) * EPS * 1.01 * (vp + a0);
  if (f === Number.POSITIVE_INFINITY || f > bound) return 1;
  if (f < -bound) return -1;
  return 0;
}

/**
 * {@link certifiedSign} at lo (−1 where lo ≤ 0, as the caller reads it) and at hi, in one pass:
 * the two Horner chains are the same operations in the same order as `evaluate`'s (so the same
 * values and signs), interleaved so that each hides the other's latency — a Horner step waits on
 * the previous one, and the pass costs about one evaluation instead of two.
 */
function certifiedSigns(payments: ArrayLike<number>, a0: number, lo: number, hi: number, out: Float64Array): void {
  // Speed: both ends in one pass instead of `certifiedSign` at each; buys 0.39–0.77 µs of 10.1–10.6
  // µs per summary quote at 360 payments, nothing measurable at 60 (A/B on npm run bench's credit360
  // and credit60 summary, 2026-11-26, 62d6257).
  const wLo = lo * lo;
  const wHi = hi * hi;
  let pLo = 0;
  let pHi = 0;
  let k = payments.length - 1;
  if ((payments.length & 1) === 1) {
    pLo = payments[k] as number;
    pHi = pLo;
    k--;
  }
  for (; k > 0; k -= 2) {
    const s = payments[k] as number;
    const t = payments[k - 1] as number;
    pLo = pLo * wLo + (s * lo + t);
    pHi = pHi * wHi + (s * hi + t);
  }
  out[0] = lo > 0 ? signOf(pLo, a0, lo, payments.length) : -1;
  out[1] = signOf(pHi, a0, hi, payments.length);
}

/** f(v) with its error bound, certified positive (1), negative (−1) or undecided (0). */
function certifiedSign(payments: ArrayLike<number>, a0: number, v: number, out: Float64Array): -1 | 0 | 1 {
  evaluate(payments, a0, v, out);
  const f = out[0] as number;
  if (f === Number.POSITIVE_INFINITY || f > (out[2] as number)) return 1;
  if (f < -(out[2] as number)) return -1;
  return 0;
}

/**
 * The root v* of f in a certified bracket: f(lo) < 0 < f(hi) beyond the error bound, lo < v* < hi.
 *
 * @example
 * ```ts
 * const [lo, hi] = solveDiscountFactor([110], 100);
 * lo < 100 / 110 && 100 / 110 < hi; // true
 * ```
 */
export function solveDiscountFactor(payments: ArrayLike<number>, a0: number, hint = 0): [number, number] {
  let total = 0;
  for (let k = 0; k < payments.length; k++) total += payments[k] as number;
  if (!(a0 > 0) || !(total > 0) || !Number.isFinite(total)) throw noRate();
  const out = new Float64Array(5);
  // Start at the hint's discount factor, right of the root: f(v) ≥ 0 (or one step from the left
  // lands right of it, f being convex).
  let v = hint > -1 && Number.isFinite(hint) ? 1 / (1 + hint) : 1;
  for (let iteration = 0; ; iteration++) {
    if (iteration > 200) throw noRate(); // not reached: the steps converge, bisection on overflow
    evaluate(payments, a0, v, out);
    const f = out[0] as number;
    const df = out[1] as number;
    const d2f = out[3] as number;
    if (!Number.isFinite(f) || !Number.isFinite(df)) {
      v /= 2; // overflow of vⁿ far right of the root: step back
      continue;
    }
    if (Math.abs(f) <= (out[2] as number)) break;
    // Speed: Halley's step, f / (f' − f·f''/(2f')), with f''' as a fourth Horner chain for its
    // stopping rule, instead of Newton's steps alone (an evaluation fewer: cubic convergence); buys
    // 0.13–0.15 µs of 3.3–3.4 µs per summary quote at 60 payments, 0.53–0.64 µs of 10.5–10.8 µs at
    // 360 (A/B on npm run bench's credit60 and credit360 summary, 2026-11-26, 62d6257). It is taken
    // where it is at most twice Newton's step and of its sign (f·f'' < f'², always so near the root);
    // else Newton's.
    const halley = f * d2f < df * df;
    let next = halley ? v - (2 * f * df) / (2 * df * df - f * d2f) : v - f / df;
    // When the payments total at least the disbursement, f(1) ≥ 0 puts the root at or left of
    // v = 1: a step from the left that lands beyond it goes to 1 instead. (A start far left of the
    // root — interest that rounds to nothing leaves the CAT far below the loan's rate — used to
    // throw v to where vⁿ overflows, and Newton's steps down from there shrink v by about 1/n
    // each: 978 daily payments ran out of steps.)
    if (next > 1 && total >= a0) next = 1;
    if (!(next > 0)) {
      v /= 2; // a step past zero (f' tiny): f(v/2) is still defined and the root is positive
      continue;
    }
    const step = Math.abs(next - v);
    v = next;
    if (step <= 4 * EPS * v) break;
    // The next error is about (A² − B)·step³ after Halley's step, A·step² after Newton's
    // (A = f''/2f', B = f'''/6f'): when twice that is within 4 ulp, the evaluation that would
    // confirm it is skipped; the certification below checks the root is there, and widens if not.
    const a = d2f / (2 * df);
    const nextError = halley ? Math.abs(a * a - (out[4] as number) / (6 * df)) * step * step * step : a * step * step;
    if (2 * nextError <= 4 * EPS * v) break;
  }
  // Certify: widen around v until the signs at both ends are beyond the error bound. The first
  // half-width is what that bound over the last slope asks for (f rises by about f'·w from the
  // root), at least a few ulp: one pass, where 8 ulp took three at 360 payments.
  const slope = out[1] as number;
  let width = Math.max(slope > 0 ? (2 * (out[2] as number)) / slope : 0, 8 * EPS * v) + Number.MIN_VALUE;
  let lo = v - width;
  let hi = v + width;
  for (let tries = 0; ; tries++) {
    if (tries > 1100) throw noRate(); // not reached: the bound is far below f's growth
    certifiedSigns(payments, a0, lo, hi, out);
    const sLo = out[0] as number;
    const sHi = out[1] as number;
    if (sLo < 0 && sHi > 0) return [Math.max(lo, 0), hi];
    if (sLo > 0) {
      hi = lo; // the root is further left
      width *= 2;
      lo = hi - width;
    } else if (sHi < 0) {
      lo = hi;
      width *= 2;
      hi = lo + width;
    } else {
      width *= 2;
      lo = v - width;
      hi = v + width;
    }
  }
}

/** The annual rate of a discount factor per period: v^(−1/τ) − 1. */
function rateOf(v: number, period: PeriodFraction): number {
  return Math.expm1((-Math.log(v) * period.den) / period.num);
}

/** The exact flows (cents at exact times k·τ) for the boundary decisions. */
function exactFlows(flows: PeriodicFlows): ExactFlow[] {
  const out: ExactFlow[] = [{ amount: { num: BigInt(-flows.disbursement), den: 1n }, time: { num: 0n, den: 1n } }];
  const { num, den } = flows.period;
  for (let k = 0; k < flows.payments.length; k++) {
    const amount = flows.payments[k] as number;
    if (amount !== 0) out.push({ amount: { num: BigInt(amount), den: 1n }, time: bigRational(BigInt(num * (k + 1)), BigInt(den)) });
  }
  return out;
}

/**
 * The CAT of periodic flows. Throws `ERRNEG001` on `cat`: `catIndeterminado` when no rate exists,
 * `catExcedeTecho` above the ceiling (`./round.ts`).
 *
 * @example
 * ```ts
 * const cat = solvePeriodicCat({ disbursement: 995_000, payments: [258_809, 259_410, 260_021, 260_643], period: { num: 1, den: 24 } });
 * cat.tenths; // 515 (51.5 %)
 * cat.rate.toFixed(6); // '0.515330'
 * ```
 */
export function solvePeriodicCat(flows: PeriodicFlows): PeriodicCat {
  const { payments, disbursement, period } = flows;
  if (!(period.num > 0 && period.den > 0)) throw noRate();
  const [lo, hi] = solveDiscountFactor(payments, disbursement, flows.hint);
  const mid = lo + (hi - lo) / 2;
  const rate = rateOf(mid, period);
  const out = new Float64Array(5);
  let exact: ExactFlow[] | undefined;
  const compare = (b: TenthBoundary): -1 | 0 | 1 => {
    // v_b = (1 + b)^−τ in float64, with its error bound; outside [lo, hi] it is decided.
    const x = Math.log1p(b.num / b.den);
    const vb = Math.exp((-x * period.num) / period.den);
    const error = (8 + 8 * Math.abs((x * period.num) / period.den)) * EPS;
    if (vb * (1 + error) < lo) return -1; // v_b < v* ⇔ b above the root
    if (vb * (1 - error) > hi) return 1;
    // Inside the bracket: f(v_b) beyond its float bound, else the exact present value.
    const sign = certifiedSign(payments, disbursement, vb * (1 + error), out);
    if (sign < 0) return -1; // f < 0 even above v_b: v* > v_b
    const other = certifiedSign(payments, disbursement, vb * (1 - error), out);
    if (other > 0) return 1;
    exact ??= exactFlows(flows);
    // PV at rate b minus A₀ > 0 ⇔ the root's rate is above b.
    return presentValueSign(exact, bigRational(BigInt(b.den + b.num), BigInt(b.den)));
  };
  if (!(lo > 0) || !Number.isFinite(rate)) {
    // v* below the smallest double or a rate beyond float64: far above the ceiling.
    return { rate: Number.POSITIVE_INFINITY, tenths: decideTenths(Number.POSITIVE_INFINITY, compare) };
  }
  return { rate, tenths: decideTenths(rate, compare) };
}
