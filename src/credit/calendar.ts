/**
 * The calendar of a loan: its payment dates (stepped from the opening date or from an irregular
 * first payment date, then rolled to business days), the interest rate of each period under the
 * interest basis (a promotion's rate in its periods), the periods a deferred first payment
 * capitalises, and the time of each payment for the CAT.
 *
 * Day counts. Under the fixed bases (`'days360'`, `'days365'`, `'perYear'`) a regular period
 * lasts the periodicity's `days`; an irregular first period lasts `n × days + stub`, where n is
 * the number of whole steps from the opening date that fit before the first payment date and the
 * stub the calendar days left over. Under the actual bases (`'actual360'`, `'actual365'`) a period
 * lasts the calendar days between its two payment dates, as rolled.
 */
import { addSteps, daysInMonth, fromCivilDay, toCivilDay, type CivilDay, type DateStep } from '../dates/civil.js';
import { nextMexicanBusinessDay } from '../dates/holidays.js';
import type { BusinessDays, CatTimeBasis, InterestBasis, Periodicity } from './conventions.js';
import { mulRational, rational, type Rational } from './rate.js';

/** What a loan's calendar depends on. */
export interface CalendarTerms {
  readonly start: CivilDay;
  readonly payments: number;
  readonly periodicity: Periodicity;
  /** An irregular first payment date; later dates step from it. */
  readonly firstPaymentDate?: CivilDay | undefined;
  /** `'MX'`: dates on a weekend or a Mexican bank holiday roll forward. */
  readonly businessDays?: BusinessDays | undefined;
  /** Periods the first payment is deferred by: payment k falls k + deferral steps after the opening date. */
  readonly deferral?: number | undefined;
}

/**
 * The payment dates as stepped: k steps after the opening date (k + deferral with a deferred
 * first payment), or, with an irregular first payment date F, F and then k − 1 steps after F;
 * always counted from the anchor (month ends kept).
 *
 * @example
 * ```ts
 * const M = DEFAULT_CREDIT_CONVENTIONS.periodicities.M!;
 * steppedDates({ start: toCivilDay(2026, 1, 15), payments: 3, periodicity: M, firstPaymentDate: toCivilDay(2026, 3, 1) }).map(formatIsoDate);
 * // ['2026-03-01', '2026-04-01', '2026-05-01']
 * ```
 */
export function steppedDates(terms: CalendarTerms): CivilDay[] {
  const { start, payments, periodicity, firstPaymentDate } = terms;
  return firstPaymentDate === undefined
    ? stepSequence(start, periodicity.step, 1 + (terms.deferral ?? 0), payments)
    : stepSequence(firstPaymentDate, periodicity.step, 0, payments);
}

/** anchor + k·step for k = from … from + count − 1: the values of `addSteps`, computed incrementally. */
function stepSequence(anchor: CivilDay, step: DateStep, from: number, count: number): CivilDay[] {
  const out = new Array<CivilDay>(count);
  if (step.unit === 'days') {
    for (let k = 0; k < count; k++) out[k] = anchor + step.count * (from + k);
    return out;
  }
  const { year, month, day } = fromCivilDay(anchor);
  let index = year * 12 + (month - 1) + step.count * from;
  for (let k = 0; k < count; k++) {
    const y = Math.floor(index / 12);
    const m = index - y * 12 + 1;
    out[k] = toCivilDay(y, m, day <= 28 ? day : Math.min(day, daysInMonth(y, m)));
    index += step.count;
  }
  return out;
}

/**
 * The payment dates a loan uses: stepped, then rolled forward to the next business day under
 * `businessDays: 'MX'`.
 *
 * @example
 * ```ts
 * const M = DEFAULT_CREDIT_CONVENTIONS.periodicities.M!;
 * loanDates({ start: toCivilDay(2026, 8, 16), payments: 2, periodicity: M, businessDays: 'MX' }).map(formatIsoDate);
 * // ['2026-09-17', '2026-10-16'] (Sep 16 is Independencia)
 * ```
 */
export function loanDates(terms: CalendarTerms): CivilDay[] {
  const dates = steppedDates(terms);
  if (terms.businessDays === 'MX') for (let k = 0; k < dates.length; k++) dates[k] = nextMexicanBusinessDay(dates[k] as CivilDay);
  return dates;
}

/**
 * Length of the first period in fixed days: whole steps from the opening date to the first
 * payment date, each `days` long, plus the calendar days left over.
 *
 * @example
 * ```ts
 * const M = DEFAULT_CREDIT_CONVENTIONS.periodicities.M!;
 * firstPeriodDays(toCivilDay(2026, 1, 15), toCivilDay(2026, 3, 1), M); // 44 (30 + Feb 15 → Mar 1)
 * firstPeriodDays(toCivilDay(2026, 1, 31), toCivilDay(2026, 2, 28), M); // 30 (one whole step)
 * ```
 */
