/**
 * Receipts (`listaRecibos`) of one policy period. IVA is charged on prima neta + recargo +
 * derecho de póliza; the policy fee sits on the period's first receipt; later receipts are the
 * premium with IVA divided evenly and truncated to the cent, and what truncation leaves (and the
 * IVA rounding) lands on the first receipt, so the receipts add up to the total exactly.
 */
import type { Receipt } from '../contracts/policy.js';
import { QuoteError, invariant } from '../errors/quoteError.js';
import { formatCents } from '../money/cents.js';
import { Decimal, ROUND_DOWN, ROUND_HALF_UP } from '../money/decimal.js';
import { addMonthsCivil, formatDmyDate, parseIsoDate } from '../dates/civil.js';

/**
 * What {@link buildReceipts} needs to split one policy period.
 *
 * @example
 * ```ts
 * const plan: ReceiptPlan = { start: '2025-03-10', months: 12, monthsPerReceipt: 6, premiumCents: 1_313_250, policyFeeCents: 50_000, ivaRate: '0.16' };
 * ```
 */
export interface ReceiptPlan {
  /** Start of the whole policy, `YYYY-MM-DD`; every date is counted from it (month ends are kept). */
  readonly start: string;
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
 * const { totalCents, receipts } = buildReceipts(plan); // totalCents === Σ receipts' primaTotal
 * ```
 */
export interface ReceiptBlock {
  /** IVA of the period in cents: round half-up of (premium + fee) × rate. */
  readonly ivaCents: number;
  /** premium + fee + IVA, in cents: exactly the sum of the receipts. */
  readonly totalCents: number;
  readonly receipts: readonly Receipt[];
}

function assertCount(value: number, what: string, min: number): void {
  invariant(Number.isSafeInteger(value) && value >= min, `${what} debe ser un entero ≥ ${min}`);
}

/**
 * Splits one policy period into receipts: ⌈months / monthsPerReceipt⌉ of them, receipt i running
 * from start + fromMonth + i·monthsPerReceipt to the next one's start, the last ending at the
 * period's end.
 *
 * @example
 * ```ts
 * // Prima neta 10,000.00 + recargo 8.5% (850.00), derecho 550.00, mensual:
 * const block = buildReceipts({ start: '2025-01-31', months: 12, monthsPerReceipt: 1,
 *   premiumCents: 1_085_000, policyFeeCents: 55_000, ivaRate: '0.16' });
 * block.totalCents; // 1_322_400  (10,850 + 550 = 11,400; × 1.16 = 13,224.00)
 * block.receipts[1]; // { numeroRecibo: '2', vigenciaInicial: '28/02/2025', vigenciaFin: '31/03/2025', primaTotal: '1048.83' }
 * block.receipts[0]!.primaTotal; // '1686.87' (13,224.00 − 11 × 1,048.83)
 * ```
 */
export function buildReceipts(plan: ReceiptPlan): ReceiptBlock {
  const start = parseIsoDate(plan.start);
  if (start === undefined) throw new QuoteError('ERRESQ005', 'Fecha de inicio no válida (YYYY-MM-DD)', 'start');
  const fromMonth = plan.fromMonth ?? 0;
  const firstNumber = plan.firstNumber ?? 1;
  assertCount(fromMonth, 'fromMonth', 0);
  assertCount(plan.months, 'months', 1);
  assertCount(plan.monthsPerReceipt, 'monthsPerReceipt', 1);
  assertCount(plan.premiumCents, 'premiumCents', 0);
  assertCount(plan.policyFeeCents, 'policyFeeCents', 0);
  assertCount(firstNumber, 'firstNumber', 1);

  const iva = new Decimal(plan.ivaRate);
  const ivaCents = new Decimal(plan.premiumCents + plan.policyFeeCents).times(iva).toDecimalPlaces(0, ROUND_HALF_UP).toNumber();
  const totalCents = plan.premiumCents + plan.policyFeeCents + ivaCents;

  const count = Math.ceil(plan.months / plan.monthsPerReceipt);
  // Later receipts: premium × (1 + IVA) / N truncated to the cent, so the first never goes below them.
  const laterCents = new Decimal(plan.premiumCents).times(iva.plus(1)).div(count).toDecimalPlaces(0, ROUND_DOWN).toNumber();
  const firstCents = totalCents - laterCents * (count - 1);
  invariant(firstCents >= laterCents, 'el primer recibo quedó por debajo de los siguientes');

  const end = fromMonth + plan.months;
  const receipts: Receipt[] = [];
  for (let i = 0; i < count; i++) {
    const from = fromMonth + i * plan.monthsPerReceipt;
    const to = Math.min(from + plan.monthsPerReceipt, end);
    receipts.push({
      numeroRecibo: String(firstNumber + i),
      vigenciaInicial: formatDmyDate(addMonthsCivil(start, from)),
      vigenciaFin: formatDmyDate(addMonthsCivil(start, to)),
      primaTotal: formatCents(i === 0 ? firstCents : laterCents),
    });
  }
  return { ivaCents, totalCents, receipts };
}
