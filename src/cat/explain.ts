/**
 * A CAT you can prove: the flows as the solver read them (each amount and time exact), their
 * discount factors and present values at the solved rate and at the two rounding boundaries of the
 * published tenth T, (2T − 1)/2000 and (2T + 1)/2000, as correctly rounded decimals
 * (`./presentValues.ts`). The present value changes sign between the boundaries, so the root lies
 * between them and the tenth is T (`./round.ts`: half away from zero); with one sign change in the
 * flows (every loan) Descartes' rule makes that root the only one. `explainCatFlows` explains what
 * `computeCat` answers; the credit quote's explanation adds its charges (`explainCat`, in
 * `src/quotes`).
 */
import { computeCat, type CatFlows, type CatOptions } from './computeCat.js';
import { catError } from './messages.js';
import { bigRational, decimalToRational, doubleToRational, type BigRational, type ExactFlow } from './exact.js';
import { presentValueColumn, rateText, scaledText, significantText, type PresentValueColumn } from './presentValues.js';

export type { PresentValueColumn } from './presentValues.js';

/**
 * A flow as the explanation shows it.
 *
 * @example
 * ```ts
 * const flow: ExplainedFlow = { kind: 'payment', index: 1, amount: '2588.09', years: '1/24', yearsDecimal: '0.041666666666666666667' };
 * ```
 */
export interface ExplainedFlow {
  readonly kind: 'disbursement' | 'payment';
  /** Its place: the index in its list (`computeCat`'s flows), or the payment's number (0 for the quote's disbursement). */
  readonly index: number;
  /** The amount, positive, exact decimal text. */
  readonly amount: string;
  /** The time in years as the exact fraction the solver used ("3/24", "45/365"). */
  readonly years: string;
  /** The time in years as decimal text: exact when it ends within 60 decimals, else to the explanation's significant digits. */
  readonly yearsDecimal: string;
}

/**
 * What the explanation proves and how (see the module comment).
 *
 * @example
 * ```ts
 * const proof: CatProof = explainCatFlows({ disbursements: [{ time: 0, amount: '1000.00' }], payments: [{ time: 1, amount: '1100.00' }] });
 * [proof.percent, proof.lower.sign, proof.upper.sign, proof.holds]; // ['10.0', 1, -1, true]
 * ```
 */
export interface CatProof {
  /** The published CAT, percent with one decimal. */
  readonly percent: string;
  /** The solved annual rate, decimal text (the solver's, to about 12 significant digits or more). */
  readonly rate: string;
  /** Banxico's rule as it applied: the positive root closest to zero; else 0 (the flows balance); else the negative root closest to zero. */
  readonly rule: 'positiveRoot' | 'zero' | 'negativeRoot';
  /** Sign changes of the net flows in time order: 1 makes the root unique (Descartes). */
  readonly signChanges: number;
  /** How every figure is rounded: to nearest, ties away from zero (each figure is the exact value's rounding). */
  readonly rounding: 'halfAwayFromZero';
  readonly flows: readonly ExplainedFlow[];
  /** At the solved rate: the present values nearly cancel. */
  readonly atRate: PresentValueColumn;
  /**
   * At the tenth's lower boundary (2T − 1)/2000; undefined when it is at or below −100 % (T =
   * −1000, a root in (−100 %, −99.95 %]): every rate lies above it, and the present value's sign
   * as the rate falls to −100 % is the latest flow's (`limitSign`).
   */
  readonly lower: PresentValueColumn | undefined;
  /** The present value's sign as the rate falls to −100 %: the net flow's at the latest time. */
  readonly limitSign: -1 | 1;
  /** At the tenth's upper boundary (2T + 1)/2000. */
  readonly upper: PresentValueColumn;
  /** The boundaries as percentages ("51.45", "51.55"). */
  readonly boundaries: { readonly lower: string; readonly upper: string };
  /**
   * The present value changes sign between the boundaries (or is exactly zero at the boundary the
   * rounding takes: the lower one above zero, the upper one below), so the root is within the tenth.
   */
  readonly holds: boolean;
}

