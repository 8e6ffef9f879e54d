/**
 * Rating: the risk factors a request maps to, and the net premium of one policy period.
 *
 *   prima neta = round½↑( ( (S·rate·rateFactor + A·accessoriesRate + E·specialEquipmentRate + fixedPremium) × zone
 *                           + S·theftRate·rateFactor × theftZone ) × age × months / 12 )
 *
 * `theftRate` (total theft, rated on its own zone factor) is optional: without it the premium is
 * the first line alone, as tariffs without it always were.
 *
 * S, A, E: the year's sums insured (vehicle, accessories, special equipment), each the invoice
 * amount times the replacement-value fraction of that policy year, rounded half-up to the cent.
 */
import { roundedQuotient } from '../money/cents.js';
import { Decimal, ROUND_HALF_UP, pow10n, scaledDecimal } from '../money/decimal.js';
import type { ReplacementValue, Tariff, TariffPackage } from './tariff.js';

const toCents = (d: Decimal): number => d.toDecimalPlaces(0, ROUND_HALF_UP).toNumber();

/**
 * The fraction of the invoice value insured in policy year `year` (1-based); the last listed
 * fraction holds for later years.
 *
 * @example
 * ```ts
 * sumInsuredFraction(defaultTariff().replacementValues[1]!, 2); // '0.85'
 * ```
 */
export function sumInsuredFraction(replacement: ReplacementValue, year: number): string {
  const list = replacement.sumInsuredByYear;
  return list[Math.min(year, list.length) - 1] ?? '1';
}

/**
 * Sums insured of policy years 1…`years`, in cents: round½↑(amount × fraction of the year).
 * Never rising, since the tariff's fractions never rise (checked by `loadTariff`).
 *
 * @example
 * ```ts
 * sumsInsuredByYear(35_000_000, defaultTariff().replacementValues[1]!, 3); // [35_000_000, 29_750_000, 26_600_000]
 * ```
 */
export function sumsInsuredByYear(amountCents: number, replacement: ReplacementValue, years: number): number[] {
  const out: number[] = [];
  for (let year = 1; year <= years; year++) {
    // amount × fraction half-up, in exact integers (what decimal.js gave: the product is exact there too).
    const { coef, scale } = scaledDecimal(sumInsuredFraction(replacement, year));
    out.push(roundedQuotient(BigInt(amountCents) * coef, pow10n(scale)));
  }
  return out;
}

/**
 * The zone factor: the longest postal-code prefix listed wins; otherwise the state's factor;
 * undefined when the state is not rated.
 *
 * @example
 * ```ts
 * zoneFactor(defaultTariff(), 19, '64000'); // '1.49' (Nuevo León: the most collisions per vehicle)
 * zoneFactor(defaultTariff(), 32, '55100'); // '1.00' (prefix 55 wins over Zacatecas' 0.51)
 * ```
 */
export function zoneFactor(tariff: Tariff, cveEntidadFederativa: number, codigoPostal: string): string | undefined {
  return zoneFactors(tariff, cveEntidadFederativa, codigoPostal)?.factor;
}

/** A zone's two factors: the general one and total theft's. */
export interface ZoneFactors {
  readonly factor: string;
  readonly theftFactor: string;
}

/**
 * The zone's factors: the longest postal-code prefix listed wins, otherwise the state; its
 * `theftFactor` (its `factor` when it has none) rates total theft. Undefined when the state is not
 * rated.
 *
 * @example
 * ```ts
 * zoneFactors(defaultTariff(), 15, '55100'); // { factor: '1.00', theftFactor: '2.25' } (prefix 55: three times the 0.75 of most states)
 * zoneFactors(defaultTariff(), 15, '50000'); // { factor: '1.00', theftFactor: '1.50' } (Estado de México)
 * ```
 */
export function zoneFactors(tariff: Tariff, cveEntidadFederativa: number, codigoPostal: string): ZoneFactors | undefined {
  let best: Tariff['zones']['postalPrefixes'][number] | undefined;
  for (const z of tariff.zones.postalPrefixes) {
    if (codigoPostal.startsWith(z.prefix) && (best === undefined || z.prefix.length > best.prefix.length)) best = z;
  }
  const zone = best ?? tariff.zones.states.find((s) => s.cveEntidadFederativa === cveEntidadFederativa);
  return zone === undefined ? undefined : { factor: zone.factor, theftFactor: zone.theftFactor ?? zone.factor };
}

/**
 * The vehicle-age factor: the row with the largest `fromYears` not above `ageYears`.
 *
 * @example
 * ```ts
 * ageFactor(defaultTariff(), 3); // '1.05'
 * ```
 */
export function ageFactor(tariff: Tariff, ageYears: number): string {
  let factor = '1';
  for (const row of tariff.vehicleAge) if (row.fromYears <= ageYears) factor = row.factor;
  return factor;
}

