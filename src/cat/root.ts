/**
 * The root Banxico's rule takes: isolated (a bracket with certified signs at its ends and one sign
 * change inside, found with every interval before it proven root-free, never by a fixed grid),
 * then refined to a certified bracket of relative width below 2⁻⁴⁰ in 1 + i.
 *
 * The maths it relies on:
 * - Descartes' rule of signs for sums of exponentials: g(x) = Σ aⱼ e^(−x·tⱼ) has at most V real
 *   roots, V the sign changes of the time-ordered net flows. V = 0: no root. V = 1 (every ordinary
 *   loan): exactly one, bracketed by the signs at the ends of the range. V ≥ 2: the range is
 *   subdivided from zero outward; an interval whose enclosure (`Solver.over`) keeps the start sign
 *   holds no root, and a monotone one holds a sign change exactly when its far end has the other
 *   sign, so the first change from zero is the first found.
 * - Which root: Banxico's rule takes the positive root closest to zero. When there is none: 0 when
 *   the flows balance exactly (Σ payments = Σ disbursements), otherwise the negative root closest to
 *   zero. A root at 0 is never taken over a positive root. Roots are sign changes of g (a root of
 *   even multiplicity, where g touches zero without crossing, is not one).
 * - Refinement: Newton's step x − g(x)/g′(x) converges quadratically near a simple root and is
 *   safeguarded by the bracket (a step that would leave it is a halving); each evaluated point
 *   replaces the end of its sign, so the bracket always holds the root. Newton closes in from one
 *   side, so a step that moves less than 2 ulp aims a little past the root to close the other. Where
 *   float64 cannot tell g's sign, the nearest points on each side whose signs it can certify
 *   bracket the root, and halving with exact signs (`./exact.ts`) finishes below 2⁻⁴⁰. A width in
 *   x = ln(1 + i) is the relative width of 1 + i.
 */
import type { QuoteError } from '../errors/quoteError.js';
import { EPS } from './evaluation.js';
import type { FlowLists, NetFlows } from './flows.js';
import { catError } from './messages.js';
import { Solver } from './solver.js';

/**
 * The error of flows no rate equates (`ERRNEG001` on `flows`).
 *
 * @example
 * ```ts
 * noRate().mensaje; // 'No existe una tasa que iguale los flujos (CAT indeterminado)'
 * ```
 */
export function noRate(): QuoteError {
  return catError('ERRNEG001', 'flujosSinTasa', 'flows');
}

/** Sign changes of the time-ordered net flows (Descartes: at most this many real roots). */
function signChanges(net: NetFlows): number {
  let changes = 0;
  let last = 0;
  for (let j = 0; j < net.n; j++) {
    const s = Math.sign(net.amount[j] as number);
    if (s !== 0 && last !== 0 && s !== last) changes++;
    if (s !== 0) last = s;
  }
  return changes;
}

/**
 * The first sign change of g going from `from` toward `to`, as a bracket [lo, hi] with certified
 * signs at its ends, or undefined. Depth-first over halves, the half nearer `from` first: an
 * interval whose enclosure keeps the start sign is root-free; a monotone one holds a change
 * exactly when its far end has the other sign. So no change before the one returned is missed.
 */
function firstChange(solver: Solver, from: number, to: number, startSign: -1 | 1): [number, number] | undefined {
  const stack: [number, number][] = [[from, to]]; // [near, far]
  let budget = 100_000;
  while (stack.length > 0) {
    if (--budget < 0) throw noRate(); // not reached for flows of sane size: every split halves an interval
    const [near, far] = stack.pop() as [number, number];
    const lo = Math.min(near, far);
    const hi = Math.max(near, far);
    const { sign, monotone } = solver.over(lo, hi);
    if (sign === startSign) continue;
    const mid = lo + (hi - lo) / 2;
    if (monotone || mid <= lo || mid >= hi) {
      // At most one root (or adjacent doubles): the far end's sign decides.
      const s = solver.sign(far);
      if (s === 0) return [far, far];
      if (s !== startSign) return near < far ? [near, far] : [far, near];
      continue;
    }
    stack.push([mid, far], [near, mid]);
  }
  return undefined;
}

