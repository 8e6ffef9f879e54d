/**
 * What captive lenders write into a loan besides the features of `./featureSchedule.ts`: planned
 * extra payments (anualidades), promotional rates, a deferred first payment whose interest is
 * capitalised, a fixed charge with every payment and insurance on the outstanding balance. Their
 * terms as the loan core takes them ({@link CaptiveTerms}, part of `Loan`), their checks (a
 * `QuoteError` naming `loan.<field>`), and the pieces the schedule is built from: the anualidades
 * by period, the capitalised principal, the columns of charges.
 */
import type { QuoteError } from '../errors/quoteError.js';
import { validationError } from '../validation/messages.js';
import type { PromotionStage } from './calendar.js';
import { interestVat, periodInterest } from './interest.js';
import { creditError } from './messages.js';
import type { Rational } from './rate.js';

/**
 * A planned extra payment to capital (an anualidad) made with payment `period`.
 *
 * @example
 * ```ts
 * // With payment 11: 20,000.00 of capital besides the level payment.
 * const december: LoanAnualidad = { period: 11, amount: 2_000_000 };
 * ```
 */
export interface LoanAnualidad {
  /** The payment it is made with, 1-based (after the grace, before the last payment). */
  readonly period: number;
  /** Cents (> 0). */
  readonly amount: number;
}

/**
 * A fixed charge with every payment (GPS rental, a membership), without IVA.
 *
 * @example
 * ```ts
 * // A charge of 350.00 a payment, plus its IVA.
 * const gps: LoanPeriodicCharge = { amount: 35_000 };
 * ```
 */
export interface LoanPeriodicCharge {
  /** Cents a payment (> 0), without IVA. */
  readonly amount: number;
  /** Whether it carries IVA at the loan's `vatPercent` (default true). */
  readonly vat?: boolean | undefined;
}

/**
 * Insurance charged with every payment on its opening balance, per thousand of that balance a
 * period: debtor life (no IVA: LIVA art. 15-IX exempts life insurance) and unemployment (with IVA
 * at the loan's `vatPercent`: the exemption names life insurance only).
 *
 * @example
 * ```ts
 * // Life insurance at 0.45 ‰ of the balance a period.
 * const insurance: LoanBalanceInsurance = { life: { num: 9, den: 20 } };
 * ```
 */
export interface LoanBalanceInsurance {
  /** Life insurance, per thousand of the balance a period (an exact fraction). */
  readonly life?: Rational | undefined;
  /** Unemployment insurance, per thousand of the balance a period (an exact fraction). */
  readonly unemployment?: Rational | undefined;
}

/**
 * The captive structures of a loan (every field optional; `Loan` has them all).
 *
 * @example
 * ```ts
 * // Six months without interest, the first payment two months later.
 * const terms: CaptiveTerms = { promotions: [{ periods: 6, annualRate: { num: 0, den: 1 } }], deferral: 2 };
 * ```
 */
export interface CaptiveTerms {
  /** Planned extra payments to capital, at most one per period: the level payment is net of their present value. */
  readonly anualidades?: readonly LoanAnualidad[] | undefined;
  /** Promotional rates, consecutive from the first period (at most the term), each at most the loan's rate; then the loan's rate. */
  readonly promotions?: readonly PromotionStage[] | undefined;
  /** Periods the first payment is deferred by (1–12): their interest is capitalised, without IVA. */
  readonly deferral?: number | undefined;
  /** A fixed charge with every payment, with its IVA. */
  readonly periodicCharge?: LoanPeriodicCharge | undefined;
  /** Life and unemployment insurance on each payment's opening balance. */
  readonly balanceInsurance?: LoanBalanceInsurance | undefined;
}

/**
 * The charges of each row besides the loan's own capital, interest and IVA, cents.
 *
 * @example
 * ```ts
 * const columns: LoanChargeColumns = chargeColumns(Float64Array.of(1_000_000, 500_000), 16, { amount: 10_000 }, undefined);
 * [...columns.commissionVat]; // [1600, 1600]
 * ```
 */
export interface LoanChargeColumns {
  /** The periodic charge, without IVA. */
  readonly commission: Float64Array;
  /** Its IVA. */
  readonly commissionVat: Float64Array;
  /** Life insurance on the opening balance. */
  readonly life: Float64Array;
  /** Unemployment insurance on the opening balance, without IVA. */
  readonly unemployment: Float64Array;
  /** The unemployment premium's IVA. */
  readonly unemploymentVat: Float64Array;
}

/** The most periods a first payment is deferred by. */
export const MAX_DEFERRAL = 12;

const isCount = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

function range(field: string): QuoteError {
  return validationError('ERRESQ004', 'rangoInvalido', `loan.${field}`);
}

function bad(field: string): QuoteError {
  return validationError('ERRESQ005', 'formatoInvalido', `loan.${field}`);
}

const isRational = (r: unknown): r is Rational =>
  typeof r === 'object' &&
  r !== null &&
  Number.isSafeInteger((r as Rational).num) &&
  Number.isSafeInteger((r as Rational).den) &&
  (r as Rational).num >= 0 &&
  (r as Rational).den > 0;

