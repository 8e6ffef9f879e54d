/**
 * Receipts (`listaRecibos`) of one policy period. IVA is charged on prima neta + recargo +
 * derecho de póliza; the policy fee sits on the period's first receipt; later receipts are the
 * premium with IVA divided evenly and truncated to the cent, and what truncation leaves (and the
 * IVA rounding) lands on the first receipt, so the receipts add up to the total exactly.
 */
import { brokenInvariant, invariant } from '../errors/quoteError.js';
import { messageRef } from '../errors/catalog.js';
import { roundedQuotient } from '../money/cents.js';
import { pow10n, scaledDecimal } from '../money/decimal.js';
import { addMonthsCivil, type CivilDay } from '../dates/civil.js';
import { INSURANCE_MESSAGES, insuranceError } from './messages.js';

/**
 * One receipt: its number, the days it covers and its amount with IVA.
 *
 * @example
 * ```ts
 * const r: PolicyReceipt = { number: 2, from: toCivilDay(2025, 2, 28), to: toCivilDay(2025, 3, 31), cents: 104_883 };
 * formatIsoDate(r.to); // '2025-03-31'
 * ```
 */
export interface PolicyReceipt {
  /** `numeroRecibo`, from 1. */
  readonly number: number;
  /** First day covered (civil day). */
  readonly from: CivilDay;
  /** Day the coverage ends (the next receipt's first day). */
  readonly to: CivilDay;
  /** Amount with IVA, cents. */
  readonly cents: number;
}

/**
 * What {@link buildReceipts} needs to split one policy period.
 *
 * @example
 * ```ts
 * const plan: ReceiptPlan = { start: toCivilDay(2025, 3, 10), months: 12, monthsPerReceipt: 6, premiumCents: 1_313_250, policyFeeCents: 50_000, ivaRate: '0.16' };
 * buildReceipts(plan).receipts.length; // 2 (semestral)
 * ```
 */
export interface ReceiptPlan {
  /** Start of the whole policy (civil day); every date is counted from it (month ends are kept). */
  readonly start: CivilDay;
  /** Months from the policy start to this period's start (0 for the first policy year, 12 for the second…). */
  readonly fromMonth?: number;
  /** Months the period covers (12 for a policy year). */
  readonly months: number;
  /** Months each receipt covers (12 contado, 6 semestral, 3 trimestral, 1 mensual). */
  readonly monthsPerReceipt: number;
  /** Prima neta + recargo por pago fraccionado of the period, in integer cents (before IVA). */
  readonly premiumCents: number;
  /** Derecho de póliza charged in this period, in integer cents (0 after the first policy year). */
  readonly policyFeeCents: number;
  /** IVA rate as decimal text ("0.16"). */
  readonly ivaRate: string;
  /** `numeroRecibo` of the period's first receipt (default 1). */
  readonly firstNumber?: number;
}

/**
 * The receipts of one period and the totals they add up to.
 *
 * @example
 * ```ts
 * // Prima neta + recargo 13,132.50, derecho 500.00, semestral: (13,132.50 + 500.00) × 1.16 = 15,813.70
 * const { ivaCents, totalCents, receipts } = buildReceipts({ start: toCivilDay(2025, 3, 10), months: 12, monthsPerReceipt: 6,
 *   premiumCents: 1_313_250, policyFeeCents: 50_000, ivaRate: '0.16' });
 * [ivaCents, totalCents]; // [218_120, 1_581_370]
 * receipts.map((r) => r.cents); // [819_685, 761_685] (later: ⌊13,132.50 × 1.16 / 2⌋ = 7,616.85; first: the rest)
 * receipts.map((r) => formatIsoDate(r.to)); // ['2025-09-10', '2026-03-10']
 * ```
 */
export interface ReceiptBlock {
  /** IVA of the period in cents: round half-up of (premium + fee) × rate. */
  readonly ivaCents: number;
  /** premium + fee + IVA, in cents: exactly the sum of the receipts. */
  readonly totalCents: number;
  readonly receipts: readonly PolicyReceipt[];
}

function assertCount(value: number, what: string, min: number): void {
  if (!(Number.isSafeInteger(value) && value >= min)) throw brokenInvariant(messageRef(INSURANCE_MESSAGES, 'enteroMinimo', { what, min }));
}

/**
 * Splits one policy period into receipts: ⌈months / monthsPerReceipt⌉ of them, receipt i running
 * from start + fromMonth + i·monthsPerReceipt to the next one's start, the last ending at the
 * period's end.
 *
 * @example
 * ```ts
 * // Prima neta 10,000.00 + recargo 8.5% (850.00), derecho 550.00, mensual:
 * const block = buildReceipts({ start: toCivilDay(2025, 1, 31), months: 12, monthsPerReceipt: 1,
 *   premiumCents: 1_085_000, policyFeeCents: 55_000, ivaRate: '0.16' });
 * block.totalCents; // 1_322_400  (10,850 + 550 = 11,400; × 1.16 = 13,224.00)
 * formatIsoDate(block.receipts[1]!.from); // '2025-02-28'
 * block.receipts[1]!.cents; // 104_883 (12,586.00 / 12, truncated)
 * block.receipts[0]!.cents; // 168_687 (13,224.00 − 11 × 1,048.83)
 * ```
 */
