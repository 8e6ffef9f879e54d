/**
 * From a schema-valid solicitud to a credit plan: every default applied, every business rule
 * checked, every amount in integer cents. Pure; reads nothing but its arguments.
 */
import type { CreditRequest } from '../../contracts/credit.js';
import { QuoteError } from '../../errors/quoteError.js';
import { mulDivRoundHalfUp, parseCents, splitRemainderFirst } from '../../money/cents.js';
import { Decimal } from '../../money/decimal.js';
import { formatIsoDate, parseIsoDate, type CivilDay } from '../../dates/civil.js';
import type { CreditConventions, Periodicity } from '../../credit/conventions.js';
import { mulRational, percentToRational, type Rational } from '../../credit/rate.js';
import { quoteCreditInsurance, type CreditInsurance } from './insurance.js';
import { buildSchedule } from '../../credit/schedule.js';
import { paymentRate } from '../../credit/payment.js';
import type { PolicyOptions } from '../quotePolicy.js';

/** The normalised credit: what the schedule, the CAT and the response need. */
export interface CreditPlan {
  readonly fechaApertura: CivilDay;
  readonly plazo: number;
  readonly periodicidadCode: string;
  readonly periodicity: Periodicity;
  readonly iva: number;
  readonly facturaConIva: number;
  readonly tipoSeguro: number;
  readonly indSeguro: number;
  readonly plazoSeguro: number;
  readonly withTable: boolean;
  /** Texts echoed in the response. */
  readonly tasaText: string;
  readonly comisionesText: string;
  /** Cents. */
  readonly montoSolicitado: number;
  readonly valorFactura: number;
  readonly montoGarantiaExt: number;
  readonly importeSeguros: number;
  readonly importeCatSegVida: number;
  readonly importeCatSegDanio: number;
  /** Amount financed: montoSolicitado + credited extras (cents). */
  readonly principal: number;
  /** Periodic interest rate without IVA, exact. */
  readonly periodicRate: Rational;
  /** Years per period for the CAT. */
  readonly yearsPerPeriod: number;
  /** Net disbursement for the CAT: principal − commission − required insurance paid up front. */
  readonly catDisbursement: number;
  /** Charged at opening, outside the payments: commission + its IVA + insurance paid up front. */
  readonly upfrontCharges: number;
  /** Per-period columns (cents), undefined when all zero. */
  readonly lifeInsurance?: readonly number[] | undefined;
  readonly damageInsurance?: readonly number[] | undefined;
  readonly unemploymentInsurance?: readonly number[] | undefined;
  readonly periodCommission?: readonly number[] | undefined;
  /** Per-period insurance that enters the CAT (cents), undefined when none. */
  readonly insuranceInCat?: readonly number[] | undefined;
  /** The insurance offer quoted for `tipoSeguro` 1 or 2. */
  readonly insurance?: CreditInsurance | undefined;
}

/** Insurance in the payments that the CAT counts: all of it, less external insurance when excluded. */
function catInsurance(
  damage: readonly number[] | undefined,
  life: readonly number[] | undefined,
  excluded: readonly number[] | undefined,
  count: number,
): number[] | undefined {
  if (damage === undefined && life === undefined) return undefined;
  const out = new Array<number>(count);
  for (let k = 0; k < count; k++) out[k] = (damage?.[k] ?? 0) + (life?.[k] ?? 0) - (excluded?.[k] ?? 0);
  return out;
}

/** What {@link planCredit} takes besides the solicitud: the defaults and the insurance engine's options. */
export interface PlanOptions {
  readonly fechaApertura?: string | undefined;
  /** Options for the insurance engine (`tipoSeguro` 1 and 2); `fechaInicio` defaults to the opening date. */
  readonly policy?: PolicyOptions | undefined;
}

function business(message: string, field: string): QuoteError {
  return new QuoteError('ERRNEG001', message, field);
}

/**
 * "13.5" → "13.50": at least two decimals, the caller's extra digits kept.
 *
 * @example
 * ```ts
 * normalizePercentText('13.5'); // '13.50'
 * ```
 */
export function normalizePercentText(text: string): string {
  const dot = text.indexOf('.');
  if (dot < 0) return `${text}.00`;
  const decimals = text.length - dot - 1;
  return decimals === 1 ? `${text}0` : text;
}

function chooseRate(conventions: CreditConventions, downPaymentPercent: Decimal): string {
  let chosen: string | undefined;
  let best = -Infinity;
  for (const row of conventions.rateGrid) {
    if (downPaymentPercent.gte(row.minDownPaymentPercent) && row.minDownPaymentPercent > best) {
      best = row.minDownPaymentPercent;
      chosen = row.tasa;
    }
  }
  if (chosen === undefined) throw business('No hay tasa en la tabla de tasas para ese enganche; envíe tasa', 'tasa');
  return chosen;
}