/** a > b for non-negative rationals, exactly. */
function rationalAbove(a: Rational, b: Rational): boolean {
  return BigInt(a.num) * BigInt(b.den) > BigInt(b.num) * BigInt(a.den);
}

/**
 * A loan as the checks read it: its captive terms and the rest they depend on (`Loan` is one).
 *
 * @example
 * ```ts
 * const loan: CaptiveLoan = { principal: 100_000, annualRate: { num: 12, den: 100 }, payments: 12, deferral: 2 };
 * ```
 */
export interface CaptiveLoan extends CaptiveTerms {
  readonly principal: number;
  readonly annualRate: Rational;
  readonly payments: number;
  readonly grace?: number | undefined;
  readonly balloon?: number | undefined;
  readonly firstPaymentDate?: number | undefined;
  readonly prepayments?: readonly { readonly mode?: string | undefined }[] | undefined;
}

/** What the checks read of the rest of the loan, defaults applied. */
interface CaptiveContext {
  readonly principal: number;
  readonly annualRate: Rational;
  readonly payments: number;
  readonly grace: number;
  readonly balloon: number;
  readonly firstPaymentDate: unknown;
  readonly prepayments: readonly { readonly mode?: string | undefined }[];
}

function checkAnualidades(anualidades: unknown, loan: CaptiveContext): void {
  if (!Array.isArray(anualidades)) throw bad('anualidades');
  const seen = new Set<number>();
  let total = loan.balloon;
  anualidades.forEach((x: LoanAnualidad, i) => {
    const at = `anualidades[${i}]`;
    if (typeof x !== 'object' || x === null) throw bad(at);
    if (!isCount(x.period, 1, loan.payments - 1)) throw range(`${at}.period`);
    if (!Number.isSafeInteger(x.amount) || x.amount <= 0) throw range(`${at}.amount`);
    if (seen.has(x.period)) throw creditError('ERRNEG001', 'anualidadRepetida', `loan.${at}.period`, { period: x.period });
    seen.add(x.period);
    if (x.period <= loan.grace) {
      throw creditError('ERRNEG001', 'anualidadEnGracia', `loan.${at}.period`, { period: x.period, grace: loan.grace });
    }
    total += x.amount;
  });
  if (total > loan.principal) throw creditError('ERRNEG001', 'anualidadesExcedenMonto', 'loan.anualidades');
  if (anualidades.length === 0) return;
  loan.prepayments.forEach((p, i) => {
    if (p.mode === 'reduceTerm') throw creditError('ERRNEG001', 'prepagoConAnualidades', `loan.prepayments[${i}].mode`);
  });
}

function checkPromotions(promotions: unknown, loan: CaptiveContext): void {
  if (!Array.isArray(promotions)) throw bad('promotions');
  let periods = 0;
  promotions.forEach((stage: PromotionStage, i) => {
    const at = `promotions[${i}]`;
    if (typeof stage !== 'object' || stage === null) throw bad(at);
    if (!isCount(stage.periods, 1, loan.payments)) throw range(`${at}.periods`);
    if (!isRational(stage.annualRate)) throw bad(`${at}.annualRate`);
    if (rationalAbove(stage.annualRate, loan.annualRate)) throw creditError('ERRNEG001', 'promocionSobreTasa', `loan.${at}.annualRate`);
    periods += stage.periods;
    if (periods > loan.payments) {
      throw creditError('ERRNEG001', 'promocionExcedePlazo', `loan.${at}.periods`, { periods, plazo: loan.payments });
    }
  });
}

function checkCharges(terms: CaptiveTerms): void {
  const charge = terms.periodicCharge;
  if (charge !== undefined) {
    if (typeof charge !== 'object' || charge === null) throw bad('periodicCharge');
    if (!Number.isSafeInteger(charge.amount) || charge.amount <= 0) throw range('periodicCharge.amount');
    if (charge.vat !== undefined && typeof charge.vat !== 'boolean') throw bad('periodicCharge.vat');
  }
  const insurance = terms.balanceInsurance;
  if (insurance !== undefined) {
    if (typeof insurance !== 'object' || insurance === null) throw bad('balanceInsurance');
    if (insurance.life !== undefined && !isRational(insurance.life)) throw bad('balanceInsurance.life');
    if (insurance.unemployment !== undefined && !isRational(insurance.unemployment)) throw bad('balanceInsurance.unemployment');
  }
}

/**
 * Checks the captive structures of a loan (nothing to do without them): a malformed field is
 * `ERRESQ005`, one out of range `ERRESQ004`, structures that contradict each other or the loan
 * `ERRNEG001`, each naming `loan.<field>`.
 *
 * @example
 * ```ts
 * const loan = { principal: 100_000, annualRate: { num: 12, den: 100 }, payments: 12 };
 * checkCaptive({ ...loan, anualidades: [{ period: 12, amount: 100 }] }); // throws QuoteError ERRESQ004 'loan.anualidades[0].period'
 * ```
 */
