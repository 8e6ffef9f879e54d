/**
 * Banxico's CAT, decided exactly, from docs/cat.md and /work/shared/reference/credit-and-cat.md.
 *
 * The flows are amounts Aⱼ (payments positive, disbursements negative) at times tⱼ = eⱼ / q years
 * with integer eⱼ ≥ 0 and q > 0 (every time basis of the credit quote is of this form: k/perYear,
 * k·días/360, k·días/365, calendar days/365; decimal times have a power-of-ten q). With
 * w = (1 + i)^(−1/q) the present value is the polynomial P(w) = Σ Aⱼ w^eⱼ, and i = w^(−q) − 1.
 *
 * Method (rigorous, no tolerance): P is evaluated in interval arithmetic on integers scaled by
 * 2^F (floor for lower bounds, ceil for upper bounds), so a sign is either proven or reported
 * unknown, never guessed. The published tenth T (half away from zero) is decided by proving
 * the side of the root at the two boundaries (2T ± 1)/2000: the boundary's w_b = (1 + b)^(−1/q)
 * is bracketed by an exact integer q-th root, P is evaluated at both ends of that bracket, and
 * the precision doubles until the sign is proven (up to 2^13 bits; then an exact tie is tested
 * when w_b is rational, and otherwise the answer is "undecided", which no case has produced).
 * Estimates (float64, Newton in fixed point) only choose where to look; they never decide.
 *
 * Roots: one sign change in the time-ordered flows gives exactly one root in (−1, ∞) (Descartes).
 * Otherwise the roots are isolated by interval bisection with a derivative test (a piece whose
 * P-range excludes 0 has no root; a piece whose P'-range excludes 0 has at most one, found by a
 * sign change), scanning from i = 0 outwards: the smallest positive root up to `maxRate`, else the
 * largest root ≤ 0 (docs/cat.md: "the sign change nearest zero on the positive side first, then
 * the negative side"). A piece that stays ambiguous at 2^-200 width (a double root) is reported
 * as "undecided".
 *
 * Readings (docs/oracle.md): half-up is half away from zero and a rate rounding to zero prints
 * "0.0"; computeCat's `maxRate` bounds every search and its negative side stops at −99.99 %
 * (`searchLimit`), the credit quote's CAT is unbounded; a root where the present value touches
 * zero without changing sign is not a rate.
 */
import { type Q, abs, bitLength, ceilDiv, floorDiv, fromNumberText, gcd, q as rat, roundHalfUp, toNumber } from './rational.js';

export interface CatFlowQ {
  /** Time in units of 1/q years. */
  readonly e: bigint;
  /** Positive: paid by the borrower; negative: received. */
  readonly amount: Q;
}

export type CatAnswer =
  | {
      readonly kind: 'rate';
      /** The published percentage, one decimal, half away from zero. */
      readonly percent: string;
      /** 1000·i rounded half away from zero. */
      readonly tenths: bigint;
      /** A proven bracket of the root i. */
      readonly lo: Q;
      readonly hi: Q;
      /** Multi-sign flows: the next root on the same side, further from 0 (an estimate), if any. */
      readonly nextRoot?: number;
      /** The root lies exactly on a rounding boundary x.x5 % (proven): the tie went away from zero. */
      readonly tie?: boolean;
    }
  | { readonly kind: 'none'; readonly reason: string }
  | { readonly kind: 'undecided'; readonly reason: string };

export interface CatQuestion {
  readonly flows: readonly CatFlowQ[];
  /** Units of time per year. */
  readonly q: bigint;
  /** Highest annual rate searched for multi-sign flows (a fraction; default 10,000). */
  readonly maxRate?: Q;
  /**
   * computeCat's searched range: roots above `maxRate` ("highest annual rate searched") or below
   * `minRate` are not found, whatever the number of sign changes. The credit quote's CAT has none.
   */
  readonly searchLimit?: { readonly maxRate: Q; readonly minRate: Q };
  /** Bracket the rate to about 2^-90 (to judge an engine's `rate` text), not only its tenth. */
  readonly precise?: boolean;
}

/** A polynomial Σ cⱼ w^eⱼ with integer coefficients, exponents ascending and distinct. */
interface Poly {
  readonly c: readonly bigint[];
  readonly e: readonly bigint[];
  readonly q: bigint;
}

