/**
 * Banxico's CAT for arbitrary flows: the annual rate i that solves
 * Σ Aⱼ (1+i)^−tⱼ = Σ Bₖ (1+i)^−sₖ (disbursements A, payments B, times in years).
 *
 * Solved in x = ln(1 + i): g(x) = Σ aⱼ e^(−x·tⱼ) with aⱼ the net flow at time tⱼ (payments
 * positive, disbursements negative).
 *
 * - **Evaluation** never overflows or underflows: amounts far from 1 are scaled by a power of ten
 *   (read from their text), and each sum is taken relative to its largest exponential term, so
 *   g is known up to a positive factor, which keeps its sign and the Newton step. Every
 *   evaluation carries a rigorous bound on its float64 error (compensated summation; the rounding
 *   of x·t grows with |x·t|), so a sign beyond the bound is certain.
 * - **Root isolation.** By Descartes' rule of signs for sums of exponentials, g has at most V real
 *   roots, V the sign changes of the time-ordered net flows. V = 0: no root. V = 1 (every ordinary
 *   loan): exactly one, bracketed by expansion. V ≥ 2: the interval is subdivided from zero outward;
 *   on [a, b] each term is monotone, so g lies between P(b) − N(a) and P(a) − N(b) (P, N the
 *   positive and negative parts): an interval where that enclosure has one sign holds no root, and
 *   the first sign change from zero is found with every interval before it proven root-free, never
 *   by a fixed grid. Where float64 cannot decide a sign, the exact evaluation of `./exact.ts` does.
 * - **Which root.** Banxico's rule: the positive root closest to zero. When there is none: 0 when
 *   the flows balance exactly (Σ payments = Σ disbursements), otherwise the negative root closest to
 *   zero. A root at 0 is never taken over a positive root. Roots are sign changes of g (a root of
 *   even multiplicity, where g touches zero without crossing, is not one).
 * - **Quick decisions.** On flows whose times lie on an even grid (monthly, fortnightly, …),
 *   `./grid.ts` evaluates g by powers of one exponential with rigorous bounds; it only decides what
 *   the per-flow evaluation would (a sign, a first enclosure, a halving step before Newton takes
 *   over), never feeds a number into the path, so the path and the `rate` text are the per-flow
 *   ones (`computeCatReference`, the quick decisions off, is the tests' reference).
 * - **Precision.** The root is refined by safeguarded Newton steps inside its bracket to a certified
 *   bracket of relative width below 2⁻⁴⁰ in 1 + i (by exact bisection when float64 cannot get there),
 *   and `rate` is the shortest decimal of at most 15 significant digits inside it; `percent` is
 *   decided exactly (`./round.ts`).
 */
import type { QuoteError } from '../errors/quoteError.js';
import { catError } from './messages.js';
import { DECIMAL_TEXT } from '../money/decimal.js';
import { decimalToRational, doubleToRational, presentValueSign, presentValueSignAtLog, type ExactFlow } from './exact.js';
import { evaluateOnGrid, type GridEvaluation, type TimeGrid, timeGrid } from './grid.js';
import { CAT_CEILING, decideTenths, formatTenths, type TenthBoundary } from './round.js';

/**
 * A cash flow: `time` in years from the contract date, `amount` a decimal string.
 *
 * @example
 * ```ts
 * const flow: CatFlow = { time: 1 / 12, amount: '10216.91' }; // a payment one month in
 * const alsoText: CatFlow = { time: '0.5', amount: '1000.00' }; // time as decimal text
 * ```
 */
export interface CatFlow {
  readonly time: string | number;
  readonly amount: string;
}

/**
 * The flows of a credit: what the borrower receives and what the borrower pays.
 *
 * @example
 * ```ts
 * const flows: CatFlows = { disbursements: [{ time: 0, amount: '1000.00' }], payments: [{ time: 1, amount: '1100.00' }] };
 * computeCat(flows).percent; // '10.0'
 * ```
 */
export interface CatFlows {
  readonly disbursements: readonly CatFlow[];
  readonly payments: readonly CatFlow[];
}

/**
 * Options of {@link computeCat}.
 *
 * @example
 * ```ts
 * const options: CatOptions = { maxRate: 100 }; // search roots up to 10,000 %
 * computeCat({ disbursements: [{ time: 0, amount: '100.00' }], payments: [{ time: 1, amount: '150.00' }] }, options).percent; // '50.0'
 * ```
 */
export interface CatOptions {
  /**
   * Highest annual rate searched, as a fraction: above −0.9999 (the lowest rate searched, −99.99 %)
   * and at most 10⁹ (the CAT's ceiling, 100,000,000,000 %); default 10,000 (1,000,000 %).
   */
  readonly maxRate?: number;
}

/**
 * The CAT: the effective annual rate and the published percentage.
 *
 * @example
 * ```ts
 * const result: CatResult = computeCat({ disbursements: [{ time: 0, amount: '1000.00' }], payments: [{ time: 2, amount: '1210.00' }] });
 * result; // { rate: '0.1', percent: '10.0' }
 * ```
 */
export interface CatResult {
  /** Effective annual rate as a fraction, at least 12 significant digits right (up to 15 shown), e.g. "0.515333297601". */
  readonly rate: string;
  /** Percentage with one decimal, half-up, e.g. "51.5". */
  readonly percent: string;
}

/** The lowest annual rate searched: −99.99 %. */
const MIN_RATE = -0.9999;
const DEFAULT_MAX_RATE = 10_000;
/** Flows at most this many years from the contract date (the exact decisions grow with time). */
const MAX_YEARS = 1000;
const EPS = 2 ** -53;

/**
 * The nonzero flows as given, in order (disbursements, then payments): float64 times and amounts,
 * straight into typed arrays (no record per flow: the profile put a fifth of a solve in reading the
 * flows and collecting the records).
 */
interface ParsedFlows {
  readonly time: Float64Array;
  /** Signed: payments positive, disbursements negative; scaled by 10^(−scale). */
  readonly amount: Float64Array;
  /** How many of the arrays' slots hold flows. */
  readonly count: number;
  /** Whether the times never decrease in that order. */
  readonly sorted: boolean;
  readonly scale: number;
  readonly payments: number;
  readonly disbursements: number;
}

