/**
 * The typed loan core: a credit described in its own terms (cents, an exact annual rate, civil
 * dates, a periodicity), independent of the interface's wire shapes, and the one function that
 * schedules it. The AutoEstrene adapter (`src/quotes/quoteCredit.ts`) maps a `solicitud` onto a
 * {@link Loan} and the {@link LoanSchedule} back onto the response; scripts can call
 * {@link scheduleLoan} directly.
 *
 * The periodic interest rate is the annual rate × days / 360 (`'days360'`, Mexican bank practice),
 * the annual rate / payments per year (`'perYear'`), × days / 365 (`'days365'`), or × the calendar
 * days of each period / 360 or / 365 (`'actual360'`, `'actual365'`). A loan without features (equal
 * periods, no grace, balloon or prepayment) is scheduled by `./schedule.ts` (the French payment of
 * `./payment.ts`); one with features by `./featureSchedule.ts` (the level payment of
 * `./annuity.ts` for the sequence of period rates). Dates, period rates and the CAT's times are
 * `./calendar.ts`; the captive structures (anualidades, promotions, a deferred first payment,
 * periodic charges, insurance on the balance) `./captive.ts`.
 */
import type { QuoteError } from '../errors/quoteError.js';
import { addSteps, type CivilDay } from '../dates/civil.js';
import { deferralRates, loanDates, periodRates, promotionalRates } from './calendar.js';
import {
  type CaptiveTerms,
  capitalise,
  chargeColumns,
  checkCaptive,
  type LoanChargeColumns,
  plannedByRow,
  reshapesSchedule,
} from './captive.js';
import type { BusinessDays, InterestBasis, Periodicity } from './conventions.js';
import { buildFeatureSchedule, fastScheduleOps, type PrepaymentMode, type SchedulePrepayment } from './featureSchedule.js';
import { paymentRate } from './payment.js';
import { mulRational, rational, type Rational } from './rate.js';
import { buildSchedule, type Schedule, type ScheduleColumns } from './schedule.js';
import { validationError } from '../validation/messages.js';
import { creditError } from './messages.js';

/**
 * An extra payment to capital made with payment `period`.
 *
 * @example
 * ```ts
 * const p: LoanPrepayment = { period: 12, amount: 5_000_000, mode: 'reduceTerm' };
 * ```
 */
export interface LoanPrepayment {
  /** The payment it is made with, 1-based (1 … payments − 1). */
  readonly period: number;
  /** Cents (> 0); more than the balance settles the loan. */
  readonly amount: number;
  /** `'reducePayment'` (default, CONDUSEF's rule: the count stays, later payments fall) or `'reduceTerm'`. */
  readonly mode?: PrepaymentMode | undefined;
}

/**
 * A loan: what the schedule depends on.
 *
 * @example
 * ```ts
 * const loan: Loan = {
 *   principal: 28_000_000, annualRate: { num: 27, den: 200 }, vatPercent: 16,
 *   start: toCivilDay(2026, 1, 31), payments: 36, periodicity: DEFAULT_CREDIT_CONVENTIONS.periodicities.M!,
 * };
 * scheduleLoan(loan).level[0]; // 979703 (9,797.03 a month)
 * ```
 */
export interface Loan extends CaptiveTerms {
  /** Amount financed, cents (a positive safe integer). */
  readonly principal: number;
  /** Annual nominal interest rate without VAT, as an exact fraction (13.5 % = 27/200). */
  readonly annualRate: Rational;
  /** VAT charged on the interest, percent (0–99). */
  readonly vatPercent: number;
  /** Opening date. */
  readonly start: CivilDay;
  /** Number of payments (1–999). */
  readonly payments: number;
  /** Payments per year, days of interest per period, the calendar step between payments. */
  readonly periodicity: Periodicity;
  /** How a period's interest accrues; default `'days360'`. */
  readonly interestBasis?: InterestBasis | undefined;
  /** Cents the ideal level payment may drift from the one charged before it is re-derived; default ½. */
  readonly paymentTolerance?: number | undefined;
  /** `'MX'`: payment dates on weekends and Mexican bank holidays roll forward; default `'none'`. */
  readonly businessDays?: BusinessDays | undefined;
  /** An irregular first payment date (after `start`, at most two steps after it); later dates step from it. */
  readonly firstPaymentDate?: CivilDay | undefined;
  /** Extra payments to capital, at most one per period. */
  readonly prepayments?: readonly LoanPrepayment[] | undefined;
  /** Capital left for the last payment, cents (≤ principal). */
  readonly balloon?: number | undefined;
  /** Payments of interest and IVA only at the start (0 … payments − 1). */
  readonly grace?: number | undefined;
}

