/**
 * Integer-cent arithmetic. Amounts live as safe integers of cents (|x| < 2^53); every operation
 * here is exact on such integers, and rounding is always named.
 */
import { invariant } from '../errors/quoteError.js';
import { MONEY_MESSAGES, moneyInvariantError } from './messages.js';
import { messageRef } from '../errors/catalog.js';

const NOT_DECIMAL = messageRef(MONEY_MESSAGES, 'porcentajeNoDecimal');

/** Amount strings accepted at the boundary: digits, optionally a dot and one or two decimals. */
export const AMOUNT_PATTERN = /^(0|[1-9]\d{0,10})(\.\d{1,2})?$/;

/**
 * Parses a validated amount string ("350000.5") into integer cents (35000050).
 *
 * @example
 * ```ts
 * parseCents('350000.5'); // 35000050
 * ```
 */
export function parseCents(text: string): number {
  // Speed: up to 15 digits, optionally a dot and one or two digits (every amount the schemas admit),
  // read by character codes instead of `parseCentsText`'s substrings and Number() (the same
  // operations on the same exact integers); buys 0.07–0.12 µs of 3.1–3.2 µs per summary quote (A/B on
  // npm run bench's credit60 summary, 2026-11-26, 62d6257).
  const length = text.length;
  let whole = 0;
  let i = 0;
  for (; i < length && i < 16; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) break;
    whole = whole * 10 + digit;
  }
  if (i > 0 && i <= 15) {
    if (i === length) return whole * 100;
    const tenths = text.charCodeAt(i + 1) - 0x30;
    if (text.charCodeAt(i) === 0x2e && tenths >= 0 && tenths <= 9) {
      if (i + 2 === length) return whole * 100 + tenths * 10;
      const hundredths = text.charCodeAt(i + 2) - 0x30;
      if (i + 3 === length && hundredths >= 0 && hundredths <= 9) return whole * 100 + (tenths * 10 + hundredths);
    }
  }
  return parseCentsText(text);
}