export function checkCaptive(terms: CaptiveLoan): void {
  if (
    terms.anualidades === undefined &&
    terms.promotions === undefined &&
    terms.deferral === undefined &&
    terms.periodicCharge === undefined &&
    terms.balanceInsurance === undefined
  ) {
    return;
  }
  const loan: CaptiveContext = {
    principal: terms.principal,
    annualRate: terms.annualRate,
    payments: terms.payments,
    grace: terms.grace ?? 0,
    balloon: terms.balloon ?? 0,
    firstPaymentDate: terms.firstPaymentDate,
    prepayments: terms.prepayments ?? [],
  };
  if (terms.anualidades !== undefined) checkAnualidades(terms.anualidades, loan);
  if (terms.promotions !== undefined) checkPromotions(terms.promotions, loan);
  if (terms.deferral !== undefined) {
    if (!isCount(terms.deferral, 1, MAX_DEFERRAL)) throw range('deferral');
    if (loan.grace > 0) throw creditError('ERRNEG001', 'diferimientoConGracia', 'loan.deferral');
    if (loan.firstPaymentDate !== undefined) throw creditError('ERRNEG001', 'diferimientoConPrimerPago', 'loan.deferral');
  }
  checkCharges(terms);
}

/**
 * Whether the schedule itself changes: anualidades, promotions or a deferral (charges only add columns).
 *
 * @example
 * ```ts
 * reshapesSchedule({ periodicCharge: { amount: 100 } }); // false
 * reshapesSchedule({ deferral: 1 }); // true
 * ```
 */
export function reshapesSchedule(terms: CaptiveTerms): boolean {
  return (terms.anualidades?.length ?? 0) > 0 || (terms.promotions?.length ?? 0) > 0 || terms.deferral !== undefined;
}

/**
 * The anualidades by row: `planned[k]` cents with payment k + 1; undefined when there are none.
 *
 * @example
 * ```ts
 * [...(plannedByRow([{ period: 2, amount: 500 }], 3) ?? [])]; // [0, 500, 0]
 * ```
 */
export function plannedByRow(anualidades: readonly LoanAnualidad[] | undefined, payments: number): Float64Array | undefined {
  if (anualidades === undefined || anualidades.length === 0) return undefined;
  const planned = new Float64Array(payments);
  for (const x of anualidades) planned[x.period - 1] = x.amount;
  return planned;
}

/**
 * The principal after the deferred periods: each period's interest (half-up to the cent, without
 * IVA) added to the balance it accrued on.
 *
 * @example
 * ```ts
 * capitalise(1_000_000, [{ num: 1, den: 100 }, { num: 1, den: 100 }]); // 1_020_100 (10,000.00 at 1 % twice)
 * ```
 */
export function capitalise(principal: number, rates: readonly Rational[]): number {
  let balance = principal;
  for (const rate of rates) balance += periodInterest(balance, rate);
  return balance;
}

/** Per thousand of a balance, half-up to the cent. */
function perThousand(balance: number, rate: Rational): number {
  return periodInterest(balance, { num: rate.num, den: rate.den * 1000 });
}

/**
 * The charges of each row of a schedule whose opening balances are `opening`: the periodic charge
 * and its IVA (half-up to the cent), life and unemployment insurance per thousand of the opening
 * balance (each half-up to the cent) and the unemployment premium's IVA.
 *
 * @example
 * ```ts
 * const c = chargeColumns(Float64Array.of(1_000_000), 16, undefined, { life: { num: 1, den: 2 }, unemployment: { num: 3, den: 10 } });
 * [c.life[0], c.unemployment[0], c.unemploymentVat[0]]; // [500, 300, 48] (0.5 ‰ and 0.3 ‰ of 10,000.00, and 16 % of 3.00)
 * ```
 */
export function chargeColumns(
  opening: Float64Array,
  vatPercent: number,
  charge: LoanPeriodicCharge | undefined,
  insurance: LoanBalanceInsurance | undefined,
): LoanChargeColumns {
  const n = opening.length;
  const commission = new Float64Array(n);
  const commissionVat = new Float64Array(n);
  const life = new Float64Array(n);
  const unemployment = new Float64Array(n);
  const unemploymentVat = new Float64Array(n);
  if (charge !== undefined) {
    const vat = charge.vat === false ? 0 : interestVat(charge.amount, vatPercent);
    commission.fill(charge.amount);
    commissionVat.fill(vat);
  }
  const lifeRate = insurance?.life;
  const unemploymentRate = insurance?.unemployment;
  for (let k = 0; k < n; k++) {
    const balance = opening[k] as number;
    if (lifeRate !== undefined) life[k] = perThousand(balance, lifeRate);
    if (unemploymentRate !== undefined) {
      const premium = perThousand(balance, unemploymentRate);
      unemployment[k] = premium;
      unemploymentVat[k] = interestVat(premium, vatPercent);
    }
  }
  return { commission, commissionVat, life, unemployment, unemploymentVat };
}