/**
 * The value `amountExponent` last read, as `decimalNumber` gives it (set only when it returns a
 * finite exponent): both read in the one pass, which the profile showed spent twice per flow.
 */
let amountValue = 0;

/**
 * Reads an amount's text in one pass: undefined unless it matches `DECIMAL_TEXT` without a sign;
 * else the decimal exponent of its leading digit ("123.4" → 2, "0.005" → −3; −Infinity for zero),
 * with the text's value, bit for bit `decimalNumber(text)`, left in `amountValue`.
 */
function amountExponent(text: string): number | undefined {
  const n = text.length;
  if (n === 0) return undefined;
  let i = 0;
  let digits = 0; // every digit in order, as decimalNumber reads them (exact while n ≤ 15)
  const first = text.charCodeAt(0);
  if (first === 48) {
    i = 1; // a leading zero stands alone before the dot
  } else {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) break;
      digits = digits * 10 + (c - 48);
      i++;
    }
    if (i === 0) return undefined;
  }
  const whole = i;
  if (i === n) {
    if (first === 48) return -Infinity;
    amountValue = n > 15 ? Number(text) : digits;
    return whole - 1;
  }
  if (text.charCodeAt(i) !== 46 || i + 1 === n) return undefined;
  let leading = first === 48 ? -Infinity : whole - 1;
  for (i++; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return undefined;
    digits = digits * 10 + (c - 48);
    if (leading === -Infinity && c !== 48) leading = whole - i; // "0.005": the 5 at i = 4 → −3
  }
  if (leading !== -Infinity) amountValue = n > 15 ? Number(text) : digits / (POWERS_OF_TEN[n - whole - 1] as number);
  return leading;
}

/** 10^k for k ≤ 22: exact doubles. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * A decimal text's value as a float64, correctly rounded, without the string-to-number parser when
 * it has at most 15 digits and 22 decimals: the digits form an exact integer D < 2^53 and 10^f is
 * exact, so D / 10^f is one correctly rounded division, the very double `Number(text)` gives
 * (Clinger's fast path). A third of a 360-flow solve went to `Number`. `text` matches
 * `DECIMAL_TEXT` without a sign.
 *
 * @example
 * ```ts
 * decimalNumber('2588.09') === Number('2588.09'); // true
 * ```
 */
export function decimalNumber(text: string): number {
  const n = text.length;
  if (n > 15) return Number(text); // up to 15 digits: the integer stays below 2^53
  let digits = 0;
  let decimals = -1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) decimals = 0;
    else {
      digits = digits * 10 + (c - 48);
      if (decimals >= 0) decimals++;
    }
  }
  return decimals <= 0 ? digits : digits / (POWERS_OF_TEN[decimals] as number);
}

/** text × 10^(−shift) as a float64, correctly rounded (moving the decimal point in the text). */
function scaledNumber(text: string, shift: number): number {
  return shift === 0 ? decimalNumber(text) : Number(`${text}e${-shift}`);
}

/** The two lists of `flows` in the order they are read (`parseFlows` checks each is an array, in turn). */
type FlowLists = readonly [readonly CatFlow[], readonly CatFlow[]];

function flowLists(flows: CatFlows): FlowLists {
  if (flows === null || typeof flows !== 'object') throw catError('ERRESQ005', 'flujosObjeto', 'flows');
  return [flows.disbursements, flows.payments];
}

/**
 * The flows as given, validated, in one pass: each amount read as if no scale were needed (the
 * usual case), and read again scaled only when the largest amount calls for a scale. `payments`
 * and `disbursements` count the nonzero flows on each side.
 */
function parseFlows(lists: FlowLists): ParsedFlows {
  const length = (list: unknown): number => (Array.isArray(list) ? list.length : 0);
  const total = length(lists[0]) + length(lists[1]);
  const times = new Float64Array(total);
  const amounts = new Float64Array(total);
  let count = 0;
  let sorted = true;
  let top = -Infinity;
  let payments = 0;
  let disbursements = 0;
  for (let side = 0; side < 2; side++) {
    const key = side === 0 ? 'disbursements' : 'payments';
    const sign = side === 0 ? -1 : 1;
    const list = lists[side];
    if (!Array.isArray(list)) throw catError('ERRESQ006', 'flujosListaFalta', key);
    for (let index = 0; index < list.length; index++) {
      const flow = list[index] as CatFlow;
      if (flow === null || typeof flow !== 'object') throw catError('ERRESQ005', 'flujoForma', `${key}[${index}]`);
      const { time, amount } = flow;
      let t: number;
      if (typeof time === 'number' && Number.isFinite(time) && time >= 0) t = time;
      else if (typeof time === 'string' && DECIMAL_TEXT.test(time) && !time.startsWith('-')) t = Number(time);
      else throw catError('ERRESQ005', 'flujoTiempo', `${key}[${index}].time`);
      if (t > MAX_YEARS) throw catError('ERRESQ004', 'flujoTiempoMaximo', `${key}[${index}].time`, { years: MAX_YEARS });
      const exponent = typeof amount === 'string' ? amountExponent(amount) : undefined;
      if (exponent === undefined) throw catError('ERRESQ005', 'flujoImporte', `${key}[${index}].amount`);
      if (exponent === -Infinity) continue; // a zero flow changes nothing
      if (exponent > top) top = exponent;
      if (side === 0) disbursements++;
      else payments++;
      if (count > 0 && t < (times[count - 1] as number)) sorted = false;
      times[count] = t;
      amounts[count] = sign * amountValue;
      count++;
    }
  }
  // Amounts far from 1 are scaled by a power of ten so the largest is below 10 (nothing overflows).
  const scale = top > 250 || top < -250 ? top : 0;
  if (scale !== 0) {
    let j = 0;
    eachFlow(lists, (_time, amount, sign) => {
      amounts[j++] = sign * scaledNumber(amount, scale);
    });
  }
  return { time: times, amount: amounts, count, sorted, scale, payments, disbursements };
}

