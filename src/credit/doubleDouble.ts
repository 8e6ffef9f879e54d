/**
 * Double-double arithmetic (Dekker 1971; no fused multiply-add in JavaScript): a value is an
 * unevaluated sum hi + lo of two doubles, about 106 bits; exact products by splitting each factor
 * in two 26-bit halves, exact sums by Knuth's two-sum. Each operation leaves its result in this
 * module's `hi` and `lo` (read them right after the call: no pair is allocated on the level
 * payment's hot path). Used by `./annuity.ts`.
 *
 * Speed: the annuity's recurrences and estimate in double-double instead of plain doubles, whose
 * bound ((14m + 64)·2^−53 relative) is wider than half a cent on the largest amounts over hundreds of
 * periods and sends every row to the exact integers; buys 2.8–3.7 ms of 1.2–1.5 ms per quote of 999
 * monthly payments on the largest amounts under actual/365 with prepayments, and 2.1–3.8 ms of
 * 1.1–1.9 ms on the weekly one with a balloon (A/B on npm run bench's slowest-quotes group,
 * 2026-11-26, 62d6257).
 */

const SPLIT = 134_217_729; // 2^27 + 1

/** The high part of the last result. */
export let hi = 0;
/** The low part of the last result. */
export let lo = 0;

/**
 * The last result as a pair [hi, lo] (for reading it outside the hot path).
 *
 * @example
 * ```ts
 * ddAdd(2, 0, 3);
 * pair(); // [5, 0]
 * ```
 */
export function pair(): [number, number] {
  return [hi, lo];
}

/**
 * a × b exactly as hi + lo (|a|, |b| < 2^996).
 *
 * @example
 * ```ts
 * twoProduct(0.1, 3);
 * pair()[0] === 0.1 * 3 && pair()[1] !== 0; // true (the product's rounding error is the low part)
 * ```
 */
export function twoProduct(a: number, b: number): void {
  const p = a * b;
  const ca = SPLIT * a;
  const ah = ca - (ca - a);
  const al = a - ah;
  const cb = SPLIT * b;
  const bh = cb - (cb - b);
  const bl = b - bh;
  hi = p;
  lo = ah * bh - p + ah * bl + al * bh + al * bl;
}

/**
 * (ah + al) × (bh + bl) → hi + lo.
 *
 * @example
 * ```ts
 * ddMul(3, 0, 5, 0);
 * pair(); // [15, 0]
 * ```
 */
export function ddMul(ah: number, al: number, bh: number, bl: number): void {
  twoProduct(ah, bh);
  const e = lo + (ah * bl + al * bh);
  const s = hi + e;
  lo = e - (s - hi);
  hi = s;
}

/**
 * (ah + al) + b → hi + lo.
 *
 * @example
 * ```ts
 * ddAdd(1, 0, 2 ** -60);
 * pair(); // [1, 8.673617379884035e-19]
 * ```
 */
export function ddAdd(ah: number, al: number, b: number): void {
  const s = ah + b;
  const v = s - ah;
  const e = ah - (s - v) + (b - v) + al;
  hi = s + e;
  lo = e - (hi - s);
}

/**
 * (ah + al) / (bh + bl) → hi + lo.
 *
 * @example
 * ```ts
 * ddDiv(1, 0, 4, 0);
 * pair(); // [0.25, 0]
 * ```
 */
export function ddDiv(ah: number, al: number, bh: number, bl: number): void {
  const q1 = ah / bh;
  ddMul(q1, 0, bh, bl); // q1 · b
  const rh = hi;
  const rl = lo;
  ddAdd(ah, al, -rh); // a − q1·b
  const r = hi + (lo - rl);
  const q2 = r / bh;
  hi = q1 + q2;
  lo = q2 - (hi - q1);
}
