/**
 * Insurance inside the credit quote (`tipoSeguro` 1 and 2): the chosen package is priced by the
 * insurance engine (`priceOffers`) on a typed risk built once from the already validated
 * `informacionSeguro` (the same mapping as `quotePolicy`'s, `../policy/risk.ts`), and its damage
 * premium (`primaTotal`) comes back in cents; the debtor-life premium is the insurer's rate on the
 * credit's own scheduled balances, and `informacionSeguro.enganche` is checked against the credit.
 * The engine's errors are blamed on the credit's fields.
 */
import type { InsuranceInfo } from '../../contracts/credit.js';
import { PolicyRequestSchema } from '../../contracts/policy.js';
import { QuoteError, withField } from '../../errors/quoteError.js';
import { formatCents, parseCents, splitRemainderFirst } from '../../money/cents.js';
import { addMonthsCivil, formatIsoDate, type CivilDay } from '../../dates/civil.js';
import { validationError } from '../../validation/messages.js';
import type { CreditConventions } from '../../credit/conventions.js';
import { scheduleLoan, type Loan, type LoanSchedule } from '../../credit/loan.js';
import { lifePremiumCents } from '../../insurance/extras.js';
import { priceOffers, type PricedOffer } from '../../insurance/priceOffers.js';
import { quotesError } from '../messages.js';
import { toRisk } from '../policy/risk.js';
import { policySettings, type PolicyOptions } from '../policy/settings.js';
import type { CreditAmounts } from './amounts.js';
import { scheduleCreditLoan } from './schedule.js';
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

/** What the credit fixes of its policy: the sum insured, the months financed and the premiums' IVA. */
export interface CreditPolicyTerms {
  /** The sum insured (amount text): the credit's price or `valorFactura` (`conventions.insuredValue`). */
  readonly montoSumaAsegurada: string;
  /** The credit's term in months (the policy's `plazoFinanciado`). */
  readonly financedMonths: number;
  /** The IVA of the premiums (rate text, "0.08"); the tariff's when undefined (`conventions.insuranceIva`). */
  readonly ivaRate?: string | undefined;
}

/**
 * Quotes the package chosen in `informacionSeguro` for a credit (`policy`: its sum insured, months
 * and IVA). The choice must name one offer: `idPaquete` (non-zero) and, when several insurers
 * offer that package, `idAseguradora`.
 *
 * @example
 * ```ts
 * const info = { idPaquete: 1, idAseguradora: 1, cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1,
 *   idAgencia: 1002, numeroAgencia: 4501, modelo: 2026, enganche: '70000.00', codigoPostal: '03100', idFormaPago: 1 };
 * const insurance = quoteCreditInsurance(info, { montoSumaAsegurada: '350000.00', financedMonths: 36 }, { fechaInicio: '2026-01-31' });
 * [insurance.damage, insurance.life]; // [1_136_578, 284_900] (cents: Alfa's Amplia, contado, and its debtor life on the straight line)
 * ```
 */