/**
 * Normalises a schema-valid solicitud into a {@link CreditPlan}.
 * Throws {@link QuoteError} for semantic errors (ERRESQ004/005/006) and business rules (ERRNEG001).
 *
 * @example
 * ```ts
 * planCredit(solicitud, DEFAULT_CREDIT_CONVENTIONS, { fechaApertura: '2026-01-31' }).principal; // cents financed
 * ```
 */
export function planCredit(s: CreditRequest, conventions: CreditConventions, options: PlanOptions = {}): CreditPlan {
  const defaultDate = options.fechaApertura;
  // Dates.
  const dateText = s.fechaApertura ?? defaultDate;
  if (dateText === undefined) throw new QuoteError('ERRESQ006', 'Falta la fecha de apertura', 'fechaApertura');
  const fechaApertura = parseIsoDate(dateText);
  if (fechaApertura === undefined) throw new QuoteError('ERRESQ005', 'La fecha de apertura no es una fecha válida (YYYY-MM-DD)', 'fechaApertura');

  // Codes.
  const plazo = s.plazo;
  if (plazo < 1) throw new QuoteError('ERRESQ004', 'El plazo debe ser de al menos un pago', 'plazo');
  const periodicidadCode = s.periodicidad ?? conventions.defaultPeriodicidad;
  const periodicity = conventions.periodicities[periodicidadCode];
  if (periodicity === undefined) {
    throw new QuoteError('ERRESQ005', `Periodicidad desconocida; use ${Object.keys(conventions.periodicities).join(', ')}`, 'periodicidad');
  }
  const iva = s.iva ?? conventions.defaultIva;
  const facturaConIva = s.facturaConIva ?? conventions.defaultFacturaConIva;
  if (facturaConIva !== 0 && facturaConIva !== 1) throw new QuoteError('ERRESQ004', 'facturaConIva admite 0 o 1', 'facturaConIva');
  const tipoSeguro = s.tipoSeguro ?? 0;
  if (tipoSeguro > 2) throw new QuoteError('ERRESQ004', 'tipoSeguro admite 0 (sin seguro), 1 (contado) o 2 (financiado)', 'tipoSeguro');
  if (tipoSeguro !== 0 && s.informacionSeguro === undefined) {
    throw new QuoteError('ERRESQ006', 'Con tipoSeguro 1 o 2 se requiere informacionSeguro', 'informacionSeguro');
  }
  const indSeguro = s.indSeguro ?? 0;
  if (indSeguro !== 0 && indSeguro !== 1) throw new QuoteError('ERRESQ004', 'indSeguro admite 0 o 1', 'indSeguro');

  // Amounts.
  const montoSolicitado = parseCents(s.montoSolicitado);
  if (montoSolicitado <= 0) throw new QuoteError('ERRESQ004', 'El monto solicitado debe ser mayor que cero', 'montoSolicitado');
  const valorFactura = parseCents(s.valorFactura);
  if (valorFactura <= 0) throw new QuoteError('ERRESQ004', 'El valor factura debe ser mayor que cero', 'valorFactura');
  const price = facturaConIva === 1 ? valorFactura : mulDivRoundHalfUp(valorFactura, 100 + iva, 100);
  const downPayment = price - montoSolicitado;
  if (downPayment < 0) throw business('El monto solicitado excede el precio del vehículo', 'montoSolicitado');
  const minimumPercent = s.porcentajeEnganche ?? conventions.defaultPorcentajeEnganche;
  const downPaymentPercent = new Decimal(downPayment).mul(100).div(price);
  if (downPaymentPercent.lt(minimumPercent)) {
    throw business(`El enganche (${downPaymentPercent.toDecimalPlaces(2, Decimal.ROUND_DOWN).toString()}% del precio) es menor al mínimo de ${minimumPercent}%`, 'montoSolicitado');
  }

  // Credited extras.
  const creditoGarantiaExt = s.creditoGarantiaExt ?? false;
  if (creditoGarantiaExt && s.montoGarantiaExt === undefined) throw new QuoteError('ERRESQ006', 'Falta el monto de la garantía extendida financiada', 'montoGarantiaExt');
  const montoGarantiaExt = s.montoGarantiaExt === undefined ? 0 : parseCents(s.montoGarantiaExt);
  const financedExtras = creditoGarantiaExt ? montoGarantiaExt : 0;
  const capPercent = s.porcentajeCredito ?? conventions.defaultPorcentajeCredito;
  if (new Decimal(financedExtras).mul(100).gt(new Decimal(montoSolicitado).mul(capPercent))) {
    throw business(`Los accesorios financiados exceden el ${capPercent}% del monto solicitado`, 'montoGarantiaExt');
  }
  const principal = montoSolicitado + financedExtras;

  // Rate and commission.
  const tasaText = normalizePercentText(s.tasa ?? chooseRate(conventions, downPaymentPercent));
  const annual = percentToRational(tasaText);
  const periodicRate =
    conventions.interestBasis === 'perYear' ? mulRational(annual, 1, periodicity.perYear) : mulRational(annual, periodicity.days, 360);
  const comisionesText = normalizePercentText(s.comisiones ?? '0');
  const commissionRate = percentToRational(comisionesText);
  const commission = mulDivRoundHalfUp(principal, commissionRate.num, commissionRate.den);
  const commissionVat = conventions.commissionVat ? mulDivRoundHalfUp(commission, iva, 100) : 0;

  // External insurance charged in the payments, spread over its term (remainder on the first).
  const importeSeguros = s.importeSeguros === undefined ? 0 : parseCents(s.importeSeguros);
  const plazoSeguro = s.plazoSeguro ?? 0;
  let damageInsurance: number[] | undefined;
  let externalInsurance: number[] | undefined;
  if (indSeguro === 1) {
    if (s.importeSeguros === undefined) throw new QuoteError('ERRESQ006', 'Falta el importe del seguro externo', 'importeSeguros');
    if (plazoSeguro < 1) throw new QuoteError(s.plazoSeguro === undefined ? 'ERRESQ006' : 'ERRESQ004', 'El plazo del seguro externo debe ser de al menos un mes', 'plazoSeguro');
    const payments = Math.min(plazo, Math.ceil((plazoSeguro * periodicity.perYear) / 12));
    const split = splitRemainderFirst(importeSeguros, payments);
    damageInsurance = new Array<number>(plazo).fill(0);
    for (let k = 0; k < payments; k++) damageInsurance[k] = split[k] as number;
    externalInsurance = damageInsurance.slice();
  }

  // Insurance quoted through the insurance engine: paid up front (1) or financed (2).
  let insurance: CreditInsurance | undefined;
  let lifeInsurance: number[] | undefined;
  let upfrontInsurance = 0;
  if (tipoSeguro !== 0 && s.informacionSeguro !== undefined) {
    const financedMonths = Math.ceil((plazo * 12) / periodicity.perYear);
    insurance = quoteCreditInsurance(s.informacionSeguro, s.valorFactura, financedMonths, {
      ...options.policy,
      fechaInicio: options.policy?.fechaInicio ?? formatIsoDate(fechaApertura),
    });
    if (tipoSeguro === 1) upfrontInsurance = insurance.damage + insurance.life;
    else {
      // The damage premium is financed as its own level loan at the credit's rate: its installments
      // (capital + interest + IVA) are the seguroDanos column. The life premium is spread evenly.
      const premiumLoan = buildSchedule(
        { principal: insurance.damage, count: plazo, periodic: periodicRate, iva },
        paymentRate(periodicRate, iva, conventions.paymentTolerance),
      );
      damageInsurance ??= new Array<number>(plazo).fill(0);
      for (let k = 0; k < plazo; k++) damageInsurance[k] = (damageInsurance[k] as number) + (premiumLoan.level[k] as number);
      lifeInsurance = splitRemainderFirst(insurance.life, plazo);
    }
  }

  // Required insurance paid up front, counted in the CAT.
  const importeCatSegVida = s.importeCatSegVida === undefined ? 0 : parseCents(s.importeCatSegVida);
  const importeCatSegDanio = s.importeCatSegDanio === undefined ? 0 : parseCents(s.importeCatSegDanio);
  const catDisbursement = principal - commission - importeCatSegVida - importeCatSegDanio - upfrontInsurance;
  if (catDisbursement <= 0) throw business('Las comisiones y seguros al inicio igualan o exceden el monto financiado', 'comisiones');

  const yearsPerPeriod =
    conventions.catTimeBasis === 'periods'
      ? 1 / periodicity.perYear
      : conventions.catTimeBasis === 'days360'
        ? periodicity.days / 360
        : periodicity.days / 365;

  return {
    fechaApertura,
    plazo,
    periodicidadCode,
    periodicity,
    iva,
    facturaConIva,
    tipoSeguro,
    indSeguro,
    plazoSeguro,
    withTable: s.generaTablaPagos ?? false,
    tasaText,
    comisionesText,
    montoSolicitado,
    valorFactura,
    montoGarantiaExt,
    importeSeguros,
    importeCatSegVida,
    importeCatSegDanio,
    principal,
    periodicRate,
    yearsPerPeriod,
    catDisbursement,
    upfrontCharges: commission + commissionVat + importeCatSegVida + importeCatSegDanio + upfrontInsurance,
    damageInsurance,
    lifeInsurance,
    insuranceInCat: catInsurance(damageInsurance, lifeInsurance, indSeguro === 1 && !conventions.externalInsuranceInCat ? externalInsurance : undefined, plazo),
    insurance,
  };
}