/** Merge equal times, scale to integer coefficients, divide the exponents and q by their gcd. */
export function toPoly(flows: readonly CatFlowQ[], q0: bigint): Poly {
  const byE = new Map<bigint, Q>();
  for (const f of flows) {
    const prev = byE.get(f.e);
    byE.set(f.e, prev ? rat(prev.n * f.amount.d + f.amount.n * prev.d, prev.d * f.amount.d) : rat(f.amount.n, f.amount.d));
  }
  const es = [...byE.keys()].filter((e) => (byE.get(e) as Q).n !== 0n).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let l = 1n;
  for (const e of es) {
    const d = (byE.get(e) as Q).d;
    l = (l / gcd(l, d)) * d;
  }
  let g = q0;
  for (const e of es) g = gcd(g, e);
  const c = es.map((e) => {
    const a = byE.get(e) as Q;
    return (a.n * l) / a.d;
  });
  let cg = 0n;
  for (const x of c) cg = gcd(cg, x);
  return { c: c.map((x) => x / (cg || 1n)), e: es.map((e) => e / g), q: q0 / g };
}

// ---------------------------------------------------------------- interval arithmetic

/** [lo, hi] scaled by 2^F. */
interface Iv {
  readonly lo: bigint;
  readonly hi: bigint;
}

const shDown = (x: bigint, F: bigint): bigint => x >> F; // floor
const shUp = (x: bigint, F: bigint): bigint => -(-x >> F); // ceil

/** [a]·[b] with b ≥ 0: two products, chosen by the sign of a. */
function mulPos(a: Iv, b: Iv, F: bigint): Iv {
  let lo: bigint;
  let hi: bigint;
  if (a.lo >= 0n) {
    lo = a.lo * b.lo;
    hi = a.hi * b.hi;
  } else if (a.hi <= 0n) {
    lo = a.lo * b.hi;
    hi = a.hi * b.lo;
  } else {
    lo = a.lo * b.hi;
    hi = a.hi * b.hi;
  }
  return { lo: shDown(lo, F), hi: shUp(hi, F) };
}

/** [w]^k for w ≥ 0, k ≥ 0. */
function powIv(w: Iv, k: bigint, F: bigint): Iv {
  let result: Iv = { lo: 1n << F, hi: 1n << F };
  let base = w;
  let e = k;
  while (e > 0n) {
    if (e & 1n) result = mulPos(result, base, F);
    e >>= 1n;
    if (e > 0n) base = mulPos(base, base, F);
  }
  return result;
}

/** An inclusion of Σ cⱼ w^eⱼ over w ∈ [w.lo, w.hi] (w ≥ 0), by Horner on the gaps. */
function evalIv(c: readonly bigint[], e: readonly bigint[], w: Iv, F: bigint, cache: Map<bigint, Iv>): Iv {
  const m = c.length;
  const one = 1n << F;
  const power = (k: bigint): Iv => {
    if (k === 0n) return { lo: one, hi: one };
    let p = cache.get(k);
    if (!p) {
      p = powIv(w, k, F);
      cache.set(k, p);
    }
    return p;
  };
  let acc: Iv = { lo: (c[m - 1] as bigint) << F, hi: (c[m - 1] as bigint) << F };
  for (let j = m - 2; j >= 0; j--) {
    const u = power((e[j + 1] as bigint) - (e[j] as bigint));
    const t = mulPos(acc, u, F);
    const cj = (c[j] as bigint) << F;
    acc = { lo: t.lo + cj, hi: t.hi + cj };
  }
  return mulPos(acc, power(e[0] as bigint), F);
}

const maxBig = (x: bigint, y: bigint): bigint => (x >= y ? x : y);
const signIv = (x: Iv): number => (x.lo > 0n ? 1 : x.hi < 0n ? -1 : 0);

/** The sign of P over the bracket [lo, hi] of w, proven, or 0 when it is not proven at this precision. */
function signAt(p: Poly, w: Iv, F: bigint): number {
  return signIv(evalIv(p.c, p.e, w, F, new Map()));
}

// ---------------------------------------------------------------- roots of rationals

/** ⌊x^(1/k)⌋ for an integer x ≥ 0, k ≥ 1 (exact: a float start just above the root, then integer Newton from above). */
export function iroot(x: bigint, k: bigint): bigint {
  if (x < 2n || k === 1n) return x;
  const bits = bitLength(x);
  const s = Math.max(0, bits - 60);
  const lg = (Math.log2(Number(x >> BigInt(s))) + s) / Number(k); // log2 of the root
  let r: bigint;
  if (lg < 50) r = BigInt(Math.ceil(2 ** lg * (1 + 1e-12))) + 1n;
  else {
    const ip = Math.floor(lg) - 50;
    r = (BigInt(Math.ceil(2 ** (lg - ip) * (1 + 1e-12))) << BigInt(ip)) + 1n;
  }
  while (r ** k <= x) r += (r >> 30n) + 1n;
  for (;;) {
    const next = ((k - 1n) * r + x / r ** (k - 1n)) / k;
    if (next >= r) break;
    r = next;
  }
  while (r ** k > x) r -= 1n;
  return r;
}

