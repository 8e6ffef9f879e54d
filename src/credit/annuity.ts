/**
 * The level payment when the periods differ (an irregular first period, actual-day interest, a
 * promotion) or when the loan carries a balloon or planned extra payments (anualidades): the exact
 * level payment for the sequence of period rates.
 *
 * With gⱼ = ρⱼ × (1 + iva) the IVA-grossed rate of period j and dⱼ = 1 / (1 + gⱼ), the payment that
 * amortizes a balance S over periods k … e − 1, leaving a final capital B (the balloon) and paying
 * Xⱼ of capital besides it with payment j (the anualidades), is
 *
 *     p̂ₖ = (S − B·Dₖ − Eₖ) / Aₖ,   Aₖ = Σ_{m=k}^{e−1} Π_{j=k}^{m} dⱼ,   Dₖ = Π_{j=k}^{e−1} dⱼ,
 *     Eₖ = Σ_{m=k}^{e−1} Xₘ Π_{j=k}^{m} dⱼ  (the present value of the anualidades still to come),
 *
 * computed for every k at once by the backward recurrences Aₖ = dₖ (1 + Aₖ₊₁), Dₖ = dₖ Dₖ₊₁ and
 * Eₖ = dₖ (Xₖ + Eₖ₊₁) (A_e = E_e = 0, D_e = 1). With equal rates and no anualidad it is
 * S·r / (1 − (1 + r)^−m), the French payment.
 *
 * Two implementations, as for the equal-rate payment (`./payment.ts`): double-double arrays with an
 * error bound, and exact integers (αₖ, Πₖ, δₖ below; `./exactPayment.ts`), used when the estimate
 * falls within its bound of a decision boundary and, always, by the reference schedule. (They were
 * decimal.js at 50 digits, which takes the wrong side of an exact half-cent tie when a discount has
 * no finite decimal expansion.)
 *
 * Half-cent ties without the exact arrays. With g the least of the rates gⱼ from k on and B = min(balloon, S),
 *
 *     p̂ₖ ≥ S·g   (equality only when B = S),
 *
 * since fₖ = 1 − g·Aₖ − Dₖ is ≥ 0: f_e = 0 and fₖ = 1 − dₖ(1 + g) + dₖ·fₖ₊₁ with dₖ(1 + g) ≤ 1; so
 * S − B·Dₖ − S·g·Aₖ ≥ (S − B)·Dₖ ≥ 0. (Not with anualidades still to come, Eₖ > 0: the rule is not
 * used there.) When S·g, an exact rational, lands on a half cent t (a rate with
 * many decimals times a round amount: 50,000,000.00 at 99.999999 % monthly gives S·g = 483,333,328.5
 * cents), p̂ₖ exceeds t by S·g·(1 + g)^−m / (1 − (1 + g)^−m), 10⁻³⁰ cents and less over hundreds of
 * payments: far below the float bound, and every such row went to decimal.js (615 of 997 rows,
 * 6 ms a quote). So once the estimate is within its bound of a boundary b (a half cent, or
 * held ± tolerance) and S·g ≥ b is checked in integers, p̂ is above b (strictly, when S exceeds the
 * final capital), and the decision follows without the exact integers.
 */
import { Decimal } from '../money/decimal.js';
import { type Fraction, decideBySides, heldOrRounded, rateTimesBalanceMinus, roundHalfUpFraction } from './exactPayment.js';
import { ddAdd, ddDiv, ddMul, hi, lo, twoProduct } from './doubleDouble.js';
import type { Rational } from './rate.js';

/**
 * Bound on the relative error of the estimate over m periods. The recurrences run in double-double
 * arithmetic (a value is an unevaluated sum hi + lo of two doubles, about 106 bits): a discount
 * carries 5 operations (num·(100 + iva) / (den·100), 1 +, 1 /), aₖ = dₖ(1 + aₖ₊₁) two more, dₖ one,
 * each within 4·2^−106 relatively (Dekker's products and quotients), and an earlier period's error
 * reaches aₖ damped (aₖ₊₁ / (1 + aₖ₊₁) < 1): under 32·2^−106 a period, plus the estimate's four
 * operations. The estimate is then rounded to a double (½ ulp, 2^−53). Four times the rounding and
 * twice the rest. A test checks the estimate against decimal.js within half of it.
 */
function relativeBound(m: number): number {
  return 2 ** -51 + pairBound(m);
}

/** The same bound for the double-double value itself (hi + lo, before it is rounded to a double). */
function pairBound(m: number): number {
  return (64 * m + 256) * 2 ** -106;
}

