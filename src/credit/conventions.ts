/**
 * Every choice the interface leaves open for the credit quote, as data. Callers override any
 * part through `options.conventions`; `docs/conventions.md` gives each default and its reason.
 */
import type { DateStep } from '../dates/civil.js';

/** One periodicity code: payments per year, days of interest per period, the calendar step. */
export interface Periodicity {
  readonly name: string;
  /** Payments per year (the CAT's default time unit is 1 / perYear). */
  readonly perYear: number;
  /** Days of interest per period (interest = balance × rate × days / 360). */
  readonly days: number;
  /** How the payment date advances, always counted from `fechaApertura`. */
  readonly step: DateStep;
}

/** How the interest of one period is accrued. */
export type InterestBasis =
  /** balance × rate × days / 360 (the default, Mexican bank practice). */
  | 'days360'
  /** balance × rate / perYear (what some engines and the reference's weekly CAT readings use). */
  | 'perYear';

/** How the CAT counts the time of the k-th payment, in years. */
export type CatTimeBasis =
  /** k / perYear (Banxico's evenly spaced reading; the default). */
  | 'periods'
  /** k × days / 360. */
  | 'days360'
  /** k × days / 365. */
  | 'days365';

/** A row of the rate grid used when `tasa` is omitted: from this down payment (%) up, this rate. */
export interface RateGridRow {
  readonly minDownPaymentPercent: number;
  readonly tasa: string;
}

/** The credit engine's conventions. */
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
}

/**
 * The defaults: see `docs/conventions.md` for the reason behind each.
 *
 * @example
 * ```ts
 * DEFAULT_CREDIT_CONVENTIONS.periodicities.M; // { name: 'mensual', perYear: 12, days: 30, ... }
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
}) as CreditConventions;

/**
 * The defaults with a caller's overrides on top (periodicities merge by code).
 *
 * @example
 * ```ts
 * resolveConventions({ catTimeBasis: 'days365' }).catTimeBasis; // 'days365'
 * ```
 */
export function resolveConventions(overrides?: Partial<CreditConventions>): CreditConventions {
  if (overrides === undefined) return DEFAULT_CREDIT_CONVENTIONS;
  return {
    ...DEFAULT_CREDIT_CONVENTIONS,
    ...overrides,
    periodicities: { ...DEFAULT_CREDIT_CONVENTIONS.periodicities, ...(overrides.periodicities ?? {}) },
  };
}