/** Everything one policy period's net premium depends on. */
export interface PeriodRating {
  readonly pkg: TariffPackage;
  readonly rate: TariffPackage['rates'][number];
  readonly rateFactor: string;
  readonly zoneFactor: string;
  /** The zone's factor for total theft (`theftRate`). */
  readonly theftZoneFactor: string;
  readonly ageFactor: string;
  /** The period's sums insured, in cents. */
  readonly vehicleCents: number;
  readonly accessoriesCents: number;
  readonly specialEquipmentCents: number;
  /** Months the period covers (12 for a policy year; fewer prorate the annual premium). */
  readonly months: number;
}

/**
 * Net premium of one period in cents (formula in this module's header).
 *
 * @example
 * ```ts
 * const pkg = defaultTariff().insurers[0]!.packages[0]!; // Amplia
 * const rate = pkg.rates[0]!; // automóvil particular: 0.015477, theft 0.002810 and 1,666.67
 * // (350,000 × 0.015477 × 1.10 + 1,666.67) × 1.00 + 350,000 × 0.002810 × 1.10 × 1.50 = 7,625.315 + 1,622.775 = 9,248.09
 * netPremiumCents({ pkg, rate, rateFactor: '1.10', zoneFactor: '1.00', theftZoneFactor: '1.50', ageFactor: '1.00',
 *   vehicleCents: 35_000_000, accessoriesCents: 0, specialEquipmentCents: 0, months: 12 }); // 924_809
 * ```
 */
export function netPremiumCents(r: PeriodRating): number {
  // Exact integers: the premium × 10^T as one bigint N (T the finest scale), then N / (12·10^T)
  // half-up. While N < 10^45, decimal.js's 50 digits hold every intermediate exactly (each is at
  // most N: the factors are non-negative) and its rounding of the quotient stays below the gap
  // 1 / (12·10^T) to a half, so this is the very cent the decimal.js formula below gives; past that
  // (tariffs with factors of many decimals) the decimal.js formula decides, as before.
  const rate = scaledDecimal(r.rate.rate);
  const rateFactor = scaledDecimal(r.rateFactor);
  const accessories = scaledDecimal(r.pkg.accessoriesRate);
  const equipment = scaledDecimal(r.pkg.specialEquipmentRate);
  const fixed = scaledDecimal(r.rate.fixedPremium);
  const zone = scaledDecimal(r.zoneFactor);
  const age = scaledDecimal(r.ageFactor);
  const s = Math.max(rate.scale + rateFactor.scale, accessories.scale, equipment.scale, fixed.scale);
  const annual =
    BigInt(r.vehicleCents) * rate.coef * rateFactor.coef * pow10n(s - rate.scale - rateFactor.scale) +
    BigInt(r.accessoriesCents) * accessories.coef * pow10n(s - accessories.scale) +
    BigInt(r.specialEquipmentCents) * equipment.coef * pow10n(s - equipment.scale) +
    fixed.coef * 100n * pow10n(s - fixed.scale);
  // annual × zone at scale u; with a theft rate, + S·theftRate·rateFactor × theftZone brought to the same scale.
  let zoned = annual * zone.coef;
  let u = s + zone.scale;
  if (r.rate.theftRate !== undefined) {
    const theft = scaledDecimal(r.rate.theftRate);
    const theftZone = scaledDecimal(r.theftZoneFactor);
    const t = theft.scale + rateFactor.scale + theftZone.scale;
    const theftZoned = BigInt(r.vehicleCents) * theft.coef * rateFactor.coef * theftZone.coef;
    if (t > u) zoned *= pow10n(t - u);
    zoned += theftZoned * pow10n(Math.max(u, t) - t);
    u = Math.max(u, t);
  }
  const n = zoned * age.coef * BigInt(r.months);
  if (n < EXACT_LIMIT) return roundedQuotient(n, 12n * pow10n(u + age.scale));
  return netPremiumDecimal(r);
}

const EXACT_LIMIT = 10n ** 45n;

function netPremiumDecimal(r: PeriodRating): number {
  const annual = new Decimal(r.vehicleCents)
    .times(r.rate.rate)
    .times(r.rateFactor)
    .plus(new Decimal(r.accessoriesCents).times(r.pkg.accessoriesRate))
    .plus(new Decimal(r.specialEquipmentCents).times(r.pkg.specialEquipmentRate))
    .plus(new Decimal(r.rate.fixedPremium).times(100));
  const theft = new Decimal(r.vehicleCents)
    .times(r.rate.theftRate ?? '0')
    .times(r.rateFactor)
    .times(r.theftZoneFactor);
  return toCents(annual.times(r.zoneFactor).plus(theft).times(r.ageFactor).times(r.months).div(12));
}