/** Each nonzero flow of lists `parseFlows` has validated, in its order: time as given, amount text, sign. */
function eachFlow(lists: FlowLists, visit: (time: string | number, amount: string, sign: 1 | -1) => void): void {
  for (let side = 0; side < 2; side++) {
    for (const { time, amount } of lists[side] as readonly CatFlow[]) {
      if (amountExponent(amount) !== -Infinity) visit(time, amount, side === 0 ? -1 : 1);
    }
  }
}

function noRate(): QuoteError {
  return catError('ERRNEG001', 'flujosSinTasa', 'flows');
}

/** The net flows by time, ascending: g(x) = Σ amount[j] e^(−x·time[j]); mass[j] = Σ |flows| at that time. */
interface NetFlows {
  readonly time: Float64Array;
  readonly amount: Float64Array;
  readonly mass: Float64Array;
  /** Flows with positive amount (P) and negative (N) kept apart for enclosures. */
  readonly n: number;
  /** The most flows netted at one time (the netting's rounding grows with it). */
  readonly merged: number;
}

/** The order of the parsed flows by time: a stable sort, skipped when they already come in order (the usual case). */
function byTime(parsed: ParsedFlows): Int32Array | undefined {
  if (parsed.sorted) return undefined;
  const order = Array.from({ length: parsed.count }, (_, i) => i);
  order.sort((i, j) => (parsed.time[i] as number) - (parsed.time[j] as number));
  return Int32Array.from(order);
}

function netByTime(parsed: ParsedFlows): NetFlows {
  const order = byTime(parsed);
  // Flows in order are netted in place (slot n ≤ slot k, read before written); otherwise into
  // typed arrays of the flows' count (n ≤ that: flows at one time are netted).
  const time = order === undefined ? parsed.time : new Float64Array(parsed.count);
  const amount = order === undefined ? parsed.amount : new Float64Array(parsed.count);
  const mass = new Float64Array(parsed.count);
  let n = 0;
  let merged = 1;
  let run = 1;
  for (let k = 0; k < parsed.count; k++) {
    const i = order === undefined ? k : (order[k] as number);
    const t = parsed.time[i] as number;
    const a = parsed.amount[i] as number;
    if (n > 0 && time[n - 1] === t) {
      amount[n - 1] = (amount[n - 1] as number) + a;
      mass[n - 1] = (mass[n - 1] as number) + Math.abs(a);
      if (++run > merged) merged = run;
    } else {
      time[n] = t;
      amount[n] = a;
      mass[n] = Math.abs(a);
      n++;
      run = 1;
    }
  }
  return { time, amount, mass, n, merged };
}

/** Sign changes of the time-ordered net flows (Descartes: at most this many real roots). */
function signChanges(net: NetFlows): number {
  let changes = 0;
  let last = 0;
  for (let j = 0; j < net.n; j++) {
    const s = Math.sign(net.amount[j] as number);
    if (s !== 0 && last !== 0 && s !== last) changes++;
    if (s !== 0) last = s;
  }
  return changes;
}

/**
 * g at x relative to its largest exponential factor: value, slope and the error bound of the value
 * (all × e^(−shift)), and the positive and negative parts of g and of g′ for enclosures.
 */
interface Evaluation {
  value: number;
  slope: number;
  bound: number;
  /** Σ of the positive terms of g and of the negative ones (as a magnitude), rounded up. */
  positive: number;
  negative: number;
  /** The same split for g′ = −Σ aⱼ tⱼ e^(−x·tⱼ). */
  slopePositive: number;
  slopeNegative: number;
  /** The four parts above rounded down (lower bounds, never below 0). */
  positiveLow: number;
  negativeLow: number;
  slopePositiveLow: number;
  slopeNegativeLow: number;
  /** The parts of g″ = Σ aⱼ tⱼ² e^(−x·tⱼ) (positive amounts, negative amounts as a magnitude), up and down. */
  curvePositive: number;
  curveNegative: number;
  curvePositiveLow: number;
  curveNegativeLow: number;
}

const scratch = (): Evaluation => ({
  value: 0,
  slope: 0,
  bound: 0,
  positive: 0,
  negative: 0,
  slopePositive: 0,
  slopeNegative: 0,
  positiveLow: 0,
  negativeLow: 0,
  slopePositiveLow: 0,
  slopeNegativeLow: 0,
  curvePositive: 0,
  curveNegative: 0,
  curvePositiveLow: 0,
  curveNegativeLow: 0,
});

function evaluate(net: NetFlows, x: number, shift: number, out: Evaluation): Evaluation {
  const { time, amount, mass } = net;
  // Neumaier's compensated sum: error ≤ 2 eps |S| + 2 n² eps² Σ|terms|.
  let sum = 0;
  let carry = 0;
  let absolute = 0;
  let termError = 0;
  let positive = 0;
  let negative = 0;
  let slopePositive = 0;
  let slopeNegative = 0;
  let curvePositive = 0;
  let curveNegative = 0;
  for (let j = 0; j < net.n; j++) {
    const t = time[j] as number;
    const e = Math.exp(-x * t - shift);
    const term = (amount[j] as number) * e;
    const next = sum + term;
    carry += Math.abs(sum) >= Math.abs(term) ? sum - next + term : term - next + sum;
    sum = next;
    const weight = (mass[j] as number) * e;
    absolute += weight;
    // x·t and the shift rounded (amplified by exp), exp, the product, and the flows' own netting.
    termError += weight * (2 * Math.abs(x * t) + 2 * Math.abs(shift) + 4);
    if (term > 0) {
      positive += term;
      slopeNegative += t * term;
      curvePositive += t * t * term;
    } else {
      negative -= term;
      slopePositive -= t * term;
      curveNegative -= t * t * term;
    }
  }
  const value = sum + carry;
  const up = 1 + (net.n + 8) * EPS;
  out.value = value;
  out.slope = slopePositive - slopeNegative;
  out.bound = (termError + 2 * Math.abs(value) + (2 * net.n * net.n * EPS + 8) * absolute) * EPS * 1.01 + net.n * Number.MIN_VALUE;
  // Each part is a sum of non-negative terms: rounded up by its own error bound (and the term errors).
  out.positive = positive * up + out.bound;
  out.negative = negative * up + out.bound;
  out.slopePositive = slopePositive * up + out.bound * (Math.abs(net.time[net.n - 1] as number) + 1);
  out.slopeNegative = slopeNegative * up + out.bound * (Math.abs(net.time[net.n - 1] as number) + 1);
  const down = 1 - (net.n + 8) * EPS;
  const span = Math.abs(net.time[net.n - 1] as number) + 1;
  out.positiveLow = Math.max(0, positive * down - out.bound);
  out.negativeLow = Math.max(0, negative * down - out.bound);
  out.slopePositiveLow = Math.max(0, slopePositive * down - out.bound * span);
  out.slopeNegativeLow = Math.max(0, slopeNegative * down - out.bound * span);
  out.curvePositive = curvePositive * up + out.bound * span * span;
  out.curveNegative = curveNegative * up + out.bound * span * span;
  out.curvePositiveLow = Math.max(0, curvePositive * down - out.bound * span * span);
  out.curveNegativeLow = Math.max(0, curveNegative * down - out.bound * span * span);
  return out;
}

