/**
 * An independent oracle for the CAT of flows at whole periods, written for the tests from the
 * definition alone (no code of src/cat): the present value is the polynomial P(v) = Σ aₖ vᵏ in the
 * discount factor v = 1 / (1 + i) per period, with exact BigInt rational coefficients. Sturm
 * sequences count its real roots in any interval, so the roots are isolated exactly; bisection
 * with exact signs narrows them, and the rate per period i = 1/v − 1 raised to the periods in a
 * year gives exact rational bounds on the annual rate, fine enough to place every tenth.
 */

/** An exact rational n / d, d > 0. */
export interface Q {
  readonly n: bigint;
  readonly d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};

export const q = (n: bigint, d = 1n): Q => {
  const g = gcd(n, d) || 1n;
  return d < 0n ? { n: -n / g, d: -d / g } : { n: n / g, d: d / g };
};
const add = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Q, b: Q): Q => q(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Q, b: Q): Q => q(a.n * b.n, a.d * b.d);
const div = (a: Q, b: Q): Q => q(a.n * b.d, a.d * b.n);
const sign = (a: Q): number => (a.n > 0n ? 1 : a.n < 0n ? -1 : 0);
export const cmp = (a: Q, b: Q): number => sign(sub(a, b));
export const pow = (a: Q, k: number): Q => ({ n: a.n ** BigInt(k), d: a.d ** BigInt(k) });

/** A polynomial: coefficients from the constant term up. */
export type Poly = Q[];

const trim = (p: Poly): Poly => {
  const out = [...p];
  while (out.length > 0 && (out[out.length - 1] as Q).n === 0n) out.pop();
  return out;
};

/** P(x) exactly (Horner). */
export function evalPoly(p: Poly, x: Q): Q {
  let acc = q(0n);
  for (let k = p.length - 1; k >= 0; k--) acc = add(mul(acc, x), p[k] as Q);
  return acc;
}

function derivative(p: Poly): Poly {
  return trim(p.slice(1).map((c, k) => mul(c, q(BigInt(k + 1)))));
}

function remainder(a: Poly, b: Poly): Poly {
  let r = trim(a);
  const lead = b[b.length - 1] as Q;
  while (r.length >= b.length && r.length > 0) {
    const factor = div(r[r.length - 1] as Q, lead);
    const shift = r.length - b.length;
    r = trim(r.map((c, k) => (k >= shift && k - shift < b.length ? sub(c, mul(factor, b[k - shift] as Q)) : c)));
  }
  return r;
}

/** A polynomial with integer coefficients (a positive multiple of a rational one: same signs). */
type IntPoly = bigint[];

function toIntegers(p: Poly): IntPoly {
  let den = 1n;
  for (const c of p) den = (den / gcd(den, c.d)) * c.d;
  return p.map((c) => (c.n * den) / c.d);
}

/** The Sturm sequence of P, each member scaled to integer coefficients. */
export function sturm(p: Poly): IntPoly[] {
  const seq: Poly[] = [trim(p), derivative(p)];
  for (;;) {
    const r = remainder(seq[seq.length - 2] as Poly, seq[seq.length - 1] as Poly);
    if (r.length === 0) break;
    seq.push(r.map((c) => q(-c.n, c.d)));
  }
  return seq.map(toIntegers);
}

/** The sign of an integer polynomial at n / d (d > 0): homogeneous Horner in integers. */
function signAtQ(p: IntPoly, x: Q): number {
  let acc = 0n;
  let dPow = 1n;
  for (let k = p.length - 1; k >= 0; k--) {
    acc = acc * x.n + (p[k] as bigint) * dPow;
    dPow *= x.d;
  }
  // acc = Σ c_k n^k d^(deg − k) × (a positive power of d): the sign of P(n/d).
  return acc > 0n ? 1 : acc < 0n ? -1 : 0;
}

