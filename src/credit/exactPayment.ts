/**
 * The level payment's two decisions taken exactly, in integers: the ideal payment p̂ as a fraction
 * N / D of BigInts, rounded half-up, or compared with the held payment and the tolerance, with no
 * rounding anywhere.
 *
 * The float estimates (`./payment.ts`, `./annuity.ts`) decide almost every row; these decide the
 * rows whose p̂ lies within an estimate's error bound of a boundary, exact ties included. They
 * replace decimal.js at 50 digits, which takes the wrong side of a tie when the discount 1 / (1 + g)
 * has no finite decimal expansion: p̂ = 24.5 exactly (39 cents over 2 periods at 1/6) came out as
 * 24.4999…97 and rounded to 24; 71 of 148 three- and four-payment quotes at 12 % to 120 % whose
 * first payment is an exact half cent were a cent off.
 *
 * Equal rates g = P / Q (P = num·(100 + iva), Q = den·100) with m payments left on a balance S:
 *
 *     p̂ = S·g / (1 − (1 + g)^−m) = S·P·(Q + P)^m / (Q·((Q + P)^m − Q^m)),
 *
 * and for a sequence of rates see `Annuity` (`./annuity.ts`). The integers have about
 * m·log₂(Q + P) bits (≈ 44,000 at 999 payments): a decision costs up to a millisecond, which is why
 * it is kept for the rows the estimates cannot decide.
 */
import { invariant } from '../errors/quoteError.js';
import { messageRef } from '../errors/catalog.js';
import { CREDIT_MESSAGES } from './messages.js';

const NOT_FINITE = messageRef(CREDIT_MESSAGES, 'fronteraNoFinita');
import type { Rational } from './rate.js';

/**
 * A fraction of integers with a positive denominator.
 *
 * @example
 * ```ts
 * const half: Fraction = { num: 49n, den: 2n }; // forty-nine halves
 * roundHalfUpFraction(half); // 25
 * ```
 */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

/** ⌊a / b⌋ for b > 0 (BigInt division truncates towards zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a < 0n && q * b !== a ? q - 1n : q;
}

/**
 * p̂ for equal rates as an exact fraction: S·g / (1 − (1 + g)^−m), or S / m when the rate is 0.
 *
 * @example
 * ```ts
 * const p = frenchIdealFraction(39, 2, { num: 1, den: 6 }, 0); // two payments left on 39 cents, a sixth a period
 * Number(p.num) / Number(p.den); // 24.5
 * ```
 */
export function frenchIdealFraction(balance: number, remaining: number, periodic: Rational, iva: number): Fraction {
  const S = BigInt(balance);
  if (periodic.num === 0) return { num: S, den: BigInt(remaining) };
  const P = BigInt(periodic.num) * BigInt(100 + iva);
  const Q = BigInt(periodic.den) * 100n;
  const m = BigInt(remaining);
  const grown = (Q + P) ** m;
  return { num: S * P * grown, den: Q * (grown - Q ** m) };
}

/**
 * ⌊f + ½⌋: the fraction rounded half-up to an integer (cents), exactly.
 *
 * @example
 * ```ts
 * roundHalfUpFraction({ num: 49n, den: 2n }); // 25
 * roundHalfUpFraction({ num: 24_999_999n, den: 1_000_000n }); // 25 (24.999999)
 * ```
 */
export function roundHalfUpFraction(f: Fraction): number {
  return Number(floorDiv(2n * f.num + f.den, 2n * f.den));
}

/**
 * The schedule's rule on an exact p̂: `held` while |p̂ − held| < tolerance, else p̂ rounded half-up.
 *
 * @example
 * ```ts
 * heldOrRounded(24, { num: 49n, den: 2n }, 0.5); // 25 (|24.5 − 24| is not below ½)
 * heldOrRounded(25, { num: 49n, den: 2n }, 0.5); // 25
 * heldOrRounded(24, { num: 49n, den: 2n }, 1); // 24
 * ```
 */