/**
 * A scheduled loan: columns of cents, one entry per payment, and their totals.
 *
 * @example
 * ```ts
 * const s: LoanSchedule = scheduleLoan({
 *   principal: 28_000_000, annualRate: { num: 27, den: 200 }, vatPercent: 16,
 *   start: toCivilDay(2026, 1, 31), payments: 36, periodicity: DEFAULT_CREDIT_CONVENTIONS.periodicities.M!,
 * });
 * s.level[0]; // 979703 (the first payment: capital + interest + IVA, in cents)
 * s.level.length; // 36
 * ```
 */
export interface LoanSchedule extends Schedule {
  /** The interest rate without VAT of a regular period of the periodicity's `days`, exact. */
  readonly periodicRate: Rational;
  /** The interest rate of each period (they differ under the actual bases or with an irregular first period). */
  readonly periodRates: readonly Rational[];
  /** The payment date of each row, as used (rolled to a business day under `businessDays: 'MX'`). */
  readonly dates: readonly CivilDay[];
  /** Extra capital prepaid in each row (part of `capital` and `level`). */
  readonly prepaid: Float64Array;
  /** The anualidad paid in each row (part of `capital` and `level`); undefined without anualidades. */
  readonly planned?: Float64Array | undefined;
  /** Interest capitalised by a deferred first payment (part of the first row's `opening`), cents; undefined without a deferral. */
  readonly capitalised?: number | undefined;
  /** The periodic charge and the insurance on the balance of each row; undefined without them. */
  readonly charges?: LoanChargeColumns | undefined;
}

/**
 * The periodic interest rate of a loan under its interest basis.
 *
 * @example
 * ```ts
 * periodicRateOf({ num: 27, den: 200 }, DEFAULT_CREDIT_CONVENTIONS.periodicities.M!, 'days360'); // { num: 9, den: 800 }
 * ```
 */
export function periodicRateOf(annualRate: Rational, periodicity: Periodicity, basis: InterestBasis = 'days360'): Rational {
  if (basis === 'perYear') return mulRational(annualRate, 1, periodicity.perYear);
  return mulRational(annualRate, periodicity.days, basis === 'days360' || basis === 'actual360' ? 360 : 365);
}

const isCount = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

function range(field: string): QuoteError {
  return validationError('ERRESQ004', 'rangoInvalido', `loan.${field}`);
}

function bad(field: string): QuoteError {
  return validationError('ERRESQ005', 'formatoInvalido', `loan.${field}`);
}

