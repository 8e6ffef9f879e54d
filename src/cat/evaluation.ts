/**
 * The evaluation of g(x) = Σ aⱼ e^(−x·tⱼ) (x = ln(1 + i), the net flows of `./flows.ts`) in float64
 * with a rigorous bound on its error, so a sign beyond the bound is certain.
 *
 * The maths it relies on:
 * - Every exponential is taken relative to the largest one (e^(−x·t − shift) ≤ 1, `shiftAt`), so
 *   nothing overflows or underflows and g is known up to the positive factor e^(−shift), which keeps
 *   its sign and the Newton step g/g′.
 * - Neumaier's compensated sum: error ≤ 2ε|S| + 2n²ε² Σ|terms|; to that the bound adds each term's
 *   own error, which grows with |x·t| and the shift (their rounding is amplified by exp), and the
 *   netting of the flows at one time (their `mass`).
 * - For the enclosures of g over an interval (`./solver.ts`, `over`), the positive and negative
 *   parts of g, g′ = −Σ aⱼ tⱼ e^(−x·tⱼ) and g″ = Σ aⱼ tⱼ² e^(−x·tⱼ), each rounded up and down by its
 *   own bound: every term's size falls as x grows, so on [a, b] each part is monotone.
 */
import type { NetFlows } from './flows.js';

/** The unit roundoff of float64: 2⁻⁵³. */
export const EPS = 2 ** -53;

/**
 * g at x relative to its largest exponential factor: value, slope and the error bound of the value
 * (all × e^(−shift)), and the positive and negative parts of g and of g′ for enclosures.
 */
export interface Evaluation {
  value: number;
  slope: number;
  bound: number;
  /** Σ of the positive terms of g and of the negative ones (as a magnitude), rounded up. */
  positive: number;
  negative: number;
  /** The same split for g′ = −Σ aⱼ tⱼ e^(−x·tⱼ). */
  slopePositive: number;
  slopeNegative: number;
  /** The four parts above rounded down (lower bounds, never below 0). */
  positiveLow: number;
  negativeLow: number;
  slopePositiveLow: number;
  slopeNegativeLow: number;
  /** The parts of g″ = Σ aⱼ tⱼ² e^(−x·tⱼ) (positive amounts, negative amounts as a magnitude), up and down. */
  curvePositive: number;
  curveNegative: number;
  curvePositiveLow: number;
  curveNegativeLow: number;
}

/**
 * A zeroed evaluation, the buffer `evaluate` and `evaluateLean` write into (a solver allocates its
 * few once).
 *
 * @example
 * ```ts
 * scratch().bound; // 0
 * ```
 */
export const scratch = (): Evaluation => ({
  value: 0,
  slope: 0,
  bound: 0,
  positive: 0,
  negative: 0,
  slopePositive: 0,
  slopeNegative: 0,
  positiveLow: 0,
  negativeLow: 0,
  slopePositiveLow: 0,
  slopeNegativeLow: 0,
  curvePositive: 0,
  curveNegative: 0,
  curvePositiveLow: 0,
  curveNegativeLow: 0,
});

/**
 * g at x relative to e^(−shift), with its slope, the bound of the value's error and the enclosure
 * parts, written into `out`.
 *
 * @example
 * ```ts
 * // −1000 now and 1100 in a year: g(ln 1.1) = 0, g(0) = 100.
 * const net = { time: Float64Array.of(0, 1), amount: Float64Array.of(-1000, 1100), mass: Float64Array.of(1000, 1100), n: 2, merged: 1 };
 * const e = evaluate(net, 0, 0, scratch());
 * [e.value, e.slope, e.positive > 1100, e.negative > 1000]; // [100, -1100, true, true]
 * evaluate(net, Math.log(1.2), shiftAt(net, Math.log(1.2)), scratch()).value < 0; // true (above the root)
 * ```
 */
export function evaluate(net: NetFlows, x: number, shift: number, out: Evaluation): Evaluation {
  const { time, amount, mass } = net;
  // Neumaier's compensated sum: error ≤ 2 eps |S| + 2 n² eps² Σ|terms|.
  let sum = 0;
  let carry = 0;
  let absolute = 0;
  let termError = 0;
  let positive = 0;
  let negative = 0;
  let slopePositive = 0;
  let slopeNegative = 0;
  let curvePositive = 0;
  let curveNegative = 0;
  for (let j = 0; j < net.n; j++) {
    const t = time[j] as number;
    const e = Math.exp(-x * t - shift);
    const term = (amount[j] as number) * e;
    const next = sum + term;
    carry += Math.abs(sum) >= Math.abs(term) ? sum - next + term : term - next + sum;
    sum = next;
    const weight = (mass[j] as number) * e;
    absolute += weight;
    // x·t and the shift rounded (amplified by exp), exp, the product, and the flows' own netting.
    termError += weight * (2 * Math.abs(x * t) + 2 * Math.abs(shift) + 4);
    if (term > 0) {
      positive += term;
      slopeNegative += t * term;
      curvePositive += t * t * term;
    } else {
      negative -= term;
      slopePositive -= t * term;
      curveNegative -= t * t * term;
    }
  }
  const value = sum + carry;
  const up = 1 + (net.n + 8) * EPS;
  out.value = value;
  out.slope = slopePositive - slopeNegative;
  out.bound = (termError + 2 * Math.abs(value) + (2 * net.n * net.n * EPS + 8) * absolute) * EPS * 1.01 + net.n * Number.MIN_VALUE;
  // Each part is a sum of non-negative terms: rounded up by its own error bound (and the term errors).
  out.positive = positive * up + out.bound;
  out.negative = negative * up + out.bound;
  out.slopePositive = slopePositive * up + out.bound * (Math.abs(net.time[net.n - 1] as number) + 1);
  out.slopeNegative = slopeNegative * up + out.bound * (Math.abs(net.time[net.n - 1] as number) + 1);
  const down = 1 - (net.n + 8) * EPS;
  const span = Math.abs(net.time[net.n - 1] as number) + 1;
  out.positiveLow = Math.max(0, positive * down - out.bound);
  out.negativeLow = Math.max(0, negative * down - out.bound);
  out.slopePositiveLow = Math.max(0, slopePositive * down - out.bound * span);
  out.slopeNegativeLow = Math.max(0, slopeNegative * down - out.bound * span);
  out.curvePositive = curvePositive * up + out.bound * span * span;
  out.curveNegative = curveNegative * up + out.bound * span * span;
  out.curvePositiveLow = Math.max(0, curvePositive * down - out.bound * span * span);
  out.curveNegativeLow = Math.max(0, curveNegative * down - out.bound * span * span);
  return out;
}

