/**
 * Step 4 of planning a credit quote: the features a caller asks for in the options, checked and
 * turned into the loan core's terms (cents, civil days), every error naming `options.<path>`:
 *
 * - `firstPaymentDate` (`YYYY-MM-DD`): after the opening date, at most two steps after it;
 * - `prepayments` (`[{ period, amount, mode }]`): periods 1 … plazo − 1, one per period, after the
 *   grace; amounts decimal text > 0; `mode` `'reducePayment'` (default) or `'reduceTerm'` (not with
 *   a balloon);
 * - `balloon` (`{ amount }` or `{ percent }` of the amount financed): > 0 and at most the amount
 *   financed;
 * - `grace` (`{ periods }`): 1 … plazo − 1.
 *
 * Codes: a wrong type or format is `ERRESQ005`, an unknown key `ERRESQ003`, a value out of range
 * (zero or negative amounts included) `ERRESQ004`, features that contradict each other or the
 * loan `ERRNEG001`.
 */
import { mulDivRoundHalfUp, parseCents } from '../../money/cents.js';
import { addSteps, parseIsoDate, type CivilDay } from '../../dates/civil.js';
import type { LoanPrepayment } from '../../credit/loan.js';
import type { PrepaymentMode } from '../../credit/featureSchedule.js';
import { percentToRational } from '../../credit/rate.js';
import type { CreditTerms } from './terms.js';
import { validationError } from '../../validation/messages.js';
import { creditError } from '../../credit/messages.js';
import { quotesError } from '../messages.js';

/**
 * One prepayment as the options take it.
 *
 * @example
 * ```ts
 * const prepayment: PrepaymentOption = { period: 12, amount: '50000.00', mode: 'reduceTerm' };
 * quoteCredit(solicitud, { prepayments: [prepayment] }).registros.length; // 30
 * ```
 */
export interface PrepaymentOption {
  /** The payment it is made with (1 … plazo − 1). */
  readonly period: number;
  /** Decimal text, e.g. `"50000.00"`; more than the balance settles the loan. */
  readonly amount: string;
  /** `'reducePayment'` (default: the number of payments stays) or `'reduceTerm'` (the payment stays). */
  readonly mode?: PrepaymentMode;
}

/**
 * A balloon (valor futuro): a final capital as amount text, or a percentage of the amount financed.
 *
 * @example
 * ```ts
 * const balloon: BalloonOption = { percent: '30' };
 * quoteCredit(solicitud, { balloon }).registros[35]!.abonoCapital; // '94659.70'
 * ```
 */
export type BalloonOption = { readonly amount: string } | { readonly percent: string };

/**
 * A grace period: the first `periods` payments are interest and IVA only.
 *
 * @example
 * ```ts
 * const grace: GraceOption = { periods: 3 };
 * quoteCredit(solicitud, { grace }).registros[0]!.abonoCapital; // '0.00'
 * ```
 */
export interface GraceOption {
  readonly periods: number;
}

/** The feature options of a credit quote. */
export interface FeatureOptions {
  readonly firstPaymentDate?: string | undefined;
  readonly prepayments?: readonly PrepaymentOption[] | undefined;
  readonly balloon?: BalloonOption | undefined;
  readonly grace?: GraceOption | undefined;
}

/** The features in the loan core's terms. */
export interface LoanFeatures {
  readonly firstPaymentDate?: CivilDay | undefined;
  readonly prepayments?: readonly LoanPrepayment[] | undefined;
  readonly balloon?: number | undefined;
  readonly grace?: number | undefined;
}

/** Signed amount text: the sign is accepted so that a negative amount is reported as out of range. */
const SIGNED_AMOUNT = /^-?(0|[1-9]\d{0,10})(\.\d{1,2})?$/;
/** Signed percentage text (a rate per thousand too): up to 3 integer digits and 6 decimals. */
export const SIGNED_PERCENT = /^-?(0|[1-9]\d{0,2})(\.\d{1,6})?$/;

/**
 * An object that is not an array.
 *
 * @example
 * ```ts
 * [isRecord({ periods: 2 }), isRecord([2])]; // [true, false]
 * ```
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Throws `ERRESQ003` naming `<path>.<key>` for a key outside `allowed`.
 *
 * @example
 * ```ts
 * checkKeys({ periods: 2, extra: 1 }, 'options.grace', ['periods']); // throws QuoteError ERRESQ003 'options.grace.extra'
 * ```
 */
export function checkKeys(value: Record<string, unknown>, path: string, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw validationError('ERRESQ003', 'campoNoDefinido', `${path}.${key}`);
  }
}

/**
 * Cents of a positive amount text at `path` (`ERRESQ005` for another format, `ERRESQ004` for zero or less).
 *
 * @example
 * ```ts
 * positiveAmount('350.00', 'options.periodicCharges[0].amount'); // 35000
 * positiveAmount('0', 'options.periodicCharges[0].amount'); // throws QuoteError ERRESQ004 'options.periodicCharges[0].amount'
 * ```
 */
export function positiveAmount(value: unknown, path: string): number {
  if (typeof value !== 'string' || !SIGNED_AMOUNT.test(value)) throw quotesError('ERRESQ005', 'importeTexto', path);
  if (value.startsWith('-') || parseCents(value) === 0) throw quotesError('ERRESQ004', 'importePositivo', path);
  return parseCents(value);
}

