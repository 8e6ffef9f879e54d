/**
 * The level payment of the French method and the rule that keeps it level to the cent.
 *
 * For a balance S (cents) with m payments left at the IVA-grossed periodic rate r, the ideal
 * payment is p̂ = S·r / (1 − (1+r)^−m) (S / m when r = 0). The schedule holds a cent payment and
 * re-derives it from the remaining balance whenever the ideal payment has moved `tolerance` cents
 * or more away from it (default ½: each payment is p̂ rounded half-up). That bounds the drift that
 * cent rounding would otherwise compound (see the reference: a naive 999-payment schedule ends
 * with a negative payment); a tolerance of 1 changes the payment less often but lets the last
 * payment absorb a few cents more.
 *
 * Two implementations of p̂ and of the two decisions taken on it: a float64 estimate with a
 * proven error bound (fast path), and decimal.js at 50 significant digits (used by the fast path
 * whenever the estimate is too close to a decision boundary, and by the reference schedule).
 */
import { Decimal, ROUND_HALF_UP } from '../money/decimal.js';
import { divRoundHalfUp } from '../money/cents.js';
import { rationalToDecimal, type Rational } from './rate.js';

/**
 * The IVA-grossed periodic rate in the two representations the decisions use.
 *
 * @example
 * ```ts
 * const rate = new PaymentRate({ num: 9, den: 800 }, 16, 0.5); // (13.5 % / 12, with 16 % IVA)
 * rate.exact.toString(); // '0.01305'
 * rate.r; // 0.013049999999999999 (the float64 estimate)
 * ```
 */
export class PaymentRate {
  /** float64 r and log1p(r), for the fast estimate. */
  readonly r: number;
  readonly log1pR: number;
  readonly isZero: boolean;
  /** Cents the ideal payment may move from the held one before it is re-derived. */
  readonly tolerance: number;
  readonly #periodic: Rational;
  readonly #iva: number;
  #exact: Decimal | undefined;

  constructor(periodic: Rational, iva: number, tolerance: number) {
    this.#periodic = periodic;
    this.#iva = iva;
    this.r = ((periodic.num / periodic.den) * (100 + iva)) / 100;
    this.log1pR = Math.log1p(this.r);
    this.isZero = periodic.num === 0;
    this.tolerance = tolerance;
  }

