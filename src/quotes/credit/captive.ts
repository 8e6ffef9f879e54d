/**
 * Step 4b of planning a credit quote: the captive lenders' structures a caller asks for in the
 * options, checked and turned into the loan core's terms (`src/credit/captive.ts`), every error
 * naming `options.<path>`:
 *
 * - `anualidades` (`[{ amount | percent, period | months }]`): planned extra payments of an amount,
 *   or a percentage of the amount financed, with payment `period` (after the grace, before the
 *   last) or with every payment due in the calendar `months` (1–12) after the grace and before the
 *   last; one per payment; with the balloon at most the amount financed; not with a `'reduceTerm'`
 *   prepayment;
 * - `promotions` (`[{ periods, tasa }]`): consecutive stages from the first payment at `tasa` (at
 *   most the credit's), together at most `plazo` periods;
 * - `deferral` (`{ periods }`): the first payment 1–12 periods later, the interest capitalised; not
 *   with a grace, a first payment date or a financed premium (`tipoSeguro` 2);
 * - `periodicCharges` (`[{ amount }]`): fixed amounts with every payment, with their IVA;
 * - `balanceInsurance` (`{ lifePerThousand, unemploymentPerThousand }`): insurance per thousand of
 *   each payment's opening balance; life not when the credit carries another life premium.
 *
 * Codes as for the other features: a wrong type or format `ERRESQ005`, an unknown key `ERRESQ003`,
 * a missing field `ERRESQ006`, a value out of range `ERRESQ004`, structures that contradict each
 * other or the loan `ERRNEG001`.
 */
import type { CreditRequest } from '../../contracts/credit.js';
import { mulDivRoundHalfUp, parseCents } from '../../money/cents.js';
import { fromCivilDay } from '../../dates/civil.js';
import { steppedDates, type PromotionStage } from '../../credit/calendar.js';
import { MAX_DEFERRAL, type CaptiveTerms, type LoanAnualidad, type LoanBalanceInsurance } from '../../credit/captive.js';
import { mulRational, percentToRational, type Rational } from '../../credit/rate.js';
import { creditError } from '../../credit/messages.js';
import { validationError } from '../../validation/messages.js';
import { quotesError } from '../messages.js';
import { checkKeys, isRecord, positiveAmount, SIGNED_PERCENT, type LoanFeatures } from './features.js';
import type { CreditTerms } from './terms.js';

/**
 * A planned extra payment (anualidad): an amount, or a percentage of the amount financed, with one
 * payment or with every payment due in the given calendar months.
 *
 * @example
 * ```ts
 * const everyDecember: AnualidadOption = { amount: '20000.00', months: [12] };
 * quoteCredit(solicitud, { anualidades: [everyDecember] }).registros[10]!.abonoCapital; // '25505.12' (its level capital and the anualidad)
 * ```
 */
export type AnualidadOption = ({ readonly amount: string } | { readonly percent: string }) &
  ({ readonly period: number } | { readonly months: readonly number[] });

/**
 * A promotion: `periods` payments at the annual rate `tasa` (percent, without IVA; `'0'` for
 * months without interest), from the first payment or after the previous stage.
 *
 * @example
 * ```ts
 * const msi: PromotionOption = { periods: 6, tasa: '0' };
 * quoteCredit(solicitud, { promotions: [msi] }).registros[0]!.interesAmortizacion; // '0.00'
 * ```
 */
export interface PromotionOption {
  readonly periods: number;
  readonly tasa: string;
}

/**
 * A deferred first payment: `periods` more periods before it, their interest capitalised.
 *
 * @example
 * ```ts
 * const deferral: DeferralOption = { periods: 2 };
 * quoteCredit(solicitud, { deferral }).registros[0]!.fechaAmortizacion; // '2026-04-30'
 * ```
 */
export interface DeferralOption {
  readonly periods: number;
}

/**
 * A fixed charge with every payment (GPS rental, membership), decimal text without IVA.
 *
 * @example
 * ```ts
 * const gps: PeriodicChargeOption = { amount: '350.00' };
 * quoteCredit(solicitud, { periodicCharges: [gps] }).registros[0]!.comisionAmortizacion; // '350.00'
 * ```
 */
export interface PeriodicChargeOption {
  readonly amount: string;
}

/**
 * Insurance charged with every payment on its opening balance: rates per thousand of the balance a
 * period, as decimal text.
 *
 * @example
 * ```ts
 * const insurance: BalanceInsuranceOption = { lifePerThousand: '0.45', unemploymentPerThousand: '0.30' };
 * // Without the life premium paid up front (one life insurance on the debt).
 * quoteCredit({ ...solicitud, importeCatSegVida: '0.00' }, { balanceInsurance: insurance }).registros[0]!.seguroVida; // '131.40' (0.45 ‰ of 292,000.00)
 * ```
 */