export function heldOrRounded(held: number, f: Fraction, tolerance: number): number {
  const t = dyadic(tolerance);
  let distance = f.num - BigInt(held) * f.den;
  if (distance < 0n) distance = -distance;
  // |N/D − held| < t.num/t.den  ⇔  |N − held·D|·t.den < t.num·D
  return distance * t.den < t.num * f.den ? held : roundHalfUpFraction(f);
}

/**
 * A finite double ≥ 0 as an exact fraction (doubles are dyadic: doubling until integral is exact).
 *
 * @example
 * ```ts
 * dyadic(0.3); // { num: 5404319552844595n, den: 18014398509481984n }
 * dyadic(2.5); // { num: 5n, den: 2n }
 * ```
 */
export function dyadic(x: number): Fraction {
  invariant(Number.isFinite(x), NOT_FINITE);
  let den = 1n;
  let v = x;
  while (!Number.isInteger(v)) {
    v *= 2;
    den *= 2n;
  }
  return { num: BigInt(v), den };
}

/** Which side of a boundary b the exact p̂ lies on: 1 above, −1 below, 0 when the caller cannot tell. */
export type SideOf = (boundary: number) => -1 | 0 | 1;

/**
 * The schedule's two decisions on p̂ (rounded half-up; held while |p̂ − held| < tolerance) from a
 * float estimate within `bound` of p̂ and an exact side test for the one boundary the estimate is
 * near: the boundaries (half cents, held ± tolerance) are at least `bound`·4 apart when this is
 * used, so at most one is within `bound` of p̂ and every other is decided by the estimate. `held`
 * undefined asks for the rounding alone (the first payment). Undefined when the side test cannot
 * tell (the caller decides in integers then).
 *
 * @example
 * ```ts
 * decideBySides(24, 24.5, 1e-9, 0.5, () => 1); // 25 (p̂ just above 24.5)
 * decideBySides(24, 24.5, 1e-9, 0.5, () => -1); // 24
 * decideBySides(undefined, 24.5, 1e-9, undefined, () => 0); // undefined
 * ```
 */
export function decideBySides(
  held: number | undefined,
  estimate: number,
  bound: number,
  tolerance: number | undefined,
  sideOf: SideOf,
): number | undefined {
  if (!(bound < 0.125) || (tolerance !== undefined && tolerance !== 0 && !(bound * 4 < tolerance))) return undefined;
  if (held !== undefined && tolerance !== undefined && tolerance !== 0) {
    const below = held - tolerance;
    const above = held + tolerance;
    let keep: boolean;
    if (estimate - bound > below && estimate + bound < above) keep = true;
    else if (estimate + bound < below || estimate - bound > above) keep = false;
    else {
      const near = Math.abs(estimate - below) <= Math.abs(estimate - above) ? below : above;
      const side = sideOf(near);
      if (side === 0) return undefined;
      keep = near === below ? side > 0 : side < 0;
    }
    if (keep) return held;
  }
  // p̂ rounded half-up: ⌊p̂ + ½⌋.
  const floor = Math.floor(estimate);
  const frac = estimate - floor;
  if (Math.abs(frac - 0.5) > bound) return frac > 0.5 ? floor + 1 : floor;
  const tie = floor + 0.5;
  const side = sideOf(tie);
  return side === 0 ? undefined : side > 0 ? tie + 0.5 : tie - 0.5;
}

/**
 * S·g − b as an exact fraction, for a balance S (cents), the IVA-grossed rate g of a periodic
 * rate and a boundary b (a double, taken exactly): the sign says which side of b the product lies.
 *
 * @example
 * ```ts
 * const d = rateTimesBalanceMinus(39, { num: 1, den: 6 }, 0, 6.5); // a sixth of 39 cents, less 6.5
 * d.num; // 0n
 * rateTimesBalanceMinus(39, { num: 1, den: 6 }, 0, 6).num > 0n; // true
 * ```
 */
export function rateTimesBalanceMinus(balance: number, periodic: Rational, iva: number, boundary: number): Fraction {
  const b = dyadic(boundary);
  const P = BigInt(periodic.num) * BigInt(100 + iva);
  const Q = BigInt(periodic.den) * 100n;
  return { num: BigInt(balance) * P * b.den - b.num * Q, den: Q * b.den };
}