  /** Exact rate: the periodic interest rate × (100 + iva) / 100, computed on first use only
   * (decimal work happens when a decision falls near a boundary, not on every quote). */
  get exact(): Decimal {
    this.#exact ??= rationalToDecimal(this.#periodic)
      .mul(100 + this.#iva)
      .div(100);
    return this.#exact;
  }
}

/**
 * Builds the payment rate from the periodic interest rate and the VAT percentage.
 *
 * @example
 * ```ts
 * paymentRate({ num: 9, den: 800 }, 16).exact.toString(); // '0.01305' (13.5 % / 12 × 1.16)
 * ```
 */
export function paymentRate(periodic: Rational, iva: number, tolerance = 0.5): PaymentRate {
  return new PaymentRate(periodic, iva, tolerance);
}

/**
 * p̂ in cents, at 50 significant digits.
 *
 * @example
 * ```ts
 * idealPaymentDecimal(1_000_000, 4, paymentRate({ num: 37, den: 2400 }, 16)).toFixed(2); // '261276.13'
 * ```
 */
export function idealPaymentDecimal(balance: number, remaining: number, rate: PaymentRate): Decimal {
  if (rate.isZero) return new Decimal(balance).div(remaining);
  const r = rate.exact;
  const discount = Decimal.sub(1, r.add(1).pow(-remaining));
  return r.mul(balance).div(discount);
}

/**
 * Relative error bound of the float estimate: r carries 3 roundings, log1p ≤ 2 ulp, the product
 * with m one more, expm1 ≤ 2 ulp with a condition number ≤ 1 for −x ≤ 0, then two more
 * operations: under 16 units of 2^-53 in all. 2^-46 (64× that) leaves a wide margin.
 */
const RELATIVE_BOUND = 2 ** -46;

function idealPaymentFloat(balance: number, remaining: number, rate: PaymentRate): number {
  return (balance * rate.r) / -Math.expm1(-remaining * rate.log1pR);
}

/** round(p̂) half-up, exactly, for r = 0 (integer arithmetic). */
function roundZeroRate(balance: number, remaining: number): number {
  return divRoundHalfUp(balance, remaining);
}

/**
 * The first payment: p̂ of the whole loan, rounded half-up to the cent.
 *
 * @example
 * ```ts
 * initialPayment(1_000_000, 4, paymentRate({ num: 37, den: 2400 }, 16)); // 261276
 * ```
 */
export function initialPayment(balance: number, count: number, rate: PaymentRate): number {
  if (rate.isZero) return roundZeroRate(balance, count);
  const estimate = idealPaymentFloat(balance, count, rate);
  const bound = estimate * RELATIVE_BOUND + 1e-9;
  const floor = Math.floor(estimate);
  const frac = estimate - floor;
  if (Math.abs(frac - 0.5) > bound && floor + 1 < Number.MAX_SAFE_INTEGER) return frac > 0.5 ? floor + 1 : floor;
  return idealPaymentDecimal(balance, count, rate).toDecimalPlaces(0, ROUND_HALF_UP).toNumber();
}

/**
 * The payment to hold from here on: the current one, unless p̂ for the remaining balance is
 * `tolerance` cents or more away from it, in which case p̂ rounded half-up.
 *
 * @example
 * ```ts
 * rederivedPayment(261276, 756608, 3, paymentRate({ num: 37, den: 2400 }, 16)); // 261276 (still within ½ cent)
 * ```
 */
export function rederivedPayment(held: number, balance: number, remaining: number, rate: PaymentRate): number {
  const H = rate.tolerance;
  if (rate.isZero) {
    // |S/m − held| ≥ 1  ⇔  |S − held·m| ≥ m, in exact integers.
    return Math.abs(balance - held * remaining) >= H * remaining ? roundZeroRate(balance, remaining) : held;
  }
  const estimate = idealPaymentFloat(balance, remaining, rate);
  const bound = estimate * RELATIVE_BOUND + 1e-9;
  const distance = Math.abs(estimate - held);
  if (distance < H - bound) return held;
  if (distance > H + bound) {
    const floor = Math.floor(estimate);
    const frac = estimate - floor;
    if (Math.abs(frac - 0.5) > bound) return frac > 0.5 ? floor + 1 : floor;
  }
  return rederivedPaymentDecimal(held, balance, remaining, rate);
}

/**
 * {@link rederivedPayment} decided entirely in decimal.js (the reference rule).
 *
 * @example
 * ```ts
 * rederivedPaymentDecimal(261276, 756608, 3, paymentRate({ num: 37, den: 2400 }, 16)); // 261276
 * ```
 */
export function rederivedPaymentDecimal(held: number, balance: number, remaining: number, rate: PaymentRate): number {
  const H = rate.tolerance;
  const ideal = idealPaymentDecimal(balance, remaining, rate);
  if (ideal.sub(held).abs().lt(H)) return held;
  return ideal.toDecimalPlaces(0, ROUND_HALF_UP).toNumber();
}

/**
 * {@link initialPayment} decided entirely in decimal.js.
 *
 * @example
 * ```ts
 * initialPaymentDecimal(1001, 2, paymentRate({ num: 0, den: 1 }, 16)); // 501 (500.5 half-up)
 * ```
 */
export function initialPaymentDecimal(balance: number, count: number, rate: PaymentRate): number {
  return idealPaymentDecimal(balance, count, rate).toDecimalPlaces(0, ROUND_HALF_UP).toNumber();
}
