/**
 * The published CAT: a percentage with one decimal, rounded half-up (ties away from zero), and its
 * ceiling. The tenth is decided by comparing the root with the exact rounding boundaries
 * (M ± ½)/1000: each solver answers a comparison from its certified float bracket when it can and
 * from the exact present value (`./exact.ts`) when the boundary falls inside the bracket, so the
 * tenth is exact at every magnitude up to the ceiling.
 */
import type { QuoteError } from '../errors/quoteError.js';
import { catError } from './messages.js';

/**
 * The highest CAT published, as a rate: 10⁹ = 100,000,000,000.0 %. Up to it the float64 root places
 * every tenth within a hundredth of a tenth, so the exact comparisons settle it in a step or two; a
 * quote whose only cost is its interest stays far below it (999.999999 % a year paid weekly is about
 * 1,060,000 %). Above it lie disbursements almost entirely eaten by charges, or insurance out of all
 * proportion with the loan, and the quote is `ERRNEG001` rather than a figure nobody can use.
 *
 * @example
 * ```ts
 * CAT_CEILING; // 1000000000
 * ```
 */
export const CAT_CEILING = 1_000_000_000;

/** The ceiling in tenths of a percent. */
const CEILING_TENTHS = CAT_CEILING * 1000;

/**
 * A rounding boundary of the tenth as an exact fraction: the rate num / 2000 (num odd).
 *
 * @example
 * ```ts
 * const b: TenthBoundary = { num: 1031, den: 2000 };
 * b.num / b.den; // 0.5155 (51.55 %)
 * ```
 */
export interface TenthBoundary {
  readonly num: number;
  readonly den: number;
}

/** Sign of (root − boundary): −1 below, 0 exactly at, 1 above. */
export type BoundaryComparison = (boundary: TenthBoundary) => -1 | 0 | 1;

/**
 * The error of a CAT above {@link CAT_CEILING}, on `field`.
 *
 * @example
 * ```ts
 * catAboveCeiling('cat').codigoError; // 'ERRNEG001'
 * ```
 */
export function catAboveCeiling(field: string): QuoteError {
  return catError('ERRNEG001', 'catExcedeTecho', field, { ceiling: '100,000,000,000.0' });
}

/**
 * Tenths of a percent M of the root, half-up with ties away from zero, from an estimate of the rate
 * and an exact comparison with the boundaries: M is the integer with (M − ½)/1000 ≤ root <
 * (M + ½)/1000 (for M > 0; the closed end is toward zero for M ≤ 0). Throws {@link catAboveCeiling}
 * (on `cat`) above the ceiling.
 *
 * @example
 * ```ts
 * // A root of exactly 0.5155 (the boundary of 51.5 and 51.6 %) rounds up.
 * decideTenths(0.5155, (b) => Math.sign(5155 * b.den - 10_000 * b.num) as -1 | 0 | 1); // 516
 * ```
 */
export function decideTenths(estimate: number, compare: BoundaryComparison): number {
  if (!(estimate < CAT_CEILING * 2)) throw catAboveCeiling('cat');
  let m = Math.round(estimate * 1000) || 0; // never −0
  for (let step = 0; step < 64; step++) {
    // The root must be at or above the lower boundary (strictly above for M ≤ 0) …
    const below = compare({ num: 2 * m - 1, den: 2000 });
    if (below < 0 || (below === 0 && m <= 0)) {
      m--;
      continue;
    }
    // … and below the upper one (at most at it for M < 0).
    const above = compare({ num: 2 * m + 1, den: 2000 });
    if (above > 0 || (above === 0 && m >= 0)) {
      m++;
      continue;
    }
    if (m > CEILING_TENTHS) throw catAboveCeiling('cat');
    return m;
  }
  throw catError('ERRNEG001', 'catIndeterminado', 'cat'); // not reached: the estimate is within a tenth or two
}

/**
 * Tenths of a percent as the interface's text: plain decimal digits, one decimal (`^-?\d+\.\d$`).
 *
 * @example
 * ```ts
 * formatTenths(515); // "51.5"
 * ```
 */
export function formatTenths(tenths: number): string {
  const m = Math.abs(tenths);
  return `${tenths < 0 ? '-' : ''}${Math.floor(m / 10)}.${m % 10}`;
}