/** {@link parseCents} of any other text, as it always read it. */
function parseCentsText(text: string): number {
  const dot = text.indexOf('.');
  if (dot < 0) return Number(text) * 100;
  const whole = Number(text.slice(0, dot));
  const frac = text.slice(dot + 1);
  return whole * 100 + (frac.length === 1 ? Number(frac) * 10 : Number(frac));
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
/** `.00` to `.99`: a cent count's text after the whole part, joined to it in one step. */
const DOT_TWO_DIGITS = TWO_DIGITS.map((digits) => `.${digits}`);

/**
 * Formats integer cents as a decimal string with exactly two decimals: 35000050 → "350000.50".
 *
 * @example
 * ```ts
 * formatCents(35000050); // '350000.50'
 * ```
 */
export function formatCents(cents: number): string {
  if (cents === 0) return '0.00';
  if (cents < 0) return `-${formatCents(-cents)}`;
  // Speed: amounts below 2^31 cents (21,474,836.47) through 32-bit integers in a function of their
  // own instead of `formatLargeCents` for all (once larger amounts reach a shared conversion, V8
  // compiles it for doubles and every later call pays for that); buys 0.86–1.44 µs of 12.4–12.8 µs
  // per table quote at 60 payments and 5.9–7.8 µs of 69–71 µs at 360 (A/B on npm run bench's credit60
  // and credit360 table, after its warm-up pass, 2026-11-26, 62d6257).
  return cents <= INT32_MAX ? formatInt32Cents(cents | 0, DOT_TWO_DIGITS) : formatLargeCents(cents, DOT_TWO_DIGITS);
}

const INT32_MAX = 2 ** 31 - 1;

/**
 * The 100 texts `.00` + `text` … `.99` + `text`: the table {@link formatCentsThen} joins a whole
 * part to, so an amount and the text after it cost one join.
 *
 * @example
 * ```ts
 * centsSuffixes('"')[5]; // '.05"'
 * ```
 */
export function centsSuffixes(text: string): readonly string[] {
  return TWO_DIGITS.map((digits) => `.${digits}${text}`);
}

/**
 * `formatCents(cents) + text`, where `suffixes` is `centsSuffixes(text)`: the whole part joined once
 * to its suffix (a writer of JSON text glues the key after a value in the same step).
 *
 * @example
 * ```ts
 * formatCentsThen(35000050, centsSuffixes('","x":"')); // '350000.50","x":"'
 * ```
 */
export function formatCentsThen(cents: number, suffixes: readonly string[]): string {
  if (cents < 0) return `-${formatCentsThen(-cents, suffixes)}`;
  return cents <= INT32_MAX ? formatInt32Cents(cents | 0, suffixes) : formatLargeCents(cents, suffixes);
}

/**
 * {@link formatCentsThen} of 0 ≤ cents < 2^31 (with `.DD` alone, {@link formatCents}): `(cents / 100) | 0`
 * is the floor (the quotient is below 2^25, its double within 2^-28).
 */
function formatInt32Cents(cents: number, suffixes: readonly string[]): string {
  // Speed: the whole part joined once to its `.DD` from a table, instead of joined to "." and then to
  // "DD" (each join of short texts allocates a new one); buys 1.9–2.3 µs of 10.8–11.1 µs per table
  // quote at 60 payments (A/B on npm run bench --quick's credit60 table, after its warm-up set,
  // 2026-11-26). The same text.
  const whole = (cents / 100) | 0;
  return `${whole}${suffixes[cents - whole * 100] as string}`;
}

/**
 * {@link formatCentsThen} (and {@link formatCents}) of 2^31 ≤ cents < 2^53. Exact: the quotient is
 * below 2^47, so its double is within 2^-7 of it, less than the 1/100 that separates a non-integral
 * quotient from an integer.
 */
function formatLargeCents(cents: number, suffixes: readonly string[]): string {
  const whole = Math.floor(cents / 100);
  return `${whole}${suffixes[cents - whole * 100] as string}`;
}

/**
 * round(n / d), half-up (ties away from zero for n ≥ 0), for non-negative safe integers n and
 * positive safe integers d. Exact. While n + d ≤ 2^53 by a floor division: q = ⌊fl(n / d)⌋ is
 * ⌊n / d⌋ or one more (rounding is monotone, integers up to 2^53 are exact), q·d ≤ n + d is exact,
 * so n − q·d is the exact remainder after one correction. Otherwise `%`, exact on doubles holding
 * integers, and the division of the multiple n − rem by d.
 *
 * @example
 * ```ts
 * divRoundHalfUp(1005, 10); // 101 (100.5 → 101)
 * ```
 */
export function divRoundHalfUp(n: number, d: number): number {
  // Speed: a floor division and one correction instead of `%` (amounts parsed from text are doubles
  // to V8, and `%` on doubles is a call to fmod); buys 0.5–1.4 µs of 69–73 µs per actual/365 quote
  // with a prepayment and 20–44 µs of 1.05–1.14 ms per slowest such quote, whose rows round through
  // here (A/B on npm run bench's features and slowest-quotes groups, 2026-11-26, 62d6257).
  if (n + d <= TWO_53) {
    let q = Math.floor(n / d);
    let rem = n - q * d;
    if (rem < 0) {
      q -= 1;
      rem += d;
    }
    return rem * 2 >= d ? q + 1 : q;
  }
  const rem = n % d;
  const q = (n - rem) / d;
  return rem * 2 >= d ? q + 1 : q;
}

const TWO_53 = 2 ** 53;

/**
 * ⌊m / d⌋ for integers 0 ≤ m, 1 ≤ d with m + d ≤ 2^52, given `inverse` = 1 / d as float64 rounds
 * it: a multiplication instead of a division (a division's latency is four or five
 * multiplications', and a schedule's row waits on two). Exact: m / d ≤ 2^51 for d ≥ 2 and
 * fl(m × fl(1 / d)) is within (m / d)·2^−52·(1 + 2^−52) < 1 of it (exactly m for d = 1), so
 * q = ⌊m × inverse⌋ is ⌊m / d⌋ or one off either way; q·d ≤ m + d is exact, and one correction of
 * the remainder each way (rarely taken) gives the exact quotient. A property test checks it
 * against the bigint division. The caller checks the range.
 *
 * @example
 * ```ts
 * floorDivBy(2 * 1005 + 10, 20, 1 / 20); // 101 (half-up of 1005 / 10: ⌊(2n + d) / 2d⌋)
 * ```
 */
export function floorDivBy(m: number, d: number, inverse: number): number {
  const q = Math.floor(m * inverse);
  const rem = m - q * d;
  return rem < 0 ? q - 1 : rem >= d ? q + 1 : q;
}

/**
 * The same as {@link divRoundHalfUp} on bigints (used when a product leaves the safe range).
 *
 * @example
 * ```ts
 * divRoundHalfUpBig(10n ** 20n + 5n, 10n); // 10000000000000000001n
 * ```
 */
export function divRoundHalfUpBig(n: bigint, d: bigint): bigint {
  const q = n / d;
  const rem = n - q * d;
  return rem * 2n >= d ? q + 1n : q;
}

const SAFE_BIG = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * `Number(divRoundHalfUpBig(n, d))` for n ≥ 0 and d > 0 whose quotient is a safe integer. Exact:
 * while both are safe integers it is {@link divRoundHalfUp} on their doubles (exact there), else
 * the bigint division.
 *
 * @example
 * ```ts
 * roundedQuotient(1005n, 10n); // 101
 * roundedQuotient(10n ** 20n + 5n, 10n ** 5n); // 1000000000000000
 * ```
 */
export function roundedQuotient(n: bigint, d: bigint): number {
  // Speed: two small integers divided as doubles instead of as bigints (each bigint operation
  // allocates its result); with formatDmyDate's single join, buys 6–21 µs of 86–110 µs per policy
  // quote (A/B on npm run bench --quick's policy case, after its warm-up set, 2026-11-26).
  if (n >= 0n && n <= SAFE_BIG && d <= SAFE_BIG) return divRoundHalfUp(Number(n), Number(d));
  return Number(divRoundHalfUpBig(n, d));
}

/**
 * round(a × b / d) half-up for non-negative safe integers, exact whatever the size of a × b.
 *
 * @example
 * ```ts
 * mulDivRoundHalfUp(1_000_000, 37, 2400); // 15417
 * ```
 */
export function mulDivRoundHalfUp(a: number, b: number, d: number): number {
  const n = a * b;
  if (n <= Number.MAX_SAFE_INTEGER) return divRoundHalfUp(n, d);
  const r = divRoundHalfUpBig(BigInt(a) * BigInt(b), BigInt(d));
  if (r > BigInt(Number.MAX_SAFE_INTEGER)) throw moneyInvariantError('importeFueraDeRango');
  return Number(r);
}

/**
 * Splits `total` cents into `parts` amounts whose sum is exactly `total`: each part is
 * floor(total / parts) and the remainder goes to the first part (the house convention).
 *
 * @example
 * ```ts
 * splitRemainderFirst(1000, 3); // [334, 333, 333]
 * ```
 */
export function splitRemainderFirst(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const out = new Array<number>(parts).fill(base);
  out[0] = total - base * (parts - 1);
  return out;
}

/**
 * Compares the fraction a / b with the number x read as its shortest decimal text (as decimal.js
 * reads a number, so 0.1 is one tenth): −1, 0 or 1. a and b are non-negative safe integers (b > 0),
 * x finite and non-negative. Exact: products of safe integers in float64 only while they stay
 * safe, BigInt otherwise (no decimal.js on the quote's hot path).
 *
 * @example
 * ```ts
 * compareFraction(1, 10, 0.1); // 0
 * compareFraction(100 * 7_000_000, 35_000_000, 20); // 0 (a down payment of 70,000.00 on 350,000.00 is 20 %)
 * compareFraction(2, 3, 66.7); // -1
 * ```
 */
export function compareFraction(a: number, b: number, x: number): -1 | 0 | 1 {
  if (Number.isInteger(x)) {
    const right = x * b;
    if (right <= Number.MAX_SAFE_INTEGER) return a < right ? -1 : a > right ? 1 : 0;
  }
  // x = digits × 10^exponent, from its shortest text ("12.5", "1e-7", "1.5e+21").
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  invariant(match !== null, NOT_DECIMAL);
  const fraction = match[2] ?? '';
  const exponent = Number(match[3] ?? '0') - fraction.length;
  const digits = BigInt((match[1] as string) + fraction);
  const left = BigInt(a) * (exponent < 0 ? 10n ** BigInt(-exponent) : 1n);
  const right = digits * BigInt(b) * (exponent > 0 ? 10n ** BigInt(exponent) : 1n);
  return left < right ? -1 : left > right ? 1 : 0;
}
