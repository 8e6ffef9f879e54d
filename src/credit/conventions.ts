/**
 * Every choice the interface leaves open for the credit quote, as data. Callers override any
 * part through `options.conventions`; `docs/conventions.md` gives each default and its reason.
 */
import type { DateStep } from '../dates/civil.js';
import { messageRef, type MessageParams, type MessageRef } from '../errors/catalog.js';
import type { QuoteError } from '../errors/quoteError.js';
import { deepFreeze } from '../util/freeze.js';
import { validationError } from '../validation/messages.js';
import { CREDIT_MESSAGES, creditError, type CreditMessageId } from './messages.js';

/**
 * One periodicity code: payments per year, days of interest per period, the calendar step.
 *
 * @example
 * ```ts
 * const bimestral: Periodicity = { name: 'bimestral', perYear: 6, days: 60, step: { unit: 'months', count: 2 } };
 * const conventions = { periodicities: { ...DEFAULT_CREDIT_CONVENTIONS.periodicities, B: bimestral } };
 * quoteCredit({ ...solicitud, periodicidad: 'B', plazo: 18 }, { conventions }).registros[1]?.fechaAmortizacion; // '2026-05-31'
 * ```
 */
export interface Periodicity {
  readonly name: string;
  /** Payments per year (the CAT's default time unit is 1 / perYear). */
  readonly perYear: number;
  /** Days of interest per period (interest = balance × rate × days / 360). */
  readonly days: number;
  /** How the payment date advances, always counted from `fechaApertura`. */
  readonly step: DateStep;
}

/**
 * How the interest of one period is accrued.
 *
 * @example
 * ```ts
 * const interestBasis: InterestBasis = 'perYear'; // tasa / perYear a period, whatever its days
 * quoteCredit({ ...solicitud, periodicidad: 'C' }, { conventions: { interestBasis } }).periodicidad; // 'C'
 * ```
 */
export type InterestBasis =
  /** balance × rate × days / 360 (the default, Mexican bank practice). */
  | 'days360'
  /** balance × rate / perYear (what some engines and the reference's weekly CAT readings use). */
  | 'perYear'
  /** balance × rate × days / 365: the period's fixed days over 365. */
  | 'days365'
  /** balance × rate × (calendar days between the two payment dates) / 360: "tasa/360 × días naturales". */
  | 'actual360'
  /** balance × rate × (calendar days between the two payment dates) / 365. */
  | 'actual365';

/**
 * How the CAT counts the time of the k-th payment, in years.
 *
 * @example
 * ```ts
 * const catTimeBasis: CatTimeBasis = 'days365';
 * quoteCredit(solicitud, { conventions: { catTimeBasis } }).cat; // '17.0'
 * ```
 */
export type CatTimeBasis =
  /** k / perYear (Banxico's evenly spaced reading; the default). */
  | 'periods'
  /** k × days / 360. */
  | 'days360'
  /** k × days / 365. */
  | 'days365'
  /** Calendar days from the opening date to the payment's (rolled) date, over 365. */
  | 'actual365';

/**
 * Which payment dates move: `'none'`, or `'MX'` (Saturdays, Sundays and Mexican bank holidays roll forward).
 *
 * @example
 * ```ts
 * const businessDays: BusinessDays = 'MX';
 * quoteCredit(solicitud, { conventions: { businessDays } }).registros[0]!.fechaAmortizacion; // '2026-03-02'
 * ```
 */
export type BusinessDays = 'none' | 'MX';

/** The interest bases, in the order the documentation lists them. */
export const INTEREST_BASES: readonly InterestBasis[] = Object.freeze(['days360', 'perYear', 'days365', 'actual360', 'actual365']);

/** The CAT time bases, in the order the documentation lists them. */
export const CAT_TIME_BASES: readonly CatTimeBasis[] = Object.freeze(['periods', 'days360', 'days365', 'actual365']);

/**
 * A row of the rate grid used when `tasa` is omitted: from this down payment (%) up, this rate.
 *
 * @example
 * ```ts
 * const row: RateGridRow = DEFAULT_CREDIT_CONVENTIONS.rateGrid[2]!;
 * row; // { minDownPaymentPercent: 20, tasa: '14.99' }
 * ```
 */
export interface RateGridRow {
  readonly minDownPaymentPercent: number;
  readonly tasa: string;
}

/**
 * The credit engine's conventions.
 *
 * @example
 * ```ts
 * const conventions: Partial<CreditConventions> = { commissionVat: false };
 * quoteCredit(solicitud, { conventions }).totalPagar; // '376448.61' (the 5,840.00 commission without its 934.40 IVA)
 * ```
 */
