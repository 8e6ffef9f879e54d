/**
 * The level payment when the periods differ (an irregular first period, actual-day interest) or
 * when the loan carries a balloon: the exact level payment for the sequence of period rates.
 *
 * With gⱼ = ρⱼ × (1 + iva) the IVA-grossed rate of period j and dⱼ = 1 / (1 + gⱼ), the payment that
 * amortizes a balance S over periods k … e − 1, leaving a final capital B (the balloon), is
 *
 *     p̂ₖ = (S − B·Dₖ) / Aₖ,   Aₖ = Σ_{m=k}^{e−1} Π_{j=k}^{m} dⱼ,   Dₖ = Π_{j=k}^{e−1} dⱼ,
 *
 * computed for every k at once by the backward recurrences Aₖ = dₖ (1 + Aₖ₊₁) and Dₖ = dₖ Dₖ₊₁
 * (A_e = 0, D_e = 1). With equal rates it is S·r / (1 − (1 + r)^−m), the French payment.
 *
 * Two implementations, as for the equal-rate payment (`./payment.ts`): float64 arrays with an error
 * bound, and decimal.js at 50 digits, used when the float estimate falls within its bound of a
 * decision boundary and, always, by the reference schedule.
 */
import { Decimal, ROUND_HALF_UP } from '../money/decimal.js';
import type { Rational } from './rate.js';

/**
 * Bound on the relative error of the float recurrences over m periods: a discount carries 5
 * roundings (num / den, × (100 + iva), / 100, 1 +, 1 /), aₖ = dₖ(1 + aₖ₊₁) two more, and an
 * earlier period's error reaches aₖ damped (aₖ₊₁ / (1 + aₖ₊₁) < 1): at most 7 units a period, plus
 * the estimate's own few. ×2 margin (it was ×8: on the largest amounts most rows then fell within
 * the bound of a decision and went to decimal.js, 14 ms a quote); a test checks the estimate
 * against decimal.js within half of it.
 */
function relativeBound(m: number): number {
  return (14 * m + 64) * 2 ** -53;
}

/**
 * Level payments over a sequence of period rates, with the decisions the schedule takes on them.
 *
 * @example
 * ```ts
 * const annuity = new Annuity([{ num: 37, den: 2400 }, { num: 37, den: 2400 }, { num: 37, den: 2400 }, { num: 37, den: 2400 }], 16, 0.5);
 * annuity.initial(0, 1_000_000, 0); // 261276 (the French payment of the reference vector)
 * ```
 */
export class Annuity {
  /** Cents the ideal payment may drift from the held one before it is re-derived. */
  readonly tolerance: number;
  readonly #rates: readonly Rational[];
  readonly #iva: number;
  #end = 0;
  #a: Float64Array = new Float64Array(1);
  #d: Float64Array = new Float64Array(1);
  #exactA: Decimal[] | undefined;
  #exactD: Decimal[] | undefined;

  constructor(rates: readonly Rational[], iva: number, tolerance: number) {
    this.#rates = rates;
    this.#iva = iva;
    this.tolerance = tolerance;
    this.setEnd(rates.length);
  }

  /** The last period (exclusive) the level payments run to. */
  get end(): number {
    return this.#end;
  }