export interface BalanceInsuranceOption {
  readonly lifePerThousand?: string;
  readonly unemploymentPerThousand?: string;
}

/** The captive options of a credit quote. */
export interface CaptiveOptions {
  readonly anualidades?: readonly AnualidadOption[] | undefined;
  readonly promotions?: readonly PromotionOption[] | undefined;
  readonly deferral?: DeferralOption | undefined;
  readonly periodicCharges?: readonly PeriodicChargeOption[] | undefined;
  readonly balanceInsurance?: BalanceInsuranceOption | undefined;
}

/**
 * Whether the options ask for any captive structure (one test a quote: none on the plain path).
 *
 * @example
 * ```ts
 * [hasCaptiveOptions({ grace: { periods: 2 } }), hasCaptiveOptions({ deferral: { periods: 1 } })]; // [false, true]
 * ```
 */
export function hasCaptiveOptions(options: CaptiveOptions | undefined): options is CaptiveOptions {
  return (
    options !== undefined &&
    (options.anualidades !== undefined ||
      options.promotions !== undefined ||
      options.deferral !== undefined ||
      options.periodicCharges !== undefined ||
      options.balanceInsurance !== undefined)
  );
}

/** What the captive options read of the rest of the plan. */
export interface CaptiveContext {
  readonly terms: CreditTerms;
  /** The amount financed, cents. */
  readonly principal: number;
  /** The credit's annual rate. */
  readonly annualRate: Rational;
  /** The features already read (grace, balloon, prepayments, first payment date). */
  readonly features: LoanFeatures;
  /** The opening commission's IVA applies to periodic charges too (`conventions.commissionVat`). */
  readonly commissionVat: boolean;
}

/** A positive decimal text (a percentage or a rate per thousand) as an exact fraction of its value. */
function positiveRate(value: unknown, path: string, perThousand: boolean): Rational {
  if (typeof value !== 'string' || !SIGNED_PERCENT.test(value)) {
    throw perThousand ? quotesError('ERRESQ005', 'alMillarTexto', path) : creditError('ERRESQ005', 'porcentajeTexto', path);
  }
  const percent = percentToRational(value.replace('-', ''));
  if (value.startsWith('-') || percent.num === 0)
    throw quotesError('ERRESQ004', perThousand ? 'alMillarPositivo' : 'porcentajePositivo', path);
  return perThousand ? mulRational(percent, 100, 1) : percent;
}

/** A whole number of periods at `path`, within [1, max] (`ERRESQ006` absent, `ERRESQ005` not an integer, `ERRESQ004` out of range). */
function periodCount(
  value: unknown,
  path: string,
  max: number,
  id: 'anualidadPeriodo' | 'promocionPeriodos' | 'diferimientoPeriodos',
): number {
  if (value === undefined) throw validationError('ERRESQ006', 'campoFaltante', path);
  if (!Number.isSafeInteger(value)) throw quotesError('ERRESQ005', 'prepagoPeriodoEntero', path);
  if ((value as number) < 1 || (value as number) > max) throw quotesError('ERRESQ004', id, path, { max });
  return value as number;
}

/** The payments (1-based) due in `months`, after the grace and before the last one. */
function periodsInMonths(value: unknown, path: string, context: CaptiveContext, deferral: number | undefined): number[] {
  if (!Array.isArray(value) || value.length === 0) throw quotesError('ERRESQ005', 'mesesLista', path);
  const months = new Set<number>();
  value.forEach((month: unknown, j) => {
    if (!Number.isSafeInteger(month)) throw quotesError('ERRESQ005', 'mesesLista', `${path}[${j}]`);
    if ((month as number) < 1 || (month as number) > 12) throw quotesError('ERRESQ004', 'mesInvalido', `${path}[${j}]`);
    if (months.has(month as number)) throw quotesError('ERRNEG001', 'mesRepetido', `${path}[${j}]`, { month: month as number });
    months.add(month as number);
  });
  const { terms, features } = context;
  // The due dates as stepped (a payment rolled to a business day keeps its month).
  const dates = steppedDates({
    start: terms.fechaApertura,
    payments: terms.plazo,
    periodicity: terms.periodicity,
    firstPaymentDate: features.firstPaymentDate,
    deferral,
  });
  const periods: number[] = [];
  for (let period = (features.grace ?? 0) + 1; period < terms.plazo; period++) {
    if (months.has(fromCivilDay(dates[period - 1] as number).month)) periods.push(period);
  }
  if (periods.length === 0) throw quotesError('ERRNEG001', 'anualidadSinPagos', path, { months: [...months].join(', ') });
  return periods;
}

