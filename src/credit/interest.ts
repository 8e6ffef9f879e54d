/**
 * The interest of a period and its IVA, in integer cents: one exact integer division each, with
 * half-up rounding named.
 */
import { divRoundHalfUp, mulDivRoundHalfUp } from '../money/cents.js';
import type { Rational } from './rate.js';

/**
 * One period's interest in cents, exact.
 *
 * @example
 * ```ts
 * periodInterest(1_000_000, { num: 37, den: 2400 }); // 15417 (154.1666… → 154.17)
 * ```
 */
export function periodInterest(balance: number, periodic: Rational): number {
  return mulDivRoundHalfUp(balance, periodic.num, periodic.den);
}

/**
 * IVA of an interest amount, exact.
 *
 * @example
 * ```ts
 * interestVat(15417, 16); // 2467 (24.6672 → 24.67)
 * ```
 */
export function interestVat(interest: number, iva: number): number {
  return divRoundHalfUp(interest * iva, 100);
}
