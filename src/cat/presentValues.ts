/**
 * The figures of a CAT's proof, as decimals a person can check: at a rational rate, each flow's
 * discount factor (1 + rate)^−t to a stated number of significant digits and its present value to
 * a stated number of decimals, each **correctly rounded** (half away from zero), and their sum
 * with the bound on its distance from the exact present value.
 *
 * The maths it relies on: a factor is exact when it is rational (t = 0, or 1 + rate a perfect power
 * whose exponent times t is whole) and otherwise bracketed by BigInt floating point with the
 * error bound the exact decisions use (`./bigFloat.ts`, `./exact.ts`); a figure is printed only
 * when both ends of its bracket round to it (else the precision doubles: Ziv's strategy), so it is
 * the rounding of the exact value. Each printed present value is then within half a unit of its
 * last decimal of the exact one, so the printed sum of n of them is within n × ½ × 10^−decimals of
 * the exact present value: when it is farther from zero than that, its sign is the exact sign.
 * Otherwise more digits are taken, and past that the exact comparator decides (`./exact.ts`).
 */
import { invariant } from '../errors/quoteError.js';
import { messageRef } from '../errors/catalog.js';
import { pow10n } from '../money/decimal.js';
import { absBig, bitLength, expErrorUnits, expFixed, lnRational, mul, type BigFloat, type BigRational } from './bigFloat.js';
import { perfectPower, presentValueSign, vanishesAt, type ExactFlow } from './exact.js';
import { CAT_MESSAGES } from './messages.js';

/**
 * The present values of the flows at one rate, as decimal text.
 *
 * @example
 * ```ts
 * const flows = [
 *   { amount: { num: -100n, den: 1n }, time: { num: 0n, den: 1n } },
 *   { amount: { num: 121n, den: 1n }, time: { num: 2n, den: 1n } },
 * ];
 * const column: PresentValueColumn = presentValueColumn(flows, { num: 1n, den: 10n }, 10);
 * [column.discountFactors[1], column.presentValues[1], column.sum, column.sign]; // ['0.8264462810', '100.0000000', '0.0000000', 0]
 * ```
 */
export interface PresentValueColumn {
  /** The annual rate, exact decimal text ("0.5145"). */
  readonly rate: string;
  /** Significant digits of each discount factor. */
  readonly digits: number;
  /** Decimals of each present value (the largest has `digits` significant digits, or more). */
  readonly decimals: number;
  /** Per flow, in the flows' order: (1 + rate)^−t, correctly rounded half away from zero. */
  readonly discountFactors: readonly string[];
  /** Per flow: amount × factor (payments positive, disbursements negative), correctly rounded to `decimals`. */
  readonly presentValues: readonly string[];
  /** The exact sum of the present values shown. */
  readonly sum: string;
  /** The most the sum shown can be from the exact present value: n × ½ × 10^−decimals (n flows). */
  readonly bound: string;
  /** The sign of the exact present value: 1, −1, or 0 when it is exactly zero. */
  readonly sign: -1 | 0 | 1;
  /** `'figures'`: |sum| > bound shows it; `'exact'`: the exact comparator decided (a tie, or a sum within its bound). */
  readonly decidedBy: 'figures' | 'exact';
}

/** A discount factor: exact, or a BigFloat with a relative error of at most `units` × 2^(40 − F). */
type Factor = { readonly exact: BigRational } | { readonly value: BigFloat; readonly units: number };

const ONE: BigRational = { num: 1n, den: 1n };
const LOG10_2 = Math.log10(2);
const UNDECIDED = messageRef(CAT_MESSAGES, 'cifraNoDecidida');

/** round(num / den × 10^decimals) half away from zero (den > 0; decimals may be negative). */
function roundScaled(num: bigint, den: bigint, decimals: number): bigint {
  const n = decimals >= 0 ? num * pow10n(decimals) : num;
  const d = decimals >= 0 ? den : den * pow10n(-decimals);
  const q = absBig(n) / d;
  const rounded = (absBig(n) - q * d) * 2n >= d ? q + 1n : q;
  return n < 0n ? -rounded : rounded;
}

/**
 * N × 10^−decimals as plain decimal text (decimals < 0: N followed by zeros).
 *
 * @example
 * ```ts
 * [scaledText(-1234n, 3), scaledText(5n, 4), scaledText(12n, -2), scaledText(0n, 2)]; // ['-1.234', '0.0005', '1200', '0.00']
 * ```
 */
