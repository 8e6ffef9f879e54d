/**
 * Insurance inside the credit quote (`tipoSeguro` 1 and 2): the chosen package is quoted through
 * the insurance engine and its damage premium (`primaTotal`) and debtor-life premium (`segVida`)
 * come back in cents.
 */
import type { InsuranceInfo } from '../../contracts/credit.js';
import type { PolicyOffer, PolicyRequest } from '../../contracts/policy.js';
import { QuoteError, withField } from '../../errors/quoteError.js';
import { parseCents, splitRemainderFirst } from '../../money/cents.js';
import { formatIsoDate } from '../../dates/civil.js';
import type { CreditConventions } from '../../credit/conventions.js';
import { scheduleLoan, type Loan } from '../../credit/loan.js';
import type { Rational } from '../../credit/rate.js';
import { quotePolicy, type PolicyOptions } from '../quotePolicy.js';
import { quotesError } from '../messages.js';
import type { CreditTerms } from './terms.js';

/** The premiums the credit charges, in cents, and the offer they came from. */
export interface CreditInsurance {
  readonly damage: number;
  readonly life: number;
  readonly offer: PolicyOffer;
}

/** Policy request fields whose names differ in `informacionSeguro` or live at the top level. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  idClaveVehiculo: 'informacionSeguro.idAgencia',
  idAgencia: 'informacionSeguro.numeroAgencia',
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
  const request: PolicyRequest = {
    idPaquete: info.idPaquete,
    cveEntidadFederativa: info.cveEntidadFederativa,
    idTipoUnidad: info.idTipoUnidad,
    idUsoAutomovil: info.idUsoAutomovil,
    idClaveVehiculo: info.idAgencia,
    modelo: info.modelo,
    idAgencia: info.numeroAgencia,
    montoSumaAsegurada: valorFactura,
    enganche: info.enganche,
    plazoFinanciado: financedMonths,
    codigoPostal: info.codigoPostal,
    ...(info.idEstado === undefined ? {} : { idEstado: info.idEstado }),
    ...(info.idUsuario === undefined ? {} : { idUsuario: info.idUsuario }),
    ...(info.plazoMeses === undefined ? {} : { plazoMeses: info.plazoMeses }),
    ...(info.idAseguradora === undefined ? {} : { idAseguradora: info.idAseguradora }),
    ...(info.idFormaPago === undefined ? {} : { idFormaPago: info.idFormaPago }),
    ...(info.sumaAccesorio === undefined ? {} : { sumaAccesorio: info.sumaAccesorio }),
    ...(info.sumaEquipoEspecial === undefined ? {} : { sumaEquipoEspecial: info.sumaEquipoEspecial }),
    ...(info.indicadorReposicion === undefined ? {} : { indicadorReposicion: info.indicadorReposicion }),
    ...(info.idVigencia === undefined ? {} : { idVigencia: info.idVigencia }),
  };
  let offers: readonly PolicyOffer[];
  try {
    offers = quotePolicy(request, options).listaSeguroAuto;
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
  const offer = offers[0] as PolicyOffer;
  return { damage: parseCents(offer.primaTotal), life: parseCents(offer.segVida), offer };
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