/**
 * `evaluate`'s value, slope and bound alone (what a sign or a Newton step reads), by the very same
 * operations in the same order, so the three are bit for bit `evaluate`'s; the enclosure parts of
 * `out` are left as they were.
 *
 * @example
 * ```ts
 * const net = { time: Float64Array.of(0, 1), amount: Float64Array.of(-1000, 1100), mass: Float64Array.of(1000, 1100), n: 2, merged: 1 };
 * const x = Math.log(1.05);
 * const full = evaluate(net, x, 0, scratch());
 * const lean = evaluateLean(net, x, 0, scratch());
 * [lean.value === full.value, lean.slope === full.slope, lean.bound === full.bound, lean.positive]; // [true, true, true, 0]
 * ```
 */
export function evaluateLean(net: NetFlows, x: number, shift: number, out: Evaluation): Evaluation {
  // Speed: a second copy of `evaluate`'s loop without the enclosure parts, for the solver's signs and
  // steps, instead of `evaluate` for all; buys 3.2–4.4 µs of 53–55 µs per computeCat of 360 flows
  // (A/B on npm run bench's CAT case, 2026-11-26, 62d6257).
  const { time, amount, mass } = net;
  let sum = 0;
  let carry = 0;
  let absolute = 0;
  let termError = 0;
  let slopePositive = 0;
  let slopeNegative = 0;
  for (let j = 0; j < net.n; j++) {
    const t = time[j] as number;
    const e = Math.exp(-x * t - shift);
    const term = (amount[j] as number) * e;
    const next = sum + term;
    carry += Math.abs(sum) >= Math.abs(term) ? sum - next + term : term - next + sum;
    sum = next;
    const weight = (mass[j] as number) * e;
    absolute += weight;
    termError += weight * (2 * Math.abs(x * t) + 2 * Math.abs(shift) + 4);
    if (term > 0) slopeNegative += t * term;
    else slopePositive -= t * term;
  }
  const value = sum + carry;
  out.value = value;
  out.slope = slopePositive - slopeNegative;
  out.bound = (termError + 2 * Math.abs(value) + (2 * net.n * net.n * EPS + 8) * absolute) * EPS * 1.01 + net.n * Number.MIN_VALUE;
  return out;
}

/**
 * Copies an evaluation: value, slope and bound, and with `full` the enclosure parts too.
 *
 * @example
 * ```ts
 * const net = { time: Float64Array.of(0, 1), amount: Float64Array.of(-1000, 1100), mass: Float64Array.of(1000, 1100), n: 2, merged: 1 };
 * const from = evaluate(net, 0, 0, scratch());
 * const to = scratch();
 * copyEvaluation(from, to, false);
 * [to.value, to.positive]; // [100, 0]
 * ```
 */
export function copyEvaluation(from: Evaluation, to: Evaluation, full: boolean): void {
  to.value = from.value;
  to.slope = from.slope;
  to.bound = from.bound;
  if (!full) return;
  to.positive = from.positive;
  to.negative = from.negative;
  to.slopePositive = from.slopePositive;
  to.slopeNegative = from.slopeNegative;
  to.positiveLow = from.positiveLow;
  to.negativeLow = from.negativeLow;
  to.slopePositiveLow = from.slopePositiveLow;
  to.slopeNegativeLow = from.slopeNegativeLow;
  to.curvePositive = from.curvePositive;
  to.curveNegative = from.curveNegative;
  to.curvePositiveLow = from.curvePositiveLow;
  to.curveNegativeLow = from.curveNegativeLow;
}

/**
 * The exponent shift that keeps every e^(−x·t − shift) ≤ 1 at x and at x2.
 *
 * @example
 * ```ts
 * const net = { time: Float64Array.of(0, 1), amount: Float64Array.of(-1000, 1100), mass: Float64Array.of(1000, 1100), n: 2, merged: 1 };
 * shiftAt(net, -1); // 1 (e^(−x·t) is largest at t = 1 when x < 0)
 * shiftAt(net, 1, -2); // 2
 * ```
 */
export function shiftAt(net: NetFlows, x: number, x2 = x): number {
  const first = net.time[0] as number;
  const last = net.time[net.n - 1] as number;
  return Math.max(-x * first, -x * last, -x2 * first, -x2 * last);
}