/** Where g, zero at 0, first takes a sign toward `direction`: a point with no root between it and 0. */
function leaveZero(solver: Solver, direction: 1 | -1): [number, -1 | 1] | undefined {
  for (let h = 1e-3; h > 1e-200; h /= 64) {
    const x = direction * h;
    if (!solver.over(Math.min(0, x), Math.max(0, x)).monotone) continue; // g′ ≠ 0 on [0, x]: g(x) ≠ 0
    const s = solver.sign(x);
    if (s !== 0) return [x, s];
  }
  return undefined; // a root of higher multiplicity at 0: 0 is the root taken
}

/** The bracket of the root Banxico's rule takes, or undefined when there is none in range. */
function bracketRoot(solver: Solver, xMin: number, xMax: number): [number, number] | undefined {
  const changes = signChanges(solver.net);
  if (changes === 0) return undefined;
  // In full: the first enclosure from zero, `over(0, …)`, then finds g(0) remembered (when the
  // grid's quick evaluation does not already decide both).
  const zero = 0 >= xMin && 0 <= xMax ? solver.sign(0, true) : undefined;
  if (changes === 1) {
    // One root on the whole line: in range when g changes sign between the ends (or sits at 0).
    if (zero === 0) return [0, 0];
    const start = zero !== undefined ? 0 : xMax < 0 ? xMax : xMin;
    const sStart = start === 0 && zero !== undefined ? zero : solver.sign(start);
    if (sStart === 0) return [start, start];
    const upward = start < xMax ? firstChange(solver, start, xMax, sStart) : undefined;
    return upward ?? (start > xMin ? firstChange(solver, start, xMin, sStart) : undefined);
  }
  // Several sign changes: the first one after zero, positive side first.
  if (xMax > 0) {
    const from = Math.max(0, xMin);
    if (from === 0 && zero === 0) {
      const left = leaveZero(solver, 1);
      const found = left === undefined ? undefined : firstChange(solver, left[0], xMax, left[1]);
      if (found !== undefined) return found;
    } else {
      const s = from === 0 ? (zero as -1 | 0 | 1) : solver.sign(from);
      if (s === 0) return [from, from];
      const found = firstChange(solver, from, xMax, s);
      if (found !== undefined) return found;
    }
  }
  if (zero === 0) return [0, 0];
  if (xMin < 0) {
    const from = Math.min(0, xMax);
    const s = from === 0 ? (zero as -1 | 0 | 1) : solver.sign(from);
    if (s === 0) return [from, from];
    return firstChange(solver, from, xMin, s);
  }
  return undefined;
}

/** Target width of the bracket in x = ln(1 + i): the relative width of 1 + i. */
const TARGET = 2 ** -40;

/**
 * Narrows a bracket [lo, hi] (certified signs, g changes sign once inside) by safeguarded Newton
 * steps; where float64 stops telling signs apart, brackets the root by the nearest points on each
 * side whose signs it can certify, and below that uses exact signs until the width is under 2⁻⁴⁰.
 */