export interface CreditConventions {
  /** Periodicity codes accepted in `periodicidad`. */
  readonly periodicities: Readonly<Record<string, Periodicity>>;
  readonly interestBasis: InterestBasis;
  readonly catTimeBasis: CatTimeBasis;
  /** Used when `periodicidad` is omitted. */
  readonly defaultPeriodicidad: string;
  /** VAT percentage used when `iva` is omitted. */
  readonly defaultIva: number;
  /** Used when `facturaConIva` is omitted: 1 = the invoice value includes VAT. */
  readonly defaultFacturaConIva: number;
  /** Minimum down payment (% of the vehicle price) when `porcentajeEnganche` is omitted. */
  readonly defaultPorcentajeEnganche: number;
  /** Cap on financed extras (% of `montoSolicitado`) when `porcentajeCredito` is omitted. */
  readonly defaultPorcentajeCredito: number;
  /** Rates by down payment, used when `tasa` is omitted (highest matching row wins). */
  readonly rateGrid: readonly RateGridRow[];
  /** Whether external insurance charged in the payments (`indSeguro` 1) enters the CAT. */
  readonly externalInsuranceInCat: boolean;
  /** Whether the opening commission's VAT is charged (the CAT never includes VAT). */
  readonly commissionVat: boolean;
  /** Default product when `producto` is omitted. */
  readonly defaultProducto: 'AUTO' | 'AUTONOM';
  /**
   * Cents the ideal level payment (for the remaining balance and payments) may move away from
   * the payment being charged before the payment is re-derived: ½ (each payment is the ideal
   * one rounded half-up) or a whole number of cents (fewer changes, a last payment a few cents off).
   */
  readonly paymentTolerance: number;
  /**
   * `'MX'`: a payment date on a Saturday, a Sunday or a Mexican bank holiday moves to the next
   * business day, without penalty (under the actual-day bases the interest follows the moved
   * dates). `'none'` (default): dates as stepped.
   */
  readonly businessDays: BusinessDays;
  /**
   * Cents `informacionSeguro.enganche` may differ from the credit's own down payment (the price
   * less `montoSolicitado`) before the insured quote is refused (`ERRNEG001` naming it); default
   * 100 (one peso: a caller's own rounding of the price).
   */
  readonly engancheTolerance: number;
  /**
   * The sum insured of `tipoSeguro` 1 and 2: `'price'` (default), the price the buyer pays
   * (`valorFactura`, with IVA added when `facturaConIva` is 0), or `'valorFactura'` as given.
   */
  readonly insuredValue: InsuredValue;
  /** The IVA of the insurer's premiums in a credit: `'credit'` (default), the credit's `iva`; `'tariff'`, the tariff's `ivaRate`. */
  readonly insuranceIva: InsuranceIva;
  /** `importeSeguros` with `indSeguro` 0: `'echo'` (default: echoed, not charged) or `'refuse'` (`ERRNEG001` naming it). */
  readonly importeSegurosWithoutIndSeguro: 'echo' | 'refuse';
  /** `plazoSeguro` 0 with `indSeguro` 1: `'wholeTerm'` (default: the premium spread over every payment) or `'refuse'` (`ERRESQ004`). */
  readonly plazoSeguroZero: 'wholeTerm' | 'refuse';
}

/**
 * What a credit's insured package insures: the price the buyer pays, or `valorFactura` as given.
 *
 * @example
 * ```ts
 * const insuredValue: InsuredValue = 'valorFactura'; // a buyer who deducts the IVA insures the value without it
 * quoteCredit(solicitud, { conventions: { insuredValue } }).facturaConIva; // 1
 * ```
 */
export type InsuredValue = 'price' | 'valorFactura';

/**
 * Which IVA the insurer's premiums in a credit carry: the credit's `iva`, or the tariff's rate.
 *
 * @example
 * ```ts
 * const insuranceIva: InsuranceIva = 'tariff';
 * quoteCredit(solicitud, { conventions: { insuranceIva } }).iva; // 16
 * ```
 */
export type InsuranceIva = 'credit' | 'tariff';

/**
 * The defaults: see `docs/conventions.md` for the reason behind each.
 *
 * @example
 * ```ts
 * DEFAULT_CREDIT_CONVENTIONS.periodicities.M; // { name: 'mensual', perYear: 12, days: 30, step: { unit: 'months', count: 1 } }
 * ```
 */