export function scaledText(n: bigint, decimals: number): string {
  if (decimals <= 0) return n === 0n ? '0' : `${n}${'0'.repeat(-decimals)}`;
  const digits = absBig(n)
    .toString()
    .padStart(decimals + 1, '0');
  return `${n < 0n ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** ⌊log10(num / den)⌋ for num, den > 0, exactly. */
function decimalExponent(num: bigint, den: bigint): number {
  let e = Math.floor((bitLength(num) - bitLength(den)) * LOG10_2);
  const below = (k: number): boolean => (k >= 0 ? num < den * pow10n(k) : num * pow10n(-k) < den); // num/den < 10^k
  while (below(e)) e--;
  while (!below(e + 1)) e++;
  return e;
}

/**
 * A positive exact rational to `digits` significant digits, half away from zero.
 *
 * @example
 * ```ts
 * [significantText({ num: 2n, den: 3n }, 4), significantText({ num: 12345n, den: 1n }, 2)]; // ['0.6667', '12000']
 * ```
 */
export function significantText(value: BigRational, digits: number): string {
  const decimals = digits - 1 - decimalExponent(value.num, value.den);
  return scaledText(roundScaled(value.num, value.den, decimals), decimals);
}

/** The factor's bracket [lo, hi] as rationals (num, den) of the same denominator; exact: lo = hi. */
function bracket(factor: Factor, F: number): [bigint, bigint, bigint] {
  if ('exact' in factor) return [factor.exact.num, factor.exact.num, factor.exact.den];
  const K = BigInt(F - 40);
  const u = BigInt(factor.units);
  const scale = 1n << K;
  let num = factor.value.m;
  let den = 1n;
  if (factor.value.e >= 0) num <<= BigInt(factor.value.e);
  else den <<= BigInt(-factor.value.e);
  return [num * (scale - u), num * (scale + u), den * scale];
}

/**
 * Each flow's (1 + rate)^−t: exact where rational, else stepped through the flows in time order
 * (a step e^(−L·Δt) for each distinct gap, as `./exact.ts` does), the error bound accumulating.
 */
function discountFactors(flows: readonly ExactFlow[], c: BigRational, F: number): Factor[] {
  const out = new Array<Factor>(flows.length);
  if (c.num === c.den) return out.fill({ exact: ONE });
  const { base, degree } = perfectPower(c);
  const s = BigInt(degree);
  let timeDen = 1n;
  for (const f of flows) timeDen = (timeDen * f.time.den) / gcd(timeDen, f.time.den);
  const order = flows.map((f, j) => ({ j, t: (f.time.num * timeDen) / f.time.den })).sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : 0));
  const L = lnRational(c, F);
  const steps = new Map<bigint, BigFloat>();
  let power: BigFloat = { m: 1n << BigInt(F), e: -F };
  let units = 0;
  let previous = 0n;
  for (const { j, t } of order) {
    const time = (flows[j] as ExactFlow).time;
    const delta = t - previous;
    if (delta !== 0n) {
      let step = steps.get(delta);
      if (step === undefined) {
        step = expFixed((-L * delta) / timeDen, F);
        steps.set(delta, step);
      }
      units += expErrorUnits(delta / timeDen, L, F);
      power = mul(power, step, F);
      previous = t;
    }
    if ((time.num * s) % time.den === 0n) {
      // (1 + rate)^−t = base^(−s·t), s·t whole: rational.
      const k = (time.num * s) / time.den;
      out[j] = { exact: { num: base.den ** k, den: base.num ** k } };
    } else out[j] = { value: power, units };
  }
  return out;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = absBig(a);
  let y = absBig(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The column's figures at F bits, or undefined when some bracket rounds two ways (more bits needed). */
function figuresAt(
  flows: readonly ExactFlow[],
  c: BigRational,
  digits: number,
  decimals: number,
  F: number,
): { factors: string[]; values: bigint[] } | undefined {
  const factors: string[] = [];
  const values: bigint[] = [];
  const all = discountFactors(flows, c, F);
  for (let j = 0; j < flows.length; j++) {
    const factor = all[j] as Factor;
    const [lo, hi, den] = bracket(factor, F);
    if (lo <= 0n) return undefined;
    // The factor: both ends to the same significant digits (the exponent read from the low end).
    const places = digits - 1 - decimalExponent(lo, den);
    const fLo = roundScaled(lo, den, places);
    if (roundScaled(hi, den, places) !== fLo) return undefined;
    // The present value: amount × factor, both ends to the same decimals.
    const amount = (flows[j] as ExactFlow).amount;
    const vLo = roundScaled(amount.num * lo, amount.den * den, decimals);
    if (roundScaled(amount.num * hi, amount.den * den, decimals) !== vLo) return undefined;
    factors.push(scaledText(fLo, places));
    values.push(vLo);
  }
  return { factors, values };
}

/** Decimals that give the largest |present value| `digits` significant digits (at least 0). */
function decimalsFor(flows: readonly ExactFlow[], c: BigRational, digits: number): number {
  const log10 = (x: bigint): number => {
    const bits = bitLength(x);
    return bits <= 1000 ? Math.log10(Number(absBig(x))) : (bits - 53) * LOG10_2 + Math.log10(Number(absBig(x) >> BigInt(bits - 53)));
  };
  const rateLog = log10(c.num) - log10(c.den);
  let top = Number.NEGATIVE_INFINITY;
  for (const f of flows) {
    if (f.amount.num === 0n) continue;
    const years = log10(f.time.num) - log10(f.time.den);
    const size = log10(f.amount.num) - log10(f.amount.den) - (f.time.num === 0n ? 0 : 10 ** years * rateLog);
    if (size > top) top = size;
  }
  return Number.isFinite(top) ? Math.max(0, digits - 1 - Math.floor(top)) : digits;
}

/** The most significant digits a column takes before the exact comparator decides. */
const MAX_DIGITS = 120;

/**
 * The present values of exact flows (payments positive, disbursements negative, times in years)
 * at a rational annual rate above −100 %: each figure correctly rounded (see the module comment),
 * their sum, its bound and the exact present value's sign, shown by the figures when the sum is
 * beyond its bound (with `digits` significant digits, or, when `escalate`, up to 120 when it is
 * not), else decided exactly.
 *
 * @example
 * ```ts
 * // The reference's vector at 51.45 %: 9,950.00 received, four payments at k/24.
 * const flows = [['-9950.00', 0], ['2588.09', 1], ['2594.10', 2], ['2600.21', 3], ['2606.43', 4]].map(([amount, k]) => ({
 *   amount: { num: BigInt(String(amount).replace('.', '')), den: 100n },
 *   time: { num: BigInt(k), den: 24n },
 * }));
 * const column = presentValueColumn(flows, { num: 1029n, den: 2000n }, 12);
 * [column.sum, column.bound, column.sign]; // ['0.56366996', '0.000000025', 1]
 * ```
 */
export function presentValueColumn(flows: readonly ExactFlow[], rate: BigRational, digits: number, escalate = true): PresentValueColumn {
  const c: BigRational = { num: rate.den + rate.num, den: rate.den };
  invariant(c.num > 0n, messageRef(CAT_MESSAGES, 'factorNoPositivo'));
  const counted = BigInt(flows.filter((f) => f.amount.num !== 0n).length);
  for (let d = digits; ; d = Math.min(MAX_DIGITS, d + 20)) {
    const decimals = decimalsFor(flows, c, d);
    let F = 96 + Math.ceil(3.33 * Math.max(d, decimals));
    let figures = figuresAt(flows, c, d, decimals, F);
    while (figures === undefined) {
      F *= 2;
      invariant(F <= 1 << 17, UNDECIDED); // not reached: an irrational value is never on a rounding tie
      figures = figuresAt(flows, c, d, decimals, F);
    }
    const sum = figures.values.reduce((a, b) => a + b, 0n);
    const shown = absBig(sum) * 2n > counted; // |sum| > n × ½ in units of 10^−decimals
    const column = {
      rate: rateText(rate),
      digits: d,
      decimals,
      discountFactors: figures.factors,
      presentValues: figures.values.map((v) => scaledText(v, decimals)),
      sum: scaledText(sum, decimals),
      bound: scaledText(counted * 5n, decimals + 1),
    };
    if (shown) return { ...column, sign: sum > 0n ? 1 : -1, decidedBy: 'figures' };
    if (!escalate || d >= MAX_DIGITS || vanishesAt(flows, c)) return { ...column, sign: presentValueSign(flows, c), decidedBy: 'exact' };
  }
}

/**
 * A rational with a terminating decimal expansion (a power-of-ten or power-of-two denominator: a
 * decimal text, a double, a boundary n/2000) as its exact decimal text.
 *
 * @example
 * ```ts
 * [rateText({ num: 1029n, den: 2000n }), rateText({ num: -3n, den: 8n }), rateText({ num: 0n, den: 1n })]; // ['0.5145', '-0.375', '0']
 * ```
 */
export function rateText(value: BigRational): string {
  let decimals = 0;
  let den = value.den;
  while (den % 10n === 0n) {
    den /= 10n;
    decimals++;
  }
  while (den % 2n === 0n || den % 5n === 0n) {
    den = den % 2n === 0n ? den / 2n : den / 5n;
    decimals++;
  }
  invariant(den === 1n, messageRef(CAT_MESSAGES, 'decimalNoFinito'));
  const scaled = (value.num * pow10n(decimals)) / value.den;
  const text = scaledText(scaled, decimals);
  if (decimals === 0) return text;
  // The trailing zeros and a bare point go (a scan: no regular expression to keep linear).
  let end = text.length;
  while (text[end - 1] === '0') end--;
  if (text[end - 1] === '.') end--;
  return text.slice(0, end);
}
