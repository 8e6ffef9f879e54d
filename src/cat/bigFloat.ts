/**
 * BigInt floating point for the CAT's exact side (`./exact.ts`, the signs of present values) and
 * its explanation (`./explain.ts`, the decimal figures a person reads): a value is m × 2^e with F
 * significant bits in m, logarithms and exponentials by series on fixed-point numbers (x / 2^F).
 * Error bounds are counted in units U = 2^(40 − F): far more than the worst rounding of each step
 * (a series term, a product, the reduction by ln 2 scaled by the size of the argument), so the
 * bound is safe.
 */

/**
 * An exact rational num / den (den > 0).
 *
 * @example
 * ```ts
 * const half: BigRational = { num: 1n, den: 2n };
 * ```
 */
export interface BigRational {
  readonly num: bigint;
  readonly den: bigint;
}

/**
 * A binary floating-point value m × 2^e (m a BigInt of at most F bits, F chosen by the caller).
 *
 * @example
 * ```ts
 * const threeQuarters: BigFloat = { m: 3n, e: -2 };
 * ```
 */
export interface BigFloat {
  readonly m: bigint;
  readonly e: number;
}

/**
 * A fixed-point number x / 2^F (F fraction bits, chosen by the caller).
 *
 * @example
 * ```ts
 * const oneAndAHalf: Fixed = 3n << 63n;
 * Number(oneAndAHalf) / 2 ** 64; // 1.5 (F = 64)
 * ```
 */
export type Fixed = bigint;

/**
 * |x| of a BigInt.
 *
 * @example
 * ```ts
 * absBig(-5n); // 5n
 * ```
 */
export const absBig = (x: bigint): bigint => (x < 0n ? -x : x);

const HEX_TOP_BITS = [0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];

/**
 * The number of bits of |x| (0 for 0).
 *
 * @example
 * ```ts
 * [bitLength(0n), bitLength(1n), bitLength(-255n), bitLength(256n)]; // [0, 1, 8, 9]
 * ```
 */
export function bitLength(x: bigint): number {
  if (x === 0n) return 0;
  const hex = absBig(x).toString(16);
  return (hex.length - 1) * 4 + (HEX_TOP_BITS[Number.parseInt(hex[0] as string, 16)] as number);
}

/**
 * Keeps F significant bits of m × 2^e (truncation: an error below one unit of the last bit).
 *
 * @example
 * ```ts
 * normalize(0b1011n, 0, 2); // { m: 2n, e: 2 } (11 truncated to 8)
 * ```
 */
export function normalize(m: bigint, e: number, F: number): BigFloat {
  const extra = bitLength(m) - F;
  return extra > 0 ? { m: m >> BigInt(extra), e: e + extra } : { m, e };
}

/**
 * The product of two BigFloats, to F bits (truncated).
 *
 * @example
 * ```ts
 * mul({ m: 3n, e: -1 }, { m: 3n, e: -1 }, 64); // { m: 9n, e: -2 } (1.5 × 1.5 = 2.25)
 * ```
 */
export const mul = (a: BigFloat, b: BigFloat, F: number): BigFloat => normalize(a.m * b.m, a.e + b.e, F);

/** atanh(z) = z + z³/3 + z⁵/5 + … for a fixed-point |z| ≤ 1/3 (odd: the series runs on |z|, shifts truncating toward zero). */
function atanhFixed(z: Fixed, F: number): Fixed {
  if (z < 0n) return -atanhFixed(-z, F);
  const z2 = (z * z) >> BigInt(F);
  let power = z;
  let sum = 0n;
  for (let k = 1n; power !== 0n; k += 2n) {
    sum += power / k;
    power = (power * z2) >> BigInt(F);
  }
  return sum;
}

const LN2_CACHE = new Map<number, Fixed>();

/** ln 2 = 2 atanh(1/3), to F fraction bits. */
function ln2Fixed(F: number): Fixed {
  let value = LN2_CACHE.get(F);
  if (value === undefined) {
    value = 2n * atanhFixed((1n << BigInt(F)) / 3n, F);
    LN2_CACHE.set(F, value);
  }
  return value;
}

/**
 * ln(c) for a rational c > 0, to F fraction bits.
 *
 * @example
 * ```ts
 * Number(lnRational({ num: 2n, den: 1n }, 64) >> 32n) / 2 ** 32; // 0.6931471803691238 (ln 2 = 0.693147180559945…, to 32 bits)
 * ```
 */
export function lnRational(c: BigRational, F: number): Fixed {
  // c = 2^k × m with m in [0.7, 1.4]: ln c = k ln 2 + 2 atanh((m − 1)/(m + 1)), |z| ≤ 0.18.
  let k = bitLength(c.num) - bitLength(c.den);
  const fixedOf = (shift: number): Fixed =>
    shift >= 0 ? (c.num << BigInt(F)) / (c.den << BigInt(shift)) : (c.num << BigInt(F - shift)) / c.den;
  const one = 1n << BigInt(F);
  const upper = (14n * one) / 10n;
  const lower = (7n * one) / 10n;
  let m = fixedOf(k);
  while (m > upper) m = fixedOf(++k);
  while (m < lower) m = fixedOf(--k);
  const z = ((m - one) << BigInt(F)) / (m + one);
  return BigInt(k) * ln2Fixed(F) + 2n * atanhFixed(z, F);
}

/**
 * e^y for a fixed-point y (F fraction bits), as a BigFloat of F bits; relative error at most
 * {@link expErrorUnits} units U = 2^(40 − F).
 *
 * @example
 * ```ts
 * const e = expFixed(-(1n << 64n), 64); // e^−1
 * Number(e.m) * 2 ** e.e; // 0.36787944117144233
 * ```
 */
export function expFixed(y: Fixed, F: number): BigFloat {
  const ln2 = ln2Fixed(F);
  // y = k ln 2 + r, |r| ≤ ln 2; e^r = (e^(r / 2^8))^(2^8).
  const k = y / ln2;
  const r = y - k * ln2;
  const H = 8;
  const small = r >> BigInt(H);
  const one = 1n << BigInt(F);
  let term = one;
  let sum = one;
  for (let i = 1n; term !== 0n; i++) {
    term = (term * small) / (i << BigInt(F));
    sum += term;
  }
  let value: BigFloat = normalize(sum, -F, F);
  for (let i = 0; i < H; i++) value = mul(value, value, F);
  return { m: value.m, e: value.e + Number(k) };
}

/**
 * The bound, in units U = 2^(40 − F), on the relative error of e^(−L·t) computed as
 * `expFixed((−L·t) / 1, F)` from L = `lnRational(c, F)`: it grows with |L·t| (the reduction by
 * ln 2 and the error of L, times t), here bounded by (⌊t⌋ + 1)(|⌊L⌋| + 2), plus a few units for the
 * series, the squarings and a product. `whole` is ⌊t⌋ (t ≥ 0).
 *
 * @example
 * ```ts
 * expErrorUnits(0n, lnRational({ num: 3n, den: 2n }, 64), 64); // 6 (t < 1 at a rate of 50 %)
 * ```
 */
export function expErrorUnits(whole: bigint, L: Fixed, F: number): number {
  return 4 + Math.ceil((Number(whole) + 1) * (Math.abs(Number(L >> BigInt(F))) + 2));
}
