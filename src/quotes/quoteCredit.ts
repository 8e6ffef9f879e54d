/**
 * `quoteCredit`: the AutoEstrene quote. Takes the object inside the request's `solicitud`,
 * returns the response's `resultado`, field for field.
 */
import { assertValid } from '../validation/validate.js';
import { CreditRequestSchema, type CreditRequest, type CreditResult, type CreditRow } from '../contracts/credit.js';
import { QuoteError } from '../errors/quoteError.js';
import { formatCents } from '../money/cents.js';
import { formatTenths } from '../cat/round.js';
import { solvePeriodicCat } from '../cat/periodic.js';
import { formatIsoDate, isoDateSequence } from '../dates/civil.js';
import { resolveConventions, type CreditConventions } from '../credit/conventions.js';
import { planCredit, type CreditPlan } from './credit/plan.js';
import { buildSchedule, type Schedule } from '../credit/schedule.js';
import { paymentRate } from '../credit/payment.js';
import type { PolicyOptions } from './quotePolicy.js';
import type { Tariff } from '../insurance/tariff.js';

/** Options of {@link quoteCredit}. */
export interface CreditOptions {
  /** Overrides of the documented conventions (`docs/conventions.md`). */
  readonly conventions?: Partial<CreditConventions>;
  /** Opening date (`YYYY-MM-DD`) used when the solicitud has no `fechaApertura`. */
  readonly fechaApertura?: string;
  /** Policy start for `tipoSeguro` 1 and 2 (`YYYY-MM-DD`; default: the opening date). */
  readonly fechaInicio?: string;
  /** The insurance tariff for `tipoSeguro` 1 and 2 (default: the illustrative `DEFAULT_TARIFF`). */
  readonly tariff?: Tariff;
  /** Further insurance-engine options (`urlTemplate`, `conventions`, …). */
  readonly policy?: Omit<PolicyOptions, 'fechaInicio' | 'tariff'>;
}

/**
 * Quotes an AutoEstrene credit: level payments, the exact amortization table and the CAT.
 * Throws a {@link QuoteError} naming the field for invalid input; never mutates the input.
 *
 * @example
 * ```ts
 * const r = quoteCredit({
 *   fechaApertura: '2026-01-31', montoSolicitado: '280000.00', valorFactura: '350000.00',
 *   tasa: '13.50', plazo: 60, periodicidad: 'M', comisiones: '2.00', generaTablaPagos: true,
 * });
 * r.pagoMensual; // "7510.27"-like; r.registros.length === 60; r.cat === "17.2"-like
 * ```
 */
export function quoteCredit(solicitud: CreditRequest, options: CreditOptions = {}): CreditResult {
  assertValid(CreditRequestSchema, solicitud);
  const conventions = resolveConventions(options.conventions);
  const plan = planCredit(solicitud, conventions, {
    fechaApertura: options.fechaApertura,
    policy: {
      ...options.policy,
      ...(options.fechaInicio === undefined ? {} : { fechaInicio: options.fechaInicio }),
      ...(options.tariff === undefined ? {} : { tariff: options.tariff }),
    },
  });
  const rate = paymentRate(plan.periodicRate, plan.iva, conventions.paymentTolerance);
  const schedule = buildSchedule({ principal: plan.principal, count: plan.plazo, periodic: plan.periodicRate, iva: plan.iva }, rate);
  return assemble(solicitud, plan, schedule, conventions);
}

function catPayments(plan: CreditPlan, schedule: Schedule): Float64Array {
  const out = new Float64Array(plan.plazo);
  const extras = plan.insuranceInCat;
  for (let k = 0; k < plan.plazo; k++) {
    out[k] = (schedule.capital[k] as number) + (schedule.interest[k] as number) + (extras === undefined ? 0 : (extras[k] as number));
  }
  return out;
}

function assemble(solicitud: CreditRequest, plan: CreditPlan, schedule: Schedule, conventions: CreditConventions): CreditResult {
  const n = plan.plazo;
  const cat = solvePeriodicCat({ disbursement: plan.catDisbursement, payments: catPayments(plan, schedule), yearsPerPeriod: plan.yearsPerPeriod });
  const { lifeInsurance, damageInsurance, unemploymentInsurance, periodCommission } = plan;
  let totalPayments = 0;
  const rows: CreditRow[] = [];
  let firstPayment = 0;
  const dates = plan.withTable ? isoDateSequence(plan.fechaApertura, plan.periodicity.step, n) : undefined;
  // Text reuse on the hot path: a row's opening balance is the previous closing balance, and a
  // level payment usually repeats; zero columns are the constant "0.00".
  let openingText = formatCents(plan.principal);
  let lastPayment = -1;
  let lastPaymentText = '';
  for (let k = 0; k < n; k++) {
    const life = lifeInsurance?.[k] ?? 0;
    const damage = damageInsurance?.[k] ?? 0;
    const unemployment = unemploymentInsurance?.[k] ?? 0;
    const commission = periodCommission?.[k] ?? 0;
    const payment = (schedule.level[k] as number) + life + damage + unemployment + commission;
    if (k === 0) firstPayment = payment;
    totalPayments += payment;
    if (dates !== undefined) {
      const capital = schedule.capital[k] as number;
      const closingText = formatCents((schedule.opening[k] as number) - capital);
      if (payment !== lastPayment) {
        lastPayment = payment;
        lastPaymentText = formatCents(payment);
      }
      rows.push({
        numAmortizacion: k + 1,
        fechaAmortizacion: dates[k] as string,
        saldoCapital: openingText,
        abonoCapital: formatCents(capital),
        interesAmortizacion: formatCents(schedule.interest[k] as number),
        ivaAmortizacion: formatCents(schedule.vat[k] as number),
        comisionAmortizacion: formatCents(commission),
        seguroVida: formatCents(life),
        seguroDanos: formatCents(damage),
        seguroDesempleo: formatCents(unemployment),
        pagoAmortizacion: lastPaymentText,
        saldoFin: closingText,
      });
      openingText = closingText;
    }
  }
  return {
    fechaApertura: formatIsoDate(plan.fechaApertura),
    montoSolicitado: formatCents(plan.montoSolicitado),
    tasa: plan.tasaText,
    plazo: n,
    periodicidad: plan.periodicidadCode,
    iva: plan.iva,
    facturaConIva: plan.facturaConIva,
    producto: solicitud.producto ?? conventions.defaultProducto,
    comisiones: plan.comisionesText,
    tipoSeguro: plan.tipoSeguro,
    valorFactura: formatCents(plan.valorFactura),
    cat: formatTenths(cat.tenths),
    indSeguro: plan.indSeguro,
    plazoSeguro: plan.plazoSeguro,
    importeSeguros: formatCents(plan.importeSeguros),
    importeCatSegVida: formatCents(plan.importeCatSegVida),
    importeCatSegDanio: formatCents(plan.importeCatSegDanio),
    numeroPagos: solicitud.numeroPagos ?? 0,
    totalPagar: formatCents(totalPayments + plan.upfrontCharges),
    pagoMensual: formatCents(firstPayment),
    montoGarantiaExt: formatCents(plan.montoSolicitado + plan.montoGarantiaExt),
    importeInteresTotal: formatCents(schedule.totalInterest),
    impIVAInteresTotal: formatCents(schedule.totalVat),
    importePago: formatCents(totalPayments),
    registros: rows,
  };
}