/** A flow to explain: exact amount (payments positive) and time in years, and how to show it. */
export interface FlowToExplain extends ExactFlow {
  readonly kind: 'disbursement' | 'payment';
  readonly index: number;
  /** The time's fraction as the caller's basis writes it ("3/24"); default the reduced fraction. */
  readonly years?: string;
  /** The amount as given ("2588.09"); default its exact decimal. */
  readonly text?: string;
}

/**
 * Significant digits of an explanation's figures: default, least and most.
 *
 * @example
 * ```ts
 * [EXPLAIN_DIGITS.default, EXPLAIN_DIGITS.min, EXPLAIN_DIGITS.max]; // [20, 6, 60]
 * ```
 */
export const EXPLAIN_DIGITS = { default: 20, min: 6, max: 60 } as const;

/**
 * Checks `digits` (undefined: the default).
 *
 * @example
 * ```ts
 * explainDigits(undefined); // 20
 * explainDigits(4); // throws QuoteError ERRESQ004 'digits'
 * ```
 */
export function explainDigits(digits: unknown): number {
  if (digits === undefined) return EXPLAIN_DIGITS.default;
  if (typeof digits !== 'number' || !Number.isInteger(digits)) {
    throw catError('ERRESQ005', 'cifrasRango', 'digits', { min: EXPLAIN_DIGITS.min, max: EXPLAIN_DIGITS.max });
  }
  if (digits < EXPLAIN_DIGITS.min || digits > EXPLAIN_DIGITS.max) {
    throw catError('ERRESQ004', 'cifrasRango', 'digits', { min: EXPLAIN_DIGITS.min, max: EXPLAIN_DIGITS.max });
  }
  return digits;
}

/** Exact decimal text of a rational when it ends within 60 decimals, else `digits` significant digits. */
function yearsDecimal(t: BigRational, digits: number): string {
  let den = t.den;
  let decimals = 0;
  while (den % 10n === 0n) [den, decimals] = [den / 10n, decimals + 1];
  while (den % 2n === 0n || den % 5n === 0n) [den, decimals] = [den % 2n === 0n ? den / 2n : den / 5n, decimals + 1];
  if (den === 1n && decimals <= 60) return scaledText((t.num * 10n ** BigInt(decimals)) / t.den, decimals);
  return t.num === 0n ? '0' : significantText(t, digits);
}

/** The amounts netted by time, in time order (zeros left out). */
function netFlows(flows: readonly ExactFlow[]): { time: BigRational; amount: BigRational }[] {
  const net = new Map<string, { time: BigRational; amount: BigRational }>();
  for (const f of flows) {
    const key = `${f.time.num}/${f.time.den}`;
    const prev = net.get(key)?.amount ?? { num: 0n, den: 1n };
    net.set(key, { time: f.time, amount: bigRational(prev.num * f.amount.den + f.amount.num * prev.den, prev.den * f.amount.den) });
  }
  const ordered = [...net.values()]
    .filter((f) => f.amount.num !== 0n)
    .sort((a, b) => {
      const d = a.time.num * b.time.den - b.time.num * a.time.den;
      return d < 0n ? -1 : d > 0n ? 1 : 0;
    });
  return ordered;
}

/** Sign changes of netted flows in time order. */
function signChanges(net: readonly { amount: BigRational }[]): number {
  let changes = 0;
  for (let k = 1; k < net.length; k++) if ((net[k - 1]?.amount.num ?? 0n) < 0n !== (net[k]?.amount.num ?? 0n) < 0n) changes++;
  return changes;
}

/**
 * The proof of a published tenth for exact flows (see the module comment): `tenths` is the
 * published CAT in tenths of a percent, `rate` the solved rate's exact decimal text.
 *
 * @example
 * ```ts
 * const flows: FlowToExplain[] = [
 *   { kind: 'disbursement', index: 0, amount: { num: -1000n, den: 1n }, time: { num: 0n, den: 1n } },
 *   { kind: 'payment', index: 0, amount: { num: 1210n, den: 1n }, time: { num: 2n, den: 1n } },
 * ];
 * const proof = explainFlows(flows, 100, '0.1', 12);
 * [proof.boundaries, proof.lower.sum, proof.upper.sum, proof.atRate.sum]; // [{ lower: '9.95', upper: '10.05' }, '0.90971112', '-0.90847145', '0.00000000']
 * ```
 */