/** A bracket (scaled by 2^F) of (num/den)^(1/k) for num, den > 0. */
function rootBracket(num: bigint, den: bigint, k: bigint, F: bigint): Iv {
  const x = floorDiv(num << (F * k), den);
  const r = iroot(x, k);
  return { lo: r, hi: r + 1n };
}

/** The exact rational (num/den)^(1/k) when it is rational. */
function exactRoot(num: bigint, den: bigint, k: bigint): Q | undefined {
  const g = gcd(num, den);
  const n = num / g;
  const d = den / g;
  const rn = iroot(n, k);
  const rd = iroot(d, k);
  return rn ** k === n && rd ** k === d ? { n: rn, d: rd } : undefined;
}

// ---------------------------------------------------------------- the published tenth

/** 1000·i → half away from zero → the text "x.y". */
export function formatTenths(t: bigint): string {
  const a = abs(t);
  return `${t < 0n ? '-' : ''}${a / 10n}.${a % 10n}`;
}

/** The tenth (1000·i rounded half away from zero) of a rational i. */
export const tenthOf = (i: Q): bigint => roundHalfUp(i.n * 1000n, i.d);

const MAX_BITS = 8192n;

/**
 * The side of the root relative to the rate b: +1 if i* > b, −1 if i* < b, 0 if i* = b, or
 * undefined when not provable. `side(w)` gives, for a proven sign s of P at w, whether the root's
 * w* is above w (+1) or below (−1).
 */
function compareRoot(p: Poly, b: Q, wSide: (s: number, w: Iv, F: bigint) => number | undefined, F0: bigint): number | undefined {
  // w_b = (1 + b)^(−1/q) = (den / (den + num))^(1/q)
  const num = b.d;
  const den = b.d + b.n;
  if (den <= 0n) return 1; // b ≤ −1: every root is above
  for (let F = F0; F <= MAX_BITS; F *= 2n) {
    const wb = rootBracket(num, den, p.q, F);
    const sLo = signAt(p, { lo: wb.lo, hi: wb.lo }, F);
    const sHi = signAt(p, { lo: wb.hi, hi: wb.hi }, F);
    if (sLo !== 0 && sLo === sHi) {
      const r = wSide(sLo, wb, F);
      if (r !== undefined) return -r; // w* above w_b ⇔ i* below b
    }
  }
  return exactRootAt(p, num, den, p.q) ? 0 : undefined;
}

/** Whether z = (num/den)^(1/k) is rational and an exact root of P (an exact tie at a boundary). */
function exactRootAt(p: Poly, num: bigint, den: bigint, k: bigint): boolean {
  const exact = exactRoot(num, den, k);
  if (!exact) return false;
  // P at a rational point, exactly: Σ c (n/d)^e · d^E
  const E = p.e[p.e.length - 1] as bigint;
  let s = 0n;
  for (let j = 0; j < p.c.length; j++) s += (p.c[j] as bigint) * exact.n ** (p.e[j] as bigint) * exact.d ** (E - (p.e[j] as bigint));
  return s === 0n;
}

/** The tenth's interval of i: [lo, hi) for T ≥ 0 … with half-away-from-zero ties. */
const lowBoundary = (t: bigint): Q => rat(2n * t - 1n, 2000n);
const highBoundary = (t: bigint): Q => rat(2n * t + 1n, 2000n);

/**
 * Decide the tenth given an estimate and a proven side test. Ties (i* exactly on a boundary)
 * go away from zero.
 */
