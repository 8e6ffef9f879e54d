/**
 * The typed loan core: a credit described in its own terms (cents, an exact annual rate, civil
 * dates, a periodicity), independent of the interface's wire shapes, and the one function that
 * schedules it. The AutoEstrene adapter (`src/quotes/quoteCredit.ts`) maps a `solicitud` onto a
 * {@link Loan} and the {@link LoanSchedule} back onto the response; scripts can call
 * {@link scheduleLoan} directly.
 *
 * The periodic interest rate is the annual rate × days / 360 (`'days360'`, Mexican bank practice)
 * or the annual rate / payments per year (`'perYear'`); the level payment, the interest and IVA of
 * each row and the rule that keeps the payment level are `./schedule.ts` and `./payment.ts`.
 */
import { quoteError } from '../errors/quoteError.js';
import { addSteps, type CivilDay } from '../dates/civil.js';
import type { InterestBasis, Periodicity } from './conventions.js';
import { paymentRate } from './payment.js';
import { mulRational, type Rational } from './rate.js';
import { buildSchedule, type Schedule } from './schedule.js';

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
export interface Loan {
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
  /** The periodic interest rate without VAT, exact. */
  readonly periodicRate: Rational;
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
  return basis === 'perYear' ? mulRational(annualRate, 1, periodicity.perYear) : mulRational(annualRate, periodicity.days, 360);
}

function checkLoan(loan: Loan): void {
  const bad = (field: string) => quoteError('ERRESQ005', 'formatoInvalido', `loan.${field}`);
  if (!Number.isSafeInteger(loan.principal) || loan.principal <= 0) throw bad('principal');
  const { num, den } = loan.annualRate;
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || num < 0 || den <= 0) throw bad('annualRate');
  if (!Number.isSafeInteger(loan.vatPercent) || loan.vatPercent < 0 || loan.vatPercent > 99) throw bad('vatPercent');
  if (!Number.isSafeInteger(loan.start)) throw bad('start');
  if (!Number.isSafeInteger(loan.payments) || loan.payments < 1 || loan.payments > 999) throw bad('payments');
}

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
  checkLoan(loan);
  const periodic = periodicRateOf(loan.annualRate, loan.periodicity, loan.interestBasis);
  const rate = paymentRate(periodic, loan.vatPercent, loan.paymentTolerance ?? 0.5);
  const schedule = buildSchedule({ principal: loan.principal, count: loan.payments, periodic, iva: loan.vatPercent }, rate);
  return { ...schedule, periodicRate: periodic };
}

/**
 * The payment dates of a loan: payment k falls k steps after the opening date, always counted
 * from it (so month ends are kept).
 *
 * @example
 * ```ts
 * const loan = { principal: 100_000, annualRate: { num: 27, den: 200 }, vatPercent: 16, periodicity: DEFAULT_CREDIT_CONVENTIONS.periodicities.M! };
 * paymentDates({ ...loan, start: toCivilDay(2026, 1, 31), payments: 2 }).map(formatIsoDate); // ['2026-02-28', '2026-03-31']
 * ```
 */
export function paymentDates(loan: Pick<Loan, 'start' | 'payments' | 'periodicity'>): CivilDay[] {
  return Array.from({ length: loan.payments }, (_, k) => addSteps(loan.start, loan.periodicity.step, k + 1));
}
