/**
 * The solver's view of one set of flows: certified signs of g(x) = Σ aⱼ e^(−x·tⱼ), its value and
 * slope for Newton's steps, and what an interval holds (`over`), each decided as cheaply as it can
 * be and never wrongly.
 *
 * The maths it relies on:
 * - A float64 evaluation (`./evaluation.ts`) whose value lies beyond its error bound has g's sign;
 *   otherwise the sign is decided exactly (`./exact.ts`), so every sign the solver gives is certain.
 * - Enclosures over [a, b]: every term's size falls as x grows, so g ∈ [P(b) − N(a), P(a) − N(b)]
 *   (P, N the positive and negative parts), intersected with the mean-value form around the
 *   midpoint m, g ∈ g(m) ± max|g′|·(b − a)/2, which narrows quadratically, so roots close together
 *   are separated in a few halvings; g′ likewise, with g″. An enclosure of one sign holds no root;
 *   a slope of one sign at most one.
 * - Quick decisions: on flows whose times lie on an even grid (monthly, fortnightly, …), `./grid.ts`
 *   evaluates g by powers of one exponential with rigorous bounds. It only decides what the
 *   per-flow evaluation would (a sign, a first enclosure, a halving step before Newton takes over)
 *   and never feeds a number into the path, so the path and the `rate` text are the per-flow ones
 *   (`computeCatReference`, the quick decisions off, is the tests' reference).
 * - A few evaluations are remembered: a point asked for again, relative to the same shift, gives the
 *   same bits, so a copy stands for it.
 */
import { decimalToRational, doubleToRational, presentValueSign, presentValueSignAtLog, type ExactFlow } from './exact.js';
import { EPS, type Evaluation, copyEvaluation, evaluate, evaluateLean, scratch, shiftAt } from './evaluation.js';
import { eachFlow, type FlowLists, type NetFlows } from './flows.js';
import { evaluateOnGrid, type GridEvaluation, type TimeGrid, timeGrid } from './grid.js';

/** One remembered evaluation of g: where, relative to which shift, and whether with its parts. */
interface Remembered {
  x: number;
  shift: number;
  full: boolean;
  readonly e: Evaluation;
}

/** How many evaluations a solver remembers (a 360-flow solve repeats 5 of its 19 points). */
// Speed: the last four per-flow evaluations remembered and copied when a point is asked for again
// instead of evaluated again; buys 4.5–5.6 µs of 53–55 µs per computeCat of 360 flows (A/B on npm run
// bench's CAT case, 2026-11-26, 62d6257).
const REMEMBERED = 4;

/**
 * The solver's view of one set of flows: float64 first, the exact flows on demand.
 *
 * @example
 * ```ts
 * // Receiving 1000 now and paying 1000 in a year: g(x) = 1000·e^(−x) − 1000, the root at x = 0.
 * const lists: FlowLists = [[{ time: 0, amount: '1000.00' }], [{ time: 1, amount: '1000.00' }]];
 * const net: NetFlows = { time: Float64Array.of(0, 1), amount: Float64Array.of(-1000, 1000), mass: Float64Array.of(1000, 1000), n: 2, merged: 1 };
 * const solver = new Solver(net, lists);
 * [solver.sign(-0.1), solver.sign(0), solver.sign(0.1)]; // [1, 0, -1] (at 0 the exact sign)
 * solver.over(0.1, 0.2); // { sign: -1, monotone: true }
 * ```
 */
