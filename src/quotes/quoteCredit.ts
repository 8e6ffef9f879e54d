/**
 * `quoteCredit`: the AutoEstrene quote. Takes the object inside the request's `solicitud`,
 * returns the response's `resultado`, field for field: the request is planned into a typed loan
 * (`./credit/plan.ts`), the loan is scheduled by the credit core (`src/credit/loan.ts`), the CAT
 * is solved over the scheduled flows (`src/cat/periodic.ts` for evenly spaced payments,
 * `src/cat/dated.ts` otherwise), and the rows are written back.
 */
import { CreditRequestSchema, type CreditRequest, type CreditResult, type CreditRow } from '../contracts/credit.js';
import { QuoteError, withField } from '../errors/quoteError.js';
import { formatCents } from '../money/cents.js';
import { formatIsoDate, isoDateSequence } from '../dates/civil.js';
import { assertValid } from '../validation/validate.js';
import { fieldReader, type FieldReader } from '../validation/reader.js';
import { formatTenths } from '../cat/round.js';
import { solveDatedCat } from '../cat/dated.js';
import { solvePeriodicCat, type PeriodicCat } from '../cat/periodic.js';
import { catTiming } from '../credit/calendar.js';
import { resolveConventions, type CreditConventions } from '../credit/conventions.js';
import { scheduleLoanInto, type LoanSchedule } from '../credit/loan.js';
import { scheduleColumns, type ScheduleColumns } from '../credit/schedule.js';
import type { Tariff } from '../insurance/tariff.js';
import { openingCharges, type OpeningCharges } from './credit/charges.js';
import type { BalloonOption, GraceOption, PrepaymentOption } from './credit/features.js';
import { addColumns, planCredit, type CreditPlan, type PaymentExtras } from './credit/plan.js';
import { quotesError } from './messages.js';
import type { PolicyOptions } from './quotePolicy.js';

/**
 * Options of {@link quoteCredit}.
 *
 * @example
 * ```ts
 * const options: CreditOptions = { fechaApertura: '2026-01-31', conventions: { catTimeBasis: 'days365' } };
 * const { fechaApertura, ...undated } = solicitud;
 * quoteCredit(undated, options).cat; // '17.0'
 * ```
 */
export interface CreditOptions {
  /** Overrides of the documented conventions (`docs/conventions.md`); each is checked. */
  readonly conventions?: Partial<CreditConventions>;
  /** Opening date (`YYYY-MM-DD`) used when the solicitud has no `fechaApertura`. */
  readonly fechaApertura?: string;
  /** Policy start for `tipoSeguro` 1 and 2 (`YYYY-MM-DD`; default: the opening date). */
  readonly fechaInicio?: string;
  /** The insurance tariff for `tipoSeguro` 1 and 2 (default: the illustrative `defaultTariff()`). */
  readonly tariff?: Tariff;
  /** Further insurance-engine options (`urlTemplate`, `conventions`, …). */
  readonly policy?: Omit<PolicyOptions, 'fechaInicio' | 'tariff'>;
  /** An irregular first payment date (`YYYY-MM-DD`): after the opening date, at most two steps after it; later dates step from it. */
  readonly firstPaymentDate?: string;
  /** Extra payments to capital: `[{ period, amount, mode }]` (`docs/credit.md`). */
  readonly prepayments?: readonly PrepaymentOption[];
  /** A final payment of capital (valor futuro): `{ amount: '90000.00' }` or `{ percent: '30' }` of the amount financed. */
  readonly balloon?: BalloonOption;
  /** The first `periods` payments are interest and IVA only. */
  readonly grace?: GraceOption;
}

/**
 * {@link quoteCredit} for a solicitud already validated against `CreditRequestSchema` (the service
 * validates once, at the boundary).
 *
 * @example
 * ```ts
 * const checked = validateAutoEstrene('{"solicitud":{"montoSolicitado":"280000.00","valorFactura":"350000.00","tasa":"13.50","plazo":36}}');
 * if (checked.success) quoteValidCredit(checked.data.solicitud, { fechaApertura: '2026-01-31' }).pagoMensual; // '9797.03'
 * ```
 */