export function firstPeriodDays(start: CivilDay, first: CivilDay, periodicity: Periodicity): number {
  let steps = 0;
  while (addSteps(start, periodicity.step, steps + 1) <= first) steps++;
  return steps * periodicity.days + (first - addSteps(start, periodicity.step, steps));
}

/** Fixed-day length of each period: the first one (regular or irregular), then `days` each. */
function fixedLengths(terms: CalendarTerms): number[] {
  const { periodicity } = terms;
  const lengths = new Array<number>(terms.payments).fill(periodicity.days);
  if (terms.firstPaymentDate !== undefined && terms.payments > 0)
    lengths[0] = firstPeriodDays(terms.start, terms.firstPaymentDate, periodicity);
  return lengths;
}

/** The rate of a period of `length` days (fixed or calendar) under the basis. */
function rateFor(annualRate: Rational, periodicity: Periodicity, basis: InterestBasis, length: number): Rational {
  const r =
    basis === 'perYear'
      ? mulRational(annualRate, length, periodicity.days * periodicity.perYear)
      : mulRational(annualRate, length, basis === 'days360' || basis === 'actual360' ? 360 : 365);
  return rational(r.num, r.den);
}

/**
 * The interest rate (without IVA) of each period, exact, given the dates the loan uses.
 *
 * @example
 * ```ts
 * const M = DEFAULT_CREDIT_CONVENTIONS.periodicities.M!;
 * const terms = { start: toCivilDay(2026, 1, 31), payments: 2, periodicity: M };
 * periodRates(terms, { num: 36, den: 100 }, 'actual360', loanDates(terms)); // [{ num: 7, den: 250 }, { num: 31, den: 1000 }]
 * ```
 */
export function periodRates(terms: CalendarTerms, annualRate: Rational, basis: InterestBasis, dates: readonly CivilDay[]): Rational[] {
  const { periodicity } = terms;
  if (basis === 'actual360' || basis === 'actual365') {
    // Periods of equal length share one rate object (a month has one of four lengths).
    const byLength = new Map<number, Rational>();
    const opening = firstPeriodStart(terms);
    return dates.map((date, k) => {
      const length = date - (k === 0 ? opening : (dates[k - 1] as CivilDay));
      let rate = byLength.get(length);
      if (rate === undefined) {
        rate = rateFor(annualRate, periodicity, basis, length);
        byLength.set(length, rate);
      }
      return rate;
    });
  }
  const regular = rateFor(annualRate, periodicity, basis, periodicity.days);
  const rates = new Array<Rational>(terms.payments).fill(regular);
  if (terms.firstPaymentDate !== undefined && terms.payments > 0) {
    rates[0] = rateFor(annualRate, periodicity, basis, firstPeriodDays(terms.start, terms.firstPaymentDate, periodicity));
  }
  return rates;
}

/** Where the first payment's period starts: the opening date, or the end of the deferral. */
function firstPeriodStart(terms: CalendarTerms): CivilDay {
  const deferral = terms.deferral ?? 0;
  return deferral === 0 ? terms.start : addSteps(terms.start, terms.periodicity.step, deferral);
}

/** The length of each period (fixed days, or calendar days under the actual bases). */
function periodLengths(terms: CalendarTerms, basis: InterestBasis, dates: readonly CivilDay[], count: number): number[] {
  if (basis === 'actual360' || basis === 'actual365') {
    const opening = firstPeriodStart(terms);
    return Array.from({ length: count }, (_, k) => (dates[k] as CivilDay) - (k === 0 ? opening : (dates[k - 1] as CivilDay)));
  }
  return fixedLengths(terms).slice(0, count);
}

/**
 * A promotion: `periods` periods at another annual rate (without IVA), exact.
 *
 * @example
 * ```ts
 * const msi: PromotionStage = { periods: 6, annualRate: { num: 0, den: 1 } }; // six months without interest
 * ```
 */
export interface PromotionStage {
  readonly periods: number;
  readonly annualRate: Rational;
}

/**
 * The period rates with promotions: the stages, one after the other from the first period, at
 * their own annual rates (under the same basis and period lengths); the rest as given.
 *
 * @example
 * ```ts
 * const M = DEFAULT_CREDIT_CONVENTIONS.periodicities.M!;
 * const terms = { start: toCivilDay(2026, 1, 31), payments: 3, periodicity: M };
 * const rates = periodRates(terms, { num: 12, den: 100 }, 'days360', loanDates(terms));
 * promotionalRates(terms, 'days360', loanDates(terms), [{ periods: 2, annualRate: { num: 0, den: 1 } }], rates);
 * // [{ num: 0, den: 1 }, { num: 0, den: 1 }, { num: 1, den: 100 }]
 * ```
 */
