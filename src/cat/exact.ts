/**
 * The exact side of a CAT decision: the sign of the present value S(c) = Σ aⱼ c^(−tⱼ) at a rational
 * growth factor c = 1 + b (b a rounding boundary of the published tenth, or any rational rate), for
 * exact rational amounts aⱼ and exact rational times tⱼ ≥ 0. Used only when the float solver cannot
 * place a boundary by its certified error bound: a tie (the root exactly on the boundary) or a root
 * within about 10⁻¹⁴ of it.
 *
 * 1. **Is S(c) exactly zero?** Write c = eˢ with s the largest integer for which c is a perfect
 *    s-th power of a rational e (so e is no perfect power), and split each time s·tⱼ = nⱼ + fⱼ
 *    (nⱼ an integer, 0 ≤ fⱼ < 1). Then S(c) = Σ_f e^(−f) C_f with rational C_f = Σ_{fⱼ = f} aⱼ e^(−nⱼ),
 *    and the numbers e^(−f) for distinct rational f ∈ [0, 1) are linearly independent over ℚ
 *    (with D a common denominator of the f, x^D − e is irreducible by Capelli's theorem because e
 *    is no perfect power). So S(c) = 0 exactly when every C_f is 0: rational arithmetic in BigInt.
 * 2. **Otherwise its sign** by BigInt floating-point evaluation (a mantissa of p + 64 bits and an
 *    exponent) with a rigorous bound on the error, doubling p until |S| exceeds the bound; S ≠ 0,
 *    so this ends.
 *
 * Sharing nothing with the float solvers but the flows, this module is the reference the solvers'
 * decisions fall back on.
 */
import { invariant } from '../errors/quoteError.js';
import { messageRef } from '../errors/catalog.js';
import { CAT_MESSAGES } from './messages.js';
import {
  absBig as abs,
  bitLength,
  expErrorUnits,
  expFixed,
  lnRational,
  mul,
  normalize,
  type BigFloat,
  type BigRational,
  type Fixed,
} from './bigFloat.js';

export type { BigRational } from './bigFloat.js';

const ZERO_DENOMINATOR = messageRef(CAT_MESSAGES, 'denominadorCero');
const NOT_FINITE = messageRef(CAT_MESSAGES, 'numeroNoFinito');

/** A flow for the exact decisions: a signed amount and a time ≥ 0, both exact. */
export interface ExactFlow {
  readonly amount: BigRational;
  readonly time: BigRational;
}

function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * num / den in lowest terms with a positive denominator.
 *
 * @example
 * ```ts
 * bigRational(6n, -4n); // { num: -3n, den: 2n }
 * ```
 */
export function bigRational(num: bigint, den: bigint): BigRational {
  invariant(den !== 0n, ZERO_DENOMINATOR);
  const g = gcd(num, den) || 1n;
  return den < 0n ? { num: -num / g, den: -den / g } : { num: num / g, den: den / g };
}

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);

/**
 * The exact value of a finite double as a rational (a dyadic fraction).
 *
 * @example
 * ```ts
 * doubleToRational(0.75); // { num: 3n, den: 4n }
 * ```
 */
export function doubleToRational(x: number): BigRational {
  invariant(Number.isFinite(x), NOT_FINITE);
  if (x === 0) return { num: 0n, den: 1n };
  f64[0] = x;
  const bits = u64[0] as bigint;
  const negative = bits >> 63n === 1n;
  const exponentBits = Number((bits >> 52n) & 0x7ffn);
  let mantissa = Number(bits & 0xfffffffffffffn) + (exponentBits === 0 ? 0 : 2 ** 52);
  let exponent = (exponentBits === 0 ? 1 : exponentBits) - 1075; // |x| = mantissa × 2^exponent
  // Lowest terms: strip the factors of two while the denominator has some.
  while (exponent < 0 && mantissa % 2 === 0) {
    mantissa /= 2;
    exponent++;
  }
  const signed = BigInt(negative ? -mantissa : mantissa);
  return exponent >= 0 ? { num: signed << BigInt(exponent), den: 1n } : { num: signed, den: 1n << BigInt(-exponent) };
}

/**
 * The exact value of a decimal text ("-12.50", "0.0416666666666667") as a rational.
 *
 * @example
 * ```ts
 * decimalToRational('-12.50'); // { num: -25n, den: 2n }
 * ```
 */
export function decimalToRational(text: string): BigRational {
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const dot = digits.indexOf('.');
  const whole = dot < 0 ? digits : digits.slice(0, dot);
  const fraction = dot < 0 ? '' : digits.slice(dot + 1);
  const num = BigInt(whole + fraction);
  return bigRational(negative ? -num : num, 10n ** BigInt(fraction.length));
}

