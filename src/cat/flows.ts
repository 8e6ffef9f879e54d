/**
 * The CAT's flows as given, read once: validated (each error names its flow's path), turned into
 * typed arrays of float64 times and signed amounts (payments positive, disbursements negative), and
 * netted by time into the coefficients of g(x) = Σ aⱼ e^(−x·tⱼ) that `./evaluation.ts` sums.
 *
 * The maths it relies on: an amount's text is read to the very double `Number(text)` gives (up to
 * 15 digits the digits form an exact integer below 2^53 and 10^f is exact for f ≤ 22, so one
 * division is correctly rounded: Clinger's fast path); amounts far from 1 (a leading digit beyond
 * 10^±250) are all scaled by the same power of ten, read from their text, so nothing overflows or
 * underflows, and g is then known up to a positive factor, which keeps its sign and its roots.
 * Netting flows at one time adds their float64 amounts; the most flows netted at one time
 * (`merged`) and the sum of their magnitudes (`mass`) bound that rounding for the evaluation.
 */
import { DECIMAL_TEXT } from '../money/decimal.js';
import { catError } from './messages.js';

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

/** Flows at most this many years from the contract date (the exact decisions grow with time). */
const MAX_YEARS = 1000;

/**
 * The nonzero flows as given, in order (disbursements, then payments): float64 times and amounts,
 * straight into typed arrays (no record per flow: the profile put a fifth of a solve in reading the
 * flows and collecting the records).
 */
export interface ParsedFlows {
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
 * finite exponent).
 */
// Speed: each amount's value read by character codes in the scan that validates it (left here, not
// returned: no pair allocated) instead of `Number(amount)` after it; buys 13–14 µs of 52–54 µs per
// computeCat of 360 flows (A/B on npm run bench's CAT case, 2026-11-26, 62d6257).
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
export type FlowLists = readonly [readonly CatFlow[], readonly CatFlow[]];

/**
 * The two lists of `flows`, disbursements first; `ERRESQ005` on `flows` when `flows` is not an object.
 *
 * @example
 * ```ts
 * flowLists({ disbursements: [{ time: 0, amount: '1000.00' }], payments: [] }); // [[{ time: 0, amount: '1000.00' }], []]
 * flowLists(null as never); // throws QuoteError ERRESQ005 'flows'
 * ```
 */
export function flowLists(flows: CatFlows): FlowLists {
  if (flows === null || typeof flows !== 'object') throw catError('ERRESQ005', 'flujosObjeto', 'flows');
  return [flows.disbursements, flows.payments];
}

/**
 * The flows as given, validated, in one pass: each amount read as if no scale were needed (the
 * usual case), and read again scaled only when the largest amount calls for a scale. `payments`
 * and `disbursements` count the nonzero flows on each side.
 *
 * @example
 * ```ts
 * const parsed = parseFlows(flowLists({
 *   disbursements: [{ time: 0, amount: '1000.00' }],
 *   payments: [{ time: '1', amount: '600.00' }, { time: 0.5, amount: '500.00' }, { time: 2, amount: '0.00' }],
 * }));
 * [parsed.count, parsed.sorted, parsed.scale]; // [3, false, 0] (the zero flow left out)
 * Array.from(parsed.amount.subarray(0, parsed.count)); // [-1000, 600, 500]
 * parseFlows(flowLists({ disbursements: [{ time: -1, amount: '1.00' }], payments: [] })); // throws QuoteError ERRESQ005 'disbursements[0].time'
 * ```
 */
export function parseFlows(lists: FlowLists): ParsedFlows {
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

/**
 * Each nonzero flow of lists `parseFlows` has validated, in its order: time as given, amount text, sign.
 *
 * @example
 * ```ts
 * const seen: string[] = [];
 * eachFlow([[{ time: 0, amount: '100.00' }], [{ time: 1, amount: '0.00' }, { time: 2, amount: '110.00' }]], (time, amount, sign) => {
 *   seen.push(`${sign * Number(amount)}@${time}`);
 * });
 * seen; // ['-100@0', '110@2']
 * ```
 */
export function eachFlow(lists: FlowLists, visit: (time: string | number, amount: string, sign: 1 | -1) => void): void {
  for (let side = 0; side < 2; side++) {
    for (const { time, amount } of lists[side] as readonly CatFlow[]) {
      if (amountExponent(amount) !== -Infinity) visit(time, amount, side === 0 ? -1 : 1);
    }
  }
}

/** The net flows by time, ascending: g(x) = Σ amount[j] e^(−x·time[j]); mass[j] = Σ |flows| at that time. */
export interface NetFlows {
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

/**
 * The parsed flows netted by time, ascending (a stable sort first when they do not come in order).
 *
 * @example
 * ```ts
 * const net = netByTime(parseFlows(flowLists({
 *   disbursements: [{ time: 0, amount: '1000.00' }],
 *   payments: [{ time: 1, amount: '700.00' }, { time: 0, amount: '50.00' }, { time: 1, amount: '400.00' }],
 * })));
 * [net.n, net.merged]; // [2, 2]
 * [Array.from(net.time.subarray(0, net.n)), Array.from(net.amount.subarray(0, net.n)), Array.from(net.mass.subarray(0, net.n))];
 * // [[0, 1], [-950, 1100], [1050, 1100]]
 * ```
 */
export function netByTime(parsed: ParsedFlows): NetFlows {
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