export function quoteValidCredit(solicitud: CreditRequest, options: CreditOptions = {}): CreditResult {
  return quoteRead(readRequest(solicitud) ?? solicitud, options);
}

/** The credit request's one-pass reader (`src/validation/reader.ts`), compiled on first use. */
let requestReader: FieldReader<typeof CreditRequestSchema> | undefined;

/**
 * The solicitud's fields as one object of a fixed shape when the schema accepts it, else
 * `undefined` (then TypeBox reports the issue). Every later read of the request is of that copy, so
 * it stays monomorphic however varied the requests a process quotes.
 */
function readRequest(solicitud: unknown): CreditRequest | undefined {
  requestReader ??= fieldReader(CreditRequestSchema);
  return requestReader(solicitud);
}

/** Validates the solicitud and returns the object to quote: its fixed-shape copy, or (an object TypeBox accepts but not as plain) itself. */
function checkedRequest(solicitud: CreditRequest): CreditRequest {
  const request = readRequest(solicitud);
  if (request !== undefined) return request;
  assertValid(CreditRequestSchema, solicitud);
  return solicitud;
}

function quoteRead(solicitud: CreditRequest, options: CreditOptions): CreditResult {
  const conventions = resolveConventions(options.conventions);
  const plan = planWith(solicitud, options, conventions);
  return assemble(solicitud, plan, schedule(plan), conventions);
}

/**
 * What {@link quoteCredit} with the same solicitud and options charges at opening, outside the
 * payments, item by item: the opening commission and its VAT, required insurance paid up front
 * and the insurer's premiums paid at opening (`tipoSeguro` 1). The items add up exactly to
 * `totalPagar − importePago`. Throws as {@link quoteCredit} does.
 *
 * @example
 * ```ts
 * const charges = creditOpeningCharges({
 *   fechaApertura: '2026-01-31', montoSolicitado: '280000.00', valorFactura: '350000.00',
 *   tasa: '13.50', plazo: 36, comisiones: '2.00', importeCatSegVida: '2800.00',
 * });
 * charges.commission; // '5600.00'
 * charges.commissionVat; // '896.00'
 * charges.total; // '9296.00': commission, its VAT and the life insurance paid up front
 * ```
 */
export function creditOpeningCharges(solicitud: CreditRequest, options: CreditOptions = {}): OpeningCharges {
  const request = checkedRequest(solicitud);
  const conventions = resolveConventions(options.conventions);
  return openingCharges(planWith(request, options, conventions), conventions);
}

function planWith(solicitud: CreditRequest, options: CreditOptions, conventions: CreditConventions): CreditPlan {
  return planCredit(solicitud, conventions, {
    fechaApertura: options.fechaApertura,
    features: {
      firstPaymentDate: options.firstPaymentDate,
      prepayments: options.prepayments,
      balloon: options.balloon,
      grace: options.grace,
    },
    policy: {
      ...options.policy,
      ...(options.fechaInicio === undefined ? {} : { fechaInicio: options.fechaInicio }),
      ...(options.tariff === undefined ? {} : { tariff: options.tariff }),
    },
  });
}

/** The most payments a loan has (`plazo` 1–999): the bound of the quote's working buffer. */
const MAX_PAYMENTS = 999;

/**
 * The quote's working buffer, allocated on the first quote and reused by every later one: the five
 * columns of a plain loan's schedule (`scheduleLoanInto`) and, after them, the CAT's payments; with
 * the views of the last count of payments quoted. A quote reads them and drops them before it
 * returns (the response holds only text), and quotes do not nest, so no two quotes ever see it at
 * once. A typed array's backing store is allocated outside the heap: the two a quote allocated
 * cost more than its 60-row schedule loop.
 */
interface Workspace {
  readonly buffer: Float64Array;
  readonly count: number;
  readonly columns: ScheduleColumns;
  readonly payments: Float64Array;
}

let workspace: Workspace | undefined;

/** The workspace's views for `count` payments (1 … MAX_PAYMENTS). */
function workspaceFor(count: number): Workspace {
  if (workspace?.count !== count) {
    const buffer = workspace?.buffer ?? new Float64Array(6 * MAX_PAYMENTS);
    const payments = buffer.subarray(5 * MAX_PAYMENTS, 5 * MAX_PAYMENTS + count);
    workspace = { buffer, count, columns: scheduleColumns(buffer, count), payments };
  }
  return workspace;
}

