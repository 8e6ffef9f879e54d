/**
 * GAP and debtor-life premiums for the credit term. Both are rounded half-up to the cent once, at
 * the end; GAP carries IVA when the insurer's tariff says so, life insurance never does.
 */
import { roundedQuotient } from '../money/cents.js';
import { pow10n, scaledDecimal } from '../money/decimal.js';
import type { LifeBalanceMethod } from './conventions.js';
import type { TariffInsurer } from './tariff.js';

// Both premiums are one exact fraction of integers rounded half-up: the products are exact in
// decimal.js's 50 digits (at most 13 + 16 + 4 of them), so these are the cents it gave, without it.

/**
 * What the credit looks like to GAP and life insurance (all amounts in integer cents).
 *
 * @example
 * ```ts
 * const credit: CreditExposure = { invoiceCents: 35_000_000, financedCents: 28_000_000, months: 36 };
 * lifePremiumCents(defaultTariff().insurers[0]!, credit, 'flat'); // 554_400 (280,000.00 × 0.55‰ × 36)
 * ```
 */
export interface CreditExposure {
  /** Invoice value of the unit (`montoSumaAsegurada`). */
  readonly invoiceCents: number;
  /** Amount financed: `montoSumaAsegurada − enganche`. */
  readonly financedCents: number;
  /** `plazoFinanciado`, months. */
  readonly months: number;
}

/**
 * GAP premium in cents for the whole credit term: round(base × annualRate × months / 12), plus
 * round(that × IVA) when `gap.vat`. 0 when the insurer has no GAP or there is no credit.
 *
 * @example
 * ```ts
 * // GAP net: 350,000.00 × 0.95% × 36/12 = 9,975.00; with IVA 1,596.00: 11,571.00
 * gapPremiumCents(defaultTariff().insurers[0]!, { invoiceCents: 35_000_000, financedCents: 28_000_000, months: 36 }, '0.16'); // 1_157_100
 * ```
 */
export function gapPremiumCents(insurer: TariffInsurer, credit: CreditExposure, ivaRate: string): number {
  const gap = insurer.gap;
  if (gap === undefined || credit.months === 0) return 0;
  const base = gap.base === 'invoice' ? credit.invoiceCents : credit.financedCents;
  const rate = scaledDecimal(gap.annualRate);
  const net = roundedQuotient(BigInt(base) * rate.coef * BigInt(credit.months), 12n * pow10n(rate.scale));
  if (!gap.vat) return net;
  const iva = scaledDecimal(ivaRate);
  return net + roundedQuotient(BigInt(net) * iva.coef, pow10n(iva.scale));
}

/**
 * Debtor-life premium in cents for the credit term, no IVA: rate per thousand per month applied to
 * each month's balance. The balance is `balances` (cents, one per month) when given; otherwise the
 * amount financed, flat or falling in a straight line to zero (Σ over n months = F·(n+1)/2).
 *
 * @example
 * ```ts
 * // Life: 280,000.00 × 0.55‰ × (36 + 1)/2 = 2,849.00
 * lifePremiumCents(defaultTariff().insurers[0]!, { invoiceCents: 35_000_000, financedCents: 28_000_000, months: 36 }, 'declining'); // 284_900
 * ```
 */
export function lifePremiumCents(
  insurer: TariffInsurer,
  credit: CreditExposure,
  method: LifeBalanceMethod,
  balances?: readonly number[],
): number {
  const life = insurer.life;
  if (life === undefined) return 0;
  // Σ balances × rate / 1000, as coef / (1000 · 10^scale).
  const rate = scaledDecimal(life.monthlyRatePerThousand);
  const per = 1000n * pow10n(rate.scale);
  if (balances !== undefined) {
    let sum = 0n;
    for (const b of balances) sum += BigInt(b);
    return roundedQuotient(sum * rate.coef, per);
  }
  if (credit.months === 0) return 0;
  const n = BigInt(credit.months);
  const financed = BigInt(credit.financedCents);
  // flat: F·n; declining: F·(n + 1)/2.
  return method === 'flat' ? roundedQuotient(financed * n * rate.coef, per) : roundedQuotient(financed * (n + 1n) * rate.coef, 2n * per);
}