function checkFeatures(loan: Loan): void {
  const { start, payments, periodicity } = loan;
  if (loan.businessDays !== undefined && loan.businessDays !== 'none' && loan.businessDays !== 'MX') throw bad('businessDays');
  if (loan.firstPaymentDate !== undefined) {
    if (!Number.isSafeInteger(loan.firstPaymentDate)) throw bad('firstPaymentDate');
    if (loan.firstPaymentDate <= start || loan.firstPaymentDate > addSteps(start, periodicity.step, 2)) {
      throw creditError('ERRESQ004', 'primerPagoFueraDeRango', 'loan.firstPaymentDate');
    }
  }
  const grace = loan.grace ?? 0;
  if (!isCount(grace, 0, payments - 1)) throw range('grace');
  const balloon = loan.balloon ?? 0;
  if (!Number.isSafeInteger(balloon) || balloon < 0) throw range('balloon');
  if (balloon > loan.principal) throw creditError('ERRNEG001', 'globoExcedeMonto', 'loan.balloon');
  const prepayments = loan.prepayments ?? [];
  if (!Array.isArray(prepayments)) throw bad('prepayments');
  if (prepayments.length === 0) return;
  const seen = new Set<number>();
  prepayments.forEach((p: LoanPrepayment, i) => {
    const at = `prepayments[${i}]`;
    if (typeof p !== 'object' || p === null) throw bad(at);
    if (!isCount(p.period, 1, payments - 1)) throw range(`${at}.period`);
    if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw range(`${at}.amount`);
    const mode = p.mode ?? 'reducePayment';
    if (mode !== 'reducePayment' && mode !== 'reduceTerm') throw bad(`${at}.mode`);
    if (seen.has(p.period)) throw creditError('ERRNEG001', 'prepagoRepetido', `loan.${at}.period`, { period: p.period });
    seen.add(p.period);
    if (p.period <= grace) throw creditError('ERRNEG001', 'prepagoEnGracia', `loan.${at}.period`, { period: p.period, grace });
    if (mode === 'reduceTerm' && balloon > 0) throw creditError('ERRNEG001', 'prepagoConGlobo', `loan.${at}.mode`);
  });
}

function checkLoan(loan: Loan): void {
  if (!Number.isSafeInteger(loan.principal) || loan.principal <= 0) throw bad('principal');
  const { num, den } = loan.annualRate;
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || num < 0 || den <= 0) throw bad('annualRate');
  if (!Number.isSafeInteger(loan.vatPercent) || loan.vatPercent < 0 || loan.vatPercent > 99) throw bad('vatPercent');
  if (!Number.isSafeInteger(loan.start)) throw bad('start');
  if (!Number.isSafeInteger(loan.payments) || loan.payments < 1 || loan.payments > 999) throw bad('payments');
  checkFeatures(loan);
  checkCaptive(loan);
}

/** The prepayments as the schedule takes them: sorted by period, the caller's index kept for errors. */
function schedulePrepayments(loan: Loan): SchedulePrepayment[] {
  return (loan.prepayments ?? [])
    .map((p, index) => ({ period: p.period, amount: p.amount, mode: p.mode ?? 'reducePayment', index }))
    .sort((a, b) => a.period - b.period);
}

const sameRational = (a: Rational, b: Rational): boolean => a.num === b.num && a.den === b.den;

/**
 * Schedules a loan in integer cents: the level payment by the French method on the IVA-grossed
 * periodic rate, each row's interest and IVA rounded half-up to the cent, the balance ending at
 * exactly zero. Throws a {@link QuoteError} naming `loan.<field>` for a malformed loan.
 *
 * @example
 * ```ts
 * const s = scheduleLoan({ principal: 1_000_000, annualRate: { num: 37, den: 100 }, vatPercent: 16,
 *   start: toCivilDay(2026, 1, 1), payments: 4, periodicity: DEFAULT_CREDIT_CONVENTIONS.periodicities.Q! });
 * s.level[0]; // 261276 (2612.76: the reference vector)
 * s.totalInterest; // 38883
 * ```
 */
export function scheduleLoan(loan: Loan): LoanSchedule {
  return scheduleLoanInto(loan, undefined);
}

/**
 * {@link scheduleLoan}, with a loan without features written into `columns` (`payments` long each)
 * instead of fresh arrays: the schedule's columns are those views, valid until the caller writes to
 * them again. For a caller that reads the schedule and drops it before scheduling the next loan
 * (the credit quote); a loan with features, or columns of another length, get fresh arrays.
 *
 * @example
 * ```ts
 * const loan: Loan = { principal: 28_000_000, annualRate: { num: 27, den: 200 }, vatPercent: 16,
 *   start: toCivilDay(2026, 1, 31), payments: 36, periodicity: DEFAULT_CREDIT_CONVENTIONS.periodicities.M! };
 * const earlier = scheduleLoan(loan); // done with it: its columns are reused
 * const s = scheduleLoanInto({ ...loan, principal: 14_000_000 }, earlier);
 * [s.level[0], s.level === earlier.level]; // [489852, true]
 * ```
 */
