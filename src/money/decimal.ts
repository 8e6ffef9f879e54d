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