function decideTenth(estimate: number, side: (b: Q) => number | undefined): { tenths: bigint; tie?: boolean } | { undecided: string } {
  if (!Number.isFinite(estimate)) return { undecided: `estimate ${estimate}` };
  let t = estimateTenths(estimate);
  for (let attempt = 0; attempt < 64; attempt++) {
    const lo = side(lowBoundary(t));
    if (lo === undefined) return { undecided: `side of ${formatTenths(t)} − 0.05 not proven` };
    // i* vs the low boundary (2t−1)/2000: t > 0 owns the tie at its low boundary; t ≤ 0 does not
    const aboveLow = lo > 0 || (lo === 0 && t > 0n);
    if (!aboveLow) {
      t -= 1n;
      continue;
    }
    const hi = side(highBoundary(t));
    if (hi === undefined) return { undecided: `side of ${formatTenths(t)} + 0.05 not proven` };
    const belowHigh = hi < 0 || (hi === 0 && t < 0n);
    if (!belowHigh) {
      t += 1n;
      continue;
    }
    return { tenths: t, tie: lo === 0 || hi === 0 };
  }
  return { undecided: 'the estimate was more than 64 tenths off' };
}

/** 1000·i half away from zero from a float estimate, exact for the integer part of huge values. */
function estimateTenths(i: number): bigint {
  const x = i * 1000;
  if (Math.abs(x) < 2 ** 52) return BigInt(Math.sign(x) * Math.floor(Math.abs(x) + 0.5));
  return BigInt(x); // an integer-valued double, converted exactly
}

// ---------------------------------------------------------------- estimates (never decisions)

/** ln|c| for a bigint c ≠ 0. */
function lnAbs(c: bigint): number {
  const b = bitLength(c);
  const s = Math.max(0, b - 60);
  return Math.log(Number(abs(c) >> BigInt(s))) + s * Math.LN2;
}

/** sign of Σ cⱼ e^(−x·tⱼ) by log-sum-exp on each sign (no overflow at any x). */
function signFloat(lnc: readonly number[], signs: readonly number[], t: readonly number[], x: number): number {
  let maxP = -Infinity;
  let maxN = -Infinity;
  const m = lnc.length;
  for (let j = 0; j < m; j++) {
    const v = (lnc[j] as number) - x * (t[j] as number);
    if ((signs[j] as number) > 0) {
      if (v > maxP) maxP = v;
    } else if (v > maxN) maxN = v;
  }
  let sP = 0;
  let sN = 0;
  for (let j = 0; j < m; j++) {
    const v = (lnc[j] as number) - x * (t[j] as number);
    if ((signs[j] as number) > 0) sP += Math.exp(v - maxP);
    else sN += Math.exp(v - maxN);
  }
  const lp = maxP + Math.log(sP);
  const ln = maxN + Math.log(sN);
  return lp > ln ? 1 : lp < ln ? -1 : 0;
}

/** A float64 estimate of x = ln(1 + i) for one-sign-change flows, by bisection. */
function estimateX(p: Poly): number {
  const lnc = p.c.map(lnAbs);
  const signs = p.c.map((c) => (c > 0n ? 1 : -1));
  const qn = Number(p.q);
  const t = p.e.map((e) => Number(e) / qn);
  const s0 = signFloat(lnc, signs, t, 0);
  if (s0 === 0) return 0;
  // g(x) = Σ c e^(−x t): its sign at +∞ is the sign of the earliest flow, at −∞ of the latest
  const dir = s0 === signs[0] ? -1 : 1; // the root lies where the sign flips away from the earliest flow's
  let a = 0;
  let b = dir;
  while (signFloat(lnc, signs, t, b) === s0 && Math.abs(b) < 1e12) {
    a = b;
    b *= 2;
  }
  // to the last bit float64 can tell (the fixed-point steps that follow need not start from scratch)
  for (let k = 0; k < 200; k++) {
    const m = (a + b) / 2;
    if (m === a || m === b) break;
    const s = signFloat(lnc, signs, t, m);
    if (s === 0) return m;
    if (s === s0) a = m;
    else b = m;
  }
  return (a + b) / 2;
}

/** A rigorous bracket of i from a bracket of w: i = w^(−q) − 1 is decreasing in w. */
function rateBracket(wLo: bigint, wHi: bigint, F: bigint, qq: bigint): { lo: Q; hi: Q } {
  // i ∈ [(2^F/wHi)^q − 1, (2^F/wLo)^q − 1]
  const one = 1n << (F * qq);
  const ph = wHi ** qq;
  const pl = wLo ** qq;
  return {
    lo: { n: one - ph, d: ph },
    hi: wLo > 0n ? { n: one - pl, d: pl } : { n: 1n << 4096n, d: 1n },
  };
}

