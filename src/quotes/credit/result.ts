/**
 * The credit quote's writer: from a planned and scheduled credit to the response's `resultado`,
 * field for field. It settles the insurance still owed when a prepayment ended the table early,
 * solves the CAT (`./cat.ts`), writes the rows (`registros`, when asked for) and the totals, every
 * amount as two-decimal text.
 */
import type { CreditRequest, CreditResult, CreditRow } from '../../contracts/credit.js';
import { formatCents } from '../../money/cents.js';
import { formatIsoDate, isoDateSequence } from '../../dates/civil.js';
import { formatTenths } from '../../cat/round.js';
import type { CreditConventions } from '../../credit/conventions.js';
import type { LoanSchedule } from '../../credit/loan.js';
import { solveCat } from './cat.js';
import { levelRowsJson } from './json.js';
import { addColumns, type CreditPlan, type PaymentExtras } from './plan.js';

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
 *
 * @example
 * ```ts
 * import { planCredit } from './plan.js';
 * const plan = planCredit(solicitud, DEFAULT_CREDIT_CONVENTIONS);
 * settleExtras(plan, plan.loan.payments, DEFAULT_CREDIT_CONVENTIONS)[1] === plan.cat.insurance; // true (a table that runs its term: the plan's own)
 * ```
 */
export function settleExtras(
  plan: CreditPlan,
  count: number,
  conventions: CreditConventions,
): [PaymentExtras, readonly number[] | undefined] {
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
 * same rows as `writeResult`'s loop writes, with the four zero columns the constant "0.00".
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

/**
 * Where {@link writeResult} puts the table as JSON text when asked to (`quoteCreditJson`): it
 * sets `table` when it wrote the rows there (then the result's `registros` is empty) and leaves it
 * undefined when it built them as objects (a table with insurance, commission or charge columns).
 */
export interface TableText {
  table: string | undefined;
}

/**
 * The response's `resultado` of a scheduled plan: the extra columns settled for a table that
 * ended early, the CAT ({@link solveCat}), the rows (when `generaTablaPagos`) and the totals, as
 * text. Given `asJson`, a level table's rows are written there as JSON text instead.
 *
 * @example
 * ```ts
 * import { planCredit } from './plan.js';
 * import { schedulePlan } from './schedule.js';
 * const plan = planCredit(solicitud, DEFAULT_CREDIT_CONVENTIONS);
 * const resultado = writeResult(solicitud, plan, schedulePlan(plan), DEFAULT_CREDIT_CONVENTIONS);
 * resultado.pagoMensual === quoteCredit(solicitud).pagoMensual; // true
 * ```
 */
export function writeResult(
  solicitud: CreditRequest,
  plan: CreditPlan,
  schedule: LoanSchedule,
  conventions: CreditConventions,
  asJson?: TableText,
): CreditResult {
  const n = schedule.level.length;
  const [extras, catInsurance] = settleExtras(plan, n, conventions);
  const cat = solveCat(plan, schedule, catInsurance, conventions);
  const { life: lifeInsurance, damage: damageInsurance, unemployment: unemploymentInsurance, commission: periodCommission } = extras;
  const { terms, amounts, pricing } = plan;
  let totalPayments = 0;
  const rows: CreditRow[] = [];
  let firstPayment = 0;
  // pagoMensual is the regular payment: the first row after any grace, without a prepayment or an anualidad in it.
  const regularRow = Math.min(plan.features.grace ?? 0, n - 1);
  const stepped = plan.loan.firstPaymentDate === undefined && plan.loan.businessDays !== 'MX' && plan.loan.deferral === undefined;
  const dates =
    solicitud.generaTablaPagos !== true
      ? undefined
      : stepped
        ? isoDateSequence(terms.fechaApertura, terms.periodicity.step, n)
        : schedule.dates.map((date) => formatIsoDate(date));
  // Speed: a row's opening balance is the previous row's closing text, and a payment that repeats
  // reuses its text, instead of formatting both afresh each row; buys 1.8–2.2 µs of 11.5–12.3 µs per
  // table quote at 60 payments (A/B on npm run bench's credit60 table, 2026-11-26, 62d6257). Zero
  // columns are the constant "0.00". With a deferred first payment the first balance carries the
  // capitalised interest.
  let openingText = formatCents(schedule.capitalised === undefined ? amounts.principal : (schedule.opening[0] as number));
  // The periodic charges and the insurance on the balance (`src/credit/captive.ts`), and the anualidades.
  const { charges, planned } = schedule;
  let chargesVat = 0;
  let lastPayment = -1;
  let lastPaymentText = '';
  const bare =
    lifeInsurance === undefined &&
    damageInsurance === undefined &&
    unemploymentInsurance === undefined &&
    periodCommission === undefined &&
    charges === undefined;
  if (bare) {
    // Speed: nothing added to the loan's own payments, so the totals are the schedule's (summed
    // exactly: integers below 2^53) and the rows come from `levelRows`, instead of the loop below
    // summing the level column and formatting four zero columns; buys 1.8–2.2 µs of 12.4–13.1 µs per
    // table quote and 0.24–0.41 µs of 3.4–3.5 µs per summary quote at 60 payments (A/B on npm run
    // bench's credit60 table and summary, 2026-11-26, 62d6257).
    totalPayments = schedule.totalLevel;
    const payment = schedule.level[regularRow] as number;
    firstPayment = plan.loan.prepayments === undefined ? payment : payment - (schedule.prepaid[regularRow] as number);
    if (planned !== undefined) firstPayment -= planned[regularRow] as number;
    if (dates !== undefined) {
      if (asJson === undefined) levelRows(schedule, dates, openingText, rows);
      else asJson.table = levelRowsJson(schedule, dates, openingText);
    }
  }
  for (let k = 0, visited = bare ? 0 : n; k < visited; k++) {
    let life = lifeInsurance?.[k] ?? 0;
    const damage = damageInsurance?.[k] ?? 0;
    let unemployment = unemploymentInsurance?.[k] ?? 0;
    let commission = periodCommission?.[k] ?? 0;
    let chargeVat = 0;
    if (charges !== undefined) {
      // The charge's IVA in the row's IVA (impIVAInteresTotal is the total VAT); the unemployment premium with its IVA.
      chargeVat = charges.commissionVat[k] as number;
      chargesVat += chargeVat;
      commission += charges.commission[k] as number;
      life += charges.life[k] as number;
      unemployment += (charges.unemployment[k] as number) + (charges.unemploymentVat[k] as number);
    }
    const payment = (schedule.level[k] as number) + life + damage + unemployment + commission + chargeVat;
    if (k === regularRow) {
      firstPayment = plan.loan.prepayments === undefined ? payment : payment - (schedule.prepaid[k] as number);
      if (planned !== undefined) firstPayment -= planned[k] as number;
    }
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
        ivaAmortizacion: formatCents((schedule.vat[k] as number) + chargeVat),
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
    impIVAInteresTotal: formatCents(schedule.totalVat + chargesVat),
    importePago: formatCents(totalPayments),
    registros: rows,
  };
}
