/**
 * A quick evaluation of g(x) = Σ aⱼ e^(−x·tⱼ − shift) for flows on an even time grid (tⱼ = t₀ + kⱼ·h
 * for integers kⱼ, up to a small offset: monthly flows at k/12, fortnightly at k/24, with gaps):
 * e^(−x·tⱼ) as powers of one exponential, r = e^(−x·h), instead of one `Math.exp` per flow (for
 * speed alone: see the Speed comment at `Solver`'s quick evaluation). Each result carries rigorous bounds, so
 * `computeCat` uses it only to *decide* what its exact-path evaluation would decide — a certified
 * sign, a Newton step that certainly leaves the bracket, an enclosure that certainly finds g
 * monotone — and never feeds its numbers into the path: the path, and so the `rate` text, is the
 * one the per-flow evaluation takes.
 *
 * The bounds, relative to the evaluation with exact amounts Aⱼ and exact times τⱼ (G below):
 * - each power pⱼ = fl(p₀ · r · r ⋯) differs from e^(−x·τⱼ − shift) by a relative ρ ≤ ρ₀ + kⱼ(|x·h| + 3)ε
 *   + |x|·(Δⱼ + ε·tⱼ) (ρ₀ the rounding of p₀'s argument and `Math.exp`'s ulp; r's argument rounded and
 *   its ulp, one product per step; Δⱼ the offset of tⱼ from the grid, ε·tⱼ the rounding of a time
 *   read from text); a grid is used only while ρ ≤ 10⁻⁶ and every power stays above 2⁻⁹⁶⁰;
 * - the float amounts differ from the exact ones by at most (c + 1)ε of their mass (c flows netted
 *   at one time), and the plain sums by (n + 1)ε of the sum of magnitudes.
 */

const EPS = 2 ** -53;
const TINY = 2 ** -960;

/** The flows' times as grid steps: tⱼ ≈ t₀ + steps[j]·h. */
export interface TimeGrid {
  readonly t0: number;
  readonly h: number;
  /** kⱼ; undefined when kⱼ = j (no gaps: the usual case, and no array to allocate). */
  readonly steps: Int32Array | undefined;
  /** The largest step index (the number of products from p₀ to the last power). */
  readonly last: number;
  /** An upper bound of every |tⱼ − (t₀ + kⱼ·h)| (a time's offset from its grid point, rounding included). */
  readonly offset: number;
  /** The last time (the largest). */
  readonly end: number;
}

/**
 * The grid of `n` ascending, distinct times (`time[0..n)`), or undefined when they are not on one:
 * h is the first spacing, every time must sit within 2⁻²⁰·h of a grid point, and the grid may have
 * at most four points per time (gaps allowed).
 *
 * @example
 * ```ts
 * const monthly = Float64Array.from({ length: 25 }, (_, k) => k / 12);
 * timeGrid(monthly, 25)?.last; // 24
 * timeGrid(Float64Array.of(0, 1, 2.5, 3), 4); // undefined
 * ```
 */
export function timeGrid(time: Float64Array, n: number): TimeGrid | undefined {
  if (n < 3) return undefined;
  const t0 = time[0] as number;
  const h = (time[1] as number) - t0;
  if (!(h > 0)) return undefined;
  let steps: Int32Array | undefined;
  let offset = 0;
  let previous = -1;
  for (let j = 0; j < n; j++) {
    const t = time[j] as number;
    const k = Math.round((t - t0) / h);
    if (!(k > previous) || k > 4 * n) return undefined;
    const d = Math.abs(t - (t0 + k * h));
    // k·h and the sum rounded (each within ε of a value ≤ t + d), the difference within ε of d.
    const bound = d * (1 + 4 * EPS) + 4 * EPS * (t + d) + Number.MIN_VALUE;
    if (bound > h * 2 ** -20) return undefined;
    if (bound > offset) offset = bound;
    if (k !== j && steps === undefined) steps = Int32Array.from({ length: n }, (_, i) => i);
    if (steps !== undefined) steps[j] = k;
    previous = k;
  }
  return { t0, h, steps, last: previous, offset, end: time[n - 1] as number };
}

