import DecimalJs from 'decimal.js';

/**
 * The library's private Decimal constructor: an independent clone, so the host's global
 * decimal.js configuration is never read or changed (never `Decimal.set`).
 * 50 significant digits leave a wide margin over every cent and every CAT tenth.
 */
export const Decimal = DecimalJs.clone({ precision: 50, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -60, toExpPos: 60 });
export type Decimal = InstanceType<typeof Decimal>;

export const ROUND_HALF_UP = DecimalJs.ROUND_HALF_UP;
export const ROUND_DOWN = DecimalJs.ROUND_DOWN;

/**
 * Decimal text as the library accepts it wherever a sign and any number of decimals are allowed
 * (CAT flows, scenario values): an optional minus, no leading zeros, no exponent.
 *
 * @example
 * ```ts
 * DECIMAL_TEXT.test('-12.50'); // true
 * DECIMAL_TEXT.test('1e5'); // false
 * ```
 */
export const DECIMAL_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * A non-negative decimal text as an exact integer coefficient and a scale: value = coef / 10^scale
 * ("0.0320" → 320n, 4). For exact integer arithmetic on tariff rates and factors where decimal.js
 * would cost more than the whole computation.
 *
 * @example
 * ```ts
 * scaledDecimal('0.0320'); // { coef: 320n, scale: 4 }
 * scaledDecimal('12'); // { coef: 12n, scale: 0 }
 * ```
 */
export function scaledDecimal(text: string): ScaledDecimal {
  let scaled = SCALED.get(text);
  if (scaled === undefined) {
    const dot = text.indexOf('.');
    scaled =
      dot < 0 ? { coef: BigInt(text), scale: 0 } : { coef: BigInt(text.slice(0, dot) + text.slice(dot + 1)), scale: text.length - dot - 1 };
    // The texts are a tariff's rates and factors, the same for every quote: remembered, at most
    // SCALED_LIMIT of them (the memory stays bounded whatever tariffs a caller passes).
    if (SCALED.size >= SCALED_LIMIT) SCALED.clear();
    SCALED.set(text, scaled);
  }
  return scaled;
}

/** A decimal text's exact value as `coef / 10^scale`. */
export interface ScaledDecimal {
  readonly coef: bigint;
  readonly scale: number;
}

/** How many parsed texts {@link scaledDecimal} remembers. */
export const SCALED_LIMIT = 1024;
const SCALED = new Map<string, ScaledDecimal>();

const POWERS = Array.from({ length: 64 }, (_, k) => 10n ** BigInt(k));

/**
 * 10^k as a bigint (k ≥ 0), from a table for the small ones.
 *
 * @example
 * ```ts
 * pow10n(3); // 1000n
 * ```
 */
export function pow10n(k: number): bigint {
  return POWERS[k] ?? 10n ** BigInt(k);
}