export const DEFAULT_CREDIT_CONVENTIONS: CreditConventions = Object.freeze({
  periodicities: Object.freeze({
    M: Object.freeze({ name: 'mensual', perYear: 12, days: 30, step: Object.freeze({ unit: 'months', count: 1 }) }),
    Q: Object.freeze({ name: 'quincenal', perYear: 24, days: 15, step: Object.freeze({ unit: 'days', count: 15 }) }),
    C: Object.freeze({ name: 'catorcenal', perYear: 26, days: 14, step: Object.freeze({ unit: 'days', count: 14 }) }),
    S: Object.freeze({ name: 'semanal', perYear: 52, days: 7, step: Object.freeze({ unit: 'days', count: 7 }) }),
    D: Object.freeze({ name: 'decenal', perYear: 36, days: 10, step: Object.freeze({ unit: 'days', count: 10 }) }),
  }),
  interestBasis: 'days360',
  catTimeBasis: 'periods',
  defaultPeriodicidad: 'M',
  defaultIva: 16,
  defaultFacturaConIva: 1,
  defaultPorcentajeEnganche: 20,
  defaultPorcentajeCredito: 20,
  rateGrid: Object.freeze([
    Object.freeze({ minDownPaymentPercent: 5, tasa: '17.99' }),
    Object.freeze({ minDownPaymentPercent: 10, tasa: '16.99' }),
    Object.freeze({ minDownPaymentPercent: 20, tasa: '14.99' }),
    Object.freeze({ minDownPaymentPercent: 30, tasa: '11.99' }),
    Object.freeze({ minDownPaymentPercent: 40, tasa: '10.49' }),
    Object.freeze({ minDownPaymentPercent: 50, tasa: '9.49' }),
  ]),
  externalInsuranceInCat: true,
  commissionVat: true,
  defaultProducto: 'AUTO',
  paymentTolerance: 0.5,
  businessDays: 'none',
  engancheTolerance: 100,
  insuredValue: 'price',
  insuranceIva: 'credit',
  importeSegurosWithoutIndSeguro: 'echo',
  plazoSeguroZero: 'wholeTerm',
}) as CreditConventions;

/** Percentage text of a rate-grid row ("14.99"): up to three integer digits and six decimals. */
const PERCENT = /^(0|[1-9][0-9]{0,2})(\.[0-9]{1,6})?$/;

/**
 * `ERRESQ005` naming `conventions.<key>`: what the convention is expected to be, as a message of
 * the catalog (so it renders in the error's language) or a shape of field names (`{ name, … }`).
 */
function invalid(key: string, expected: MessageRef | string): QuoteError {
  return creditError('ERRESQ005', 'conventionInvalida', `conventions.${key}`, { expected });
}

const expected = (id: CreditMessageId, params?: MessageParams): MessageRef => messageRef(CREDIT_MESSAGES, id, params);

/** "a, b o c": the values a convention accepts, strings quoted. */
function oneOf(...values: readonly (string | number | boolean)[]): MessageRef {
  const texts = values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value)));
  return expected('esperadoAlternativas', { first: texts.slice(0, -1).join(', '), last: texts[texts.length - 1] as string });
}

/** The widest `engancheTolerance`, in cents (1,000,000.00). */
const MAX_ENGANCHE_TOLERANCE = 100_000_000;

const INTEGER_1_366 = expected('esperadoEntero', { min: 1, max: 366 });
const PERCENT_0_100 = expected('esperadoPorcentaje');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= max;
const isPercent = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100;

function checkPeriodicity(code: string, value: unknown): Periodicity {
  const key = `periodicities.${code}`;
  if (code.length !== 1) throw invalid(key, expected('esperadoCodigoUnCaracter'));
  if (!isRecord(value)) throw invalid(key, '{ name, perYear, days, step }');
  const { name, perYear, days, step } = value;
  if (typeof name !== 'string' || name === '') throw invalid(`${key}.name`, expected('esperadoNombre'));
  if (!isCount(perYear, 366)) throw invalid(`${key}.perYear`, INTEGER_1_366);
  if (!isCount(days, 366)) throw invalid(`${key}.days`, INTEGER_1_366);
  if (!isRecord(step) || (step['unit'] !== 'months' && step['unit'] !== 'days') || !isCount(step['count'], 366)) {
    throw invalid(`${key}.step`, expected('esperadoPaso'));
  }
  return value as unknown as Periodicity;
}