export function promotionalRates(
  terms: CalendarTerms,
  basis: InterestBasis,
  dates: readonly CivilDay[],
  stages: readonly PromotionStage[],
  rates: readonly Rational[],
): Rational[] {
  const count = Math.min(
    rates.length,
    stages.reduce((sum, stage) => sum + stage.periods, 0),
  );
  const lengths = periodLengths(terms, basis, dates, count);
  const out = rates.slice();
  let k = 0;
  for (const stage of stages) {
    for (let j = 0; j < stage.periods && k < count; j++, k++) {
      out[k] = rateFor(stage.annualRate, terms.periodicity, basis, lengths[k] as number);
    }
  }
  return out;
}

/**
 * The rate of each deferred period (before the first payment's period), whose interest is
 * capitalised: `days` each under the fixed bases, the calendar days between the unrolled steps
 * from the opening date under the actual bases (no payment falls on them).
 *
 * @example
 * ```ts
 * const M = DEFAULT_CREDIT_CONVENTIONS.periodicities.M!;
 * deferralRates({ start: toCivilDay(2026, 1, 31), payments: 3, periodicity: M, deferral: 2 }, { num: 36, den: 100 }, 'actual360');
 * // [{ num: 7, den: 250 }, { num: 31, den: 1000 }] (28 and 31 days)
 * ```
 */
export function deferralRates(terms: CalendarTerms, annualRate: Rational, basis: InterestBasis): Rational[] {
  const { start, periodicity } = terms;
  const deferral = terms.deferral ?? 0;
  const actual = basis === 'actual360' || basis === 'actual365';
  return Array.from({ length: deferral }, (_, j) => {
    const length = actual ? addSteps(start, periodicity.step, j + 1) - addSteps(start, periodicity.step, j) : periodicity.days;
    return rateFor(annualRate, periodicity, basis, length);
  });
}

/** When each payment falls for the CAT: evenly every `period` years (exact), or at `times[k] / unitsPerYear` years. */
export type CatTiming =
  | { readonly even: true; readonly period: Rational }
  | { readonly even: false; readonly times: Float64Array; readonly unitsPerYear: number };

/**
 * The time of each payment for the CAT under its time basis: k / perYear (`'periods'`), fixed
 * days over 360 or 365 (`'days360'`, `'days365'`; an irregular first period counts its fixed-day
 * length, a deferred first payment k + deferral periods), or calendar days from the opening date
 * to the (rolled) payment date over 365 (`'actual365'`). Evenly spaced unless the first period is
 * irregular or deferred or the basis is actual.
 *
 * @example
 * ```ts
 * const M = DEFAULT_CREDIT_CONVENTIONS.periodicities.M!;
 * const terms = { start: toCivilDay(2026, 1, 31), payments: 2, periodicity: M };
 * catTiming(terms, 'days360', loanDates(terms)); // { even: true, period: { num: 1, den: 12 } }
 * ```
 */
export function catTiming(terms: CalendarTerms, basis: CatTimeBasis, dates: readonly CivilDay[]): CatTiming {
  const { periodicity } = terms;
  if (basis === 'actual365') return { even: false, times: Float64Array.from(dates, (date) => date - terms.start), unitsPerYear: 365 };
  const unitsPerYear = basis === 'periods' ? periodicity.days * periodicity.perYear : basis === 'days360' ? 360 : 365;
  const deferral = terms.deferral ?? 0;
  if (deferral > 0) {
    // A deferred first payment: payment k at k + deferral periods of fixed days.
    const times = new Float64Array(terms.payments);
    for (let k = 0; k < times.length; k++) times[k] = (k + 1 + deferral) * periodicity.days;
    return { even: false, times, unitsPerYear };
  }
  const first = terms.firstPaymentDate;
  if (first === undefined || firstPeriodDays(terms.start, first, periodicity) === periodicity.days) {
    const period = basis === 'periods' ? rational(1, periodicity.perYear) : rational(periodicity.days, basis === 'days360' ? 360 : 365);
    return { even: true, period };
  }
  const lengths = fixedLengths(terms);
  const times = new Float64Array(lengths.length);
  let total = 0;
  lengths.forEach((length, k) => {
    total += length;
    times[k] = total;
  });
  return { even: false, times, unitsPerYear };
}