function readFirstPaymentDate(value: unknown, terms: CreditTerms): CivilDay {
  const path = 'options.firstPaymentDate';
  const date = typeof value === 'string' ? parseIsoDate(value) : undefined;
  if (date === undefined) throw quotesError('ERRESQ005', 'primerPagoInvalido', path);
  if (date <= terms.fechaApertura || date > addSteps(terms.fechaApertura, terms.periodicity.step, 2)) {
    throw creditError('ERRESQ004', 'primerPagoFueraDeRango', path);
  }
  return date;
}

function readGrace(value: unknown, plazo: number): number {
  const path = 'options.grace';
  if (!isRecord(value)) throw quotesError('ERRESQ005', 'opcionObjeto', path, { shape: '{ periods }' });
  checkKeys(value, path, ['periods']);
  const periods = value['periods'];
  if (periods === undefined) throw validationError('ERRESQ006', 'campoFaltante', `${path}.periods`);
  if (!Number.isSafeInteger(periods)) throw quotesError('ERRESQ005', 'prepagoPeriodoEntero', `${path}.periods`);
  if ((periods as number) < 1 || (periods as number) > plazo - 1) {
    throw quotesError('ERRESQ004', 'graciaPeriodos', `${path}.periods`, { max: plazo - 1 });
  }
  return periods as number;
}

function readBalloon(value: unknown, principal: number): number {
  const path = 'options.balloon';
  if (!isRecord(value)) throw quotesError('ERRESQ005', 'opcionObjeto', path, { shape: '{ amount } | { percent }' });
  checkKeys(value, path, ['amount', 'percent']);
  const hasAmount = value['amount'] !== undefined;
  if (hasAmount === (value['percent'] !== undefined)) throw quotesError('ERRESQ005', 'globoForma', path);
  let cents: number;
  let at: string;
  if (hasAmount) {
    at = `${path}.amount`;
    cents = positiveAmount(value['amount'], at);
  } else {
    at = `${path}.percent`;
    const text = value['percent'];
    if (typeof text !== 'string' || !SIGNED_PERCENT.test(text)) throw creditError('ERRESQ005', 'porcentajeTexto', at);
    const percent = percentToRational(text.replace('-', ''));
    if (text.startsWith('-') || percent.num === 0) throw quotesError('ERRESQ004', 'porcentajePositivo', at);
    if (percent.num > percent.den) throw creditError('ERRNEG001', 'globoExcedeMonto', at);
    cents = mulDivRoundHalfUp(principal, percent.num, percent.den);
  }
  if (cents > principal) throw creditError('ERRNEG001', 'globoExcedeMonto', at);
  return cents;
}

function readPrepayments(value: unknown, plazo: number, grace: number, balloon: number): LoanPrepayment[] {
  const path = 'options.prepayments';
  if (!Array.isArray(value)) throw quotesError('ERRESQ005', 'prepagosLista', path);
  const seen = new Set<number>();
  return value.map((item: unknown, i) => {
    const at = `${path}[${i}]`;
    if (!isRecord(item)) throw quotesError('ERRESQ005', 'opcionObjeto', at, { shape: '{ period, amount, mode }' });
    checkKeys(item, at, ['period', 'amount', 'mode']);
    const { period, amount, mode = 'reducePayment' } = item;
    if (period === undefined) throw validationError('ERRESQ006', 'campoFaltante', `${at}.period`);
    if (!Number.isSafeInteger(period)) throw quotesError('ERRESQ005', 'prepagoPeriodoEntero', `${at}.period`);
    if ((period as number) < 1 || (period as number) > plazo - 1) {
      throw quotesError('ERRESQ004', 'prepagoPeriodo', `${at}.period`, { max: plazo - 1 });
    }
    if (amount === undefined) throw validationError('ERRESQ006', 'campoFaltante', `${at}.amount`);
    const cents = positiveAmount(amount, `${at}.amount`);
    if (mode !== 'reducePayment' && mode !== 'reduceTerm') throw quotesError('ERRESQ005', 'prepagoModo', `${at}.mode`);
    if (seen.has(period as number)) throw creditError('ERRNEG001', 'prepagoRepetido', `${at}.period`, { period: period as number });
    seen.add(period as number);
    if ((period as number) <= grace) throw creditError('ERRNEG001', 'prepagoEnGracia', `${at}.period`, { period: period as number, grace });
    if (mode === 'reduceTerm' && balloon > 0) throw creditError('ERRNEG001', 'prepagoConGlobo', `${at}.mode`);
    return { period: period as number, amount: cents, mode };
  });
}

/**
 * Reads and checks the feature options of a credit of `principal` cents.
 *
 * @example
 * ```ts
 * const M = DEFAULT_CREDIT_CONVENTIONS.periodicities.M!;
 * const terms = { fechaApertura: toCivilDay(2026, 1, 31), plazo: 12, periodicidadCode: 'M', periodicity: M, iva: 16, facturaConIva: 1, tipoSeguro: 0, indSeguro: 0 };
 * readFeatures({ grace: { periods: 2 }, balloon: { percent: '30' } }, terms, 100_000); // { firstPaymentDate: undefined, prepayments: undefined, balloon: 30000, grace: 2 }
 * ```
 */
export function readFeatures(options: FeatureOptions, terms: CreditTerms, principal: number): LoanFeatures {
  const firstPaymentDate = options.firstPaymentDate === undefined ? undefined : readFirstPaymentDate(options.firstPaymentDate, terms);
  const grace = options.grace === undefined ? undefined : readGrace(options.grace, terms.plazo);
  const balloon = options.balloon === undefined ? undefined : readBalloon(options.balloon, principal);
  const prepayments =
    options.prepayments === undefined ? undefined : readPrepayments(options.prepayments, terms.plazo, grace ?? 0, balloon ?? 0);
  return { firstPaymentDate, prepayments, balloon, grace };
}
