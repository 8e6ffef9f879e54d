/**
 * The amortization schedule in integer cents: the fast path.
 *
 * Interest of a period = round_half_up(balance × periodic rate), one exact integer division;
 * IVA = round_half_up(interest × iva / 100); capital = level payment − interest − IVA; the last
 * period takes the remaining balance. The level payment follows `./payment.ts`; the penultimate
 * one is nudged by at most a cent towards the last (`penultimatePayment`). Capital is
 * clamped to [0, balance] so no amount is ever negative. `./referenceSchedule.ts` is the same rule
 * in decimal.js; a property test proves the two identical.
 */
import { floorDivBy } from '../money/cents.js';
import { interestVat, periodInterest } from './interest.js';
import { IdealPayments, initialPayment, paymentRate, rederivedFromEstimate, rederivedPayment, type PaymentRate } from './payment.js';
import type { Rational } from './rate.js';
import { creditError } from './messages.js';

/** What a schedule needs: amounts in cents, the exact periodic rate, the VAT percentage. */
export interface ScheduleSpec {
  readonly principal: number;
  readonly count: number;
  /** The periodic interest rate without IVA (e.g. 0.135 × 30 / 360 as a rational). */
  readonly periodic: Rational;
  readonly iva: number;
}

/**
 * Columns of cents, one entry per period, and their totals.
 *
 * @example
 * ```ts
 * const s: Schedule = scheduleLoan({ principal: 1_000_000, annualRate: { num: 37, den: 100 }, vatPercent: 16,
 *   start: toCivilDay(2026, 1, 1), payments: 4, periodicity: DEFAULT_CREDIT_CONVENTIONS.periodicities.Q! });
 * [...s.interest]; // [15_417, 11_664, 7_845, 3_957]
 * [s.totalInterest, s.totalVat]; // [38_883, 6_221]
 * ```
 */
export interface Schedule {
  readonly opening: Float64Array;
  readonly capital: Float64Array;
  readonly interest: Float64Array;
  readonly vat: Float64Array;
  /** capital + interest + vat of each period. */
  readonly level: Float64Array;
  readonly totalInterest: number;
  readonly totalVat: number;
  readonly totalLevel: number;
}

/**
 * The penultimate payment: of `held` and its two neighbouring cents, the one that leaves the last
 * payment (the remaining balance with its interest and IVA, computed exactly) closest to it, so the
 * last payment does not carry the rounding of the final periods alone. Ties keep `held`.
 *
 * @example
 * ```ts
 * penultimatePayment(261276, 508862, 9100, { num: 37, den: 2400 }, 16); // 261276 (the last payment is 261276 too)
 * ```
 */
export function penultimatePayment(held: number, balance: number, interestAndVat: number, periodic: Rational, iva: number): number {
  let best = held;
  let bestCost = Infinity;
  for (const candidate of [held, held - 1, held + 1]) {
    const capital = candidate - interestAndVat;
    if (capital < 0 || capital > balance) continue;
    const rest = balance - capital;
    const i = periodInterest(rest, periodic);
    const lastPayment = rest + i + interestVat(i, iva);
    const cost = Math.abs(lastPayment - candidate);
    if (cost < bestCost) {
      best = candidate;
      bestCost = cost;
    }
  }
  return best;
}

/**
 * The five columns of a schedule of `count` rows, as views of one buffer.
 *
 * @example
 * ```ts
 * const columns: ScheduleColumns = scheduleColumns(new Float64Array(5 * 4), 4);
 * columns.level.length; // 4
 * ```
 */
export interface ScheduleColumns {
  readonly opening: Float64Array;
  readonly capital: Float64Array;
  readonly interest: Float64Array;
  readonly vat: Float64Array;
  readonly level: Float64Array;
}

/**
 * Views of `buffer` (at least 5 × `count` long) as the columns of a `count`-row schedule (the
 * credit quote's reused working buffer is one).
 *
 * @example
 * ```ts
 * scheduleColumns(new Float64Array(10), 2).capital.byteOffset; // 16
 * ```
 */
export function scheduleColumns(buffer: Float64Array, count: number): ScheduleColumns {
  return {
    opening: buffer.subarray(0, count),
    capital: buffer.subarray(count, 2 * count),
    interest: buffer.subarray(2 * count, 3 * count),
    vat: buffer.subarray(3 * count, 4 * count),
    level: buffer.subarray(4 * count, 5 * count),
  };
}

/**
 * Builds the schedule in integer cents, into `columns` (`count` long each; default fresh ones). A
 * caller that reads the schedule and drops it before building the next one can pass the same
 * columns every time (the quote does).
 *
 * @example
 * ```ts
 * const s = buildSchedule({ principal: 1_000_000, count: 4, periodic: { num: 37, den: 2400 }, iva: 16 });
 * s.level[0]; // 261276 (2612.76)
 * ```
 */
