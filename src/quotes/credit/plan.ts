/**
 * Planning a credit quote: from a schema-valid solicitud to a typed {@link Loan} and what the
 * response and the CAT add around it, in named steps a reader can follow:
 *
 * 1. {@link readTerms}: the opening date and the codes, defaults applied, the engine's narrower rules;
 * 2. {@link readAmounts}: the amounts in cents, the down payment and the warranty cap;
 * 3. {@link readPricing}: the annual rate (or the rate grid's) and the opening commission;
 * 4. {@link readFeatures}: the calendar and the features of the options (first payment date,
 *    prepayments, balloon, grace); {@link readCaptive}: the captive lenders' structures
 *    (anualidades, promotions, deferral, periodic charges, insurance on the balance);
 * 5. {@link externalInsurance}: external insurance spread over its term (`indSeguro` 1);
 * 6. {@link policyCharges}: the insurer's package paid up front or financed (`tipoSeguro` 1, 2);
 * 7. {@link catTerms}: what the CAT's flows net at t = 0 and add to each payment.
 *
 * Each step throws a coded {@link QuoteError} naming the request's field; the first failing check
 * in this order is the one reported. Pure: reads nothing but its arguments.
 */
import type { CreditRequest } from '../../contracts/credit.js';
import { parseCents, splitRemainderFirst } from '../../money/cents.js';
import type { CreditConventions } from '../../credit/conventions.js';
import type { Loan } from '../../credit/loan.js';
import type { PolicyOptions } from '../quotePolicy.js';
import { readAmounts, type CreditAmounts } from './amounts.js';
import { readFeatures, type FeatureOptions, type LoanFeatures } from './features.js';
import { hasCaptiveOptions, readCaptive, type CaptiveOptions } from './captive.js';
import { policyCharges, type CreditInsurance } from './insurance.js';
import { readPricing, type CreditPricing } from './rate.js';
import { readTerms, type CreditTerms } from './terms.js';
import { quotesError } from '../messages.js';

/** Per-payment columns of the table besides capital, interest and IVA (cents; undefined when all zero). */
export interface PaymentExtras {
  readonly life?: readonly number[] | undefined;
  readonly damage?: readonly number[] | undefined;
  readonly unemployment?: readonly number[] | undefined;
  readonly commission?: readonly number[] | undefined;
}

/** The CAT's view of the credit: Banxico's flows without VAT. */
export interface CatTerms {
  /** Net disbursement at t = 0: principal − commission (without VAT) − required insurance paid up front, cents. */
  readonly disbursement: number;
  /** Insurance in each payment that the CAT counts, cents; undefined when none. (The times of the payments are the credit core's `catTiming`.) */
  readonly insurance?: readonly number[] | undefined;
  /** The charges netted from the disbursement, in the documented order (without IVA, cents). */
  readonly netted: readonly NettedCharge[];
}

/** Everything a credit quote needs: the loan, the extras around it, the CAT's terms and the texts echoed back. */
export interface CreditPlan {
  readonly loan: Loan;
  readonly terms: CreditTerms;
  readonly amounts: CreditAmounts;
  readonly pricing: CreditPricing;
  readonly extras: PaymentExtras;
  readonly cat: CatTerms;
  /** Charged at opening, outside the payments: commission + its VAT + insurance paid up front, cents. */
  readonly upfrontCharges: number;
  readonly importeSeguros: number;
  readonly plazoSeguro: number;
  readonly importeCatSegVida: number;
  readonly importeCatSegDanio: number;
  /** The insurer's offer for `tipoSeguro` 1 or 2. */
  readonly insurance?: CreditInsurance | undefined;
  /** The features of the options, in the core's terms. */
  readonly features: LoanFeatures;
  /** The external insurance column alone (`indSeguro` 1), part of `extras.damage`. */
  readonly externalColumn?: readonly number[] | undefined;
  /** What is still owed of the insurance columns after each row, for a table that ends early; undefined without prepayments or anualidades. */
  readonly owed?: InsuranceOwed | undefined;
}