/**
 * `evaluate`'s value, slope and bound alone (what a sign or a Newton step reads), by the very same
 * operations in the same order, so the three are bit for bit `evaluate`'s; the enclosure parts of
 * `out` are left as they were. A profile of a 360-flow CAT put 71 % of it in `evaluate`, most of
 * its calls from `at`, which never reads those parts.
 */
function evaluateLean(net: NetFlows, x: number, shift: number, out: Evaluation): Evaluation {
  const { time, amount, mass } = net;
  let sum = 0;
  let carry = 0;
  let absolute = 0;
  let termError = 0;
  let slopePositive = 0;
  let slopeNegative = 0;
  for (let j = 0; j < net.n; j++) {
    const t = time[j] as number;
    const e = Math.exp(-x * t - shift);
    const term = (amount[j] as number) * e;
    const next = sum + term;
    carry += Math.abs(sum) >= Math.abs(term) ? sum - next + term : term - next + sum;
    sum = next;
    const weight = (mass[j] as number) * e;
    absolute += weight;
    termError += weight * (2 * Math.abs(x * t) + 2 * Math.abs(shift) + 4);
    if (term > 0) slopeNegative += t * term;
    else slopePositive -= t * term;
  }
  const value = sum + carry;
  out.value = value;
  out.slope = slopePositive - slopeNegative;
  out.bound = (termError + 2 * Math.abs(value) + (2 * net.n * net.n * EPS + 8) * absolute) * EPS * 1.01 + net.n * Number.MIN_VALUE;
  return out;
}

/** Copies an evaluation: value, slope and bound, and with `full` the enclosure parts too. */
function copyEvaluation(from: Evaluation, to: Evaluation, full: boolean): void {
  to.value = from.value;
  to.slope = from.slope;
  to.bound = from.bound;
  if (!full) return;
  to.positive = from.positive;
  to.negative = from.negative;
  to.slopePositive = from.slopePositive;
  to.slopeNegative = from.slopeNegative;
  to.positiveLow = from.positiveLow;
  to.negativeLow = from.negativeLow;
  to.slopePositiveLow = from.slopePositiveLow;
  to.slopeNegativeLow = from.slopeNegativeLow;
  to.curvePositive = from.curvePositive;
  to.curveNegative = from.curveNegative;
  to.curvePositiveLow = from.curvePositiveLow;
  to.curveNegativeLow = from.curveNegativeLow;
}

/** One remembered evaluation of g: where, relative to which shift, and whether with its parts. */
interface Remembered {
  x: number;
  shift: number;
  full: boolean;
  readonly e: Evaluation;
}

/** How many evaluations a solver remembers (a 360-flow solve repeats 5 of its 19 points). */
const REMEMBERED = 4;

/** The exponent shift that keeps every e^(−x·t − shift) ≤ 1 at x and at x2. */
function shiftAt(net: NetFlows, x: number, x2 = x): number {
  const first = net.time[0] as number;
  const last = net.time[net.n - 1] as number;
  return Math.max(-x * first, -x * last, -x2 * first, -x2 * last);
}

