/**
 * Step 3 of planning a credit quote: the annual rate (the request's `tasa`, or the rate grid's by
 * down payment) and the opening commission.
 */
import type { CreditRequest } from '../../contracts/credit.js';
import { compareFraction, mulDivRoundHalfUp } from '../../money/cents.js';
import type { CreditConventions } from '../../credit/conventions.js';
import { percentToRational, type Rational } from '../../credit/rate.js';
import { quotesError } from '../messages.js';

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

/** The highest rate-grid row whose minimum the down payment (`downPayment` of `price`, cents) meets; `ERRNEG001` on `tasa` below the grid. */
function gridRate(conventions: CreditConventions, downPayment: number, price: number): string {
  let chosen: string | undefined;
  let best = -Infinity;
  for (const row of conventions.rateGrid) {
    if (row.minDownPaymentPercent > best && compareFraction(downPayment * 100, price, row.minDownPaymentPercent) >= 0) {
      best = row.minDownPaymentPercent;
      chosen = row.tasa;
    }
  }
  if (chosen === undefined) throw quotesError('ERRNEG001', 'tasaSinTabla', 'tasa');
  return chosen;
}

/** The annual rate and the opening commission of a credit. */
export interface CreditPricing {
  /** `tasa` as echoed in the response ("13.50"). */
  readonly tasaText: string;
  readonly annualRate: Rational;
  /** `comisiones` as echoed in the response. */
  readonly comisionesText: string;
  /** Opening commission, cents: amount financed × `comisiones` %, half-up. */
  readonly commission: number;
  /** Its VAT (0 when `conventions.commissionVat` is false). */
  readonly commissionVat: number;
}

/**
 * Reads the rate and the opening commission of a credit of `principal` cents.
 *
 * @example
 * ```ts
 * const pricing = readPricing({ tasa: '13.5', comisiones: '2', montoSolicitado: '1.00', plazo: 1, valorFactura: '2.00' }, 28_000_000, 16, DEFAULT_CREDIT_CONVENTIONS, { downPayment: 7_000_000, price: 35_000_000 });
 * [pricing.tasaText, pricing.commission, pricing.commissionVat]; // ['13.50', 560_000, 89_600] (2 % of 280,000.00 and its 16 % IVA)
 * ```
 */
export function readPricing(
  s: CreditRequest,
  principal: number,
  iva: number,
  conventions: CreditConventions,
  down: { readonly downPayment: number; readonly price: number },
): CreditPricing {
  const tasaText = normalizePercentText(s.tasa ?? gridRate(conventions, down.downPayment, down.price));
  const comisionesText = normalizePercentText(s.comisiones ?? '0');
  const commissionRate = percentToRational(comisionesText);
  const commission = mulDivRoundHalfUp(principal, commissionRate.num, commissionRate.den);
  const commissionVat = conventions.commissionVat ? mulDivRoundHalfUp(commission, iva, 100) : 0;
  return { tasaText, annualRate: percentToRational(tasaText), comisionesText, commission, commissionVat };
}