/** The exact k-th root of n ≥ 0 when n is a perfect k-th power. */
function exactRoot(n: bigint, k: number): bigint | undefined {
  if (n < 2n) return n;
  const K = BigInt(k);
  // Newton from above: r = ⌊n^(1/k)⌋.
  let r = 1n << BigInt(Math.ceil(n.toString(2).length / k));
  for (;;) {
    const next = ((K - 1n) * r + n / r ** (K - 1n)) / K;
    if (next >= r) break;
    r = next;
  }
  return r ** K === n ? r : undefined;
}

/**
 * The largest s with c = eˢ for a positive rational e, and that e.
 *
 * @example
 * ```ts
 * perfectPower({ num: 441n, den: 400n }); // { base: { num: 21n, den: 20n }, degree: 2 }
 * ```
 */
export function perfectPower(c: BigRational): { readonly base: BigRational; readonly degree: number } {
  const bits = Math.max(c.num.toString(2).length, c.den.toString(2).length);
  for (let s = bits; s >= 2; s--) {
    const num = exactRoot(c.num, s);
    if (num === undefined) continue;
    const den = exactRoot(c.den, s);
    if (den !== undefined) return { base: { num, den }, degree: s };
  }
  return { base: c, degree: 1 };
}

const floorDiv = (a: bigint, b: bigint): bigint => {
  const q = a / b;
  return q * b > a ? q - 1n : q;
};

/**
 * Whether Σ aⱼ c^(−tⱼ) is exactly zero (step 1 of the module comment). Below, 100 at t = 0 against
 * 110 at t = 1: zero at c = 1.1 exactly.
 *
 * @example
 * ```ts
 * const flows = [{ amount: { num: -100n, den: 1n }, time: { num: 0n, den: 1n } }, { amount: { num: 110n, den: 1n }, time: { num: 1n, den: 1n } }];
 * vanishesAt(flows, { num: 11n, den: 10n }); // true
 * ```
 */
export function vanishesAt(flows: readonly ExactFlow[], c: BigRational): boolean {
  if (c.num === c.den) {
    // c = 1: the plain sum of the amounts.
    let num = 0n;
    let den = 1n;
    for (const f of flows) {
      num = num * f.amount.den + f.amount.num * den;
      den *= f.amount.den;
    }
    return num === 0n;
  }
  const { base, degree } = perfectPower(c);
  const s = BigInt(degree);
  const groups = new Map<string, { n: bigint; amount: BigRational }[]>();
  for (const f of flows) {
    if (f.amount.num === 0n) continue;
    // s·t = s·num / den, t in lowest terms: the fraction part reduces by gcd(s, den) only.
    const scaled = f.time.num * s;
    const n = floorDiv(scaled, f.time.den);
    const g = gcd(s, f.time.den);
    const key = `${(scaled - n * f.time.den) / g}/${f.time.den / g}`;
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [{ n, amount: f.amount }]);
    else list.push({ n, amount: f.amount });
  }
  for (const list of groups.values()) {
    // C_f · e^N · (common denominators) = Σ aⱼ e^(N − nⱼ): zero exactly when C_f is.
    let low = list[0]?.n as bigint;
    let high = low;
    for (const item of list) {
      if (item.n < low) low = item.n;
      if (item.n > high) high = item.n;
    }
    let den = 1n;
    for (const item of list) den = (den / gcd(den, item.amount.den)) * item.amount.den;
    let sum = 0n;
    for (const item of list) {
      // aⱼ e^(high − nⱼ) × e_den^(high − low) × den: an integer.
      const up = high - item.n;
      sum += (item.amount.num * (den / item.amount.den) * base.num ** up * base.den ** (high - low - up)) as bigint;
    }
    if (sum !== 0n) return false;
  }
  return true;
}

// Step 2, the sign by BigInt floating point (`./bigFloat.ts`).

