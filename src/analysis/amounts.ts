/**
 * The engines' amount text as exact integer cents and back, for what a script computes from
 * quotes: a difference between two quotes, a sum of a table's insurance, a chart's heights. An
 * amount's cents are a safe integer (every amount the engines write is below 2^53 cents), so
 * sums and differences of them are exact.
 */
import { formatCents, parseCents } from '../money/cents.js';

/**
 * An amount as the engines write it (`'10216.91'`, `'-0.50'`) in integer cents.
 *
 * @example
 * ```ts
 * amountToCents('10216.91'); // 1021691
 * amountToCents('-0.5'); // -50
 * const q = quoteCredit(solicitud);
 * amountToCents(q.totalPagar) - amountToCents(q.importePago); // 957440 (the 9,574.40 charged at opening)
 * ```
 */
export function amountToCents(text: string): number {
  return text.startsWith('-') ? -parseCents(text.slice(1)) : parseCents(text);
}

/**
 * Integer cents as amount text with two decimals, as the engines write amounts.
 *
 * @example
 * ```ts
 * centsToAmount(1021691); // '10216.91'
 * centsToAmount(-199231); // '-1992.31'
 * centsToAmount(0); // '0.00'
 * ```
 */
export function centsToAmount(cents: number): string {
  return formatCents(cents);
}
