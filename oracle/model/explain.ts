/**
 * The figures of a CAT's explanation, from docs/cat.md ("Explaining a CAT") alone: at a rational
 * annual rate b, each flow's discount factor (1 + b)^−t rounded half away from zero to `digits`
 * significant digits, its present value amount × (1 + b)^−t rounded half away from zero to
 * `decimals` decimals, the exact sum of the rounded present values and its bound
 * n × ½ × 10^−decimals (n flows of nonzero amount), and the sign that sum proves when it is
 * farther from zero than the bound.
 *
 * Method (the oracle's own, no code shared with src/): flows at times e/q years as in `./cat.ts`;
 * w = (1 + b)^(−1/q) is bracketed at F bits (Newton's steps in fixed point, both ends proven by
 * powers rounded outward), each w^e by products rounded outward (floor below, ceil above), so every factor and present value lies in a
 * proven interval; a figure is taken when both ends of its interval round to the same integer,
 * else F doubles (the exact value of an irrational factor is never on a rounding tie; a rational
 * w is detected and used exactly). Figures are exact rationals (not reduced); the harness compares
 * them with the engine's text as values.
 */
import { type Q, abs, bitLength, q as rat, roundHalfUp } from './rational.js';
import { iroot } from './cat.js';
import type { CatFlowQ } from './cat.js';

export interface OracleColumn {
  /** Per flow: the factor (1 + b)^−t to `digits` significant digits. */
  readonly factors: readonly Q[];
  /** Per flow: the present value to `decimals` decimals (payments positive, disbursements negative). */
  readonly values: readonly Q[];
  /** The exact sum of `values`. */
  readonly sum: Q;
  /** n × ½ × 10^−decimals. */
  readonly bound: Q;
  /** The sign the sum proves (|sum| > bound), or 0 when it proves none. */
  readonly shownSign: -1 | 0 | 1;
}

export type ColumnAnswer = OracleColumn | { readonly undecided: string };

const MAX_F = 1 << 15;

/** ⌊log10(n / d)⌋ for n, d > 0, exactly. */
function log10Floor(n: bigint, d: bigint): number {
  let e = Math.floor((bitLength(n) - bitLength(d)) * Math.log10(2));
  const below = (k: number): boolean => (k >= 0 ? n < d * 10n ** BigInt(k) : n * 10n ** BigInt(-k) < d);
  while (below(e)) e--;
  while (!below(e + 1)) e++;
  return e;
}

/** n/d rounded half away from zero to `places` decimals (places may be negative), as a rational (not reduced). */
function roundPlaces(n: bigint, d: bigint, places: number): Q {
  if (places >= 0) return { n: roundHalfUp(n * 10n ** BigInt(places), d), d: 10n ** BigInt(places) };
  const unit = 10n ** BigInt(-places);
  return { n: roundHalfUp(n, d * unit) * unit, d: 1n };
}

const same = (a: Q, b: Q): boolean => a.n * b.d === b.n * a.d;

/** The exact w = (den/num)^(1/q) when it is rational (num/den = 1 + b). */
function rationalRoot(num: bigint, den: bigint, k: bigint): Q | undefined {
  const x = rat(den, num);
  const rn = iroot(x.n, k);
  const rd = iroot(x.d, k);
  return rn ** k === x.n && rd ** k === x.d ? { n: rn, d: rd } : undefined;
}

/** log2 of a positive integer, as a float (an estimate only). */
function log2(x: bigint): number {
  const s = Math.max(0, bitLength(x) - 53);
  return Math.log2(Number(x >> BigInt(s))) + s;
}

/** x^k for x ≥ 0 scaled by 2^F, every product rounded down (`up`: up). */
function powFixed(x: bigint, k: bigint, F: bigint, up: boolean): bigint {
  const round = (v: bigint): bigint => (up ? -(-v >> F) : v >> F);
  let result = 1n << F;
  let base = x;
  let e = k;
  while (e > 0n) {
    if (e & 1n) result = round(result * base);
    e >>= 1n;
    if (e > 0n) base = round(base * base);
  }
  return result;
}

/**
 * [lo, hi] with lo ≤ w·2^F ≤ hi for w = (den/num)^(1/k) (num, den > 0): a float start, Newton's
 * steps in fixed point, then both ends proven by powers rounded outward (an end that fails its
 * proof moves out and is proven again).
 */
function rootBracketFixed(num: bigint, den: bigint, k: bigint, F: bigint): [bigint, bigint] {
  const target = (den << F) / num; // ≈ w^k · 2^F
  const lg = (log2(den) - log2(num)) / Number(k); // log2 w
  let r = BigInt(Math.round(2 ** (lg + 52))) << (F > 52n ? F - 52n : 0n);
  if (F < 52n) r >>= 52n - F;
  for (let step = 0; step < 200; step++) {
    // r ← r − (r^k − target)·r / (k·r^k), in fixed point
    const p = powFixed(r, k, F, false);
    if (p === 0n) {
      r <<= 1n;
      continue;
    }
    const next = r - ((p - target) * r) / (k * p);
    if (next === r || next === r - 1n || next === r + 1n) break;
    r = next > 0n ? next : r / 2n;
  }
  // w·2^F > lo ⇔ lo^k < 2^(Fk)·den/num: proven when the power rounded up, times num, is below den·2^F.
  let delta = k + 2n;
  let lo = r - delta;
  while (lo > 0n && powFixed(lo, k, F, true) * num >= den << F) {
    delta *= 2n;
    lo = r - delta;
  }
  if (lo < 0n) lo = 0n;
  delta = k + 2n;
  let hi = r + delta;
  while (powFixed(hi, k, F, false) * num <= den << F) {
    delta *= 2n;
    hi = r + delta;
  }
  return [lo, hi];
}