export function explainFlows(flows: readonly FlowToExplain[], tenths: number, rate: string, digits: number): CatProof {
  const exact = decimalToRational(rate);
  const boundary = (num: number): BigRational => bigRational(BigInt(num), 2000n);
  const net = netFlows(flows);
  const limitSign = (net[net.length - 1]?.amount.num ?? 0n) < 0n ? -1 : 1;
  const lower = 2 * tenths - 1 <= -2000 ? undefined : presentValueColumn(flows, boundary(2 * tenths - 1), digits);
  const upper = presentValueColumn(flows, boundary(2 * tenths + 1), digits);
  const below = lower?.sign ?? limitSign;
  const holds = below * upper.sign < 0 || (below === 0 && tenths > 0) || (upper.sign === 0 && tenths < 0);
  const percentOf = (num: number) => rateText(bigRational(BigInt(num), 20n)); // (2T ± 1)/2000 as a percentage
  return {
    percent: `${tenths < 0 ? '-' : ''}${Math.floor(Math.abs(tenths) / 10)}.${Math.abs(tenths) % 10}`,
    rate,
    rule: exact.num > 0n ? 'positiveRoot' : exact.num === 0n ? 'zero' : 'negativeRoot',
    signChanges: signChanges(net),
    rounding: 'halfAwayFromZero',
    flows: flows.map((f) => ({
      kind: f.kind,
      index: f.index,
      amount: f.text ?? rateText(f.amount.num < 0n ? { num: -f.amount.num, den: f.amount.den } : f.amount),
      years: f.years ?? `${f.time.num}/${f.time.den}`,
      yearsDecimal: yearsDecimal(f.time, digits),
    })),
    atRate: presentValueColumn(flows, exact, digits, false),
    lower,
    limitSign,
    upper,
    boundaries: { lower: percentOf(2 * tenths - 1), upper: percentOf(2 * tenths + 1) },
    holds,
  };
}

/**
 * Options of {@link explainCatFlows}: {@link computeCat}'s, and the figures' significant digits.
 *
 * @example
 * ```ts
 * const options: ExplainCatOptions = { maxRate: 100, digits: 12 };
 * ```
 */
export interface ExplainCatOptions extends CatOptions {
  /** Significant digits of the discount factors and of the largest present value: 6–60, default 20. */
  readonly digits?: number;
}

/**
 * What {@link computeCat} answers for `flows`, proven: every flow as it was read (a time given as a
 * number is the exact value of that double), with its discount factor and present value at the
 * solved rate and at the published tenth's two rounding boundaries, the sums against their
 * bounds, the rule and the number of sign changes ({@link CatProof}). Throws what `computeCat`
 * throws, and `ERRESQ004`/`ERRESQ005` on `digits`.
 *
 * @example
 * ```ts
 * // docs/cat.md's computeCat example: 9,950.00 received, four fortnightly payments.
 * const proof = explainCatFlows({
 *   disbursements: [{ time: 0, amount: '9950.00' }],
 *   payments: ['2588.09', '2594.10', '2600.21', '2606.43'].map((amount, k) => ({ time: (k + 1) / 24, amount })),
 * }, { digits: 12 });
 * [proof.percent, proof.boundaries.lower, proof.lower.sign, proof.boundaries.upper, proof.upper.sign]; // ['51.5', '51.45', 1, '51.55', -1]
 * ```
 */
export function explainCatFlows(flows: CatFlows, options: ExplainCatOptions = {}): CatProof {
  const { digits, ...catOptions } = options ?? {};
  const result = computeCat(flows, catOptions);
  const places = explainDigits(digits);
  const toExplain: FlowToExplain[] = [];
  const read = (list: CatFlows['disbursements'], kind: 'disbursement' | 'payment') =>
    list.forEach((flow, index) => {
      const amount = decimalToRational(flow.amount);
      const time = typeof flow.time === 'number' ? doubleToRational(flow.time) : decimalToRational(flow.time);
      toExplain.push({ kind, index, amount: kind === 'payment' ? amount : { num: -amount.num, den: amount.den }, time, text: flow.amount });
    });
  read(flows.disbursements, 'disbursement');
  read(flows.payments, 'payment');
  return explainFlows(toExplain, Number(result.percent.replace('.', '')), result.rate, places);
}
