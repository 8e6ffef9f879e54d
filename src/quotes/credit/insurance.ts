/**
 * Insurance inside the credit quote (`tipoSeguro` 1 and 2): the chosen package is priced by the
 * insurance engine (`priceOffers`) on a typed risk built once from the already validated
 * `informacionSeguro` (the same mapping as `quotePolicy`'s, `../policy/risk.ts`), and its damage
 * premium (`primaTotal`) and debtor-life premium (`segVida`) come back in cents. The engine's
 * errors are blamed on the credit's fields.
 */
import type { InsuranceInfo } from '../../contracts/credit.js';
import { PolicyRequestSchema } from '../../contracts/policy.js';
import { QuoteError, withField } from '../../errors/quoteError.js';
import { splitRemainderFirst } from '../../money/cents.js';
import { formatIsoDate } from '../../dates/civil.js';
import { validationError } from '../../validation/messages.js';
import type { CreditConventions } from '../../credit/conventions.js';
import { scheduleLoan, type Loan } from '../../credit/loan.js';
import type { Rational } from '../../credit/rate.js';
import { priceOffers, type PricedOffer } from '../../insurance/priceOffers.js';
import { quotesError } from '../messages.js';
import { toRisk } from '../policy/risk.js';
import { policySettings, type PolicyOptions } from '../policy/settings.js';
import type { CreditTerms } from './terms.js';

/** The premiums the credit charges, in cents, and the offer they came from. */
export interface CreditInsurance {
  readonly damage: number;
  readonly life: number;
  readonly offer: PricedOffer;
}

/**
 * The most months a policy request finances (`plazoFinanciado`'s maximum). The credit's schema
 * has checked every other field of the risk with the policy request's own definitions; the
 * months are computed from `plazo`, so their bound is checked here, as the policy request's schema
 * would (`ERRESQ004` on `plazo`).
 */
const MAX_FINANCED_MONTHS = PolicyRequestSchema.properties.plazoFinanciado.maximum as number;

/** Risk fields (named as the policy request names them) whose names differ in `informacionSeguro` or live at the top level. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  idClaveVehiculo: 'informacionSeguro.idAgencia',
  montoSumaAsegurada: 'valorFactura',
  plazoFinanciado: 'plazo',
};

function creditPath(policyPath: string | undefined): string {
  if (policyPath === undefined || policyPath === '') return 'informacionSeguro';
  const [head, ...rest] = policyPath.split('.');
  const mapped = FIELD_NAMES[head as string] ?? `informacionSeguro.${head as string}`;
  return [mapped, ...rest].join('.');
}

/**
 * Quotes the package chosen in `informacionSeguro` for a credit of `financedMonths` months.
 * The choice must name one offer: `idPaquete` (non-zero) and, when several insurers offer that
 * package, `idAseguradora`.
 *
 * @example
 * ```ts
 * const info = { idPaquete: 1, idAseguradora: 1, cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1,
 *   idAgencia: 1002, numeroAgencia: 4501, modelo: 2026, enganche: '70000.00', codigoPostal: '03100', idFormaPago: 1 };
 * const insurance = quoteCreditInsurance(info, '350000.00', 36, { fechaInicio: '2026-01-31' });
 * [insurance.damage, insurance.life]; // [2_140_664, 284_900] (cents: Alfa's Amplia, contado, and its debtor life)
 * ```
 */
export function quoteCreditInsurance(
  info: InsuranceInfo,
  valorFactura: string,
  financedMonths: number,
  options: PolicyOptions,
): CreditInsurance {
  if (info.idPaquete === undefined || info.idPaquete === 0) {
    throw quotesError('ERRESQ006', 'paqueteFalta', 'informacionSeguro.idPaquete');
  }
  if (financedMonths > MAX_FINANCED_MONTHS) throw validationError('ERRESQ004', 'rangoInvalido', 'plazo');
  const terms = { idClaveVehiculo: info.idAgencia, montoSumaAsegurada: valorFactura, plazoFinanciado: financedMonths };
  let offers: readonly PricedOffer[];
  try {
    offers = priceOffers(toRisk(info, terms), policySettings(options));
  } catch (error) {
    if (error instanceof QuoteError && error.codigoError !== 'ERRSER002') {
      const path = error.valorIncorrecto === 'fechaInicio' ? 'fechaInicio' : creditPath(error.valorIncorrecto);
      throw withField(error, path);
    }
    throw error;
  }
  if (offers.length !== 1) {
    throw quotesError('ERRNEG001', 'paqueteAmbiguo', 'informacionSeguro.idAseguradora', { count: offers.length });
  }
  const offer = offers[0] as PricedOffer;
  return { damage: offer.totalCents, life: offer.lifeCents, offer };
}