/**
 * [lo, hi] / 2^F brackets of w^e for each distinct e (w bracketed by [wLo, wHi] / 2^F), in
 * increasing e: each the previous one times w^(gap) (one power per distinct gap), rounded outward.
 */
function powers(wLo: bigint, wHi: bigint, es: readonly bigint[], F: bigint): Map<bigint, [bigint, bigint]> {
  const out = new Map<bigint, [bigint, bigint]>();
  const gaps = new Map<bigint, [bigint, bigint]>();
  const sorted = [...new Set(es)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let previous = 0n;
  let lo = 1n << F;
  let hi = 1n << F;
  for (const e of sorted) {
    const gap = e - previous;
    if (gap > 0n) {
      let step = gaps.get(gap);
      if (step === undefined) {
        step = [powFixed(wLo, gap, F, false), powFixed(wHi, gap, F, true)];
        gaps.set(gap, step);
      }
      lo = (lo * step[0]) >> F;
      hi = -(-(hi * step[1]) >> F);
    }
    out.set(e, [lo, hi]);
    previous = e;
  }
  return out;
}

/**
 * The explanation's column at the rate b for flows at times e/q years: every factor to `digits`
 * significant digits and every present value to `decimals` decimals, correctly rounded.
 */
export function explainColumn(flows: readonly CatFlowQ[], qUnits: bigint, b: Q, digits: number, decimals: number): ColumnAnswer {
  const num = b.d + b.n; // 1 + b = num / b.d
  if (num <= 0n) return { undecided: 'rate at or below −100 %' };
  const es = flows.map((f) => f.e);
  const exactW = rationalRoot(num, b.d, qUnits);
  // Bits enough for the smallest factor and the figures' digits; doubled until every figure is decided.
  let eMax = 0n;
  for (const e of es) if (e > eMax) eMax = e;
  const lg = Math.max(0, Math.log2(Number(num) / Number(b.d)) || 0);
  let F = BigInt(96 + Math.ceil((Number(eMax) / Number(qUnits)) * lg) + Math.ceil(3.33 * Math.max(digits, decimals)) + bitLength(eMax));
  for (; F <= BigInt(MAX_F); F *= 2n) {
    let wLo: bigint;
    let wHi: bigint;
    if (exactW !== undefined) {
      // exact w: the powers are exact rationals, computed apart below
      wLo = 0n;
      wHi = 0n;
    } else {
      // w = (b.d / num)^(1/q), bracketed at F bits
      [wLo, wHi] = rootBracketFixed(num, b.d, qUnits, F);
    }
    const table = exactW === undefined ? powers(wLo, wHi, es, F) : undefined;
    const factors: Q[] = [];
    const values: Q[] = [];
    let decided = true;
    for (const f of flows) {
      let fLo: Q;
      let fHi: Q;
      if (exactW !== undefined) {
        fLo = { n: exactW.n ** f.e, d: exactW.d ** f.e };
        fHi = fLo;
      } else {
        const [lo, hi] = (table as Map<bigint, [bigint, bigint]>).get(f.e) as [bigint, bigint];
        if (lo <= 0n) {
          decided = false;
          break;
        }
        fLo = { n: lo, d: 1n << F };
        fHi = { n: hi, d: 1n << F };
      }
      const places = digits - 1 - log10Floor(fLo.n, fLo.d);
      const factor = roundPlaces(fLo.n, fLo.d, places);
      if (!same(factor, roundPlaces(fHi.n, fHi.d, places))) {
        decided = false;
        break;
      }
      // amount × factor: the ends swap for a negative amount, the rounding is monotone either way
      const a = f.amount;
      const v1 = roundPlaces(a.n * fLo.n, a.d * fLo.d, decimals);
      const v2 = roundPlaces(a.n * fHi.n, a.d * fHi.d, decimals);
      if (!same(v1, v2)) {
        decided = false;
        break;
      }
      factors.push(factor);
      values.push(v1);
    }
    if (!decided) {
      if (exactW !== undefined) return { undecided: 'an exact figure did not round' };
      continue;
    }
    const unit = 10n ** BigInt(decimals);
    let sumUnits = 0n;
    for (const v of values) sumUnits += v.n; // each value is a whole number of units (denominator 10^decimals)
    const counted = BigInt(flows.filter((f) => f.amount.n !== 0n).length);
    const sum = { n: sumUnits, d: unit };
    const bound = { n: counted * 5n, d: unit * 10n };
    const shownSign = abs(sumUnits) * 2n > counted ? (sumUnits > 0n ? 1 : -1) : 0;
    return { factors, values, sum, bound, shownSign };
  }
  return { undecided: `a figure not decided at ${MAX_F} bits` };
}