  /** Re-targets the payments to end before period `end` (the arrays are recomputed). */
  setEnd(end: number): void {
    this.#end = end;
    const a = new Float64Array(end + 1);
    const d = new Float64Array(end + 1);
    d[end] = 1;
    for (let k = end - 1; k >= 0; k--) {
      const rate = this.#rates[k] as Rational;
      const discount = 1 / (1 + ((rate.num / rate.den) * (100 + this.#iva)) / 100);
      a[k] = discount * (1 + (a[k + 1] as number));
      d[k] = discount * (d[k + 1] as number);
    }
    this.#a = a;
    this.#d = d;
    this.#exactA = undefined;
    this.#exactD = undefined;
  }

  #exactArrays(): [Decimal[], Decimal[]] {
    if (this.#exactA === undefined || this.#exactD === undefined) {
      const end = this.#end;
      const a = new Array<Decimal>(end + 1);
      const d = new Array<Decimal>(end + 1);
      a[end] = new Decimal(0);
      d[end] = new Decimal(1);
      // A period's discount depends on its rate alone, and the rates of a schedule take few values
      // (actual days: 28 to 31 of them): each distinct one is divided out once, the same Decimal.
      const discounts = new Map<string, Decimal>();
      for (let k = end - 1; k >= 0; k--) {
        const rate = this.#rates[k] as Rational;
        const key = `${rate.num}/${rate.den}`;
        let discount = discounts.get(key);
        if (discount === undefined) {
          const grossed = new Decimal(rate.num).mul(100 + this.#iva).div(new Decimal(rate.den).mul(100));
          discount = new Decimal(1).div(grossed.add(1));
          discounts.set(key, discount);
        }
        a[k] = discount.mul((a[k + 1] as Decimal).add(1));
        d[k] = discount.mul(d[k + 1] as Decimal);
      }
      this.#exactA = a;
      this.#exactD = d;
    }
    return [this.#exactA, this.#exactD];
  }

  /**
   * p̂ₖ at 50 digits for balance S with a final capital of min(balloon, S).
   *
   * @example
   * ```ts
   * new Annuity([{ num: 0, den: 1 }, { num: 0, den: 1 }], 16, 0.5).idealExact(0, 1001, 0).toString(); // '500.5'
   * ```
   */
  idealExact(k: number, balance: number, balloon: number): Decimal {
    const [a, d] = this.#exactArrays();
    const final = Math.min(balloon, balance);
    return new Decimal(balance).sub((d[k] as Decimal).mul(final)).div(a[k] as Decimal);
  }

  /**
   * The float estimate of p̂ₖ and a bound on its absolute error.
   *
   * @example
   * ```ts
   * const [estimate, bound] = new Annuity([{ num: 37, den: 2400 }, { num: 37, den: 2400 }], 16, 0.5).estimate(0, 1_000_000, 0);
   * Math.abs(estimate - 513_452.12) < 0.01 && bound < 1e-6; // true
   * ```
   */
  estimate(k: number, balance: number, balloon: number): [number, number] {
    const a = this.#a[k] as number;
    const d = this.#d[k] as number;
    const final = Math.min(balloon, balance);
    const value = (balance - final * d) / a;
    return [value, ((balance + final * d) / a) * relativeBound(this.#end - k) + 1e-9];
  }

  /**
   * The payment from period k on: p̂ₖ rounded half-up to the cent.
   *
   * @example
   * ```ts
   * new Annuity([{ num: 0, den: 1 }, { num: 0, den: 1 }], 16, 0.5).initial(0, 1001, 0); // 501
   * ```
   */
  initial(k: number, balance: number, balloon: number): number {
    const [estimate, bound] = this.estimate(k, balance, balloon);
    const floor = Math.floor(estimate);
    const frac = estimate - floor;
    if (Math.abs(frac - 0.5) > bound && frac - bound > -0.5 && frac + bound < 1.5) return frac > 0.5 ? floor + 1 : floor;
    return this.initialExact(k, balance, balloon);
  }

  /**
   * {@link Annuity.initial} decided at 50 digits.
   *
   * @example
   * ```ts
   * new Annuity([{ num: 0, den: 1 }, { num: 0, den: 1 }], 16, 0.5).initialExact(0, 1001, 0); // 501
   * ```
   */
  initialExact(k: number, balance: number, balloon: number): number {
    return this.idealExact(k, balance, balloon).toDecimalPlaces(0, ROUND_HALF_UP).toNumber();
  }

  /**
   * The payment to hold at period k: `held`, unless p̂ₖ is `tolerance` cents or more away from it,
   * then p̂ₖ rounded half-up.
   *
   * @example
   * ```ts
   * new Annuity([{ num: 0, den: 1 }, { num: 0, den: 1 }, { num: 0, den: 1 }], 16, 0.5).rederive(400, 1, 1000, 0); // 500
   * ```
   */
  rederive(held: number, k: number, balance: number, balloon: number): number {
    const H = this.tolerance;
    const [estimate, bound] = this.estimate(k, balance, balloon);
    const distance = Math.abs(estimate - held);
    if (distance < H - bound) return held;
    if (distance > H + bound) {
      const floor = Math.floor(estimate);
      const frac = estimate - floor;
      if (Math.abs(frac - 0.5) > bound && frac - bound > -0.5 && frac + bound < 1.5) return frac > 0.5 ? floor + 1 : floor;
    }
    return this.rederiveExact(held, k, balance, balloon);
  }

  /**
   * {@link Annuity.rederive} decided at 50 digits.
   *
   * @example
   * ```ts
   * new Annuity([{ num: 0, den: 1 }, { num: 0, den: 1 }, { num: 0, den: 1 }], 16, 0.5).rederiveExact(500, 1, 1000, 0); // 500
   * ```
   */
  rederiveExact(held: number, k: number, balance: number, balloon: number): number {
    const ideal = this.idealExact(k, balance, balloon);
    if (ideal.sub(held).abs().lt(this.tolerance)) return held;
    return ideal.toDecimalPlaces(0, ROUND_HALF_UP).toNumber();
  }
}