export function buildReceipts(plan: ReceiptPlan): ReceiptBlock {
  const receipts: PolicyReceipt[] = [];
  const { ivaCents, totalCents } = appendReceipts(plan, receiptDays(plan), receipts);
  return { ivaCents, totalCents, receipts };
}

type PeriodDates = Pick<ReceiptPlan, 'start' | 'fromMonth' | 'months' | 'monthsPerReceipt'>;

/** The checks of the plan's dates, first (in the order buildReceipts has always made them). */
function checkDates(plan: PeriodDates): void {
  if (!Number.isSafeInteger(plan.start)) throw insuranceError('ERRESQ005', 'fechaInicioInvalida', 'start');
  assertCount(plan.fromMonth ?? 0, 'fromMonth', 0);
  assertCount(plan.months, 'months', 1);
  assertCount(plan.monthsPerReceipt, 'monthsPerReceipt', 1);
}

function checkPlan(plan: ReceiptPlan): void {
  checkDates(plan);
  assertCount(plan.premiumCents, 'premiumCents', 0);
  assertCount(plan.policyFeeCents, 'policyFeeCents', 0);
  assertCount(plan.firstNumber ?? 1, 'firstNumber', 1);
}

/**
 * The days a period's receipts start and end on: ⌈months / monthsPerReceipt⌉ + 1 of them, receipt
 * i running from day i to day i + 1 (a receipt starts where the previous one ends). They depend on
 * the dates of the plan only, so the offers of one quote share them.
 *
 * @example
 * ```ts
 * receiptDays({ start: toCivilDay(2025, 1, 31), fromMonth: 12, months: 12, monthsPerReceipt: 6 }).map(formatIsoDate); // ['2026-01-31', '2026-07-31', '2027-01-31']
 * ```
 */
export function receiptDays(plan: PeriodDates): CivilDay[] {
  checkDates(plan);
  const fromMonth = plan.fromMonth ?? 0;
  const end = fromMonth + plan.months;
  const count = Math.ceil(plan.months / plan.monthsPerReceipt);
  const days: CivilDay[] = [addMonthsCivil(plan.start, fromMonth)];
  for (let i = 0; i < count; i++) days.push(addMonthsCivil(plan.start, Math.min(fromMonth + (i + 1) * plan.monthsPerReceipt, end)));
  return days;
}

/**
 * {@link buildReceipts} writing the receipts onto `out`, on days computed beforehand by
 * {@link receiptDays} for the same start, months and receipt length (the engine computes them once
 * per quote and period, not once per offer). Returns the period's IVA and total.
 *
 * @example
 * ```ts
 * const plan: ReceiptPlan = { start: toCivilDay(2025, 3, 10), months: 12, monthsPerReceipt: 6, premiumCents: 1_313_250, policyFeeCents: 50_000, ivaRate: '0.16' };
 * const out: PolicyReceipt[] = [];
 * appendReceipts(plan, receiptDays(plan), out).totalCents; // 1_581_370
 * out.map((r) => r.cents); // [819_685, 761_685]
 * ```
 */
export function appendReceipts(plan: ReceiptPlan, days: readonly CivilDay[], out: PolicyReceipt[]): Omit<ReceiptBlock, 'receipts'> {
  checkPlan(plan);
  const firstNumber = plan.firstNumber ?? 1;
  // Exact integers (the IVA rate as coef / 10^scale): the products are exact in decimal.js too,
  // and a quotient by N·10^scale that is not an integer stays 1 / (N·10^scale) away from one, far
  // beyond its 50 digits, so these are the cents decimal.js gave.
  const iva = scaledDecimal(plan.ivaRate);
  const unit = pow10n(iva.scale);
  const ivaCents = roundedQuotient(BigInt(plan.premiumCents + plan.policyFeeCents) * iva.coef, unit);
  const totalCents = plan.premiumCents + plan.policyFeeCents + ivaCents;

  const count = Math.ceil(plan.months / plan.monthsPerReceipt);
  invariant(days.length === count + 1, messageRef(INSURANCE_MESSAGES, 'diasDeRecibos'));
  // Later receipts: premium × (1 + IVA) / N truncated to the cent, so the first never goes below them.
  const laterCents = Number((BigInt(plan.premiumCents) * (unit + iva.coef)) / (unit * BigInt(count)));
  const firstCents = totalCents - laterCents * (count - 1);
  invariant(firstCents >= laterCents, messageRef(INSURANCE_MESSAGES, 'primerReciboMenor'));

  for (let i = 0; i < count; i++) {
    out.push({ number: firstNumber + i, from: days[i] as CivilDay, to: days[i + 1] as CivilDay, cents: i === 0 ? firstCents : laterCents });
  }
  return { ivaCents, totalCents };
}