function variations(seq: readonly IntPoly[], x: Q): number {
  let count = 0;
  let last = 0;
  for (const p of seq) {
    const s = signAtQ(p, x);
    if (s !== 0 && last !== 0 && s !== last) count++;
    if (s !== 0) last = s;
  }
  return count;
}

/** Distinct real roots of P in the half-open interval (a, b] (Sturm's theorem). */
export function rootsIn(seq: readonly IntPoly[], a: Q, b: Q): number {
  return variations(seq, a) - variations(seq, b);
}

/**
 * The root of P in (a, b] nearest to `toward` (a or b), narrowed by exact bisection until its
 * interval is below `width`; [lo, hi] with the root inside (lo = hi for an exact rational root).
 */
export function isolate(p: Poly, seq: readonly IntPoly[], a: Q, b: Q, toward: 'a' | 'b', width: Q): [Q, Q] | undefined {
  if (rootsIn(seq, a, b) === 0) return undefined;
  const P = seq[0] as IntPoly;
  void p;
  let lo = a;
  let hi = b;
  // Narrow to an interval holding exactly the root nearest `toward`.
  for (let i = 0; i < 400 && rootsIn(seq, lo, hi) > 1; i++) {
    const mid = div(add(lo, hi), q(2n));
    const near = toward === 'a' ? rootsIn(seq, lo, mid) : rootsIn(seq, mid, hi);
    if (toward === 'a') {
      if (near > 0) hi = mid;
      else lo = mid;
    } else if (near > 0) lo = mid;
    else hi = mid;
  }
  if (signAtQ(P, hi) === 0) return [hi, hi];
  // One root in (lo, hi]: bisect on Sturm counts (exact even for a root of even multiplicity).
  while (cmp(sub(hi, lo), width) > 0) {
    const mid = div(add(lo, hi), q(2n));
    if (signAtQ(P, mid) === 0) return [mid, mid];
    if (rootsIn(seq, lo, mid) > 0) hi = mid;
    else lo = mid;
  }
  return [lo, hi];
}

/** The tenth of a percent, half-up (ties away from zero), of a rate known to lie in [lo, hi]; undefined when a boundary falls inside. */
export function tenthOf(lo: Q, hi: Q): number | undefined {
  const tenth = (x: Q): bigint => {
    // round half away from zero of 1000·x
    const t = mul(x, q(1000n));
    const twice = 2n * (t.n < 0n ? -t.n : t.n);
    const r = (twice + t.d) / (2n * t.d);
    return t.n < 0n ? -r : r;
  };
  const a = tenth(lo);
  const b = tenth(hi);
  return a === b ? Number(a) : undefined;
}

/** Decimal text (or an exact double) as a rational. */
export function toQ(value: string | number): Q {
  if (typeof value === 'number') {
    // Exact binary value of the double: scale by 2^k until integral (exact: doubling is exact).
    let k = 0n;
    let x = value;
    while (!Number.isInteger(x)) {
      x *= 2;
      k++;
    }
    return q(BigInt(x), 2n ** k);
  }
  const negative = value.startsWith('-');
  const digits = negative ? value.slice(1) : value;
  const [whole, frac = ''] = digits.split('.') as [string, string?];
  const n = BigInt(whole + frac) * (negative ? -1n : 1n);
  return q(n, 10n ** BigInt(frac.length));
}

/**
 * The root of an increasing P on (a, b] (a single sign change: every coefficient but the constant
 * non-negative), by exact bisection to `width`.
 */
export function bisectIncreasing(p: Poly, a: Q, b: Q, width: Q): [Q, Q] | undefined {
  const P = toIntegers(p);
  if (signAtQ(P, a) >= 0 || signAtQ(P, b) < 0) return undefined;
  let lo = a;
  let hi = b;
  while (cmp(sub(hi, lo), width) > 0) {
    const mid = div(add(lo, hi), q(2n));
    const s = signAtQ(P, mid);
    if (s === 0) return [mid, mid];
    if (s < 0) lo = mid;
    else hi = mid;
  }
  return [lo, hi];
}