/** Refine an estimate of the root w (scaled by 2^F) by Newton steps on midpoints (an estimate only). */
function newton(p: Poly, w: bigint, F: bigint, steps: number): bigint {
  const dc = p.c.map((c, j) => c * (p.e[j] as bigint));
  const de = p.e.map((e) => (e > 0n ? e - 1n : 0n));
  let x = w;
  for (let s = 0; s < steps; s++) {
    const pt = { lo: x, hi: x };
    const f = evalIv(p.c, p.e, pt, F, new Map());
    const d = evalIv(dc, de, pt, F, new Map());
    const fd = (f.lo + f.hi) / 2n;
    const dd = (d.lo + d.hi) / 2n;
    if (dd === 0n) break;
    const next = x - (fd << F) / dd;
    if (next <= 0n) break;
    if (next === x) break;
    x = next;
  }
  return x;
}

// ---------------------------------------------------------------- the answer

/** The CAT of flows (docs/cat.md), decided exactly. */
export function catOf(question: CatQuestion): CatAnswer {
  const p = toPoly(question.flows, question.q);
  if (p.c.length === 0) return { kind: 'none', reason: 'no flows' };
  if (!p.c.some((c) => c > 0n)) return { kind: 'none', reason: 'no payments' };
  if (!p.c.some((c) => c < 0n)) return { kind: 'none', reason: 'no disbursements' };
  let changes = 0;
  for (let j = 1; j < p.c.length; j++) if ((p.c[j] as bigint) > 0n !== (p.c[j - 1] as bigint) > 0n) changes++;
  const limit = question.searchLimit;
  if (changes === 1) {
    const answer = singleRoot(p, question.precise === true);
    if (answer.kind !== 'rate' || !limit) return answer;
    // a root outside the searched range is not found
    const first = (p.c[0] as bigint) > 0n ? 1 : -1;
    const wSide = (s: number): number => (s === first ? 1 : -1);
    if (answer.tenths >= tenthOf(limit.maxRate) - 1n) {
      const side = compareRoot(p, limit.maxRate, wSide, 128n);
      if (side === undefined) return { kind: 'undecided', reason: 'the side of maxRate is not proven' };
      if (side > 0) return { kind: 'none', reason: 'the only root is above maxRate' };
    }
    if (answer.tenths <= tenthOf(limit.minRate) + 1n) {
      const side = compareRoot(p, limit.minRate, wSide, 128n);
      if (side === undefined) return { kind: 'undecided', reason: 'the side of minRate is not proven' };
      if (side < 0) return { kind: 'none', reason: 'the only root is below the lowest rate searched' };
    }
    return answer;
  }
  return multiRoot(p, limit?.maxRate ?? question.maxRate ?? { n: 10000n, d: 1n }, limit?.minRate);
}

function singleRoot(p: Poly, precise: boolean): CatAnswer {
  const first = (p.c[0] as bigint) > 0n ? 1 : -1; // P's sign for w below the root
  const x = estimateX(p);
  const qq = p.q;
  // P has the first flow's sign below w*, the opposite above: a proven sign s at a bracket of w says where w* is
  const wSide = (s: number): number => (s === first ? 1 : -1);
  const side = (b: Q): number | undefined => compareRoot(p, b, wSide, 128n);
  const iEstimate = Math.expm1(x);
  // a precise estimate for huge rates (where float64 cannot hold the tenth), then the decision
  let estimate = iEstimate;
  let bracket: { lo: Q; hi: Q } | undefined;
  const lgI = x > 2 ? x / Math.LN2 : Math.log2(Math.abs(iEstimate) + 1); // log2 of 1 + i, overflow-free
  const needBits = BigInt(Math.ceil(Math.max(0, lgI) + Math.log2(Number(qq) + 1) + 40));
  const wf = Math.exp(-x / Number(qq));
  const scaleBits = BigInt(Math.max(0, Math.ceil(-Math.log2(wf))));
  const F = 64n + needBits + scaleBits;
  // the common case: the float estimate itself, proven to 2^-46 of w, already decides the tenth
  if (!precise && Number.isFinite(wf) && wf > 0 && lgI < 40) {
    const F0 = 96n + scaleBits;
    const w0 = toFixed(wf, F0);
    const delta = (w0 >> 46n) + 1n;
    if (
      w0 - delta > 0n &&
      signAt(p, { lo: w0 - delta, hi: w0 - delta }, F0) === first &&
      signAt(p, { lo: w0 + delta, hi: w0 + delta }, F0) === -first
    ) {
      const fast = rateBracket(w0 - delta, w0 + delta, F0, qq);
      if (tenthOf(fast.lo) === tenthOf(fast.hi) && !onBoundary(fast)) {
        const t = tenthOf(fast.lo);
        return { kind: 'rate', percent: formatTenths(t), tenths: t, lo: fast.lo, hi: fast.hi };
      }
    }
  }
  if (Number.isFinite(wf) && wf > 0) {
    let w = toFixed(wf, F);
    w = newton(p, w, F, Math.ceil(Math.log2(Number(F) / 40)) + 1);
    // prove a bracket around it
    for (let width = 1n << 8n; width < 1n << (F - 2n); width <<= 8n) {
      const lo = w - width;
      const hi = w + width;
      if (lo <= 0n) break;
      const sLo = signAt(p, { lo, hi: lo }, F);
      const sHi = signAt(p, { lo: hi, hi }, F);
      if (sLo === first && sHi === -first) {
        bracket = rateBracket(lo, hi, F, qq);
        estimate = toNumber(bracket.lo);
        break;
      }
    }
  }
  let decided: { tenths: bigint; tie?: boolean } | { undecided: string };
  if (bracket && tenthOf(bracket.lo) === tenthOf(bracket.hi) && !onBoundary(bracket)) {
    decided = { tenths: tenthOf(bracket.lo) };
  } else if (bracket && Math.abs(estimate) > 2 ** 50) {
    // huge: take the bracket's tenth and verify its boundaries exactly
    decided = decideFromTenth(tenthOf(bracket.lo), side);
  } else {
    decided = decideTenth(estimate, side);
  }
  if ('undecided' in decided) return { kind: 'undecided', reason: decided.undecided };
  const lo = bracket?.lo ?? lowBoundary(decided.tenths);
  const hi = bracket?.hi ?? highBoundary(decided.tenths);
  return { kind: 'rate', percent: formatTenths(decided.tenths), tenths: decided.tenths, lo, hi, ...(decided.tie ? { tie: true } : {}) };
}