/** What {@link evaluateOnGrid} returns (all × e^(−shift)), every bound rigorous. */
export interface GridEvaluation {
  /** g, and a bound of its distance from g with the exact amounts and times. */
  value: number;
  valueBound: number;
  /** g′ = −Σ aⱼ tⱼ e^(−x·tⱼ), and a bound of its distance from any float sum of the same terms each evaluated by `Math.exp` (with the exact g′ within it too). */
  slope: number;
  slopeBound: number;
  /** The parts of g′: Σ over negative amounts of −aⱼ tⱼ pⱼ, and over positive ones of aⱼ tⱼ pⱼ (each within `slopeBound` of the float sums). */
  slopePositive: number;
  slopeNegative: number;
  /** An upper bound of the error bound the per-flow evaluation computes at the same x and shift (see `computeCat`'s `evaluate`). */
  evaluationBound: number;
}

/**
 * g at x relative to `shift` on a grid, into `out`; false (and `out` unspecified) when the bounds
 * would not be small (ρ > 10⁻⁶, or a power below 2⁻⁹⁶⁰). `merged`: the most flows netted at one time.
 *
 * @example
 * ```ts
 * const time = Float64Array.from({ length: 13 }, (_, k) => k / 12);
 * const amount = Float64Array.from({ length: 13 }, (_, k) => (k === 0 ? -1100 : 100));
 * const grid = timeGrid(time, 13)!;
 * const out = { value: 0, valueBound: 0, slope: 0, slopeBound: 0, slopePositive: 0, slopeNegative: 0, evaluationBound: 0 };
 * evaluateOnGrid(grid, time, amount, amount.map(Math.abs), 13, 1, 0.01, 0, out); // true
 * out.value > out.valueBound; // true (about 1100 − 1100 × 0.995…: positive at 1 %)
 * ```
 */
export function evaluateOnGrid(
  grid: TimeGrid,
  time: Float64Array,
  amount: Float64Array,
  mass: Float64Array,
  n: number,
  merged: number,
  x: number,
  shift: number,
  out: GridEvaluation,
): boolean {
  const ax = Math.abs(x);
  const rho =
    1.01 *
    ((2 * ax * grid.t0 + Math.abs(shift) + 3) * EPS + grid.last * (ax * grid.h + 3) * EPS + ax * (grid.offset + EPS * grid.end) * 1.01);
  if (!(rho <= 1e-6)) return false;
  const r = Math.exp(-x * grid.h);
  const first = Math.exp(-x * grid.t0 - shift);
  const steps = grid.steps;
  let p = first;
  let k = 0;
  let value = 0;
  let weight = 0; // Σ mⱼ pⱼ
  let timed = 0; // Σ mⱼ tⱼ pⱼ
  let slopePositive = 0;
  let slopeNegative = 0;
  for (let j = 0; j < n; j++) {
    const kj = steps === undefined ? j : (steps[j] as number);
    while (k < kj) {
      p *= r;
      k++;
    }
    const t = time[j] as number;
    const term = (amount[j] as number) * p;
    value += term;
    const w = (mass[j] as number) * p;
    weight += w;
    timed += w * t;
    if (term > 0) slopeNegative += t * term;
    else slopePositive -= t * term;
  }
  // The powers run monotonically from `first` to `p`: both above 2⁻⁹⁶⁰, none is subnormal.
  if (!(first >= TINY && p >= TINY)) return false;
  const tMax = grid.end;
  const tiny = 8 * n * Number.MIN_VALUE;
  const valueBound = (rho * weight + (merged + n + 4) * EPS * weight) * 1.02 + tiny;
  // The per-flow float terms differ from e^(−x·tⱼ − shift) by (2|x·t| + |shift| + 4)ε; the slope's
  // two plain sums by (n + 2)ε of their magnitudes; the netting by (c + 1)ε; and the grid's by ρ.
  const slopeBound = (rho * timed + (2 * ax * tMax + Math.abs(shift) + 2 * n + 12 + merged) * EPS * timed) * 1.02 + tiny * (tMax + 1);
  out.value = value;
  out.valueBound = valueBound;
  out.slope = slopePositive - slopeNegative;
  out.slopeBound = slopeBound;
  out.slopePositive = slopePositive;
  out.slopeNegative = slopeNegative;
  // The per-flow evaluation's bound: (termError + 2|value| + (2n²ε + 8)·absolute)·ε·1.01 + n·MIN,
  // termError = Σ wⱼ(2|x·tⱼ| + 2|shift| + 4), its sums within 1.05 of these (ρ and (n + 1)ε apart).
  const n2 = 2 * n * n * EPS + 8;
  out.evaluationBound =
    ((2 * ax * timed + (2 * Math.abs(shift) + 4) * weight) * 1.05 + 2 * (Math.abs(value) + valueBound) + n2 * weight * 1.05) * EPS * 1.05 +
    2 * n * Number.MIN_VALUE;
  return true;
}