function readAnualidades(value: unknown, context: CaptiveContext, deferral: number | undefined): LoanAnualidad[] | undefined {
  const path = 'options.anualidades';
  if (!Array.isArray(value)) throw quotesError('ERRESQ005', 'anualidadesLista', path);
  const { terms, principal, features } = context;
  const grace = features.grace ?? 0;
  const byPeriod = new Map<number, number>();
  let total = features.balloon ?? 0;
  value.forEach((item: unknown, i) => {
    const at = `${path}[${i}]`;
    if (!isRecord(item)) throw quotesError('ERRESQ005', 'opcionObjeto', at, { shape: '{ amount | percent, period | months }' });
    checkKeys(item, at, ['amount', 'percent', 'period', 'months']);
    const hasAmount = item['amount'] !== undefined;
    const hasPeriod = item['period'] !== undefined;
    if (hasAmount === (item['percent'] !== undefined) || hasPeriod === (item['months'] !== undefined)) {
      throw quotesError('ERRESQ005', 'anualidadForma', at);
    }
    let amount: number;
    if (hasAmount) amount = positiveAmount(item['amount'], `${at}.amount`);
    else {
      const percent = positiveRate(item['percent'], `${at}.percent`, false);
      amount = mulDivRoundHalfUp(principal, percent.num, percent.den);
      if (amount === 0) throw quotesError('ERRESQ004', 'importePositivo', `${at}.percent`);
    }
    const where = hasPeriod ? `${at}.period` : `${at}.months`;
    let periods: number[];
    if (hasPeriod) {
      const period = periodCount(item['period'], where, terms.plazo - 1, 'anualidadPeriodo');
      if (period <= grace) throw creditError('ERRNEG001', 'anualidadEnGracia', where, { period, grace });
      periods = [period];
    } else periods = periodsInMonths(item['months'], where, context, deferral);
    for (const period of periods) {
      if (byPeriod.has(period)) throw creditError('ERRNEG001', 'anualidadRepetida', where, { period });
      byPeriod.set(period, amount);
      total += amount;
    }
  });
  if (total > principal) throw creditError('ERRNEG001', 'anualidadesExcedenMonto', path);
  if (byPeriod.size === 0) return undefined;
  (features.prepayments ?? []).forEach((p, i) => {
    if (p.mode === 'reduceTerm') throw creditError('ERRNEG001', 'prepagoConAnualidades', `options.prepayments[${i}].mode`);
  });
  return [...byPeriod].map(([period, amount]) => ({ period, amount })).sort((a, b) => a.period - b.period);
}

function readPromotions(value: unknown, context: CaptiveContext): PromotionStage[] | undefined {
  const path = 'options.promotions';
  if (!Array.isArray(value)) throw quotesError('ERRESQ005', 'promocionesLista', path);
  const plazo = context.terms.plazo;
  let total = 0;
  const stages = value.map((item: unknown, i): PromotionStage => {
    const at = `${path}[${i}]`;
    if (!isRecord(item)) throw quotesError('ERRESQ005', 'opcionObjeto', at, { shape: '{ periods, tasa }' });
    checkKeys(item, at, ['periods', 'tasa']);
    const periods = periodCount(item['periods'], `${at}.periods`, plazo, 'promocionPeriodos');
    if (item['tasa'] === undefined) throw validationError('ERRESQ006', 'campoFaltante', `${at}.tasa`);
    const tasa = item['tasa'];
    if (typeof tasa !== 'string' || !SIGNED_PERCENT.test(tasa) || tasa.startsWith('-')) {
      throw creditError('ERRESQ005', 'porcentajeTexto', `${at}.tasa`);
    }
    const annualRate = percentToRational(tasa);
    const { num, den } = context.annualRate;
    if (BigInt(annualRate.num) * BigInt(den) > BigInt(num) * BigInt(annualRate.den)) {
      throw creditError('ERRNEG001', 'promocionSobreTasa', `${at}.tasa`);
    }
    total += periods;
    if (total > plazo) throw creditError('ERRNEG001', 'promocionExcedePlazo', `${at}.periods`, { periods: total, plazo });
    return { periods, annualRate };
  });
  return stages.length === 0 ? undefined : stages;
}

