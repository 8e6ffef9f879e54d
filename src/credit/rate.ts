/**
 * Exact periodic rates: a percentage string becomes a rational number of safe integers, so the
 * interest of a period is computed by one exact integer division with named rounding.
 */
import { Decimal } from '../money/decimal.js';
import { creditError } from './messages.js';

/**
 * A non-negative rational num / den with safe-integer parts.
 *
 * @example
 * ```ts
 * const monthly: Rational = { num: 9, den: 800 }; // (13.5 % / 12)
 * rationalToDecimal(monthly).toString(); // '0.01125'
 * ```
 */
export interface Rational {
  readonly num: number;
  readonly den: number;
}

/**
 * The greatest common divisor of two integers (Euclid's algorithm; `%` is exact on doubles holding
 * integers).
 */
function gcd(a: number, b: number): number {
  // Speed: below 2^32 in unsigned 32-bit integers, whose `%` V8 compiles to an integer division,
  // instead of doubles, whose `%` it compiles to the x87 remainder loop (and a swap by array
  // destructuring, which allocated); a quote's five gcds (its rates' texts, the periodic rate) were
  // 4 % of the summary quote's profile after the warm-up set, their remainders most of it; buys
  // 0.05–0.1 µs of 2.75–2.87 µs per summary quote at 60 payments (A/B on npm run bench --quick's
  // credit60 summary, after its warm-up set, 2026-11-26).
  if (a >>> 0 === a && b >>> 0 === b) {
    let x = a >>> 0;
    let y = b >>> 0;
    while (y !== 0) {
      const rest = (x % y) >>> 0;
      x = y;
      y = rest;
    }
    return x;
  }
  while (b !== 0) {
    const rest = a % b;
    a = b;
    b = rest;
  }
  return a;
}

/**
 * Reduces num / den by their greatest common divisor.
 *
 * @example
 * ```ts
 * rational(30, 360); // { num: 1, den: 12 }
 * ```
 */
export function rational(num: number, den: number): Rational {
  const g = gcd(num, den) || 1;
  return { num: num / g, den: den / g };
}

/**
 * A validated percentage text ("13.50") as a rational fraction (0.135 = 27/200).
 *
 * @example
 * ```ts
 * percentToRational('13.50'); // { num: 27, den: 200 }
 * percentToRational('-'); // throws QuoteError ERRESQ005 'porcentaje'
 * ```
 */
export function percentToRational(text: string): Rational {
  // Speed: up to 15 digits with at most one dot (every percentage the schemas admit) read by
  // character codes instead of `percentTextToRational`'s pattern, substrings and Number() (the
  // digits' value and count are the same); buys 0.15–0.29 µs of 3.2–3.3 µs per summary quote (A/B on
  // npm run bench's credit60 summary, 2026-11-26, 62d6257). Any other text goes the old way.
  let digits = 0;
  let value = 0;
  let dot = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2e && dot < 0) dot = i;
    else if (code >= 0x30 && code <= 0x39 && digits < 15) {
      value = value * 10 + (code - 0x30);
      digits++;
    } else return percentTextToRational(text);
  }
  if (digits === 0) return percentTextToRational(text);
  return rational(value, dot < 0 ? 100 : 100 * 10 ** (text.length - dot - 1));
}

/** {@link percentToRational} of any other text, as it always read it. */
function percentTextToRational(text: string): Rational {
  // Decimal text only: '-', '..' or '1e5' read as NaN or an inexact number, and gcd never ends on NaN.
  if (!/^\d+(\.\d+)?$/.test(text) || text.replace('.', '').replace(/^0+/, '').length > 15) {
    throw creditError('ERRESQ005', 'porcentajeTexto', 'porcentaje');
  }
  const dot = text.indexOf('.');
  if (dot < 0) return rational(Number(text), 100);
  const decimals = text.length - dot - 1;
  return rational(Number(text.slice(0, dot) + text.slice(dot + 1)), 100 * 10 ** decimals);
}

/**
 * a × b for rationals (parts stay safe for the library's bounded inputs).
 *
 * @example
 * ```ts
 * mulRational({ num: 27, den: 200 }, 30, 360); // { num: 9, den: 800 }
 * ```
 */
export function mulRational(a: Rational, num: number, den: number): Rational {
  const g1 = gcd(a.num, den) || 1;
  const g2 = gcd(num, a.den) || 1;
  return { num: (a.num / g1) * (num / g2), den: (a.den / g2) * (den / g1) };
}

/**
 * The rational as a Decimal (exact up to the clone's 50 significant digits).
 *
 * @example
 * ```ts
 * rationalToDecimal({ num: 1, den: 3 }).toFixed(4); // '0.3333'
 * ```
 */
export function rationalToDecimal(r: Rational): Decimal {
  return new Decimal(r.num).div(r.den);
}