function refine(solver: Solver, lo: number, hi: number): [number, number] {
  if (lo === hi) return [lo, hi];
  const sLo = solver.sign(lo);
  let x = lo + (hi - lo) / 2;
  let newton = false;
  for (let iteration = 0; iteration < 200; iteration++) {
    const ulp = 2 * EPS * Math.max(Math.abs(lo), Math.abs(hi), Number.MIN_VALUE);
    if (hi - lo <= 4 * ulp) return [lo, hi];
    // A step that certainly halves needs no per-flow evaluation: the same step, decided quickly.
    // Tried until Newton's first step is taken (after it the steps are Newton's, near the root).
    const halving = newton ? 0 : solver.halves(x, lo, hi, sLo, ulp);
    if (halving !== 0) {
      if (halving === sLo) lo = x;
      else hi = x;
      x = lo + (hi - lo) / 2;
      continue;
    }
    const e = solver.at(x);
    const s: -1 | 0 | 1 = e.value > e.bound ? 1 : e.value < -e.bound ? -1 : 0;
    if (s === 0) return closeIn(solver, lo, hi, x, sLo, Math.abs(e.bound / e.slope) + ulp);
    if (s === sLo) lo = x;
    else hi = x;
    let next = x - e.value / e.slope;
    // Newton closes in from one side: aim a little past the root to close the other.
    if (Math.abs(next - x) < 2 * ulp) next = x + (s === sLo ? 2 : -2) * ulp;
    if (!(next > lo && next < hi)) next = lo + (hi - lo) / 2;
    else newton = true;
    x = next;
  }
  return [lo, hi];
}

/** Around x (where float64 cannot tell g's sign) the nearest certified points on each side, then exact halving below 2⁻⁴⁰. */
function closeIn(solver: Solver, lo: number, hi: number, x: number, sLo: -1 | 0 | 1, spread: number): [number, number] {
  let step = spread;
  for (let k = 0; k < 60 && x - step > lo; k++, step *= 2) {
    const e = solver.at(x - step);
    if (sLo * e.value > e.bound) {
      lo = x - step;
      break;
    }
  }
  step = spread;
  for (let k = 0; k < 60 && x + step < hi; k++, step *= 2) {
    const e = solver.at(x + step);
    if (-sLo * e.value > e.bound) {
      hi = x + step;
      break;
    }
  }
  // Still wider than the promise (an ill-conditioned root): halve with exact signs. The promise is
  // on 1 + i, whose relative width is the width in x itself: not relative to x (that let a root at
  // −99.4 %, x = −5.2, keep 5.2 × 2⁻⁴⁰, and its rate text missed the promise; oracle seed 42).
  while (hi - lo > TARGET) {
    const mid = lo + (hi - lo) / 2;
    const s = solver.sign(mid);
    if (s === 0) return [mid, mid];
    if (s === sLo) lo = mid;
    else hi = mid;
  }
  return [lo, hi];
}

/** The root found: its certified bracket [lo, hi] in x = ln(1 + i), and the solver that certified it. */
export interface FoundRoot {
  readonly solver: Solver;
  readonly lo: number;
  readonly hi: number;
}

/**
 * The root Banxico's rule takes in [xMin, xMax] (x = ln(1 + i)), isolated and refined, with the
 * solver of the flows (`shortcuts`: whether the grid's quick decisions may decide); throws
 * {@link noRate} when there is none in range.
 *
 * @example
 * ```ts
 * // Receiving 1000 now and paying 1100 in a year: the root is x = ln 1.1 (10 %).
 * const net = { time: Float64Array.of(0, 1), amount: Float64Array.of(-1000, 1100), mass: Float64Array.of(1000, 1100), n: 2, merged: 1 };
 * const lists: FlowLists = [[{ time: 0, amount: '1000.00' }], [{ time: 1, amount: '1100.00' }]];
 * const { lo, hi } = findRoot(net, lists, true, Math.log1p(-0.9999), Math.log1p(10_000));
 * [Math.expm1(lo).toFixed(10), Math.expm1(hi).toFixed(10), hi - lo <= 2 ** -40]; // ['0.1000000000', '0.1000000000', true]
 * findRoot(net, lists, true, Math.log(1.2), Math.log(2)); // throws QuoteError ERRNEG001 'flows'
 * ```
 */
export function findRoot(net: NetFlows, lists: FlowLists, shortcuts: boolean, xMin: number, xMax: number): FoundRoot {
  const solver = new Solver(net, lists, shortcuts);
  const bracket = bracketRoot(solver, xMin, xMax);
  if (bracket === undefined) throw noRate();
  const [lo, hi] = refine(solver, bracket[0], bracket[1]);
  return { solver, lo, hi };
}
