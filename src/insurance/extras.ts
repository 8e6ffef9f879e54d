/**
 * GAP and debtor-life premiums for the credit term. Both are rounded half-up to the cent once, at
 * the end; GAP carries IVA when the insurer's tariff says so, life insurance never does.
 */
import { Decimal, ROUND_HALF_UP } from '../money/decimal.js';
import type { LifeBalanceMethod } from './conventions.js';
import type { TariffInsurer } from './tariff.js';

const toCents = (d: Decimal): number => d.toDecimalPlaces(0, ROUND_HALF_UP).toNumber();

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
  const net = toCents(new Decimal(base).times(gap.annualRate).times(credit.months).div(12));
  return gap.vat ? net + toCents(new Decimal(net).times(ivaRate)) : net;
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
  const perMonth = new Decimal(life.monthlyRatePerThousand).div(1000);
  if (balances !== undefined) return toCents(balances.reduce((sum, b) => sum.plus(b), new Decimal(0)).times(perMonth));
  if (credit.months === 0) return 0;
  const n = credit.months;
  const balanceMonths =
    method === 'flat' ? new Decimal(credit.financedCents).times(n) : new Decimal(credit.financedCents).times(n + 1).div(2);
  return toCents(balanceMonths.times(perMonth));
}