/** Insurance still owed after each row (cents): charged with the last row when a prepayment ends the table early. */
export interface InsuranceOwed {
  /** Of the `seguroDanos` column: the rest of the external premium and the financed premium's balance. */
  readonly damage?: readonly number[] | undefined;
  /** Of the `seguroVida` column: the rest of the life premium. */
  readonly life?: readonly number[] | undefined;
  /** Of the external premium alone (what the CAT leaves out when `externalInsuranceInCat` is false). */
  readonly external?: readonly number[] | undefined;
}

/** What {@link planCredit} takes besides the solicitud: the default date and the insurance engine's options. */
export interface PlanOptions {
  readonly fechaApertura?: string | undefined;
  /** The features (first payment date, prepayments, balloon, grace; the captive structures), as the options give them. */
  readonly features?: (FeatureOptions & CaptiveOptions) | undefined;
  /** Options for the insurance engine (`tipoSeguro` 1 and 2); `fechaInicio` defaults to the opening date. */
  readonly policy?: PolicyOptions | undefined;
}

/** External insurance charged in the payments (`indSeguro` 1), spread over its term, remainder on the first. */
export interface ExternalInsurance {
  readonly importeSeguros: number;
  readonly plazoSeguro: number;
  /** Per-payment amounts, cents; undefined without external insurance. */
  readonly column?: readonly number[] | undefined;
}

/**
 * Step 5: `importeSeguros` (required with `indSeguro` 1) over the payments that fall within
 * `plazoSeguro` months (`ceil(plazoSeguro × perYear / 12)`, at most `plazo`; `plazoSeguro` 0 is
 * every payment unless `conventions.plazoSeguroZero` is `'refuse'`). With `indSeguro` 0 it is
 * echoed, not charged (`conventions.importeSegurosWithoutIndSeguro`: `'refuse'` refuses an amount
 * above zero).
 *
 * @example
 * ```ts
 * import { readTerms } from './terms.js';
 * const s = { indSeguro: 1, importeSeguros: '1200.00', plazoSeguro: 12, montoSolicitado: '1.00', plazo: 24, valorFactura: '2.00' };
 * const { column } = externalInsurance(s, readTerms(s, DEFAULT_CREDIT_CONVENTIONS, '2026-01-31'), DEFAULT_CREDIT_CONVENTIONS);
 * [column?.[0], column?.[11], column?.[12]]; // [10_000, 10_000, 0] (100.00 in each of the first 12 payments)
 * ```
 */
export function externalInsurance(s: CreditRequest, terms: CreditTerms, conventions: CreditConventions): ExternalInsurance {
  const importeSeguros = s.importeSeguros === undefined ? 0 : parseCents(s.importeSeguros);
  const plazoSeguro = s.plazoSeguro ?? 0;
  if (terms.indSeguro !== 1) {
    if (importeSeguros > 0 && conventions.importeSegurosWithoutIndSeguro === 'refuse') {
      throw quotesError('ERRNEG001', 'importeSegurosSinIndicador', 'importeSeguros');
    }
    return { importeSeguros, plazoSeguro };
  }
  if (s.importeSeguros === undefined) throw quotesError('ERRESQ006', 'importeSegurosFalta', 'importeSeguros');
  if (s.plazoSeguro === undefined) throw quotesError('ERRESQ006', 'plazoSeguroMinimo', 'plazoSeguro');
  if (plazoSeguro === 0 && conventions.plazoSeguroZero === 'refuse') throw quotesError('ERRESQ004', 'plazoSeguroMinimo', 'plazoSeguro');
  const months = Math.ceil((plazoSeguro * terms.periodicity.perYear) / 12);
  const payments = plazoSeguro === 0 ? terms.plazo : Math.min(terms.plazo, months);
  const split = splitRemainderFirst(importeSeguros, payments);
  const column = new Array<number>(terms.plazo).fill(0);
  for (let k = 0; k < payments; k++) column[k] = split[k] as number;
  return { importeSeguros, plazoSeguro, column };
}

/** What is left of a column after each row: Σ_{j>k} column[j]. */
function restAfter(column: readonly number[] | undefined): number[] | undefined {
  if (column === undefined) return undefined;
  const out = new Array<number>(column.length);
  let rest = 0;
  for (let k = column.length - 1; k >= 0; k--) {
    out[k] = rest;
    rest += column[k] as number;
  }
  return out;
}