export function scheduleLoanInto(loan: Loan, columns: ScheduleColumns | undefined): LoanSchedule {
  checkLoan(loan);
  const basis = loan.interestBasis ?? 'days360';
  const tolerance = loan.paymentTolerance ?? 0.5;
  const periodic = periodicRateOf(loan.annualRate, loan.periodicity, basis);
  // One test a quote for the captive structures (`./captive.ts`): none of them on the plain path.
  const charged = loan.periodicCharge !== undefined || loan.balanceInsurance !== undefined;
  const reshaped = reshapesSchedule(loan);
  const featureless = (loan.grace ?? 0) === 0 && (loan.balloon ?? 0) === 0 && (loan.prepayments ?? []).length === 0 && !reshaped;
  const fixedDays = basis === 'days360' || basis === 'perYear' || basis === 'days365';
  if (featureless && fixedDays && loan.firstPaymentDate === undefined && !charged) {
    // Speed: equal periods whatever the calendar, so the dates, the rates and the (zero) prepayments
    // are computed only if read (`PlainLoanSchedule`), instead of with the schedule as below; buys
    // 1.6–2.4 µs of 3.2–3.4 µs per summary quote and 2.3–2.9 µs of 11.7–12.6 µs per table quote at 60
    // payments (A/B on npm run bench's credit60 summary and table, 2026-11-26, 62d6257).
    return new PlainLoanSchedule(plainSchedule(loan, loan.principal, periodic, tolerance, columns), loan, periodic);
  }
  const schedule = reshaped
    ? captiveSchedule(loan, basis, tolerance, periodic)
    : featureSchedule(loan, basis, tolerance, periodic, columns);
  if (!charged) return schedule;
  return { ...schedule, charges: chargeColumns(schedule.opening, loan.vatPercent, loan.periodicCharge, loan.balanceInsurance) };
}

/** The schedule of a loan with the features of `./featureSchedule.ts` (or none), no captive structure. */
function featureSchedule(
  loan: Loan,
  basis: InterestBasis,
  tolerance: number,
  periodic: Rational,
  columns: ScheduleColumns | undefined,
): LoanSchedule {
  const dates = loanDates(loan);
  const rates = periodRates(loan, loan.annualRate, basis, dates);
  const regular = rational(periodic.num, periodic.den);
  const even = rates.every((r) => r === rates[0] || sameRational(r, regular)) && sameRational(rates[0] as Rational, regular);
  const featureless = (loan.grace ?? 0) === 0 && (loan.balloon ?? 0) === 0 && (loan.prepayments ?? []).length === 0;
  if (featureless && even) {
    return {
      ...plainSchedule(loan, loan.principal, periodic, tolerance, columns),
      periodicRate: periodic,
      periodRates: rates,
      dates,
      prepaid: new Float64Array(loan.payments),
    };
  }
  const features = { grace: loan.grace, balloon: loan.balloon, prepayments: schedulePrepayments(loan) };
  const schedule = buildFeatureSchedule(loan.principal, rates, loan.vatPercent, tolerance, features, fastScheduleOps());
  const count = schedule.level.length;
  return { ...schedule, periodicRate: periodic, periodRates: rates.slice(0, count), dates: dates.slice(0, count) };
}

/**
 * The schedule of a loan with anualidades, promotions or a deferred first payment: the promotions'
 * rates in their periods, the deferred periods' interest capitalised (at the first period's annual
 * rate: a promotion's, when there is one), the anualidades planned in the level payment.
 */
