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