/**
 * Σ of per-payment columns, less `excluded`; undefined when there is nothing to add.
 *
 * @example
 * ```ts
 * addColumns(2, [[100, 200], undefined, [1, 2]], [10, 10]); // [91, 192]
 * ```
 */
export function addColumns(
  count: number,
  columns: readonly (readonly number[] | undefined)[],
  excluded?: readonly number[],
): number[] | undefined {
  if (columns.every((column) => column === undefined)) return undefined;
  const out = new Array<number>(count);
  for (let k = 0; k < count; k++) {
    let sum = 0;
    for (const column of columns) sum += column?.[k] ?? 0;
    out[k] = sum - (excluded?.[k] ?? 0);
  }
  return out;
}

/**
 * A charge the CAT nets from the disbursement at t = 0: the request's field that sets it and its
 * amount without IVA, in cents.
 *
 * @example
 * ```ts
 * const charge: NettedCharge = ['importeCatSegVida', 1_000_000];
 * charge[1] / 100; // 10000 (10,000.00 of life insurance paid up front)
 * ```
 */
export type NettedCharge = readonly [field: NettedChargeField, cents: number];

/**
 * The fields of the charges netted at t = 0, in the documented order (`docs/cat.md`, "In the
 * credit quote"): the opening commission, the life and damage insurance paid up front, the
 * insurer's package paid at opening (`tipoSeguro` 1).
 *
 * @example
 * ```ts
 * NETTED_CHARGE_FIELDS[0]; // 'comisiones'
 * ```
 */
export const NETTED_CHARGE_FIELDS = ['comisiones', 'importeCatSegVida', 'importeCatSegDanio', 'informacionSeguro'] as const;

/** A field of {@link NETTED_CHARGE_FIELDS}. */
export type NettedChargeField = (typeof NETTED_CHARGE_FIELDS)[number];

/**
 * The CAT's disbursement at t = 0: the amount financed less the charges netted from it (without
 * IVA). When nothing is left, `ERRNEG001` naming the charge that tips it over: adding the charges
 * in the order given (that of {@link NETTED_CHARGE_FIELDS}), the first whose addition makes them
 * reach the amount financed — so a loan without commission is never blamed on `comisiones`.
 *
 * @example
 * ```ts
 * nettedDisbursement(1_000_000, [['comisiones', 0], ['importeCatSegVida', 600_000], ['importeCatSegDanio', 0], ['informacionSeguro', 0]]); // 400_000
 * nettedDisbursement(1_000_000, [['comisiones', 0], ['importeCatSegVida', 1_000_000], ['importeCatSegDanio', 0], ['informacionSeguro', 0]]); // throws QuoteError ERRNEG001 'importeCatSegVida'
 * nettedDisbursement(1_000_000, [['comisiones', 50_000], ['importeCatSegVida', 900_000], ['importeCatSegDanio', 60_000], ['informacionSeguro', 0]]); // throws QuoteError ERRNEG001 'importeCatSegDanio'
 * ```
 */
export function nettedDisbursement(principal: number, charges: readonly NettedCharge[]): number {
  let netted = 0;
  for (const [field, cents] of charges) {
    netted += cents;
    if (netted >= principal) throw quotesError('ERRNEG001', 'cargosIniciales', field);
  }
  return principal - netted;
}

/**
 * Step 7: the CAT nets the commission (without VAT) and required insurance paid up front from the
 * disbursement (`ERRNEG001` naming the charge that tips it over when nothing is left:
 * `nettedDisbursement`) and counts the insurance in the payments (external insurance only when
 * `conventions.externalInsuranceInCat`).
 *
 * @example
 * ```ts
 * catTerms(28_000_000, [['comisiones', 560_000]], 36, {}, undefined, DEFAULT_CREDIT_CONVENTIONS).disbursement; // 27_440_000
 * ```
 */