/** True when a boundary (2T±1)/2000 lies in the closed bracket (then the tie rule must be proven). */
function onBoundary(b: { lo: Q; hi: Q }): boolean {
  // boundaries are k/2000 with odd k; the bracket holds one iff ⌈2000·lo⌉ … ⌊2000·hi⌋ has an odd number
  const from = ceilDiv(b.lo.n * 2000n, b.lo.d);
  const to = floorDiv(b.hi.n * 2000n, b.hi.d);
  if (from > to) return false;
  return from !== to || abs(from) % 2n === 1n;
}

function decideFromTenth(t0: bigint, side: (b: Q) => number | undefined): { tenths: bigint; tie?: boolean } | { undecided: string } {
  let t = t0;
  for (let attempt = 0; attempt < 8; attempt++) {
    const lo = side(lowBoundary(t));
    if (lo === undefined) return { undecided: 'low boundary not proven' };
    if (!(lo > 0 || (lo === 0 && t > 0n))) {
      t -= 1n;
      continue;
    }
    const hi = side(highBoundary(t));
    if (hi === undefined) return { undecided: 'high boundary not proven' };
    if (!(hi < 0 || (hi === 0 && t < 0n))) {
      t += 1n;
      continue;
    }
    return { tenths: t, tie: lo === 0 || hi === 0 };
  }
  return { undecided: 'bracket tenth off by more than 8' };
}

/** A positive double as an integer scaled by 2^F. */
function toFixed(x: number, F: bigint): bigint {
  const e = Math.floor(Math.log2(x));
  const m = BigInt(Math.round(x * 2 ** (52 - e))); // x = m·2^(e−52)
  const shift = F + BigInt(e) - 52n;
  return shift >= 0n ? m << shift : m >> -shift;
}

// ---------------------------------------------------------------- several sign changes

/**
 * Isolate the root nearest i = 0 on the positive side (i ≤ maxRate), else on the negative side.
 * The positive side is w ∈ [w_max, 1) with w = (1+i)^(−1/q); the negative side is u = 1/w ∈ (0, 1],
 * where the polynomial is Σ cⱼ u^(E−eⱼ) and i = u^q − 1. Both are scanned from 1 downwards.
 */