/** The solver's view of one set of flows: float64 first, the exact flows on demand. */
class Solver {
  readonly net: NetFlows;
  /** The flows' lists as given (validated), read again only for the exact decisions. */
  readonly #lists: FlowLists;
  #exact: ExactFlow[] | undefined;
  readonly #a = scratch();
  readonly #b = scratch();
  readonly #m = scratch();
  readonly #memo: Remembered[] = Array.from({ length: REMEMBERED }, () => ({
    x: Number.NaN,
    shift: Number.NaN,
    full: false,
    e: scratch(),
  }));
  #slot = 0;
  /** Whether the grid's quick evaluations may decide (off: the reference path the tests compare with). */
  readonly #shortcuts: boolean;
  /** The flows' time grid (undefined: not built yet; null: not on one). */
  #grid: TimeGrid | null | undefined;
  readonly #qa = gridScratch();
  readonly #qb = gridScratch();
  readonly #quickMemo: RememberedQuick[] = Array.from({ length: QUICK_REMEMBERED }, () => ({
    x: Number.NaN,
    shift: Number.NaN,
    ok: false,
    e: gridScratch(),
  }));
  #quickSlot = 0;

  constructor(net: NetFlows, lists: FlowLists, shortcuts = true) {
    this.net = net;
    this.#lists = lists;
    this.#shortcuts = shortcuts;
  }

  /** The quick evaluation of `./grid.ts` at x relative to `shift` into `out`, when the flows are on a grid and its bounds are small. */
  #quick(x: number, shift: number, out: GridEvaluation): boolean {
    if (!this.#shortcuts) return false;
    if (this.#grid === undefined) this.#grid = timeGrid(this.net.time, this.net.n) ?? null;
    if (this.#grid === null) return false;
    // A point asked for again (g(0) and g(xMax): by the first signs, the first enclosure and the first step) is a copy.
    for (let k = 0; k < QUICK_REMEMBERED; k++) {
      const m = this.#quickMemo[k] as RememberedQuick;
      if (m.x === x && m.shift === shift) {
        if (m.ok) copyGridEvaluation(m.e, out);
        return m.ok;
      }
    }
    const { time, amount, mass, n, merged } = this.net;
    const ok = evaluateOnGrid(this.#grid, time, amount, mass, n, merged, x, shift, out);
    const m = this.#quickMemo[this.#quickSlot] as RememberedQuick;
    this.#quickSlot = (this.#quickSlot + 1) % QUICK_REMEMBERED;
    m.x = x;
    m.shift = shift;
    m.ok = ok;
    if (ok) copyGridEvaluation(out, m.e);
    return ok;
  }

  /** The sign of g at x as the quick evaluation certifies it (relative to `shift`), or 0 when it cannot. */
  #quickSign(x: number, shift: number, out: GridEvaluation): -1 | 0 | 1 {
    if (!this.#quick(x, shift, out)) return 0;
    if (out.value > out.valueBound) return 1;
    if (out.value < -out.valueBound) return -1;
    return 0;
  }

  /**
   * Whether the step `refine` takes from x is certainly a halving, decided by the quick evaluation:
   * the sign the per-flow evaluation would certify at x (returned), and Newton's step from x, for
   * every value and slope that evaluation could give, at least 2 ulp from x and outside the bracket
   * the sign leaves. 0: not certain (`refine` evaluates x per flow). The step is then the same one
   * the per-flow evaluation takes, and so is every later step.
   */
  halves(x: number, lo: number, hi: number, sLo: -1 | 0 | 1, ulp: number): -1 | 0 | 1 {
    const q = this.#qa;
    if (!this.#quick(x, shiftAt(this.net, x), q)) return 0;
    // The per-flow value v* is within its bound B* ≤ evaluationBound of g, and g within valueBound of q.value:
    // |q.value| > valueBound + 2·evaluationBound makes |v*| > B*, so its sign is certified and q's.
    const far = q.valueBound + q.evaluationBound;
    if (!(Math.abs(q.value) > far + q.evaluationBound * 1.01)) return 0;
    const s: -1 | 1 = q.value > 0 ? 1 : -1;
    const slopeLow = q.slope - q.slopeBound;
    const slopeHigh = q.slope + q.slopeBound;
    if (!(slopeLow > 0 || slopeHigh < 0)) return 0;
    const v1 = q.value - far;
    const v2 = q.value + far;
    const q1 = v1 / slopeLow;
    const q2 = v1 / slopeHigh;
    const q3 = v2 / slopeLow;
    const q4 = v2 / slopeHigh;
    const qMin = Math.min(q1, q2, q3, q4);
    const qMax = Math.max(q1, q2, q3, q4);
    // next* = fl(x − fl(v*/s*)): each rounding within ε, widened by 4ε.
    const nextLow = x - qMax - 4 * EPS * (Math.abs(x) + Math.abs(qMax)) - Number.MIN_VALUE;
    const nextHigh = x - qMin + 4 * EPS * (Math.abs(x) + Math.abs(qMin)) + Number.MIN_VALUE;
    const newLo = s === sLo ? x : lo;
    const newHi = s === sLo ? hi : x;
    const gap = 2.01 * ulp;
    if ((nextHigh < newLo && nextHigh < x - gap) || (nextLow > newHi && nextLow > x + gap)) return s;
    return 0;
  }

  exactFlows(): ExactFlow[] {
    if (this.#exact === undefined) {
      const exact: ExactFlow[] = [];
      eachFlow(this.#lists, (timeText, amountText, sign) => {
        const amount = decimalToRational(amountText);
        const time = typeof timeText === 'number' ? doubleToRational(timeText) : decimalToRational(timeText);
        exact.push({ amount: { num: sign < 0 ? -amount.num : amount.num, den: amount.den }, time });
      });
      this.#exact = exact;
    }
    return this.#exact;
  }

  /**
   * g at x relative to `shift` into `out` (`full`: with the enclosure parts), or a copy of the
   * same evaluation made before: the same x and shift give the same bits (a shift of −0 or +0
   * alike, as are x = ±0: e^(−x·t − shift) does not tell them apart).
   */
  #evaluate(x: number, shift: number, full: boolean, out: Evaluation): Evaluation {
    for (let k = 0; k < REMEMBERED; k++) {
      const m = this.#memo[k] as Remembered;
      if (m.x === x && m.shift === shift && (m.full || !full)) {
        copyEvaluation(m.e, out, full);
        return out;
      }
    }
    if (full) evaluate(this.net, x, shift, out);
    else evaluateLean(this.net, x, shift, out);
    const m = this.#memo[this.#slot] as Remembered;
    this.#slot = (this.#slot + 1) % REMEMBERED;
    m.x = x;
    m.shift = shift;
    m.full = full;
    copyEvaluation(out, m.e, full);
    return out;
  }

  /** Float64 value, slope and bound at x (relative to a shift); no other field of the result is set. */
  at(x: number, full = false): Evaluation {
    return this.#evaluate(x, shiftAt(this.net, x), full, this.#a);
  }

  /**
   * Certified sign of g at x: float64 when beyond the bound, else exact (0 only for an exact zero).
   * `full`: evaluate with the enclosure parts, for a point `over` is about to take as an end.
   */
  sign(x: number, full = false): -1 | 0 | 1 {
    // The certified sign is g's own, whoever certifies it: a remembered per-flow evaluation (the
    // bracket's end after `refine`), else the quick evaluation, else the per-flow one.
    const shift = shiftAt(this.net, x);
    const remembered = this.#remembered(x, shift, full);
    if (remembered === undefined) {
      const quick = this.#quickSign(x, shift, this.#qa);
      if (quick !== 0) return quick;
    }
    return this.#certify(x, remembered ?? this.at(x, full));
  }

  /** The remembered per-flow evaluation at x relative to `shift` (with the parts when `full`), copied into the scratch, or undefined. */
  #remembered(x: number, shift: number, full: boolean): Evaluation | undefined {
    for (let k = 0; k < REMEMBERED; k++) {
      const m = this.#memo[k] as Remembered;
      if (m.x === x && m.shift === shift && (m.full || !full)) return this.#evaluate(x, shift, full, this.#a);
    }
    return undefined;
  }

  /** The sign `e` (the per-flow evaluation at x) certifies, else the exact one. */
  #certify(x: number, e: Evaluation): -1 | 0 | 1 {
    if (e.value > e.bound) return 1;
    if (e.value < -e.bound) return -1;
    if (x === 0) return presentValueSign(this.exactFlows(), { num: 1n, den: 1n });
    return presentValueSignAtLog(this.exactFlows(), doubleToRational(x));
  }

  /**
   * Whether `over(a, b)` certainly answers { sign: 0, monotone: true }, decided by quick
   * evaluations at the ends (relative to the enclosure's shift): g has certified opposite signs
   * there, so the enclosure of g (rigorous) cannot keep one sign; and the upper bound of g′ from the
   * monotone parts, P′(a) − N′(b), is below zero for every value the per-flow sums could give (or
   * the lower one, P′(b) − N′(a), above), so `monotone` holds whatever the mean-value form says.
   */
  #overQuick(a: number, b: number, shift: number): boolean {
    const qa = this.#qa;
    const qb = this.#qb;
    const sa = this.#quickSign(a, shift, qa);
    if (sa === 0) return false;
    const sb = this.#quickSign(b, shift, qb);
    if (sb === 0 || sb === sa) return false;
    const n = this.net.n;
    const span = Math.abs(this.net.time[n - 1] as number) + 1;
    const up = (1 + (n + 8) * EPS) * (1 + 8 * EPS);
    const down = (1 - (n + 8) * EPS) * (1 - 8 * EPS);
    const upper = (part: number, q: GridEvaluation): number => ((part + q.slopeBound) * up + q.evaluationBound * span) * (1 + 8 * EPS);
    const lower = (part: number, q: GridEvaluation): number =>
      Math.max(0, ((part - q.slopeBound) * down - q.evaluationBound * span * (1 + 8 * EPS)) * (1 - 8 * EPS));
    return upper(qa.slopePositive, qa) < lower(qb.slopeNegative, qb) || lower(qb.slopePositive, qb) > upper(qa.slopeNegative, qa);
  }

  /**
   * What [a, b] holds. Two enclosures of g, intersected: the monotone parts (every term's size
   * falls as x grows: g ∈ [P(b) − N(a), P(a) − N(b)]) and the mean-value form around the midpoint m
   * (g ∈ g(m) ± max|g′|·(b − a)/2, which narrows quadratically, so roots close together are
   * separated in a few halvings); g′ likewise, with g″. `sign` ±1: g keeps that sign (no root);
   * `monotone`: g′ keeps one sign (at most one root, found by the signs at the ends).
   */
  over(a: number, b: number): { readonly sign: -1 | 0 | 1; readonly monotone: boolean } {
    const shift = shiftAt(this.net, a, b);
    if (this.#overQuick(a, b, shift)) return { sign: 0, monotone: true };
    const ea = this.#evaluate(a, shift, true, this.#a);
    const eb = this.#evaluate(b, shift, true, this.#b);
    const radius = (b - a) / 2;
    const em = this.#evaluate(a + radius, shift, true, this.#m);
    const span = Math.abs(this.net.time[this.net.n - 1] as number) + 1;
    const slack = 1 + 4 * EPS;
    // g′ and g″ over [a, b] from their monotone parts
    const slopeLo = eb.slopePositiveLow - ea.slopeNegative;
    const slopeHi = ea.slopePositive - eb.slopeNegativeLow;
    const curveMax = Math.max(Math.abs(eb.curvePositiveLow - ea.curveNegative), Math.abs(ea.curvePositive - eb.curveNegativeLow));
    const slopeMax = Math.max(Math.abs(slopeLo), Math.abs(slopeHi));
    // g: the tighter of the two enclosures
    const spread = (em.bound + slopeMax * radius) * slack;
    const gLo = Math.max(eb.positiveLow - ea.negative, em.value - spread);
    const gHi = Math.min(ea.positive - eb.negativeLow, em.value + spread);
    const sign = gLo > 0 ? 1 : gHi < 0 ? -1 : 0;
    // g′ likewise: its value at m is known to the slope's own error bound
    const slopeSpread =
      (em.bound * span + (em.slopePositive - em.slopePositiveLow) + (em.slopeNegative - em.slopeNegativeLow) + curveMax * radius) * slack;
    const dLo = Math.max(slopeLo, em.slope - slopeSpread);
    const dHi = Math.min(slopeHi, em.slope + slopeSpread);
    const monotone = dLo > 0 || dHi < 0;
    return { sign, monotone };
  }
}