function captiveSchedule(loan: Loan, basis: InterestBasis, tolerance: number, periodic: Rational): LoanSchedule {
  const dates = loanDates(loan);
  const contract = periodRates(loan, loan.annualRate, basis, dates);
  const promotions = loan.promotions ?? [];
  const rates = promotions.length === 0 ? contract : promotionalRates(loan, basis, dates, promotions, contract);
  const deferral = loan.deferral ?? 0;
  const principal =
    deferral === 0 ? loan.principal : capitalise(loan.principal, deferralRates(loan, promotions[0]?.annualRate ?? loan.annualRate, basis));
  if (!Number.isSafeInteger(principal)) throw creditError('ERRNEG001', 'totalFueraDeRango', 'montoSolicitado');
  const features = {
    grace: loan.grace,
    balloon: loan.balloon,
    prepayments: schedulePrepayments(loan),
    planned: plannedByRow(loan.anualidades, loan.payments),
  };
  const schedule = buildFeatureSchedule(principal, rates, loan.vatPercent, tolerance, features, fastScheduleOps());
  const count = schedule.level.length;
  return {
    ...schedule,
    periodicRate: periodic,
    periodRates: rates.slice(0, count),
    dates: dates.slice(0, count),
    ...(deferral === 0 ? {} : { capitalised: principal - loan.principal }),
  };
}

/** A plain loan's schedule: the columns computed, the dates, rates and (zero) prepayments on first read. */
class PlainLoanSchedule implements LoanSchedule {
  readonly opening: Float64Array;
  readonly capital: Float64Array;
  readonly interest: Float64Array;
  readonly vat: Float64Array;
  readonly level: Float64Array;
  readonly totalInterest: number;
  readonly totalVat: number;
  readonly totalLevel: number;
  readonly periodicRate: Rational;
  readonly #loan: Loan;
  #dates: CivilDay[] | undefined;
  #rates: Rational[] | undefined;
  #prepaid: Float64Array | undefined;

  constructor(schedule: Schedule, loan: Loan, periodic: Rational) {
    this.opening = schedule.opening;
    this.capital = schedule.capital;
    this.interest = schedule.interest;
    this.vat = schedule.vat;
    this.level = schedule.level;
    this.totalInterest = schedule.totalInterest;
    this.totalVat = schedule.totalVat;
    this.totalLevel = schedule.totalLevel;
    this.periodicRate = periodic;
    this.#loan = loan;
  }

  get dates(): readonly CivilDay[] {
    this.#dates ??= loanDates(this.#loan);
    return this.#dates;
  }

  get periodRates(): readonly Rational[] {
    this.#rates ??= new Array<Rational>(this.#loan.payments).fill(this.periodicRate);
    return this.#rates;
  }

  get prepaid(): Float64Array {
    this.#prepaid ??= new Float64Array(this.#loan.payments);
    return this.#prepaid;
  }
}

/** The French schedule of a loan whose periods all have the same rate and no features. */
function plainSchedule(
  loan: Loan,
  principal: number,
  periodic: Rational,
  tolerance: number,
  columns: ScheduleColumns | undefined,
): Schedule {
  return buildSchedule(
    { principal, count: loan.payments, periodic, iva: loan.vatPercent },
    paymentRate(periodic, loan.vatPercent, tolerance),
    columns !== undefined && columns.level.length === loan.payments ? columns : undefined,
  );
}

/**
 * The payment dates of a loan: payment k falls k steps after the opening date, always counted
 * from it (so month ends are kept); with a `firstPaymentDate`, k − 1 steps after that; under
 * `businessDays: 'MX'` each moved to the next Mexican business day.
 *
 * @example
 * ```ts
 * const loan = { principal: 100_000, annualRate: { num: 27, den: 200 }, vatPercent: 16, periodicity: DEFAULT_CREDIT_CONVENTIONS.periodicities.M! };
 * paymentDates({ ...loan, start: toCivilDay(2026, 1, 31), payments: 2 }).map(formatIsoDate); // ['2026-02-28', '2026-03-31']
 * ```
 */
export function paymentDates(
  loan: Pick<Loan, 'start' | 'payments' | 'periodicity' | 'firstPaymentDate' | 'businessDays' | 'deferral'>,
): CivilDay[] {
  return loanDates(loan);
}