function multiRoot(p: Poly, maxRate: Q, minRate: Q | undefined): CatAnswer {
  const F = 256n;
  const E = p.e[p.e.length - 1] as bigint;
  // positive side
  const wMaxNum = maxRate.d;
  const wMaxDen = maxRate.d + maxRate.n;
  const positive: Poly = p;
  if (maxRate.n > 0n) {
    const wMax = rootBracket(wMaxNum, wMaxDen, p.q, F).lo;
    const found = isolate(positive, wMax, 1n << F, F, true);
    if (found === 'undecided') return { kind: 'undecided', reason: 'a piece of the positive side stays ambiguous (double root?)' };
    if (found) return withNext(tenthInBracket(positive, found, F, 'w', p.q), positive, wMax, found, F, 'w', p.q);
  }
  // i = 0 exactly (when the range reaches it)
  let sum = 0n;
  for (const c of p.c) sum += c;
  if (sum === 0n && maxRate.n >= 0n) return { kind: 'rate', percent: '0.0', tenths: 0n, lo: { n: 0n, d: 1n }, hi: { n: 0n, d: 1n } };
  // negative side, in u = 1/w
  const reversed: Poly = {
    c: [...p.c].reverse(),
    e: [...p.e].reverse().map((e) => E - e),
    q: p.q,
  };
  // u = (1 + i)^(1/q) ≥ u_min = (1 + minRate)^(1/q)
  const uMin = minRate ? rootBracket(minRate.d + minRate.n, minRate.d, p.q, F).hi : 0n;
  // a negative maxRate caps the negative side too: u ≤ (1 + maxRate)^(1/q)
  const uTop = maxRate.n < 0n ? rootBracket(maxRate.d + maxRate.n, maxRate.d, p.q, F).lo : 1n << F;
  if (uTop <= uMin) return { kind: 'none', reason: 'the searched range is empty' };
  const found = isolate(reversed, uMin, uTop, F, false);
  if (found === 'undecided') return { kind: 'undecided', reason: 'a piece of the negative side stays ambiguous (double root?)' };
  if (found) return withNext(tenthInBracket(reversed, found, F, 'u', p.q), reversed, uMin, found, F, 'u', p.q);
  return { kind: 'none', reason: 'no sign change of the present value in the searched range' };
}

/** The answer with an estimate of the next root further from 0 on the same side (for reports). */
export function withNext(answer: CatAnswer, p: Poly, lo: bigint, found: Bracket, F: bigint, variable: 'w' | 'u', qq: bigint): CatAnswer {
  if (answer.kind !== 'rate' || found.a <= lo) return answer;
  const next = isolate(p, lo, found.a, F, true);
  if (!next || next === 'undecided') return answer;
  let { a, b } = next;
  for (let k = 0; k < 60 && b - a > 1n; k++) {
    const m = (a + b) / 2n;
    const s = signAt(p, { lo: m, hi: m }, F);
    if (s === 0) break;
    if (s === next.sa) a = m;
    else b = m;
  }
  const z = Number(((a + b) / 2n) >> (F - 60n)) / 2 ** 60;
  const i = variable === 'w' ? z ** -Number(qq) - 1 : z ** Number(qq) - 1;
  return { ...answer, nextRoot: i };
}

interface Bracket {
  readonly a: bigint;
  readonly b: bigint;
  /** Proven sign of P at a. */
  readonly sa: number;
}

/**
 * The piece [a, b] ⊂ [lo, hi] nearest hi holding a root with a proven sign change and P monotone,
 * or undefined when there is none, or 'undecided'. `openTop`: hi itself (i = 0) is excluded.
 */
export function isolate(p: Poly, lo: bigint, hi: bigint, F: bigint, openTop: boolean): Bracket | undefined | 'undecided' {
  const dc = p.c.map((c, j) => c * (p.e[j] as bigint));
  const de = p.e.map((e) => (e > 0n ? e - 1n : 0n));
  const stack: [bigint, bigint][] = [[lo, hi]];
  let budget = 20000;
  while (stack.length > 0) {
    if (--budget < 0) return 'undecided';
    const [a, b] = stack.pop() as [bigint, bigint];
    const slope = evalIv(dc, de, { lo: a, hi: b }, F, new Map());
    if (signIv(slope) === 0) {
      // the mean-value form: P([a, b]) ⊂ P(m) + P'([a, b])·[−(b − a)/2, (b − a)/2]
      const m = (a + b) / 2n;
      const pm = evalIv(p.c, p.e, { lo: m, hi: m }, F, new Map());
      const big = maxBig(abs(slope.hi), abs(slope.lo)); // max |P'| on [a, b]
      const r = (big * (b - a + 1n)) >> (F + 1n);
      if (pm.lo - r - 1n > 0n || pm.hi + r + 1n < 0n) continue; // no root in [a, b]
    }
    if (signIv(slope) !== 0) {
      // monotone: a root iff the signs at the ends differ (or an end is a root)
      const sa = signAt(p, { lo: a, hi: a }, F);
      const sb = signAt(p, { lo: b, hi: b }, F);
      if (sa !== 0 && sb !== 0) {
        if (sa !== sb) return { a, b, sa };
        continue;
      }
      if (b - a > 2n) {
        // an end is (or is very near) a root: split to separate it
        const m = (a + b) / 2n;
        stack.push([a, m], [m, b]);
        continue;
      }
      if (openTop && b === hi && sa !== 0) continue;
      for (const z of [b, a]) if (isExactRoot(p, z, F) && !(openTop && z === hi)) return { a: z, b: z, sa: 0 };
      if (openTop && b === hi) continue;
      return 'undecided';
    }
    if (b - a <= 1n << (F - 200n)) return 'undecided';
    const m = (a + b) / 2n;
    stack.push([a, m], [m, b]); // [m, b] is popped first: nearer hi, nearer i = 0
  }
  return undefined;
}