/** One remembered quick evaluation: where, relative to which shift, and whether the grid's bounds held. */
interface RememberedQuick {
  x: number;
  shift: number;
  ok: boolean;
  readonly e: GridEvaluation;
}

/** How many quick evaluations a solver remembers (a 360-flow solve asks for g(0) three times and g(xMax) twice). */
const QUICK_REMEMBERED = 2;

function copyGridEvaluation(from: GridEvaluation, to: GridEvaluation): void {
  to.value = from.value;
  to.valueBound = from.valueBound;
  to.slope = from.slope;
  to.slopeBound = from.slopeBound;
  to.slopePositive = from.slopePositive;
  to.slopeNegative = from.slopeNegative;
  to.evaluationBound = from.evaluationBound;
}

/** A scratch quick evaluation. */
const gridScratch = (): GridEvaluation => ({
  value: 0,
  valueBound: 0,
  slope: 0,
  slopeBound: 0,
  slopePositive: 0,
  slopeNegative: 0,
  evaluationBound: 0,
});

/**
 * The first sign change of g going from `from` toward `to`, as a bracket [lo, hi] with certified
 * signs at its ends, or undefined. Depth-first over halves, the half nearer `from` first: an
 * interval whose enclosure keeps the start sign is root-free; a monotone one holds a change
 * exactly when its far end has the other sign. So no change before the one returned is missed.
 */