export function quoteCreditInsurance(info: InsuranceInfo, policy: CreditPolicyTerms, options: PolicyOptions): CreditInsurance {
  if (info.idPaquete === undefined || info.idPaquete === 0) {
    throw quotesError('ERRESQ006', 'paqueteFalta', 'informacionSeguro.idPaquete');
  }
  const { financedMonths } = policy;
  if (financedMonths > MAX_FINANCED_MONTHS) throw validationError('ERRESQ004', 'rangoInvalido', 'plazo');
  const terms = { idClaveVehiculo: info.idAgencia, montoSumaAsegurada: policy.montoSumaAsegurada, plazoFinanciado: financedMonths };
  let offers: readonly PricedOffer[];
  try {
    offers = priceOffers(toRisk(info, terms), { ...policySettings(options), ivaRate: policy.ivaRate });
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

/**
 * A credit's IVA percentage (0–99) as a rate text: 8 → "0.08".
 *
 * @example
 * ```ts
 * [ivaRateText(16), ivaRateText(8), ivaRateText(0)]; // ['0.16', '0.08', '0.00']
 * ```
 */
export function ivaRateText(iva: number): string {
  return `0.${String(iva).padStart(2, '0')}`;
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

/** The credit a package is quoted for: its loan (scheduled for the life premium's balances), its terms and amounts. */
export interface InsuredCredit {
  /** The credit's loan as planned: its calendar, day count and features are the financed premium's and the life premium's. */
  readonly loan: Loan;
  readonly terms: CreditTerms;
  readonly amounts: Pick<CreditAmounts, 'downPayment' | 'price' | 'valorFactura'>;
}

/**
 * The credit's balance at the start of each of its `months` months, cents: on the day `months`
 * calendar months after the opening date (counted from it, as the receipts are), the balance left
 * after every payment dated on or before that day (`saldoFin` of the last such row; the amount
 * financed before the first payment; 0 once the table has ended).
 *
 * @example
 * ```ts
 * import { scheduleCreditLoan } from './schedule.js';
 * import { planCredit } from './plan.js';
 * const { loan } = planCredit(solicitud, DEFAULT_CREDIT_CONVENTIONS);
 * const balances = monthlyBalances(scheduleCreditLoan(loan), loan, 36);
 * [balances[0], balances[1], balances.length]; // [29_200_000, 28_559_369, 36] (292,000.00, then less the first payment's 6,406.31 of capital)
 * ```
 */
export function monthlyBalances(schedule: LoanSchedule, loan: Pick<Loan, 'start' | 'principal'>, months: number): number[] {
  const { dates, opening, capital } = schedule;
  const out = new Array<number>(months);
  let paid = 0;
  let balance = loan.principal;
  for (let m = 0; m < months; m++) {
    const day = addMonthsCivil(loan.start, m);
    while (paid < dates.length && (dates[paid] as CivilDay) <= day) {
      balance = (opening[paid] as number) - (capital[paid] as number);
      paid++;
    }
    out[m] = balance;
  }
  return out;
}

/**
 * Whether the caller chose how the life premium sees the balance (`lifeBalance`, as an option or a
 * convention, or their own `lifeBalances`): then the policy quote's rule prices it; otherwise the
 * credit's scheduled balances do.
 */
function callerLifeBalance(options: PolicyOptions): boolean {
  return options.lifeBalance !== undefined || options.lifeBalances !== undefined || options.conventions?.lifeBalance !== undefined;
}

/**
 * Quotes the chosen package for the credit and charges it: up front (`tipoSeguro` 1), or financed
 * (2): the damage premium as its own level loan at the credit's rate and term, whose installments
 * (capital + interest + IVA) are the `seguroDanos` column, and the life premium spread evenly
 * (remainder on the first payment). The premium's loan shares the credit's calendar and day count
 * (first payment date, business days, interest basis), not its prepayments, balloon or grace.
 *
 * The sum insured is the credit's price (`conventions.insuredValue`) and the premiums carry the
 * credit's `iva` (`conventions.insuranceIva`). The debtor-life premium is the insurer's rate on the
 * credit's own balances month by month
 * ({@link monthlyBalances}: the table, prepayments, balloon and grace included), unless the caller
 * chose the policy quote's rule. `informacionSeguro.enganche` must be the credit's down payment
 * (the price less `montoSolicitado`) within `conventions.engancheTolerance` cents (`ERRNEG001`
 * naming it): the insurer prices the credit the table describes.
 *
 * @example
 * ```ts
 * import { readAmounts } from './amounts.js';
 * import { readTerms } from './terms.js';
 * const info = { idPaquete: 1, idAseguradora: 1, cveEntidadFederativa: 9, idTipoUnidad: 1, idUsoAutomovil: 1,
 *   idAgencia: 1002, numeroAgencia: 4501, modelo: 2026, enganche: '70000.00', codigoPostal: '03100', idFormaPago: 1 };
 * const s = { montoSolicitado: '280000.00', valorFactura: '350000.00', plazo: 36, tipoSeguro: 1, informacionSeguro: info };
 * const terms = readTerms(s, DEFAULT_CREDIT_CONVENTIONS, '2026-01-31');
 * const amounts = readAmounts(s, terms, DEFAULT_CREDIT_CONVENTIONS);
 * const loan = { principal: amounts.principal, annualRate: { num: 27, den: 200 }, vatPercent: 16, start: terms.fechaApertura,
 *   payments: 36, periodicity: terms.periodicity };
 * const charges = policyCharges(info, { loan, terms, amounts }, DEFAULT_CREDIT_CONVENTIONS, {});
 * [charges.insurance.damage, charges.insurance.life]; // [1_136_578, 306_370] (Alfa's Amplia, contado; 0.55‰ on the table's balances, 3,063.70)
 * ```
 */
export function policyCharges(
  info: InsuranceInfo,
  credit: InsuredCredit,
  conventions: CreditConventions,
  options: PolicyOptions,
): PolicyCharges {
  const { loan, terms, amounts } = credit;
  const financedMonths = Math.ceil((terms.plazo * 12) / terms.periodicity.perYear);
  const policy: CreditPolicyTerms = {
    montoSumaAsegurada: formatCents(conventions.insuredValue === 'price' ? amounts.price : amounts.valorFactura),
    financedMonths,
    ivaRate: conventions.insuranceIva === 'credit' ? ivaRateText(terms.iva) : undefined,
  };
  const quoted = quoteCreditInsurance(info, policy, { ...options, fechaInicio: options.fechaInicio ?? formatIsoDate(terms.fechaApertura) });
  const enganche = parseCents(info.enganche);
  const downPayment = credit.amounts.downPayment;
  if (Math.abs(enganche - downPayment) > conventions.engancheTolerance) {
    throw quotesError('ERRNEG001', 'engancheNoCorresponde', 'informacionSeguro.enganche', {
      expected: formatCents(downPayment),
      tolerance: formatCents(conventions.engancheTolerance),
    });
  }
  const insurance = callerLifeBalance(options) ? quoted : withScheduledLife(quoted, loan, financedMonths);
  if (terms.tipoSeguro === 1) return { insurance, upfront: insurance.damage + insurance.life };
  const life = splitRemainderFirst(insurance.life, terms.plazo);
  if (insurance.damage === 0) {
    const zeros = new Array<number>(terms.plazo).fill(0);
    return { insurance, upfront: 0, damage: zeros, life, damageBalance: zeros };
  }
  const premium = scheduleLoan({
    principal: insurance.damage,
    annualRate: loan.annualRate,
    vatPercent: terms.iva,
    start: terms.fechaApertura,
    payments: terms.plazo,
    periodicity: terms.periodicity,
    paymentTolerance: conventions.paymentTolerance,
    interestBasis: loan.interestBasis,
    businessDays: loan.businessDays,
    firstPaymentDate: loan.firstPaymentDate,
  });
  const damageBalance = Array.from(premium.opening, (opening, k) => opening - (premium.capital[k] as number));
  return { insurance, upfront: 0, damage: Array.from(premium.level), life, damageBalance };
}

/** The quoted package with its life premium priced on the credit's scheduled balances. */
function withScheduledLife(quoted: CreditInsurance, loan: Loan, months: number): CreditInsurance {
  const balances = monthlyBalances(scheduleCreditLoan(loan), loan, months);
  const { offer } = quoted;
  const credit = { invoiceCents: 0, financedCents: 0, months };
  const life = lifePremiumCents(offer.insurer, credit, 'declining', balances);
  return { damage: quoted.damage, life, offer: { ...offer, lifeCents: life } };
}