/** Sign of Σ aⱼ e^(−L·tⱼ) (L = ln c, or x) evaluated with p bits, or 0 when the error bound does not decide it. */
function signAt(flows: readonly ExactFlow[], logOf: (F: number) => Fixed, p: number): -1 | 0 | 1 {
  const F = p + 64;
  const L = logOf(F);
  // Integer amounts and integer times over common denominators (positive: the sign is the same).
  let amountDen = 1n;
  let timeDen = 1n;
  for (const f of flows) {
    amountDen = (amountDen / gcd(amountDen, f.amount.den)) * f.amount.den;
    timeDen = (timeDen / gcd(timeDen, f.time.den)) * f.time.den;
  }
  const items = flows
    .filter((f) => f.amount.num !== 0n)
    .map((f) => ({ amount: (f.amount.num * amountDen) / f.amount.den, time: (f.time.num * timeDen) / f.time.den }))
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
  // c^(−t) along the sorted times, each step × c^(−Δt) (cached by Δt); relative errors add up.
  const steps = new Map<bigint, BigFloat>();
  let previous = 0n;
  let power: BigFloat = { m: 1n << BigInt(F), e: -F };
  let units = 0; // relative error of `power`, in units U
  const terms: { value: BigFloat; units: number }[] = [];
  let top = -Infinity;
  for (const item of items) {
    const delta = item.time - previous;
    if (delta !== 0n) {
      let step = steps.get(delta);
      if (step === undefined) {
        step = expFixed((-L * delta) / timeDen, F);
        steps.set(delta, step);
      }
      units += expErrorUnits(delta / timeDen, L, F);
      power = mul(power, step, F);
      previous = item.time;
    }
    const value = normalize(power.m * item.amount, power.e, F);
    terms.push({ value, units: units + 1 });
    top = Math.max(top, value.e + bitLength(value.m));
  }
  if (terms.length === 0) return 0;
  // Sum at a common exponent F + 64 bits below the largest term; what is dropped is below 1 unit each.
  const base = top - F - 64;
  let sum = 0n;
  let bound = BigInt(terms.length + 1); // in units of 2^base
  for (const { value, units: error } of terms) {
    const shift = value.e - base;
    const aligned = shift >= 0 ? value.m << BigInt(shift) : value.m >> BigInt(-shift);
    sum += aligned;
    bound += (((abs(aligned) + 1n) * BigInt(error)) >> BigInt(F - 40)) + 1n;
  }
  if (abs(sum) <= bound) return 0;
  return sum > 0n ? 1 : -1;
}

/**
 * The sign of Σ aⱼ c^(−tⱼ): 0 exactly when it vanishes.
 *
 * @example
 * ```ts
 * const flows = [{ amount: { num: -100n, den: 1n }, time: { num: 0n, den: 1n } }, { amount: { num: 110n, den: 1n }, time: { num: 1n, den: 1n } }];
 * [presentValueSign(flows, { num: 21n, den: 20n }), presentValueSign(flows, { num: 11n, den: 10n }), presentValueSign(flows, { num: 6n, den: 5n })]; // [1, 0, -1]
 * ```
 */
export function presentValueSign(flows: readonly ExactFlow[], c: BigRational): -1 | 0 | 1 {
  invariant(c.num > 0n && c.den > 0n, messageRef(CAT_MESSAGES, 'factorNoPositivo'));
  if (vanishesAt(flows, c)) return 0;
  return escalate(flows, (F) => lnRational(c, F));
}

function escalate(flows: readonly ExactFlow[], logOf: (F: number) => Fixed): -1 | 1 {
  for (let p = 128; p <= 1 << 16; p *= 2) {
    const sign = signAt(flows, logOf, p);
    if (sign !== 0) return sign;
  }
  invariant(false, messageRef(CAT_MESSAGES, 'signoNoDecidido')); // not reached: a nonzero value is decided at some precision
  return 1;
}

/**
 * The sign of g(x) = Σ aⱼ e^(−x·tⱼ) at a rational x ≠ 0: never 0 unless the flows cancel at every
 * time (then g ≡ 0), because the e^(−x·tⱼ) at distinct rational times are linearly independent
 * (Lindemann–Weierstrass).
 *
 * @example
 * ```ts
 * const flows = [{ amount: { num: -100n, den: 1n }, time: { num: 0n, den: 1n } }, { amount: { num: 110n, den: 1n }, time: { num: 1n, den: 1n } }];
 * presentValueSignAtLog(flows, { num: 1n, den: 16n }); // 1 (e^(1/16) < 1.1)
 * ```
 */
export function presentValueSignAtLog(flows: readonly ExactFlow[], x: BigRational): -1 | 0 | 1 {
  if (x.num === 0n) return presentValueSign(flows, { num: 1n, den: 1n });
  const byTime = new Map<string, BigRational>();
  for (const f of flows) {
    const key = `${f.time.num}/${f.time.den}`;
    const prev = byTime.get(key) ?? { num: 0n, den: 1n };
    byTime.set(key, bigRational(prev.num * f.amount.den + f.amount.num * prev.den, prev.den * f.amount.den));
  }
  if ([...byTime.values()].every((a) => a.num === 0n)) return 0;
  return escalate(flows, (F) => (x.num << BigInt(F)) / x.den);
}
