/**
 * The `rate` text of a CAT: the shortest decimal of at most 15 significant digits inside the root's
 * certified bracket, written as plain digits.
 *
 * The maths it relies on: in a narrow interval [lo, hi], a d-digit decimal exists when the rounding
 * of its midpoint to d digits lies in it, and then every longer d does too, so the shortest d is
 * found by binary search over 1…15.
 */
import { trimTrailing } from '../util/text.js';

/**
 * The shortest decimal of at most 15 significant digits in [lo, hi] (rates, lo ≤ hi).
 *
 * @example
 * ```ts
 * shortestIn(0.09999999999, 0.10000000001); // '0.1'
 * shortestIn(0.51533005722785, 0.51533005722787); // '0.51533005722786'
 * shortestIn(-0.25000001, -0.24999999); // '-0.25'
 * shortestIn(-1e-9, 1e-9); // '0'
 * shortestIn(1.49e-7, 1.51e-7); // '0.00000015'
 * ```
 */
export function shortestIn(lo: number, hi: number): string {
  if (lo <= 0 && hi >= 0) return '0';
  const mid = lo + (hi - lo) / 2;
  // A d-digit decimal in [lo, hi] exists when the rounding of mid to d digits lies in it (the
  // interval is narrow), and then every longer d does too: the shortest by binary search.
  const fits = (d: number): string | undefined => {
    const text = mid.toPrecision(d);
    const value = Number(text);
    return value >= lo && value <= hi ? text : undefined;
  };
  let low = 1;
  let high = 15;
  let best = fits(15) ?? mid.toPrecision(15);
  while (low < high) {
    const d = Math.floor((low + high) / 2);
    const text = fits(d);
    if (text === undefined) low = d + 1;
    else {
      best = text;
      high = d;
    }
  }
  const fitted = fits(low);
  return plainDecimal(fitted ?? best);
}

/** A `toPrecision` text as plain decimal digits without trailing zeros ("1.500e-7" → "0.00000015"). */
function plainDecimal(text: string): string {
  const match = /^(-?)(\d)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (match === null) return text;
  const [, sign, lead, rest = '', exp = '0'] = match as unknown as [string, string, string, string?, string?];
  const digits = trimTrailing(lead + rest, '0') || '0';
  const e = Number(exp);
  let out: string;
  if (e < 0) out = `0.${'0'.repeat(-e - 1)}${digits}`;
  else if (digits.length <= e + 1) out = digits + '0'.repeat(e + 1 - digits.length);
  else out = `${digits.slice(0, e + 1)}.${digits.slice(e + 1)}`;
  return out === '0' ? '0' : `${sign}${out}`;
}