export function catTerms(
  principal: number,
  netted: readonly NettedCharge[],
  plazo: number,
  insured: PaymentExtras,
  external: readonly number[] | undefined,
  conventions: CreditConventions,
): CatTerms {
  const disbursement = nettedDisbursement(principal, netted);
  const excluded = conventions.externalInsuranceInCat ? undefined : external;
  return {
    disbursement,
    netted,
    insurance: addColumns(plazo, [insured.damage, insured.life], excluded),
  };
}

/**
 * Plans a schema-valid solicitud (see the module comment for the steps).
 *
 * @example
 * ```ts
 * planCredit(solicitud, DEFAULT_CREDIT_CONVENTIONS, { fechaApertura: '2026-01-31' }).loan.principal; // 29_200_000 (280,000.00 + the 12,000.00 warranty, in cents)
 * ```
 */
export function planCredit(s: CreditRequest, conventions: CreditConventions, options: PlanOptions = {}): CreditPlan {
  const terms = readTerms(s, conventions, options.fechaApertura);
  const amounts = readAmounts(s, terms, conventions);
  const pricing = readPricing(s, amounts.principal, terms.iva, conventions, amounts);
  const features = readFeatures(options.features ?? {}, terms, amounts.principal);
  const captive = hasCaptiveOptions(options.features)
    ? readCaptive(options.features, s, {
        terms,
        principal: amounts.principal,
        annualRate: pricing.annualRate,
        features,
        commissionVat: conventions.commissionVat,
      })
    : undefined;
  const loan: Loan = {
    principal: amounts.principal,
    annualRate: pricing.annualRate,
    vatPercent: terms.iva,
    start: terms.fechaApertura,
    payments: terms.plazo,
    periodicity: terms.periodicity,
    interestBasis: conventions.interestBasis,
    paymentTolerance: conventions.paymentTolerance,
    businessDays: conventions.businessDays,
    firstPaymentDate: features.firstPaymentDate,
    prepayments: features.prepayments,
    balloon: features.balloon,
    grace: features.grace,
    anualidades: captive?.anualidades,
    promotions: captive?.promotions,
    deferral: captive?.deferral,
    periodicCharge: captive?.periodicCharge,
    balanceInsurance: captive?.balanceInsurance,
  };
  const external = externalInsurance(s, terms, conventions);
  const policy =
    terms.tipoSeguro !== 0 && s.informacionSeguro !== undefined
      ? policyCharges(s.informacionSeguro, { loan, terms, amounts }, conventions, options.policy ?? {})
      : undefined;

  const damage = addColumns(terms.plazo, [external.column, policy?.damage]);
  const extras: PaymentExtras = { damage, life: policy?.life };
  const importeCatSegVida = s.importeCatSegVida === undefined ? 0 : parseCents(s.importeCatSegVida);
  const importeCatSegDanio = s.importeCatSegDanio === undefined ? 0 : parseCents(s.importeCatSegDanio);
  const upfrontInsurance = importeCatSegVida + importeCatSegDanio + (policy?.upfront ?? 0);
  const netted: NettedCharge[] = [
    ['comisiones', pricing.commission],
    ['importeCatSegVida', importeCatSegVida],
    ['importeCatSegDanio', importeCatSegDanio],
    ['informacionSeguro', policy?.upfront ?? 0],
  ];
  const cat = catTerms(amounts.principal, netted, terms.plazo, extras, external.column, conventions);

  // A table ends early after a prepayment, or when an anualidad pays the balance off.
  const prepaid = (features.prepayments !== undefined && features.prepayments.length > 0) || captive?.anualidades !== undefined;
  const owed: InsuranceOwed | undefined = prepaid
    ? {
        damage: addColumns(terms.plazo, [restAfter(external.column), policy?.damageBalance]),
        life: restAfter(policy?.life),
        external: restAfter(external.column),
      }
    : undefined;

  return {
    loan,
    terms,
    amounts,
    pricing,
    extras,
    cat,
    upfrontCharges: pricing.commission + pricing.commissionVat + upfrontInsurance,
    importeSeguros: external.importeSeguros,
    plazoSeguro: external.plazoSeguro,
    importeCatSegVida,
    importeCatSegDanio,
    insurance: policy?.insurance,
    features,
    externalColumn: external.column,
    owed,
  };
}