function readDeferral(value: unknown, context: CaptiveContext): number {
  const path = 'options.deferral';
  if (!isRecord(value)) throw quotesError('ERRESQ005', 'opcionObjeto', path, { shape: '{ periods }' });
  checkKeys(value, path, ['periods']);
  const periods = periodCount(value['periods'], `${path}.periods`, MAX_DEFERRAL, 'diferimientoPeriodos');
  if ((context.features.grace ?? 0) > 0) throw creditError('ERRNEG001', 'diferimientoConGracia', path);
  if (context.features.firstPaymentDate !== undefined) throw creditError('ERRNEG001', 'diferimientoConPrimerPago', path);
  if (context.terms.tipoSeguro === 2) throw quotesError('ERRNEG001', 'diferimientoConSeguroFinanciado', path);
  return periods;
}

function readCharges(value: unknown): number | undefined {
  const path = 'options.periodicCharges';
  if (!Array.isArray(value)) throw quotesError('ERRESQ005', 'cargosPeriodicosLista', path);
  let total = 0;
  value.forEach((item: unknown, i) => {
    const at = `${path}[${i}]`;
    if (!isRecord(item)) throw quotesError('ERRESQ005', 'opcionObjeto', at, { shape: '{ amount }' });
    checkKeys(item, at, ['amount']);
    if (item['amount'] === undefined) throw validationError('ERRESQ006', 'campoFaltante', `${at}.amount`);
    total += positiveAmount(item['amount'], `${at}.amount`);
  });
  return total === 0 ? undefined : total;
}

function readBalanceInsurance(value: unknown, s: CreditRequest, context: CaptiveContext): LoanBalanceInsurance | undefined {
  const path = 'options.balanceInsurance';
  if (!isRecord(value)) throw quotesError('ERRESQ005', 'opcionObjeto', path, { shape: '{ lifePerThousand, unemploymentPerThousand }' });
  checkKeys(value, path, ['lifePerThousand', 'unemploymentPerThousand']);
  const lifeText = value['lifePerThousand'];
  const unemploymentText = value['unemploymentPerThousand'];
  const life = lifeText === undefined ? undefined : positiveRate(lifeText, `${path}.lifePerThousand`, true);
  const unemployment = unemploymentText === undefined ? undefined : positiveRate(unemploymentText, `${path}.unemploymentPerThousand`, true);
  if (life !== undefined) {
    // One life insurance on the debt: not a second one over the insurer's package or a premium paid up front.
    const upfront = s.importeCatSegVida === undefined ? 0 : parseCents(s.importeCatSegVida);
    const other = context.terms.tipoSeguro !== 0 ? 'tipoSeguro' : upfront > 0 ? 'importeCatSegVida' : undefined;
    if (other !== undefined) throw quotesError('ERRNEG001', 'vidaDuplicada', `${path}.lifePerThousand`, { source: other });
  }
  return life === undefined && unemployment === undefined ? undefined : { life, unemployment };
}

/**
 * Reads and checks the captive options of a credit (see the module comment), in the loan core's terms.
 *
 * @example
 * ```ts
 * const M = DEFAULT_CREDIT_CONVENTIONS.periodicities.M!;
 * const terms = { fechaApertura: toCivilDay(2026, 1, 31), plazo: 12, periodicidadCode: 'M', periodicity: M, iva: 16, facturaConIva: 1, tipoSeguro: 0, indSeguro: 0 };
 * const context = { terms, principal: 100_000, annualRate: { num: 27, den: 200 }, features: {}, commissionVat: true };
 * readCaptive({ anualidades: [{ percent: '10', months: [12] }], deferral: { periods: 1 } }, { montoSolicitado: '1000.00', valorFactura: '2000.00', plazo: 12 }, context);
 * // { anualidades: [{ period: 10, amount: 10000 }], promotions: undefined, deferral: 1, periodicCharge: undefined, balanceInsurance: undefined }
 * ```
 */
export function readCaptive(options: CaptiveOptions, s: CreditRequest, context: CaptiveContext): CaptiveTerms {
  const promotions = options.promotions === undefined ? undefined : readPromotions(options.promotions, context);
  const deferral = options.deferral === undefined ? undefined : readDeferral(options.deferral, context);
  const anualidades = options.anualidades === undefined ? undefined : readAnualidades(options.anualidades, context, deferral);
  const charge = options.periodicCharges === undefined ? undefined : readCharges(options.periodicCharges);
  const balanceInsurance = options.balanceInsurance === undefined ? undefined : readBalanceInsurance(options.balanceInsurance, s, context);
  return {
    anualidades,
    promotions,
    deferral,
    periodicCharge: charge === undefined ? undefined : { amount: charge, vat: context.commissionVat },
    balanceInsurance,
  };
}