/** Schedules the plan's loan; the core names a prepayment `loan.prepayments[i]`, the caller knows it as `options.prepayments[i]`. */
function schedule(plan: CreditPlan): LoanSchedule {
  try {
    const payments = plan.loan.payments;
    return scheduleLoanInto(plan.loan, payments >= 1 && payments <= MAX_PAYMENTS ? workspaceFor(payments).columns : undefined);
  } catch (error) {
    if (error instanceof QuoteError && error.valorIncorrecto?.startsWith('loan.prepayments') === true) {
      throw withField(error, `options.${error.valorIncorrecto.slice('loan.'.length)}`);
    }
    throw error;
  }
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
 * r.pagoMensual; // '6758.58'
 * r.registros.length; // 60
 * r.cat; // '15.4'
 * ```
 */
export function quoteCredit(solicitud: CreditRequest, options: CreditOptions = {}): CreditResult {
  return quoteRead(checkedRequest(solicitud), options);
}

/** Each payment without VAT, plus the insurance the CAT counts: Banxico's payment flows. */
function catPayments(schedule: LoanSchedule, insurance: readonly number[] | undefined): Float64Array {
  const n = schedule.level.length;
  // In the working buffer after the schedule's columns (n ≤ MAX_PAYMENTS).
  const out = workspaceFor(n).payments;
  const { capital, interest } = schedule;
  if (insurance === undefined) for (let k = 0; k < n; k++) out[k] = (capital[k] as number) + (interest[k] as number);
  else for (let k = 0; k < n; k++) out[k] = (capital[k] as number) + (interest[k] as number) + (insurance[k] as number);
  return out;
}

/** Banxico's equation over the flows as scheduled: evenly spaced payments, or payments at their dates. */
function solveFlows(
  plan: CreditPlan,
  schedule: LoanSchedule,
  payments: Float64Array,
  disbursement: number,
  conventions: CreditConventions,
): PeriodicCat {
  // Only the 'actual365' times read the dates (reading them computes them on the plain path).
  const timing = catTiming(plan.loan, conventions.catTimeBasis, conventions.catTimeBasis === 'actual365' ? schedule.dates : []);
  // Newton starts at the loan's periodic interest rate: the payments without IVA discounted at it
  // are worth the principal, at least the disbursement, so it lies at (or next to) the root's
  // right in discount factor, where Newton climbs monotonically (`solveDiscountFactor`).
  const periodic = schedule.periodicRate;
  if (timing.even) return solvePeriodicCat({ disbursement, payments, period: timing.period, hint: periodic.num / periodic.den });
  const n = payments.length;
  return solveDatedCat({
    disbursement,
    payments,
    times: timing.times.length === n ? timing.times : timing.times.subarray(0, n),
    unitsPerYear: timing.unitsPerYear,
  });
}

/** The CAT of the quote; above the ceiling, `ERRNEG001` naming what causes it ({@link ceilingError}). */
function solveCat(
  plan: CreditPlan,
  schedule: LoanSchedule,
  insurance: readonly number[] | undefined,
  conventions: CreditConventions,
): PeriodicCat {
  const payments = catPayments(schedule, insurance);
  try {
    return solveFlows(plan, schedule, payments, plan.cat.disbursement, conventions);
  } catch (error) {
    if (error instanceof QuoteError && error.messageId === 'catExcedeTecho') throw ceilingError(plan, schedule, insurance, conventions);
    throw error;
  }
}

/**
 * What puts a CAT above its ceiling, as the field to name: the charges at opening when the CAT of
 * the whole amount financed (the same payments) is below the ceiling — the largest of the opening
 * commission, the life and damage premiums paid up front and the insurer's package paid at opening;
 * else the insurance in the payments when the loan's own payments alone stay below it — external
 * insurance (`importeSeguros`) or the insurer's financed package (`informacionSeguro`), the larger;
 * else the rate (`tasa`).
 */
function ceilingError(
  plan: CreditPlan,
  schedule: LoanSchedule,
  insurance: readonly number[] | undefined,
  conventions: CreditConventions,
): QuoteError {
  const within = (payments: Float64Array, disbursement: number): boolean => {
    try {
      solveFlows(plan, schedule, payments, disbursement, conventions);
      return true;
    } catch {
      return false;
    }
  };
  const params = { ceiling: '100,000,000,000.0' };
  const principal = plan.loan.principal;
  if (plan.cat.disbursement < principal && within(catPayments(schedule, insurance), principal)) {
    const policyUpfront =
      plan.upfrontCharges - plan.pricing.commission - plan.pricing.commissionVat - plan.importeCatSegVida - plan.importeCatSegDanio;
    const items: [string, number][] = [
      ['comisiones', plan.pricing.commission],
      ['importeCatSegVida', plan.importeCatSegVida],
      ['importeCatSegDanio', plan.importeCatSegDanio],
      ['informacionSeguro', policyUpfront],
    ];
    const [field] = items.reduce((best, item) => (item[1] > best[1] ? item : best));
    return quotesError('ERRNEG001', 'catTechoCargos', field, params);
  }
  if (insurance !== undefined && within(catPayments(schedule, undefined), principal)) {
    const external = (plan.externalColumn ?? []).reduce((sum, x) => sum + x, 0);
    const total = insurance.reduce((sum, x) => sum + x, 0);
    return quotesError('ERRNEG001', 'catTechoSeguros', external * 2 >= total ? 'importeSeguros' : 'informacionSeguro', params);
  }
  return quotesError('ERRNEG001', 'catTechoTasa', 'tasa', params);
}

/** A column cut to the table's `count` rows, with what is still owed after the last one added to it. */
function settleColumn(column: readonly number[] | undefined, owed: readonly number[] | undefined, count: number): number[] | undefined {
  if (column === undefined) return undefined;
  const out = column.slice(0, count);
  out[count - 1] = (out[count - 1] as number) + (owed?.[count - 1] ?? 0);
  return out;
}

/**
 * The extra columns and the CAT's insurance when a prepayment ended the table after `count` rows:
 * the insurance still owed (the rest of a spread premium, the balance of a financed one) is
 * charged with the last row.
 */
function settleExtras(plan: CreditPlan, count: number, conventions: CreditConventions): [PaymentExtras, readonly number[] | undefined] {
  const { extras, owed } = plan;
  if (count === plan.loan.payments || owed === undefined) return [extras, plan.cat.insurance];
  const damage = settleColumn(extras.damage, owed.damage, count);
  const life = settleColumn(extras.life, owed.life, count);
  const externalColumn =
    conventions.externalInsuranceInCat || plan.externalColumn === undefined
      ? undefined
      : settleColumn(plan.externalColumn, owed.external, count);
  return [
    { ...extras, damage, life, unemployment: extras.unemployment?.slice(0, count), commission: extras.commission?.slice(0, count) },
    addColumns(count, [damage, life], externalColumn),
  ];
}

/**
 * The table's rows when the payments are the loan's own (no insurance or commission columns): the
 * same rows as `assemble`'s loop writes, with the four zero columns the constant "0.00".
 */
function levelRows(schedule: LoanSchedule, dates: readonly string[], principalText: string, rows: CreditRow[]): void {
  const { opening, capital, interest, vat, level } = schedule;
  let openingText = principalText;
  let lastPayment = -1;
  let lastPaymentText = '';
  for (let k = 0; k < level.length; k++) {
    const paid = capital[k] as number;
    const closingText = formatCents((opening[k] as number) - paid);
    const payment = level[k] as number;
    if (payment !== lastPayment) {
      lastPayment = payment;
      lastPaymentText = formatCents(payment);
    }
    rows.push({
      numAmortizacion: k + 1,
      fechaAmortizacion: dates[k] as string,
      saldoCapital: openingText,
      abonoCapital: formatCents(paid),
      interesAmortizacion: formatCents(interest[k] as number),
      ivaAmortizacion: formatCents(vat[k] as number),
      comisionAmortizacion: ZERO,
      seguroVida: ZERO,
      seguroDanos: ZERO,
      seguroDesempleo: ZERO,
      pagoAmortizacion: lastPaymentText,
      saldoFin: closingText,
    });
    openingText = closingText;
  }
}

/** What `formatCents(0)` returns. */
const ZERO = '0.00';

function assemble(solicitud: CreditRequest, plan: CreditPlan, schedule: LoanSchedule, conventions: CreditConventions): CreditResult {
  const n = schedule.level.length;
  const [extras, catInsurance] = settleExtras(plan, n, conventions);
  const cat = solveCat(plan, schedule, catInsurance, conventions);
  const { life: lifeInsurance, damage: damageInsurance, unemployment: unemploymentInsurance, commission: periodCommission } = extras;
  const { terms, amounts, pricing } = plan;
  let totalPayments = 0;
  const rows: CreditRow[] = [];
  let firstPayment = 0;
  // pagoMensual is the regular payment: the first row after any grace, without a prepayment in it.
  const regularRow = Math.min(plan.features.grace ?? 0, n - 1);
  const stepped = plan.loan.firstPaymentDate === undefined && plan.loan.businessDays !== 'MX';
  const dates =
    solicitud.generaTablaPagos !== true
      ? undefined
      : stepped
        ? isoDateSequence(terms.fechaApertura, terms.periodicity.step, n)
        : schedule.dates.map((date) => formatIsoDate(date));
  // Text reuse on the hot path: a row's opening balance is the previous closing balance, and a
  // level payment usually repeats; zero columns are the constant "0.00".
  let openingText = formatCents(amounts.principal);
  let lastPayment = -1;
  let lastPaymentText = '';
  const bare =
    lifeInsurance === undefined && damageInsurance === undefined && unemploymentInsurance === undefined && periodCommission === undefined;
  if (bare) {
    // Nothing added to the loan's own payments: the loop below would sum the level column, which
    // the schedule has summed (exactly: integers below 2^53), and format four zero columns.
    totalPayments = schedule.totalLevel;
    const payment = schedule.level[regularRow] as number;
    firstPayment = plan.loan.prepayments === undefined ? payment : payment - (schedule.prepaid[regularRow] as number);
    if (dates !== undefined) levelRows(schedule, dates, openingText, rows);
  }
  for (let k = 0, visited = bare ? 0 : n; k < visited; k++) {
    const life = lifeInsurance?.[k] ?? 0;
    const damage = damageInsurance?.[k] ?? 0;
    const unemployment = unemploymentInsurance?.[k] ?? 0;
    const commission = periodCommission?.[k] ?? 0;
    const payment = (schedule.level[k] as number) + life + damage + unemployment + commission;
    if (k === regularRow) firstPayment = plan.loan.prepayments === undefined ? payment : payment - (schedule.prepaid[k] as number);
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
    fechaApertura: formatIsoDate(terms.fechaApertura),
    montoSolicitado: formatCents(amounts.montoSolicitado),
    tasa: pricing.tasaText,
    plazo: terms.plazo,
    periodicidad: terms.periodicidadCode,
    iva: terms.iva,
    facturaConIva: terms.facturaConIva,
    producto: solicitud.producto ?? conventions.defaultProducto,
    comisiones: pricing.comisionesText,
    tipoSeguro: terms.tipoSeguro,
    valorFactura: formatCents(amounts.valorFactura),
    cat: formatTenths(cat.tenths),
    indSeguro: terms.indSeguro,
    plazoSeguro: plan.plazoSeguro,
    importeSeguros: formatCents(plan.importeSeguros),
    importeCatSegVida: formatCents(plan.importeCatSegVida),
    importeCatSegDanio: formatCents(plan.importeCatSegDanio),
    numeroPagos: solicitud.numeroPagos ?? 0,
    totalPagar: formatCents(totalPayments + plan.upfrontCharges),
    pagoMensual: formatCents(firstPayment),
    montoGarantiaExt: formatCents(amounts.montoSolicitado + amounts.montoGarantiaExt),
    importeInteresTotal: formatCents(schedule.totalInterest),
    impIVAInteresTotal: formatCents(schedule.totalVat),
    importePago: formatCents(totalPayments),
    registros: rows,
  };
}