function firstChange(solver: Solver, from: number, to: number, startSign: -1 | 1): [number, number] | undefined {
  const stack: [number, number][] = [[from, to]]; // [near, far]
  let budget = 100_000;
  while (stack.length > 0) {
    if (--budget < 0) throw noRate(); // not reached for flows of sane size: every split halves an interval
    const [near, far] = stack.pop() as [number, number];
    const lo = Math.min(near, far);
    const hi = Math.max(near, far);
    const { sign, monotone } = solver.over(lo, hi);
    if (sign === startSign) continue;
    const mid = lo + (hi - lo) / 2;
    if (monotone || mid <= lo || mid >= hi) {
      // At most one root (or adjacent doubles): the far end's sign decides.
      const s = solver.sign(far);
      if (s === 0) return [far, far];
      if (s !== startSign) return near < far ? [near, far] : [far, near];
      continue;
    }
    stack.push([mid, far], [near, mid]);
  }
  return undefined;
}

/** Where g, zero at 0, first takes a sign toward `direction`: a point with no root between it and 0. */
function leaveZero(solver: Solver, direction: 1 | -1): [number, -1 | 1] | undefined {
  for (let h = 1e-3; h > 1e-200; h /= 64) {
    const x = direction * h;
    if (!solver.over(Math.min(0, x), Math.max(0, x)).monotone) continue; // g′ ≠ 0 on [0, x]: g(x) ≠ 0
    const s = solver.sign(x);
    if (s !== 0) return [x, s];
  }
  return undefined; // a root of higher multiplicity at 0: 0 is the root taken
}

/** The bracket of the root Banxico's rule takes, or undefined when there is none in range. */
function bracketRoot(solver: Solver, xMin: number, xMax: number): [number, number] | undefined {
  const changes = signChanges(solver.net);
  if (changes === 0) return undefined;
  // In full: the first enclosure from zero, `over(0, …)`, then finds g(0) remembered (when the
  // grid's quick evaluation does not already decide both).
  const zero = 0 >= xMin && 0 <= xMax ? solver.sign(0, true) : undefined;
  if (changes === 1) {
    // One root on the whole line: in range when g changes sign between the ends (or sits at 0).
    if (zero === 0) return [0, 0];
    const start = zero !== undefined ? 0 : xMax < 0 ? xMax : xMin;
    const sStart = start === 0 && zero !== undefined ? zero : solver.sign(start);
    if (sStart === 0) return [start, start];
    const upward = start < xMax ? firstChange(solver, start, xMax, sStart) : undefined;
    return upward ?? (start > xMin ? firstChange(solver, start, xMin, sStart) : undefined);
  }
  // Several sign changes: the first one after zero, positive side first.
  if (xMax > 0) {
    const from = Math.max(0, xMin);
    if (from === 0 && zero === 0) {
      const left = leaveZero(solver, 1);
      const found = left === undefined ? undefined : firstChange(solver, left[0], xMax, left[1]);
      if (found !== undefined) return found;
    } else {
      const s = from === 0 ? (zero as -1 | 0 | 1) : solver.sign(from);
      if (s === 0) return [from, from];
      const found = firstChange(solver, from, xMax, s);
      if (found !== undefined) return found;
    }
  }
  if (zero === 0) return [0, 0];
  if (xMin < 0) {
    const from = Math.min(0, xMax);
    const s = from === 0 ? (zero as -1 | 0 | 1) : solver.sign(from);
    if (s === 0) return [from, from];
    return firstChange(solver, from, xMin, s);
  }
  return undefined;
}

/** Target width of the bracket in x = ln(1 + i): the relative width of 1 + i. */
const TARGET = 2 ** -40;

/**
 * Narrows a bracket [lo, hi] (certified signs, g changes sign once inside) by safeguarded Newton
 * steps; where float64 stops telling signs apart, brackets the root by the nearest points on each
 * side whose signs it can certify, and below that uses exact signs until the width is under 2⁻⁴⁰.
 */
function refine(solver: Solver, lo: number, hi: number): [number, number] {
  if (lo === hi) return [lo, hi];
  const sLo = solver.sign(lo);
  let x = lo + (hi - lo) / 2;
  let newton = false;
  for (let iteration = 0; iteration < 200; iteration++) {
    const ulp = 2 * EPS * Math.max(Math.abs(lo), Math.abs(hi), Number.MIN_VALUE);
    if (hi - lo <= 4 * ulp) return [lo, hi];
    // A step that certainly halves needs no per-flow evaluation: the same step, decided quickly.
    // Tried until Newton's first step is taken (after it the steps are Newton's, near the root).
    const halving = newton ? 0 : solver.halves(x, lo, hi, sLo, ulp);
    if (halving !== 0) {
      if (halving === sLo) lo = x;
      else hi = x;
      x = lo + (hi - lo) / 2;
      continue;
    }
    const e = solver.at(x);
    const s: -1 | 0 | 1 = e.value > e.bound ? 1 : e.value < -e.bound ? -1 : 0;
    if (s === 0) return closeIn(solver, lo, hi, x, sLo, Math.abs(e.bound / e.slope) + ulp);
    if (s === sLo) lo = x;
    else hi = x;
    let next = x - e.value / e.slope;
    // Newton closes in from one side: aim a little past the root to close the other.
    if (Math.abs(next - x) < 2 * ulp) next = x + (s === sLo ? 2 : -2) * ulp;
    if (!(next > lo && next < hi)) next = lo + (hi - lo) / 2;
    else newton = true;
    x = next;
  }
  return [lo, hi];
}