/** One check per key: an override is used only after it passes. */
const CHECKS: { readonly [K in keyof CreditConventions]: (value: unknown) => void } = {
  periodicities: (value) => {
    if (!isRecord(value)) throw invalid('periodicities', expected('esperadoPeriodicidades'));
    for (const [code, periodicity] of Object.entries(value)) checkPeriodicity(code, periodicity);
  },
  interestBasis: (value) => {
    if (!(INTEREST_BASES as readonly unknown[]).includes(value)) throw invalid('interestBasis', oneOf(...INTEREST_BASES));
  },
  catTimeBasis: (value) => {
    if (!(CAT_TIME_BASES as readonly unknown[]).includes(value)) throw invalid('catTimeBasis', oneOf(...CAT_TIME_BASES));
  },
  defaultPeriodicidad: (value) => {
    if (typeof value !== 'string' || value.length !== 1) throw invalid('defaultPeriodicidad', expected('esperadoCodigoPeriodicidad'));
  },
  defaultIva: (value) => {
    if (!Number.isSafeInteger(value) || (value as number) < 0 || (value as number) > 99)
      throw invalid('defaultIva', expected('esperadoEntero', { min: 0, max: 99 }));
  },
  defaultFacturaConIva: (value) => {
    if (value !== 0 && value !== 1) throw invalid('defaultFacturaConIva', oneOf(0, 1));
  },
  defaultPorcentajeEnganche: (value) => {
    if (!isPercent(value)) throw invalid('defaultPorcentajeEnganche', PERCENT_0_100);
  },
  defaultPorcentajeCredito: (value) => {
    if (!isPercent(value)) throw invalid('defaultPorcentajeCredito', PERCENT_0_100);
  },
  rateGrid: (value) => {
    if (!Array.isArray(value)) throw invalid('rateGrid', expected('esperadoListaTasas'));
    value.forEach((row: unknown, i) => {
      if (!isRecord(row)) throw invalid(`rateGrid[${i}]`, '{ minDownPaymentPercent, tasa }');
      if (!isPercent(row['minDownPaymentPercent'])) throw invalid(`rateGrid[${i}].minDownPaymentPercent`, PERCENT_0_100);
      if (typeof row['tasa'] !== 'string' || !PERCENT.test(row['tasa']))
        throw invalid(`rateGrid[${i}].tasa`, expected('esperadoPorcentajeTexto'));
    });
  },
  externalInsuranceInCat: (value) => {
    if (typeof value !== 'boolean') throw invalid('externalInsuranceInCat', oneOf(true, false));
  },
  commissionVat: (value) => {
    if (typeof value !== 'boolean') throw invalid('commissionVat', oneOf(true, false));
  },
  defaultProducto: (value) => {
    if (value !== 'AUTO' && value !== 'AUTONOM') throw invalid('defaultProducto', oneOf('AUTO', 'AUTONOM'));
  },
  paymentTolerance: (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 100)
      throw invalid('paymentTolerance', expected('esperadoCentavos'));
  },
  businessDays: (value) => {
    if (value !== 'none' && value !== 'MX') throw invalid('businessDays', oneOf('none', 'MX'));
  },
  engancheTolerance: (value) => {
    if (!Number.isSafeInteger(value) || (value as number) < 0 || (value as number) > MAX_ENGANCHE_TOLERANCE)
      throw invalid('engancheTolerance', expected('esperadoEntero', { min: 0, max: MAX_ENGANCHE_TOLERANCE }));
  },
  insuredValue: (value) => {
    if (value !== 'price' && value !== 'valorFactura') throw invalid('insuredValue', oneOf('price', 'valorFactura'));
  },
  insuranceIva: (value) => {
    if (value !== 'credit' && value !== 'tariff') throw invalid('insuranceIva', oneOf('credit', 'tariff'));
  },
  importeSegurosWithoutIndSeguro: (value) => {
    if (value !== 'echo' && value !== 'refuse') throw invalid('importeSegurosWithoutIndSeguro', oneOf('echo', 'refuse'));
  },
  plazoSeguroZero: (value) => {
    if (value !== 'wholeTerm' && value !== 'refuse') throw invalid('plazoSeguroZero', oneOf('wholeTerm', 'refuse'));
  },
};

/**
 * The defaults with a caller's overrides on top (periodicities merge by code), every override
 * checked first: an unknown key is `ERRESQ003`, a value of the wrong kind or out of range
 * `ERRESQ005`, each naming `conventions.<key>`. The result is frozen.
 *
 * @example
 * ```ts
 * resolveConventions({ catTimeBasis: 'days365' }).catTimeBasis; // 'days365'
 * resolveConventions({ paymentTolerance: -5 }); // throws QuoteError ERRESQ005 'conventions.paymentTolerance'
 * ```
 */
export function resolveConventions(overrides?: Partial<CreditConventions>): CreditConventions {
  if (overrides === undefined) return DEFAULT_CREDIT_CONVENTIONS;
  if (!isRecord(overrides)) throw invalid('', expected('esperadoConvenciones'));
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    const check = (CHECKS as Record<string, ((value: unknown) => void) | undefined>)[key];
    if (check === undefined || !Object.hasOwn(CHECKS, key)) throw validationError('ERRESQ003', 'campoNoDefinido', `conventions.${key}`);
    check(value);
  }
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)) as Partial<CreditConventions>;
  const merged: CreditConventions = {
    ...DEFAULT_CREDIT_CONVENTIONS,
    ...defined,
    periodicities: { ...DEFAULT_CREDIT_CONVENTIONS.periodicities, ...(defined.periodicities ?? {}) },
  };
  if (!Object.hasOwn(merged.periodicities, merged.defaultPeriodicidad))
    throw invalid('defaultPeriodicidad', expected('esperadoCodigoDePeriodicities'));
  return deepFreeze(structuredClone(merged));
}
