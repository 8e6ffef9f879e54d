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
 * proven error bound (fast path), and an exact one (used by the fast path whenever the estimate is
 * too close to a decision boundary, and by the reference schedule): decimal.js at 50 significant
 * digits where it is farther than 10⁻³⁰ from every boundary, exact integers otherwise
 * (`./exactPayment.ts`).
 */
import { Decimal, ROUND_HALF_UP } from '../money/decimal.js';
import { divRoundHalfUp } from '../money/cents.js';
import {
  type Fraction,
  decideBySides,
  frenchIdealFraction,
  heldOrRounded,
  rateTimesBalanceMinus,
  roundHalfUpFraction,
} from './exactPayment.js';
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

  /**
   * Which side of a boundary b (a double, taken exactly) p̂ lies on, without a power: p̂ = S·r + e
   * with e = S·r·w / (1 − w) > 0 (w = (1 + r)^−m). S·r − b is exact in integers; when it is
   * negative its logarithm is compared with e's, ln S + ln r − m·log1p r − ln(−expm1(−m·log1p r)),
   * which float64 knows within 10⁻¹¹ (no underflow: it stays in logarithms). 1 above, −1 below, 0
   * when the two logarithms are within 10⁻⁹ (then the integers decide). This is what decides a
   * nearly interest-only loan whose S·r sits on a boundary: e is 10⁻³⁰ cents and less there.
   *
   * @example
   * ```ts
   * paymentRate({ num: 1, den: 6 }, 0).sideOf(39, 2, 24.5); // 0 (p̂ is exactly 24.5: undecided)
   * paymentRate({ num: 1, den: 6 }, 0).sideOf(39, 600, 6.5); // 1 (p̂ = 6.5 + 10⁻⁴⁷ or so)
   * paymentRate({ num: 1, den: 6 }, 0).sideOf(39, 2, 24); // 1
   * ```
   */
  sideOf(balance: number, remaining: number, boundary: number): -1 | 0 | 1 {
    if (this.isZero) return 0;
    const gap = rateTimesBalanceMinus(balance, this.#periodic, this.#iva, boundary); // S·r − b
    if (gap.num >= 0n) return balance > 0 ? 1 : gap.num > 0n ? 1 : 0;
    if (balance === 0) return -1;
    const lnGap = Math.log(Number(-gap.num)) - Math.log(Number(gap.den));
    const x = remaining * this.log1pR;
    const lnExcess = Math.log(balance) + Math.log(this.r) - x - Math.log(-Math.expm1(-x));
    if (lnExcess < lnGap - 1e-9) return -1;
    if (lnExcess > lnGap + 1e-9) return 1;
    return 0;
  }

  /**
   * p̂ for `remaining` payments on `balance` as an exact fraction (`./exactPayment.ts`).
   *
   * @example
   * ```ts
   * const p = paymentRate({ num: 1, den: 6 }, 0).idealFraction(39, 2);
   * Number(p.num) / Number(p.den); // 24.5
   * ```
   */
  idealFraction(balance: number, remaining: number): Fraction {
    return frenchIdealFraction(balance, remaining, this.#periodic, this.#iva);
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
  // (1 + r)^−m below 10⁻⁵² (float64 knows m·log1p r to far better than the margin): 1 minus it
  // rounds to exactly 1 at 50 digits, so the quotient is r × balance, the value below without the
  // 50-digit power (20 µs a row; at 1,000 % over 999 payments every row's payment is a tie that
  // float64 cannot decide, and the quote took 20 ms).
  if (remaining * rate.log1pR > 120) return r.mul(balance);
  const discount = Decimal.sub(1, r.add(1).pow(-remaining));
  return r.mul(balance).div(discount);
}

/**
 * Relative error bound of the float estimate: r carries 3 roundings (p̂'s sensitivity to r is at
 * most 1), log1p ≤ 2 ulp, the product with m one more, expm1 ≤ 2 ulp with a condition number ≤ 1
 * for −x ≤ 0, then two more operations: under 16 units of 2^-53 in all. 2^-48 is twice that (a
 * test checks the estimate against decimal.js within half of it). It was 2^-46: on the largest
 * amounts (10¹³ cents) the wider bound sent 172 of 999 rows to decimal.js, 3 ms of a 5 ms quote.
 *
 * @example
 * ```ts
 * RELATIVE_BOUND * 2 ** 53; // 32
 * ```
 */
export const RELATIVE_BOUND = 2 ** -48;

/**
 * p̂ in float64 (cents), within `estimate × RELATIVE_BOUND` of the exact value.
 *
 * @example
 * ```ts
 * idealPaymentFloat(1_000_000, 4, paymentRate({ num: 37, den: 2400 }, 16)); // 261276.13313722712
 * ```
 */
export function idealPaymentFloat(balance: number, remaining: number, rate: PaymentRate): number {
  return (balance * rate.r) / -Math.expm1(-remaining * rate.log1pR);
}

/**
 * The float64 estimates of p̂ for the rows of a schedule, in order: row k (k = 1, 2, …) has
 * count − k payments left, and p̂ = S·r / (1 − w) with w = (1 + r)^−(count − k), stepped by one
 * multiplication a row from w = e^(−(count − 1)·log1p r), with a rigorous error bound.
 *
 * Relative error of w, in units of 2^−53: the exponent's rounding (log1p, the product) ≤ 2·count·L
 * (L = log1p r), exp 1, each multiplication 2 (1 + r rounded, the product), and r itself (3 units
 * from the exact rate) compounded over at most count rows, 3·count·r: so errW = (3·count·(L + r) +
 * 2·count + 8) units. 1 − w then carries w·errW / (1 − w) relatively, and S·r·(1 / (1 − w)) seven
 * more units (r, 1 − w, the reciprocal, two products; one division a row, shared with the bound,
 * instead of two); `bound` is twice the sum (8 units counted), plus 10⁻⁹ cents. A test checks every
 * estimate against decimal.js within half its bound.
 *
 * The rule holds no state: the caller steps w (`firstW`, then × `rho` a row) and asks for a row's
 * `estimate` and `bound` with its 1 / (1 − w), so a schedule's loop keeps w in a local (V8 boxed a
 * number stored in a private field at every store).
 *
 * @example
 * ```ts
 * const ideal = IdealPayments.stepping(paymentRate({ num: 37, den: 2400 }, 16), 4)!;
 * const inverse = 1 / (1 - ideal.firstW); // (row 1: 3 payments left)
 * const estimate = ideal.estimate(756_608, inverse);
 * ideal.bound(estimate, ideal.firstW, inverse) < 1e-6; // true (the bound in cents)
 * Math.abs(estimate - idealPaymentDecimal(756_608, 3, paymentRate({ num: 37, den: 2400 }, 16)).toNumber()) < ideal.bound(estimate, ideal.firstW, inverse); // true
 * ```
 */
export class IdealPayments {
  /** w of row 1: e^(−(count − 1)·log1p r). */
  readonly firstW: number;
  /** 1 + r: a row's w is the previous row's times it. */
  readonly rho: number;
  readonly #r: number;
  readonly #errW: number;

  private constructor(rate: PaymentRate, count: number) {
    this.#r = rate.r;
    this.rho = 1 + rate.r;
    this.#errW = (3 * count * (rate.log1pR + rate.r) + 2 * count + 8) * EPS * 1.01;
    this.firstW = Math.exp(-(count - 1) * rate.log1pR);
  }

  /** The stepping rule for a schedule of `count` payments; undefined for r = 0 or where w would underflow. */
  static stepping(rate: PaymentRate, count: number): IdealPayments | undefined {
    return rate.isZero || !(count * rate.log1pR < 600) ? undefined : new IdealPayments(rate, count);
  }

  /** p̂'s estimate (cents) for a row's opening `balance`, given the row's 1 / (1 − w). */
  estimate(balance: number, inverse: number): number {
    return balance * this.#r * inverse;
  }

  /** The bound on that estimate's error (cents), given the row's w and 1 / (1 − w). */
  bound(estimate: number, w: number, inverse: number): number {
    return estimate * 2 * (w * this.#errW * inverse + 8 * EPS) + 1e-9;
  }
}

const EPS = 2 ** -53;

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
  return (
    decideBySides(undefined, estimate, bound, undefined, (b) => rate.sideOf(balance, count, b)) ?? initialPaymentExact(balance, count, rate)
  );
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
  return rederivedFromEstimate(held, balance, remaining, rate, estimate, estimate * RELATIVE_BOUND + 1e-9);
}

/**
 * {@link rederivedPayment} given a float64 estimate of p̂ and a bound on its error (cents): decided
 * in float64 when the estimate is farther than the bound from both decision boundaries (the
 * tolerance, and a half cent for the rounding), else in decimal.js.
 *
 * @example
 * ```ts
 * rederivedFromEstimate(261276, 756608, 3, paymentRate({ num: 37, den: 2400 }, 16), 261276.1, 1e-6); // 261276
 * ```
 */
export function rederivedFromEstimate(
  held: number,
  balance: number,
  remaining: number,
  rate: PaymentRate,
  estimate: number,
  bound: number,
): number {
  const H = rate.tolerance;
  const distance = Math.abs(estimate - held);
  if (distance < H - bound) return held;
  if (distance > H + bound) {
    const floor = Math.floor(estimate);
    const frac = estimate - floor;
    if (Math.abs(frac - 0.5) > bound) return frac > 0.5 ? floor + 1 : floor;
  }
  // Near a boundary: the side test (nearly interest-only loans whose r·S sits on a half cent or on
  // held ± tolerance: at 1,000 % most rows do), else the exact decision.
  const decided = decideBySides(held, estimate, bound, H, (b) => rate.sideOf(balance, remaining, b));
  if (decided !== undefined) return decided;
  return rederivedPaymentExact(held, balance, remaining, rate);
}

/**
 * Relative margin kept around a decision boundary when decimal.js's 50-digit p̂ decides: its
 * operations are each within a unit of the 50th digit and the largest amplification, 1 − (1 + r)^−m
 * at the lowest rate (10⁻¹¹ a day), is 10¹¹, so its p̂ is within 10⁻³⁸ of the exact one; 10⁻³⁰ leaves
 * eight orders to spare. Within it (exact ties) the integers decide.
 */
const DECIMAL_MARGIN = new Decimal('1e-30');

/**
 * {@link rederivedPayment} decided exactly (the reference rule): decimal.js's 50-digit p̂ where it
 * is farther than {@link DECIMAL_MARGIN} from every boundary, exact integers (`./exactPayment.ts`)
 * otherwise. (decimal.js alone took the wrong side of exact half-cent ties: 24.5 came out as
 * 24.4999…97 and a three-payment quote was a cent off.)
 *
 * @example
 * ```ts
 * rederivedPaymentExact(261276, 756608, 3, paymentRate({ num: 37, den: 2400 }, 16)); // 261276
 * rederivedPaymentExact(24, 39, 2, paymentRate({ num: 1, den: 6 }, 0)); // 25 (p̂ = 24.5 exactly)
 * ```
 */
export function rederivedPaymentExact(held: number, balance: number, remaining: number, rate: PaymentRate): number {
  const H = rate.tolerance;
  const ideal = idealPaymentDecimal(balance, remaining, rate);
  const margin = ideal.abs().add(1).mul(DECIMAL_MARGIN);
  const distance = ideal.sub(held).abs();
  if (distance.lt(Decimal.sub(H, margin))) return held;
  if (distance.gt(Decimal.add(H, margin))) {
    const floor = ideal.floor();
    const frac = ideal.sub(floor).sub(0.5).abs();
    if (frac.gt(margin)) return ideal.toDecimalPlaces(0, ROUND_HALF_UP).toNumber();
  }
  return heldOrRounded(held, rate.idealFraction(balance, remaining), H);
}

/**
 * {@link initialPayment} decided exactly: decimal.js's p̂ away from a half cent, integers on it.
 *
 * @example
 * ```ts
 * initialPaymentExact(1001, 2, paymentRate({ num: 0, den: 1 }, 16)); // 501 (500.5 half-up)
 * initialPaymentExact(39, 2, paymentRate({ num: 1, den: 6 }, 0)); // 25 (p̂ = 24.5 exactly)
 * ```
 */
export function initialPaymentExact(balance: number, count: number, rate: PaymentRate): number {
  const ideal = idealPaymentDecimal(balance, count, rate);
  const margin = ideal.abs().add(1).mul(DECIMAL_MARGIN);
  if (ideal.sub(ideal.floor()).sub(0.5).abs().gt(margin)) return ideal.toDecimalPlaces(0, ROUND_HALF_UP).toNumber();
  return roundHalfUpFraction(rate.idealFraction(balance, count));
}