export class Solver {
  readonly net: NetFlows;
  /** The flows' lists as given (validated), read again only for the exact decisions. */
  readonly #lists: FlowLists;
  #exact: ExactFlow[] | undefined;
  readonly #a = scratch();
  readonly #b = scratch();
  readonly #m = scratch();
  readonly #memo: Remembered[] = Array.from({ length: REMEMBERED }, () => ({
    x: Number.NaN,
    shift: Number.NaN,
    full: false,
    e: scratch(),
  }));
  #slot = 0;
  /** Whether the grid's quick evaluations may decide (off: the reference path the tests compare with). */
  readonly #shortcuts: boolean;
  /** The flows' time grid (undefined: not built yet; null: not on one). */
  #grid: TimeGrid | null | undefined;
  readonly #qa = gridScratch();
  readonly #qb = gridScratch();
  readonly #quickMemo: RememberedQuick[] = Array.from({ length: QUICK_REMEMBERED }, () => ({
    x: Number.NaN,
    shift: Number.NaN,
    ok: false,
    e: gridScratch(),
  }));
  #quickSlot = 0;

  constructor(net: NetFlows, lists: FlowLists, shortcuts = true) {
    this.net = net;
    this.#lists = lists;
    this.#shortcuts = shortcuts;
  }

  /** The quick evaluation of `./grid.ts` at x relative to `shift` into `out`, when the flows are on a grid and its bounds are small. */
  #quick(x: number, shift: number, out: GridEvaluation): boolean {
    if (!this.#shortcuts) return false;
    if (this.#grid === undefined) this.#grid = timeGrid(this.net.time, this.net.n) ?? null;
    if (this.#grid === null) return false;
    // Speed: a sign, an enclosure or a halving decided by the grid's quick evaluation (powers of one
    // exponential, `./grid.ts`) where it decides what the per-flow evaluation would, instead of the
    // per-flow evaluation (an exponential per flow) always; buys 23–24 µs of 52–53 µs per computeCat
    // of 360 flows (A/B against computeCatReference on npm run bench's CAT case, 2026-11-26,
    // 62d6257).
    // A point asked for again (g(0) and g(xMax): by the first signs, the first enclosure and the first step) is a copy.
    for (let k = 0; k < QUICK_REMEMBERED; k++) {
      const m = this.#quickMemo[k] as RememberedQuick;
      if (m.x === x && m.shift === shift) {
        if (m.ok) copyGridEvaluation(m.e, out);
        return m.ok;
      }
    }
    const { time, amount, mass, n, merged } = this.net;
    const ok = evaluateOnGrid(this.#grid, time, amount, mass, n, merged, x, shift, out);
    const m = this.#quickMemo[this.#quickSlot] as RememberedQuick;
    this.#quickSlot = (this.#quickSlot + 1) % QUICK_REMEMBERED;
    m.x = x;
    m.shift = shift;
    m.ok = ok;
    if (ok) copyGridEvaluation(out, m.e);
    return ok;
  }

  /** The sign of g at x as the quick evaluation certifies it (relative to `shift`), or 0 when it cannot. */
  #quickSign(x: number, shift: number, out: GridEvaluation): -1 | 0 | 1 {
    if (!this.#quick(x, shift, out)) return 0;
    if (out.value > out.valueBound) return 1;
    if (out.value < -out.valueBound) return -1;
    return 0;
  }

  /**
   * Whether the step `refine` takes from x is certainly a halving, decided by the quick evaluation:
   * the sign the per-flow evaluation would certify at x (returned), and Newton's step from x, for
   * every value and slope that evaluation could give, at least 2 ulp from x and outside the bracket
   * the sign leaves. 0: not certain (`refine` evaluates x per flow). The step is then the same one
   * the per-flow evaluation takes, and so is every later step.
   */
  halves(x: number, lo: number, hi: number, sLo: -1 | 0 | 1, ulp: number): -1 | 0 | 1 {
    const q = this.#qa;
    if (!this.#quick(x, shiftAt(this.net, x), q)) return 0;
    // The per-flow value v* is within its bound B* ≤ evaluationBound of g, and g within valueBound of q.value:
    // |q.value| > valueBound + 2·evaluationBound makes |v*| > B*, so its sign is certified and q's.
    const far = q.valueBound + q.evaluationBound;
    if (!(Math.abs(q.value) > far + q.evaluationBound * 1.01)) return 0;
    const s: -1 | 1 = q.value > 0 ? 1 : -1;
    const slopeLow = q.slope - q.slopeBound;
    const slopeHigh = q.slope + q.slopeBound;
    if (!(slopeLow > 0 || slopeHigh < 0)) return 0;
    const v1 = q.value - far;
    const v2 = q.value + far;
    const q1 = v1 / slopeLow;
    const q2 = v1 / slopeHigh;
    const q3 = v2 / slopeLow;
    const q4 = v2 / slopeHigh;
    const qMin = Math.min(q1, q2, q3, q4);
    const qMax = Math.max(q1, q2, q3, q4);
    // next* = fl(x − fl(v*/s*)): each rounding within ε, widened by 4ε.
    const nextLow = x - qMax - 4 * EPS * (Math.abs(x) + Math.abs(qMax)) - Number.MIN_VALUE;
    const nextHigh = x - qMin + 4 * EPS * (Math.abs(x) + Math.abs(qMin)) + Number.MIN_VALUE;
    const newLo = s === sLo ? x : lo;
    const newHi = s === sLo ? hi : x;
    const gap = 2.01 * ulp;
    if ((nextHigh < newLo && nextHigh < x - gap) || (nextLow > newHi && nextLow > x + gap)) return s;
    return 0;
  }

  exactFlows(): ExactFlow[] {
    if (this.#exact === undefined) {
      const exact: ExactFlow[] = [];
      eachFlow(this.#lists, (timeText, amountText, sign) => {
        const amount = decimalToRational(amountText);
        const time = typeof timeText === 'number' ? doubleToRational(timeText) : decimalToRational(timeText);
        exact.push({ amount: { num: sign < 0 ? -amount.num : amount.num, den: amount.den }, time });
      });
      this.#exact = exact;
    }
    return this.#exact;
  }

  /**
   * g at x relative to `shift` into `out` (`full`: with the enclosure parts), or a copy of the
   * same evaluation made before: the same x and shift give the same bits (a shift of −0 or +0
   * alike, as are x = ±0: e^(−x·t − shift) does not tell them apart).
   */
  #evaluate(x: number, shift: number, full: boolean, out: Evaluation): Evaluation {
    for (let k = 0; k < REMEMBERED; k++) {
      const m = this.#memo[k] as Remembered;
      if (m.x === x && m.shift === shift && (m.full || !full)) {
        copyEvaluation(m.e, out, full);
        return out;
      }
    }
    if (full) evaluate(this.net, x, shift, out);
    else evaluateLean(this.net, x, shift, out);
    const m = this.#memo[this.#slot] as Remembered;
    this.#slot = (this.#slot + 1) % REMEMBERED;
    m.x = x;
    m.shift = shift;
    m.full = full;
    copyEvaluation(out, m.e, full);
    return out;
  }

  /** Float64 value, slope and bound at x (relative to a shift); no other field of the result is set. */
  at(x: number, full = false): Evaluation {
    return this.#evaluate(x, shiftAt(this.net, x), full, this.#a);
  }

  /**
   * Certified sign of g at x: float64 when beyond the bound, else exact (0 only for an exact zero).
   * `full`: evaluate with the enclosure parts, for a point `over` is about to take as an end.
   */
  sign(x: number, full = false): -1 | 0 | 1 {
    // The certified sign is g's own, whoever certifies it: a remembered per-flow evaluation (the
    // bracket's end after `refine`), else the quick evaluation, else the per-flow one.
    const shift = shiftAt(this.net, x);
    const remembered = this.#remembered(x, shift, full);
    if (remembered === undefined) {
      const quick = this.#quickSign(x, shift, this.#qa);
      if (quick !== 0) return quick;
    }
    return this.#certify(x, remembered ?? this.at(x, full));
  }

  /** The remembered per-flow evaluation at x relative to `shift` (with the parts when `full`), copied into the scratch, or undefined. */
  #remembered(x: number, shift: number, full: boolean): Evaluation | undefined {
    for (let k = 0; k < REMEMBERED; k++) {
      const m = this.#memo[k] as Remembered;
      if (m.x === x && m.shift === shift && (m.full || !full)) return this.#evaluate(x, shift, full, this.#a);
    }
    return undefined;
  }

  /** The sign `e` (the per-flow evaluation at x) certifies, else the exact one. */
  #certify(x: number, e: Evaluation): -1 | 0 | 1 {
    if (e.value > e.bound) return 1;
    if (e.value < -e.bound) return -1;
    if (x === 0) return presentValueSign(this.exactFlows(), { num: 1n, den: 1n });
    return presentValueSignAtLog(this.exactFlows(), doubleToRational(x));
  }

  /**
   * Whether `over(a, b)` certainly answers { sign: 0, monotone: true }, decided by quick
   * evaluations at the ends (relative to the enclosure's shift): g has certified opposite signs
   * there, so the enclosure of g (rigorous) cannot keep one sign; and the upper bound of g′ from the
   * monotone parts, P′(a) − N′(b), is below zero for every value the per-flow sums could give (or
   * the lower one, P′(b) − N′(a), above), so `monotone` holds whatever the mean-value form says.
   */
  #overQuick(a: number, b: number, shift: number): boolean {
    const qa = this.#qa;
    const qb = this.#qb;
    const sa = this.#quickSign(a, shift, qa);
    if (sa === 0) return false;
    const sb = this.#quickSign(b, shift, qb);
    if (sb === 0 || sb === sa) return false;
    const n = this.net.n;
    const span = Math.abs(this.net.time[n - 1] as number) + 1;
    const up = (1 + (n + 8) * EPS) * (1 + 8 * EPS);
    const down = (1 - (n + 8) * EPS) * (1 - 8 * EPS);
    const upper = (part: number, q: GridEvaluation): number => ((part + q.slopeBound) * up + q.evaluationBound * span) * (1 + 8 * EPS);
    const lower = (part: number, q: GridEvaluation): number =>
      Math.max(0, ((part - q.slopeBound) * down - q.evaluationBound * span * (1 + 8 * EPS)) * (1 - 8 * EPS));
    return upper(qa.slopePositive, qa) < lower(qb.slopeNegative, qb) || lower(qb.slopePositive, qb) > upper(qa.slopeNegative, qa);
  }

  /**
   * What [a, b] holds. Two enclosures of g, intersected: the monotone parts (every term's size
   * falls as x grows: g ∈ [P(b) − N(a), P(a) − N(b)]) and the mean-value form around the midpoint m
   * (g ∈ g(m) ± max|g′|·(b − a)/2, which narrows quadratically, so roots close together are
   * separated in a few halvings); g′ likewise, with g″. `sign` ±1: g keeps that sign (no root);
   * `monotone`: g′ keeps one sign (at most one root, found by the signs at the ends).
   */
  over(a: number, b: number): { readonly sign: -1 | 0 | 1; readonly monotone: boolean } {
    const shift = shiftAt(this.net, a, b);
    if (this.#overQuick(a, b, shift)) return { sign: 0, monotone: true };
    const ea = this.#evaluate(a, shift, true, this.#a);
    const eb = this.#evaluate(b, shift, true, this.#b);
    const radius = (b - a) / 2;
    const em = this.#evaluate(a + radius, shift, true, this.#m);
    const span = Math.abs(this.net.time[this.net.n - 1] as number) + 1;
    const slack = 1 + 4 * EPS;
    // g′ and g″ over [a, b] from their monotone parts
    const slopeLo = eb.slopePositiveLow - ea.slopeNegative;
    const slopeHi = ea.slopePositive - eb.slopeNegativeLow;
    const curveMax = Math.max(Math.abs(eb.curvePositiveLow - ea.curveNegative), Math.abs(ea.curvePositive - eb.curveNegativeLow));
    const slopeMax = Math.max(Math.abs(slopeLo), Math.abs(slopeHi));
    // g: the tighter of the two enclosures
    const spread = (em.bound + slopeMax * radius) * slack;
    const gLo = Math.max(eb.positiveLow - ea.negative, em.value - spread);
    const gHi = Math.min(ea.positive - eb.negativeLow, em.value + spread);
    const sign = gLo > 0 ? 1 : gHi < 0 ? -1 : 0;
    // g′ likewise: its value at m is known to the slope's own error bound
    const slopeSpread =
      (em.bound * span + (em.slopePositive - em.slopePositiveLow) + (em.slopeNegative - em.slopeNegativeLow) + curveMax * radius) * slack;
    const dLo = Math.max(slopeLo, em.slope - slopeSpread);
    const dHi = Math.min(slopeHi, em.slope + slopeSpread);
    const monotone = dLo > 0 || dHi < 0;
    return { sign, monotone };
  }
}

/** One remembered quick evaluation: where, relative to which shift, and whether the grid's bounds held. */
interface RememberedQuick {
  x: number;
  shift: number;
  ok: boolean;
  readonly e: GridEvaluation;
}

/** How many quick evaluations a solver remembers (a 360-flow solve asks for g(0) three times and g(xMax) twice). */
// Speed: the last two quick evaluations remembered instead of evaluated again; buys 1.3–2.8 µs of
// 53–54 µs per computeCat of 360 flows (A/B on npm run bench's CAT case, 2026-11-26, 62d6257).
const QUICK_REMEMBERED = 2;

function copyGridEvaluation(from: GridEvaluation, to: GridEvaluation): void {
  to.value = from.value;
  to.valueBound = from.valueBound;
  to.slope = from.slope;
  to.slopeBound = from.slopeBound;
  to.slopePositive = from.slopePositive;
  to.slopeNegative = from.slopeNegative;
  to.evaluationBound = from.evaluationBound;
}

/** A scratch quick evaluation. */
const gridScratch = (): GridEvaluation => ({
  value: 0,
  valueBound: 0,
  slope: 0,
  slopeBound: 0,
  slopePositive: 0,
  slopeNegative: 0,
  evaluationBound: 0,
});