/** Around x (where float64 cannot tell g's sign) the nearest certified points on each side, then exact halving below 2⁻⁴⁰. */
function closeIn(solver: Solver, lo: number, hi: number, x: number, sLo: -1 | 0 | 1, spread: number): [number, number] {
  let step = spread;
  for (let k = 0; k < 60 && x - step > lo; k++, step *= 2) {
    const e = solver.at(x - step);
    if (sLo * e.value > e.bound) {
      lo = x - step;
      break;
    }
  }
  step = spread;
  for (let k = 0; k < 60 && x + step < hi; k++, step *= 2) {
    const e = solver.at(x + step);
    if (-sLo * e.value > e.bound) {
      hi = x + step;
      break;
    }
  }
  // Still wider than the promise (an ill-conditioned root): halve with exact signs. The promise is
  // on 1 + i, whose relative width is the width in x itself: not relative to x (that let a root at
  // −99.4 %, x = −5.2, keep 5.2 × 2⁻⁴⁰, and its rate text missed the promise; oracle seed 42).
  while (hi - lo > TARGET) {
    const mid = lo + (hi - lo) / 2;
    const s = solver.sign(mid);
    if (s === 0) return [mid, mid];
    if (s === sLo) lo = mid;
    else hi = mid;
  }
  return [lo, hi];
}

/** The shortest decimal of at most 15 significant digits in [lo, hi] (rates, lo ≤ hi). */
function shortestIn(lo: number, hi: number): string {
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
  const digits = (lead + rest).replace(/0+$/, '') || '0';
  const e = Number(exp);
  let out: string;
  if (e < 0) out = `0.${'0'.repeat(-e - 1)}${digits}`;
  else if (digits.length <= e + 1) out = digits + '0'.repeat(e + 1 - digits.length);
  else out = `${digits.slice(0, e + 1)}.${digits.slice(e + 1)}`;
  return out === '0' ? '0' : `${sign}${out}`;
}

function checkOptions(options: CatOptions): number {
  const maxRate = options.maxRate ?? DEFAULT_MAX_RATE;
  if (typeof maxRate !== 'number' || !Number.isFinite(maxRate)) {
    throw catError('ERRESQ005', 'tasaMaximaInvalida', 'maxRate', { minimum: MIN_RATE, maximum: CAT_CEILING });
  }
  if (!(maxRate > MIN_RATE) || maxRate > CAT_CEILING) {
    throw catError('ERRESQ004', 'tasaMaximaInvalida', 'maxRate', { minimum: MIN_RATE, maximum: CAT_CEILING });
  }
  return maxRate;
}

/**
 * The CAT of arbitrary flows (Banxico Circular 21/2009): flows without IVA, the opening
 * commission netted from the disbursement at t = 0, required insurance included.
 * Throws a coded {@link QuoteError} when no rate exists in the range searched (`ERRNEG001`) or the
 * options are invalid; never returns NaN or an unconverged value.
 *
 * @example
 * ```ts
 * // docs/cat.md's worked example: 10,000.00 less a 50.00 fee, four fortnightly payments without IVA.
 * computeCat({
 *   disbursements: [{ time: 0, amount: '9950.00' }],
 *   payments: ['2588.09', '2594.10', '2600.21', '2606.43'].map((amount, k) => ({ time: (k + 1) / 24, amount })),
 * }); // { rate: '0.51533005722786', percent: '51.5' }
 * ```
 */
export function computeCat(flows: CatFlows, options: CatOptions = {}): CatResult {
  return solveCat(flows, options, true);
}

/**
 * {@link computeCat} without the grid's quick decisions (`./grid.ts`): every sign, step and
 * enclosure from the per-flow evaluation. The same result by construction — the quick evaluation
 * only decides what this path would — and the reference the tests compare `computeCat` with.
 *
 * @example
 * ```ts
 * const flows = { disbursements: [{ time: 0, amount: '1000.00' }], payments: [{ time: 2, amount: '1210.00' }] };
 * computeCatReference(flows); // { rate: '0.1', percent: '10.0' }
 * ```
 */
export function computeCatReference(flows: CatFlows, options: CatOptions = {}): CatResult {
  return solveCat(flows, options, false);
}

function solveCat(flows: CatFlows, options: CatOptions, shortcuts: boolean): CatResult {
  const maxRate = checkOptions(options ?? {});
  const lists = flowLists(flows);
  const parsed = parseFlows(lists);
  if (parsed.payments === 0 || parsed.disbursements === 0) throw noRate();
  const net = netByTime(parsed);
  const solver = new Solver(net, lists, shortcuts);
  const xMin = Math.log1p(MIN_RATE);
  const xMax = Math.log1p(maxRate);
  const bracket = bracketRoot(solver, xMin, xMax);
  if (bracket === undefined) throw noRate();
  const [lo, hi] = refine(solver, bracket[0], bracket[1]);
  const sLo = lo === hi ? 0 : solver.sign(lo);
  const compare = (b: TenthBoundary): -1 | 0 | 1 => {
    if (b.den + b.num <= 0) return 1; // a boundary at or below −100 %: every rate is above it
    const xb = Math.log1p(b.num / b.den);
    const error = 4 * EPS * Math.abs(xb) + Number.MIN_VALUE;
    if (xb + error < lo) return 1; // the boundary's rate is below the root's
    if (xb - error > hi) return -1;
    // Inside the bracket: g's sign at the boundary against g's sign left of the root.
    if (lo !== hi) {
      const right = solver.at(xb + error);
      if (sLo * right.value > right.bound) return 1; // g keeps the left sign past x_b: the root is further right
      const left = solver.at(xb - error);
      if (-sLo * left.value > left.bound) return -1;
    }
    const s = presentValueSign(solver.exactFlows(), { num: BigInt(b.den + b.num), den: BigInt(b.den) });
    if (s === 0) return 0;
    if (lo === hi) return xb < lo ? 1 : -1;
    return s === sLo ? 1 : -1;
  };
  const rateLo = Math.expm1(lo);
  const rateHi = Math.expm1(hi);
  const slack = 2 * EPS * Math.max(Math.abs(rateLo), Math.abs(rateHi)) + Number.MIN_VALUE;
  const tenths = decideTenths(rateLo + (rateHi - rateLo) / 2, compare);
  const rate = lo === 0 && hi === 0 ? '0' : shortestIn(rateLo - slack, rateHi + slack);
  return { rate, percent: formatTenths(tenths) };
}
