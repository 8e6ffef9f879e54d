/**
 * Exact rational arithmetic on BigInt, the oracle's only number type for amounts and rates.
 * A value is `{ n, d }` with `d > 0`; constructors reduce, the hot-path helpers need not.
 * Written for the oracle alone: it shares no code with `src/`.
 */

/** A rational n / d with d > 0 (not necessarily in lowest terms). */
export interface Q {
  readonly n: bigint;
  readonly d: bigint;
}

/** Thrown when an input the oracle models cannot be read (a bug in the caller, never a quote error). */
export class OracleInputError extends Error {}

export const abs = (x: bigint): bigint => (x < 0n ? -x : x);

export function gcd(a: bigint, b: bigint): bigint {
  let x = abs(a);
  let y = abs(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** n / d in lowest terms with a positive denominator. */
export function q(n: bigint, d = 1n): Q {
  if (d === 0n) throw new OracleInputError('zero denominator');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

export const ZERO: Q = { n: 0n, d: 1n };
export const ONE: Q = { n: 1n, d: 1n };

export const add = (a: Q, b: Q): Q => q(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Q, b: Q): Q => q(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Q, b: Q): Q => q(a.n * b.n, a.d * b.d);
export const div = (a: Q, b: Q): Q => q(a.n * b.d, a.d * b.n);
export const neg = (a: Q): Q => ({ n: -a.n, d: a.d });
export const int = (n: bigint | number): Q => ({ n: BigInt(n), d: 1n });
export const sign = (a: Q): number => (a.n > 0n ? 1 : a.n < 0n ? -1 : 0);
export const cmp = (a: Q, b: Q): number => {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
};
export const isInteger = (a: Q): boolean => a.n % a.d === 0n;

/** ⌊a / b⌋ for b > 0. */
export function floorDiv(a: bigint, b: bigint): bigint {
  const t = a / b;
  return a < 0n && t * b !== a ? t - 1n : t;
}

/** ⌈a / b⌉ for b > 0. */
export const ceilDiv = (a: bigint, b: bigint): bigint => -floorDiv(-a, b);

/** Round n / d (d > 0) to an integer, half away from zero ("half-up" on magnitudes). */
export function roundHalfUp(n: bigint, d: bigint): bigint {
  if (n >= 0n) return (2n * n + d) / (2n * d);
  return -((2n * -n + d) / (2n * d));
}

export const roundQ = (x: Q): bigint => roundHalfUp(x.n, x.d);

/** x^k for an integer k ≥ 0 (unreduced is fine: powers of a reduced value stay reduced). */
export function pow(x: Q, k: number): Q {
  return { n: x.n ** BigInt(k), d: x.d ** BigInt(k) };
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/** The exact value of a decimal text ("350000.50", "13.5", "-0.25"); exponents are not decimal text. */
export function fromDecimal(text: string): Q {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new OracleInputError(`not a decimal text: ${JSON.stringify(text)}`);
  const frac = m[3] ?? '';
  const n = BigInt((m[2] ?? '0') + frac) * (m[1] ? -1n : 1n);
  return q(n, 10n ** BigInt(frac.length));
}

/**
 * The exact value of a decimal text that may carry an exponent ("1.1e+26", "5e-7"), as the
 * engines' `rate` output may; used to read engine output, never to read a request.
 */
export function fromScientific(text: string): Q {
  const m = /^(-?\d+(?:\.\d*)?)(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m) throw new OracleInputError(`not a number text: ${JSON.stringify(text)}`);
  const base = fromDecimal(m[1] ?? '0');
  const e = Number(m[2] ?? '0');
  return e >= 0 ? q(base.n * 10n ** BigInt(e), base.d) : q(base.n, base.d * 10n ** BigInt(-e));
}

/** A JS number as the decimal it prints as (`String(x)`): how the oracle reads numeric percentages. */
export function fromNumberText(x: number): Q {
  if (!Number.isFinite(x)) throw new OracleInputError(`not a finite number: ${x}`);
  return fromScientific(String(x));
}

/** Integer cents as decimal text with exactly two decimals ("-1.05"). */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const a = negative ? -cents : cents;
  const s = `${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${s}` : s;
}

/** An amount text with up to two decimals as integer cents (throws if it has more). */
export function centsOf(text: string): bigint {
  const x = fromDecimal(text);
  const c = x.n * 100n;
  if (c % x.d !== 0n) throw new OracleInputError(`not a cent amount: ${text}`);
  return c / x.d;
}

/** The number of bits of |x| (0 for 0). */
export function bitLength(x: bigint): number {
  if (x === 0n) return 0;
  const h = abs(x).toString(16);
  return (h.length - 1) * 4 + (32 - Math.clz32(Number.parseInt(h[0] ?? '0', 16)));
}

/** A rational to a JS number (for estimates only, never for a decision); may be ±Infinity or 0. */
export function toNumber(x: Q): number {
  const sn = Math.max(0, bitLength(x.n) - 64);
  const sd = Math.max(0, bitLength(x.d) - 64);
  return (Number(x.n >> BigInt(sn)) / Number(x.d >> BigInt(sd))) * 2 ** (sn - sd);
}