export function buildSchedule(
  spec: ScheduleSpec,
  rate: PaymentRate = paymentRate(spec.periodic, spec.iva),
  columns: ScheduleColumns = scheduleColumns(new Float64Array(5 * spec.count), spec.count),
): Schedule {
  const { count, periodic, iva } = spec;
  const { opening, capital, interest, vat, level } = columns;
  // Speed: every value the loop carries is made a number to V8's optimizer (`+` on a property or a
  // call's result, which it otherwise takes for any value), so it keeps the balance, the payment, the
  // interest and the IVA as doubles instead of boxing them (as small integers or heap numbers) every
  // row for the calls of the rare paths; and the next balance is clamped and carried, the capital
  // its difference, instead of the capital clamped and subtracted. Together they buy 0.20–0.30 µs of
  // the loop's 1.0–1.15 µs at 60 payments (a profile of the summary quote after the warm-up set had
  // this loop at a third of it, and perf annotate showed the boxing at a third of the loop), 0.15–0.30
  // µs of 3.1–3.2 µs per summary quote (A/B on npm run bench --quick's credit60, 2026-11-26).
  let balance = +spec.principal;
  let held = +initialPayment(balance, count, rate);
  let totalInterest = 0;
  let totalVat = 0;
  let totalLevel = 0;
  const last = count - 1;
  // Speed: the interest and the IVA rounded by a multiplication by a reciprocal and one correction
  // (`floorDivBy`) instead of the divisions of `periodInterest` and `interestVat`; buys 0.32–0.42 µs
  // of 3.3–3.5 µs per summary quote at 60 payments and 4.0–4.3 µs of 10.4–10.7 µs at 360 (A/B on npm
  // run bench's credit60 and credit360 summary, 2026-11-26, 62d6257). Half-up rounding of n / d is
  // ⌊(2n + d) / 2d⌋, by a multiplication with 1 / 2d: for the interest, n = balance × num, and 2n + d
  // = balance × 2num + den in one multiply-add while every row's stays within 2^52 (the balance never
  // exceeds the principal); for the IVA, n = interest × iva and d = 100.
  const { num, den } = periodic;
  const twoNum = 2 * num;
  const twoDen = 2 * den;
  const halfInverseDen = 0.5 / den;
  const interestByProduct = spec.principal * twoNum + 2 * twoDen <= TWO_52;
  const twoIva = 2 * iva;
  // Speed: p̂ of each row stepped by one multiplication (`IdealPayments`) instead of an expm1 a row
  // (`idealPaymentFloat`); buys 0.34–0.44 µs of 3.1–3.3 µs per summary quote at 60 payments and
  // 3.0–3.2 µs of 10.1–10.6 µs at 360 (A/B on npm run bench's credit60 and credit360 summary,
  // 2026-11-26, 62d6257). The common case (the held payment still well within the tolerance) is
  // decided in the loop; the rest by rederivedFromEstimate.
  const ideal = IdealPayments.stepping(rate, count);
  const tolerance = rate.tolerance;
  const halfCent = tolerance === 0.5;
  let w = 0; // (1 + r)^−(count − k) of the last row whose p̂ was estimated
  let k = 0;
  // Speed: the level rows first, in a loop that calls nothing — a payment of ½-cent tolerance
  // estimated clear of a half cent, the interest and the IVA by product — until a row needs more (its
  // estimate near a half cent, an IVA beyond 2^52, the penultimate row); that row and the rest go
  // through the general loop below, the same rule. The general loop's calls made V8 box the balance
  // for them at the top of every row, and the rule's state in a private field (w) was boxed at every
  // store; here nothing is. Buys 0.2–0.25 µs of 2.74–2.81 µs per summary quote at 60 payments and
  // 1.2–1.3 µs of 8.1–8.3 µs at 360 (A/B on npm run bench --quick's credit60 and credit360 summary,
  // after its warm-up set, 2026-11-26); the loop alone 0.80 → 0.58–0.60 µs at 60.
  if (ideal !== undefined && halfCent && interestByProduct) {
    // Speed: w's two sources read as numbers once (`+`), so V8 keeps w a double; with `ideal.firstW`
    // (a property, any value to it) on one side it boxed w · ρ in a new heap number at every row
    // (garbage for the scavenger); buys 0.23–0.26 µs of 3.13–3.27 µs per buildSchedule and 0.15–0.4 µs
    // of 6.8–6.9 µs per summary quote at 360 payments (the benchmark's loan, after the warm-up set,
    // 2026-11-26; found in perf annotate's listing of this loop: an allocation at every row).
    const firstW = +ideal.firstW;
    const rho = +ideal.rho;
    for (; k < last - 1; k++) {
      const i = +floorDivBy(balance * twoNum + den, twoDen, halfInverseDen);
      const vatTimesTwo = i * twoIva + 100;
      if (!(vatTimesTwo + 200 <= TWO_52)) break;
      if (k > 0) {
        const wk = k === 1 ? firstW : w * rho;
        const inverse = 1 / (1 - wk);
        const estimate = ideal.estimate(balance, inverse);
        const bound = ideal.bound(estimate, wk, inverse);
        // The rule as in the general loop's ½-cent case, where it is decided without a call.
        if (!(bound < 1e-6 && Math.abs(estimate - Math.floor(estimate) - 0.5) > bound)) break;
        w = wk;
        held = Math.floor(estimate + 0.5);
      }
      const v = +floorDivBy(vatTimesTwo, 200, 0.005);
      // The row written as the general loop writes it (the same eight lines: a shared helper, with
      // the columns read through it, cost 2–3 % of the summary quote in an A/B run).
      let next = balance + i - held + v;
      if (next > balance) next = balance;
      else if (next < 0) next = 0;
      const a = balance - next;
      opening[k] = balance;
      capital[k] = a;
      interest[k] = i;
      vat[k] = v;
      const pay = a + i + v;
      level[k] = pay;
      totalInterest += i;
      totalVat += v;
      totalLevel += pay;
      balance = next;
    }
  }
  for (; k < count; k++) {
    if (k > 0 && k < last) {
      // Where the stepped estimate's bound is not below 10⁻⁶ cents (1 − w cancels at low rates,
      // few payments left; huge payments), the expm1 estimate and its tighter bound decide, as
      // before: decimal.js is reached (almost) no more often than without the stepping.
      let estimate = 0;
      let bound = Number.POSITIVE_INFINITY;
      if (ideal !== undefined) {
        w = k === 1 ? +ideal.firstW : w * +ideal.rho; // numbers, as in the loop above
        const inverse = 1 / (1 - w);
        estimate = ideal.estimate(balance, inverse);
        bound = ideal.bound(estimate, w, inverse);
      }
      if (bound < 1e-6) {
        if (halfCent) {
          // Speed: with a tolerance of ½ the payment is p̂ rounded half-up, taken as ⌊estimate + ½⌋
          // without a branch on whether it moves (a third of the rows move by a cent, unpredictably)
          // instead of the tolerance test below; buys 0.41–0.54 µs of 3.3–3.4 µs per summary quote at
          // 60 payments and 4.6–5.1 µs of 10.2–10.6 µs at 360 (A/B on npm run bench's credit60 and
          // credit360 summary, 2026-11-26, 62d6257). It is the rule (|p̂ − held| < ½ means round(p̂)
          // = held) when p̂ is farther than the bound from a half cent: then estimate + ½ rounds by
          // less than the bound (≥ 16 ulp of the estimate), so its floor is round(p̂). Near a half
          // cent, rederivedFromEstimate decides exactly.
          const frac = estimate - Math.floor(estimate);
          held =
            Math.abs(frac - 0.5) > bound
              ? Math.floor(estimate + 0.5)
              : +rederivedFromEstimate(held, balance, count - k, rate, estimate, bound);
        } else if (!(Math.abs(estimate - held) < tolerance - bound)) {
          held = +rederivedFromEstimate(held, balance, count - k, rate, estimate, bound);
        }
      } else held = +rederivedPayment(held, balance, count - k, rate);
    }
    const i = interestByProduct ? +floorDivBy(balance * twoNum + den, twoDen, halfInverseDen) : +periodInterest(balance, periodic);
    const vatTimesTwo = i * twoIva + 100;
    const v = vatTimesTwo + 200 <= TWO_52 ? +floorDivBy(vatTimesTwo, 200, 0.005) : +interestVat(i, iva);
    if (k === last - 1) held = +penultimatePayment(held, balance, i + v, periodic, iva);
    // The next balance is balance − (held − i − v) (exact: every term a safe integer), kept within
    // [0, balance] as the capital is within [0, balance]; the last row closes it.
    let next = balance + i - held + v;
    if (k === last) next = 0;
    else if (next > balance) next = balance;
    else if (next < 0) next = 0;
    const a = balance - next;
    opening[k] = balance;
    capital[k] = a;
    interest[k] = i;
    vat[k] = v;
    const pay = a + i + v;
    level[k] = pay;
    totalInterest += i;
    totalVat += v;
    totalLevel += pay;
    balance = next;
  }
  if (!Number.isSafeInteger(totalLevel)) {
    // Every partial sum is positive, so all of them are exact when the total is a safe integer.
    throw creditError('ERRNEG001', 'totalFueraDeRango', 'montoSolicitado');
  }
  return { opening, capital, interest, vat, level, totalInterest, totalVat, totalLevel };
}

const TWO_52 = 2 ** 52;