/** What the insurance of `tipoSeguro` 1 or 2 adds to a credit. */
export interface PolicyCharges {
  readonly insurance: CreditInsurance;
  /** Premiums paid at opening (`tipoSeguro` 1), cents. */
  readonly upfront: number;
  /** Per-payment installments of the financed damage premium (`tipoSeguro` 2), cents. */
  readonly damage?: readonly number[] | undefined;
  /** Per-payment shares of the life premium (`tipoSeguro` 2), cents. */
  readonly life?: readonly number[] | undefined;
  /** The financed damage premium's balance after each payment (`tipoSeguro` 2), cents. */
  readonly damageBalance?: readonly number[] | undefined;
}

/** The credit's calendar and day count, which a financed premium shares. */
export type PremiumCalendar = Pick<Loan, 'interestBasis' | 'businessDays' | 'firstPaymentDate'>;

/**
 * Quotes the chosen package for the credit and charges it: up front (`tipoSeguro` 1), or financed
 * (2): the damage premium as its own level loan at the credit's rate and term, whose installments
 * (capital + interest + IVA) are the `seguroDanos` column, and the life premium spread evenly
 * (remainder on the first payment). The premium's loan shares the credit's calendar and day count
 * (first payment date, business days, interest basis), not its prepayments, balloon or grace.
 *
 * @example
 * ```ts
 * import { readTerms } from './terms.js';
 * const info = { idPaquete: 1, idAseguradora: 1, cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1,
 *   idAgencia: 1002, numeroAgencia: 4501, modelo: 2026, enganche: '70000.00', codigoPostal: '03100', idFormaPago: 1 };
 * const s = { montoSolicitado: '280000.00', valorFactura: '350000.00', plazo: 36, tipoSeguro: 1, informacionSeguro: info };
 * const terms = readTerms(s, DEFAULT_CREDIT_CONVENTIONS, '2026-01-31');
 * policyCharges(info, '350000.00', terms, { num: 27, den: 200 }, DEFAULT_CREDIT_CONVENTIONS, {}).upfront; // 2_425_564 (21,406.64 + 2,849.00, paid up front)
 * ```
 */
export function policyCharges(
  info: InsuranceInfo,
  valorFactura: string,
  terms: CreditTerms,
  annualRate: Rational,
  conventions: CreditConventions,
  options: PolicyOptions,
  calendar: PremiumCalendar = { interestBasis: conventions.interestBasis },
): PolicyCharges {
  const financedMonths = Math.ceil((terms.plazo * 12) / terms.periodicity.perYear);
  const insurance = quoteCreditInsurance(info, valorFactura, financedMonths, {
    ...options,
    fechaInicio: options.fechaInicio ?? formatIsoDate(terms.fechaApertura),
  });
  if (terms.tipoSeguro === 1) return { insurance, upfront: insurance.damage + insurance.life };
  const life = splitRemainderFirst(insurance.life, terms.plazo);
  if (insurance.damage === 0) {
    const zeros = new Array<number>(terms.plazo).fill(0);
    return { insurance, upfront: 0, damage: zeros, life, damageBalance: zeros };
  }
  const premium = scheduleLoan({
    principal: insurance.damage,
    annualRate,
    vatPercent: terms.iva,
    start: terms.fechaApertura,
    payments: terms.plazo,
    periodicity: terms.periodicity,
    paymentTolerance: conventions.paymentTolerance,
    ...calendar,
  });
  const damageBalance = Array.from(premium.opening, (opening, k) => opening - (premium.capital[k] as number));
  return { insurance, upfront: 0, damage: Array.from(premium.level), life, damageBalance };
}