/** Whether P is exactly 0 at the dyadic point z / 2^F. */
function isExactRoot(p: Poly, z: bigint, F: bigint): boolean {
  const E = p.e[p.e.length - 1] as bigint;
  let s = 0n;
  for (let j = 0; j < p.c.length; j++) s += (p.c[j] as bigint) * z ** (p.e[j] as bigint) * (1n << (F * (E - (p.e[j] as bigint))));
  return s === 0n;
}

/** The tenth of the root in a monotone bracket of z (z = w on the positive side, u = 1/w on the negative side). */
function tenthInBracket(p: Poly, br: Bracket, F: bigint, variable: 'w' | 'u', qq: bigint): CatAnswer {
  const one = 1n << (F * qq);
  const iOf = (z: bigint): Q => {
    const zq = z ** qq;
    return variable === 'w' ? { n: one - zq, d: zq } : { n: zq - one, d: one };
  };
  if (br.a === br.b) {
    // a root exactly at a dyadic point: i is this rational
    const i = iOf(br.a);
    const t = tenthOf(i);
    return { kind: 'rate', percent: formatTenths(t), tenths: t, lo: i, hi: i, ...(onBoundary({ lo: i, hi: i }) ? { tie: true } : {}) };
  }
  // narrow the bracket by bisection for the estimate and the rate bracket
  let { a, b } = br;
  const sa = br.sa;
  for (let k = 0; k < 120 && b - a > 1n; k++) {
    const m = (a + b) / 2n;
    const s = signAt(p, { lo: m, hi: m }, F);
    if (s === 0) break;
    if (s === sa) a = m;
    else b = m;
  }
  const ia = iOf(a);
  const ib = iOf(b);
  const lo = variable === 'w' ? ib : ia;
  const hi = variable === 'w' ? ia : ib;
  // z* relative to z_b for a proven sign s at z_b: z* > z_b iff s === sa (P monotone in [a, b])
  const side = (bq: Q): number | undefined => {
    const num = variable === 'w' ? bq.d : bq.d + bq.n;
    const den = variable === 'w' ? bq.d + bq.n : bq.d;
    if (bq.d + bq.n <= 0n) return 1;
    for (let G = F; G <= MAX_BITS; G *= 2n) {
      const zb = rootBracket(num, den, qq, G);
      const aG = a << (G - F);
      const bG = b << (G - F);
      let zAbove: number | undefined; // +1: z* > z_b
      if (zb.hi < aG) zAbove = 1;
      else if (zb.lo > bG) zAbove = -1;
      else {
        const sLo = signAt(p, { lo: zb.lo, hi: zb.lo }, G);
        const sHi = signAt(p, { lo: zb.hi, hi: zb.hi }, G);
        if (sLo !== 0 && sLo === sHi) zAbove = sLo === sa ? 1 : -1;
      }
      if (zAbove !== undefined) return variable === 'w' ? -zAbove : zAbove;
    }
    return exactRootAt(p, num, den, qq) ? 0 : undefined;
  };
  const decided: { tenths: bigint; tie?: boolean } | { undecided: string } =
    tenthOf(lo) === tenthOf(hi) && !onBoundary({ lo, hi }) ? { tenths: tenthOf(lo) } : decideTenth(toNumber(lo), side);
  if ('undecided' in decided) return { kind: 'undecided', reason: decided.undecided };
  return { kind: 'rate', percent: formatTenths(decided.tenths), tenths: decided.tenths, lo, hi, ...(decided.tie ? { tie: true } : {}) };
}

/** A number (time or maxRate) as the oracle reads it: its shortest decimal text. */
export const numberAsRational = fromNumberText;