/** a < b for non-negative rationals, exactly (cross products in BigInt when beyond 2^53). */
function rationalBelow(a: Rational, b: Rational): boolean {
  const left = a.num * b.den;
  const right = b.num * a.den;
  if (left <= Number.MAX_SAFE_INTEGER && right <= Number.MAX_SAFE_INTEGER) return left < right;
  return BigInt(a.num) * BigInt(b.den) < BigInt(b.num) * BigInt(a.den);
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
  /** Double-double aₖ and Dₖ: hi and lo parts side by side (2k, 2k + 1). */
  #a: Float64Array = new Float64Array(2);
  #d: Float64Array = new Float64Array(2);
  /** αₖ, Πₖ, δₖ, εₖ (see #exactIntegers), built on first use. */
  #exact: [bigint[], bigint[], bigint[], bigint[]] | undefined;
  /** The lowest k whose exact integers are built. */
  #exactFrom = 0;
  /** The index of a least rate among periods k … end − 1, for each k (built on the first tie). */
  #leastFrom: Int32Array | undefined;
  /** Planned capital paid with each payment besides the level payment (anualidades), cents; undefined when none. */
  readonly #planned: ArrayLike<number> | undefined;
  /** Double-double Eₖ (their present value from k on), when there are anualidades. */
  #e: Float64Array | undefined;
  /** The last period with an anualidad before the end (−1 when none): the tie rule holds after it. */
  #lastPlanned = -1;

  /** `planned[k]`: cents of capital planned with payment k + 1 besides the level payment (an anualidad). */
  constructor(rates: readonly Rational[], iva: number, tolerance: number, planned?: ArrayLike<number>) {
    this.#rates = rates;
    this.#iva = iva;
    this.tolerance = tolerance;
    this.#planned = planned;
    this.setEnd(rates.length);
  }

  /** The last period (exclusive) the level payments run to. */
  get end(): number {
    return this.#end;
  }

  /** Re-targets the payments to end before period `end` (the arrays are recomputed). */
  setEnd(end: number): void {
    this.#end = end;
    const a = new Float64Array(2 * end + 2);
    const d = new Float64Array(2 * end + 2);
    d[2 * end] = 1;
    const planned = this.#planned;
    const e = planned === undefined ? undefined : new Float64Array(2 * end + 2);
    this.#lastPlanned = -1;
    let lastRate: Rational | undefined;
    let discountHi = 0;
    let discountLo = 0;
    for (let k = end - 1; k >= 0; k--) {
      const rate = this.#rates[k] as Rational;
      if (rate !== lastRate) {
        // 1 / (1 + num·(100 + iva) / (den·100)); the products of safe integers the rates are made of.
        lastRate = rate;
        twoProduct(rate.num, 100 + this.#iva);
        const nh = hi;
        const nl = lo;
        twoProduct(rate.den, 100);
        ddDiv(nh, nl, hi, lo);
        ddAdd(hi, lo, 1);
        ddDiv(1, 0, hi, lo);
        discountHi = hi;
        discountLo = lo;
      }
      ddAdd(a[2 * k + 2] as number, a[2 * k + 3] as number, 1);
      ddMul(discountHi, discountLo, hi, lo);
      a[2 * k] = hi;
      a[2 * k + 1] = lo;
      ddMul(discountHi, discountLo, d[2 * k + 2] as number, d[2 * k + 3] as number);
      d[2 * k] = hi;
      d[2 * k + 1] = lo;
      if (e !== undefined) {
        // Eₖ = dₖ (Xₖ + Eₖ₊₁): the shape of aₖ's recurrence, with the same error per period.
        const x = (planned as ArrayLike<number>)[k] ?? 0;
        if (x > 0 && this.#lastPlanned < 0) this.#lastPlanned = k;
        ddAdd(e[2 * k + 2] as number, e[2 * k + 3] as number, x);
        ddMul(discountHi, discountLo, hi, lo);
        e[2 * k] = hi;
        e[2 * k + 1] = lo;
      }
    }
    this.#a = a;
    this.#d = d;
    this.#e = e;
    this.#exact = undefined;
    this.#leastFrom = undefined;
  }

  /** For each k, the index of a least rate among periods k … end − 1 (rationals compared exactly). */
  #leastRates(): Int32Array {
    if (this.#leastFrom === undefined) {
      const end = this.#end;
      const least = new Int32Array(end);
      let at = end - 1;
      for (let k = end - 1; k >= 0; k--) {
        if (k < end - 1 && this.#rates[k] !== this.#rates[at] && rationalBelow(this.#rates[k] as Rational, this.#rates[at] as Rational))
          at = k;
        least[k] = at;
      }
      this.#leastFrom = least;
    }
    return this.#leastFrom;
  }

  /**
   * Which side of a boundary b (a half cent, or held ± tolerance) p̂ₖ lies on, without the exact
   * integers: 1 above, −1 below, 0 when neither test can tell.
   *
   * - The double-double pair, before its rounding to one double: its bound is about 10⁻¹⁶ of the
   *   double's, so (hi − b) + lo — hi − b exact by Sterbenz's lemma, the sum within 2⁻⁵² of itself —
   *   tells the side unless p̂ₖ is within ~10⁻²⁰ cents of b (a single row 10⁻⁹ to 10⁻⁸ cents from
   *   a half cent made valid quotes take 3.6 to 7.2 ms).
   * - The tie rule: p̂ₖ ≥ S·g for the least rate g from k on, strictly when S exceeds the final
   *   capital (see the module comment); so S·g ≥ b, checked in integers, puts p̂ₖ above b.
   */
  #sideOf(k: number, balance: number, balloon: number, boundary: number): -1 | 0 | 1 {
    const [pairHi, pairLo, bound] = this.estimatePair(k, balance, balloon);
    const diff = pairHi - boundary + pairLo;
    if (Math.abs(diff) > bound * (1 + 2 ** -40) + Math.abs(diff) * 2 ** -52) return diff > 0 ? 1 : -1;
    if (!(balance > Math.min(balloon, balance)) || k <= this.#lastPlanned) return 0;
    const g = this.#rates[this.#leastRates()[k] as number] as Rational;
    return rateTimesBalanceMinus(balance, g, this.#iva, boundary).num >= 0n ? 1 : 0;
  }

  /**
   * Aₖ, Dₖ and Eₖ as exact fractions over a common denominator, for every k: with gⱼ = Pⱼ / Qⱼ
   * (Pⱼ = num·(100 + iva), Qⱼ = den·100), Πₖ = Πⱼ≥ₖ (Qⱼ + Pⱼ), αₖ = Aₖ·Πₖ, δₖ = Dₖ·Πₖ and
   * εₖ = Eₖ·Πₖ are integers: αₖ = Qₖ·(Πₖ₊₁ + αₖ₊₁), Πₖ = (Qₖ + Pₖ)·Πₖ₊₁, δₖ = Qₖ·δₖ₊₁,
   * εₖ = Qₖ·(Xₖ·Πₖ₊₁ + εₖ₊₁) (α_e = ε_e = 0, Π_e = δ_e = 1); so p̂ₖ = (S·Πₖ − B·δₖ − εₖ) / αₖ.
   * Built from the end down to the rows the estimates cannot decide.
   */
  #exactIntegers(k: number): [bigint[], bigint[], bigint[], bigint[]] {
    let exact = this.#exact;
    if (exact === undefined) {
      const end = this.#end;
      exact = [new Array<bigint>(end + 1), new Array<bigint>(end + 1), new Array<bigint>(end + 1), new Array<bigint>(end + 1)];
      exact[0][end] = 0n;
      exact[1][end] = 1n;
      exact[2][end] = 1n;
      exact[3][end] = 0n;
      this.#exact = exact;
      this.#exactFrom = end;
    }
    // Extended downwards only as far as asked: a late row's decision costs its few periods.
    const [alpha, pi, delta, epsilon] = exact;
    const grossing = BigInt(100 + this.#iva);
    const planned = this.#planned;
    for (let j = this.#exactFrom - 1; j >= k; j--) {
      const rate = this.#rates[j] as Rational;
      const Q = BigInt(rate.den) * 100n;
      const P = BigInt(rate.num) * grossing;
      alpha[j] = Q * ((pi[j + 1] as bigint) + (alpha[j + 1] as bigint));
      epsilon[j] = Q * (BigInt(planned?.[j] ?? 0) * (pi[j + 1] as bigint) + (epsilon[j + 1] as bigint));
      pi[j] = (Q + P) * (pi[j + 1] as bigint);
      delta[j] = Q * (delta[j + 1] as bigint);
    }
    if (k < this.#exactFrom) this.#exactFrom = k;
    return exact;
  }

  /**
   * p̂ₖ for balance S with a final capital of min(balloon, S), as an exact fraction.
   *
   * @example
   * ```ts
   * const p = new Annuity([{ num: 1, den: 6 }, { num: 1, den: 6 }], 0, 0.5).idealFraction(0, 39, 0);
   * Number(p.num) / Number(p.den); // 24.5
   * ```
   */
  idealFraction(k: number, balance: number, balloon: number): Fraction {
    const [alpha, pi, delta, epsilon] = this.#exactIntegers(k);
    const final = Math.min(balloon, balance);
    return {
      num: BigInt(balance) * (pi[k] as bigint) - BigInt(final) * (delta[k] as bigint) - (epsilon[k] as bigint),
      den: alpha[k] as bigint,
    };
  }

  /**
   * p̂ₖ at 50 significant digits: the exact fraction divided once (for checking the estimates).
   *
   * @example
   * ```ts
   * new Annuity([{ num: 0, den: 1 }, { num: 0, den: 1 }], 16, 0.5).idealExact(0, 1001, 0).toString(); // '500.5'
   * ```
   */
  idealExact(k: number, balance: number, balloon: number): Decimal {
    const p = this.idealFraction(k, balance, balloon);
    return new Decimal(p.num.toString()).div(p.den.toString());
  }

  /**
   * (S − B·Dₖ − Eₖ) / Aₖ in double-double, left in the module's (hi, lo); returns
   * (S + B·Dₖ + Eₖ) / Aₖ in plain doubles, the magnitude both error bounds scale with (Eₖ carries
   * the error per period Aₖ does; the one more subtraction is within the bound's constant). `final`
   * is B = min(balloon, S).
   */
  #quotient(k: number, balance: number, final: number): number {
    const a = this.#a;
    const d = this.#d;
    const e = this.#e;
    ddMul(d[2 * k] as number, d[2 * k + 1] as number, final, 0);
    ddAdd(-hi, -lo, balance);
    let planned = 0;
    if (e !== undefined) {
      planned = e[2 * k] as number;
      ddAdd(hi, lo, -planned);
      ddAdd(hi, lo, -(e[2 * k + 1] as number));
    }
    ddDiv(hi, lo, a[2 * k] as number, a[2 * k + 1] as number);
    return (balance + final * (d[2 * k] as number) + planned) / (a[2 * k] as number);
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
    // (S − B·Dₖ) / Aₖ in double-double, rounded to a double.
    const magnitude = this.#quotient(k, balance, Math.min(balloon, balance));
    return [hi + lo, magnitude * relativeBound(this.#end - k) + 1e-9];
  }

  /**
   * The double-double estimate of p̂ₖ, hi + lo unrounded, and a bound on its absolute error (about
   * 10⁻¹⁶ of {@link Annuity.estimate}'s, which is dominated by the rounding to one double).
   *
   * @example
   * ```ts
   * const [hi, lo, bound] = new Annuity([{ num: 37, den: 2400 }, { num: 37, den: 2400 }], 16, 0.5).estimatePair(0, 1_000_000, 0);
   * Math.abs(hi + lo - 513_452.12) < 0.01 && bound < 1e-20; // true
   * ```
   */
  estimatePair(k: number, balance: number, balloon: number): [number, number, number] {
    const magnitude = this.#quotient(k, balance, Math.min(balloon, balance));
    return [hi, lo, magnitude * pairBound(this.#end - k)];
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
    return (
      decideBySides(undefined, estimate, bound, undefined, (b) => this.#sideOf(k, balance, balloon, b)) ??
      this.initialExact(k, balance, balloon)
    );
  }

  /**
   * {@link Annuity.initial} decided exactly, in integers (`./exactPayment.ts`).
   *
   * @example
   * ```ts
   * new Annuity([{ num: 0, den: 1 }, { num: 0, den: 1 }], 16, 0.5).initialExact(0, 1001, 0); // 501
   * ```
   */
  initialExact(k: number, balance: number, balloon: number): number {
    return roundHalfUpFraction(this.idealFraction(k, balance, balloon));
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
    // Near a boundary: the pair or the tie rule tells the side, else the exact integers.
    return (
      decideBySides(held, estimate, bound, H, (b) => this.#sideOf(k, balance, balloon, b)) ?? this.rederiveExact(held, k, balance, balloon)
    );
  }

  /**
   * {@link Annuity.rederive} decided exactly, in integers (`./exactPayment.ts`).
   *
   * @example
   * ```ts
   * new Annuity([{ num: 0, den: 1 }, { num: 0, den: 1 }, { num: 0, den: 1 }], 16, 0.5).rederiveExact(500, 1, 1000, 0); // 500
   * ```
   */
  rederiveExact(held: number, k: number, balance: number, balloon: number): number {
    return heldOrRounded(held, this.idealFraction(k, balance, balloon), this.tolerance);
  }
}
