/**
 * Banxico's CAT for arbitrary flows: the annual rate i that solves
 * Σ Aⱼ (1+i)^−tⱼ = Σ Bₖ (1+i)^−sₖ (disbursements A, payments B, times in years).
 *
 * Solved in x = ln(1 + i): g(x) = Σ Bₖ e^(−x·sₖ) − Σ Aⱼ e^(−x·tⱼ). When the time-ordered net flows
 * change sign once (every ordinary loan) the root is unique and is bracketed by expansion;
 * otherwise a grid scan finds every sign change and the positive root closest to zero is taken
 * (the root closest to zero when none is positive). Each root is refined by bisection to full
 * double precision; the published tenths are decided exactly near a rounding boundary.
 */
import { quoteError, type QuoteError } from '../errors/quoteError.js';
import { DECIMAL_TEXT, Decimal } from '../money/decimal.js';
import { formatTenths, roundCatTenths } from './round.js';

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
  /** Highest annual rate searched, as a fraction (default 10000 = 1,000,000 %). */
  readonly maxRate?: number;
}

/**
 * The CAT: the effective annual rate (≥ 12 significant digits) and the published percentage.
 *
 * @example
 * ```ts
 * const result: CatResult = computeCat({ disbursements: [{ time: 0, amount: '1000.00' }], payments: [{ time: 2, amount: '1210.00' }] });
 * result; // { rate: '0.1', percent: '10.0' }
 * ```
 */
export interface CatResult {
  /** Effective annual rate as a fraction, e.g. "0.515333297601". */
  readonly rate: string;
  /** Percentage with one decimal, half-up, e.g. "51.5". */
  readonly percent: string;
}

interface ParsedFlow {
  readonly time: number;
  readonly timeDecimal: Decimal;
  /** Positive for payments, negative for disbursements. */
  readonly amount: number;
  readonly amountDecimal: Decimal;
}

function parseFlows(flows: CatFlows): ParsedFlow[] {
  if (flows === null || typeof flows !== 'object') throw quoteError('ERRESQ005', 'flujosObjeto', 'flows');
  const out: ParsedFlow[] = [];
  for (const [key, sign] of [
    ['disbursements', -1],
    ['payments', 1],
  ] as const) {
    const list = flows[key];
    if (!Array.isArray(list)) throw quoteError('ERRESQ006', 'flujosListaFalta', key);
    list.forEach((flow: CatFlow, index: number) => {
      const where = `${key}[${index}]`;
      if (flow === null || typeof flow !== 'object') throw quoteError('ERRESQ005', 'flujoForma', where);
      const { time, amount } = flow;
      let timeDecimal: Decimal;
      if (typeof time === 'number' && Number.isFinite(time) && time >= 0) timeDecimal = new Decimal(time);
      else if (typeof time === 'string' && DECIMAL_TEXT.test(time) && !time.startsWith('-')) timeDecimal = new Decimal(time);
      else throw quoteError('ERRESQ005', 'flujoTiempo', `${where}.time`);
      if (typeof amount !== 'string' || !DECIMAL_TEXT.test(amount) || amount.startsWith('-')) {
        throw quoteError('ERRESQ005', 'flujoImporte', `${where}.amount`);
      }
      const amountDecimal = new Decimal(amount).mul(sign);
      if (!amountDecimal.isZero()) {
        out.push({ time: timeDecimal.toNumber(), timeDecimal, amount: amountDecimal.toNumber(), amountDecimal });
      }
    });
  }
  return out;
}

function g(flows: readonly ParsedFlow[], x: number): number {
  let sum = 0;
  for (const f of flows) sum += f.amount * Math.exp(-x * f.time);
  return sum;
}

function noRate(): QuoteError {
  return quoteError('ERRNEG001', 'flujosSinTasa', 'flows');
}

function signChanges(flows: readonly ParsedFlow[]): number {
  const byTime = new Map<number, number>();
  for (const f of flows) byTime.set(f.time, (byTime.get(f.time) ?? 0) + f.amount);
  let changes = 0;
  let last = 0;
  for (const t of [...byTime.keys()].sort((a, b) => a - b)) {
    const s = Math.sign(byTime.get(t) as number);
    if (s !== 0 && last !== 0 && s !== last) changes++;
    if (s !== 0) last = s;
  }
  return changes;
}

/** Bisection on [lo, hi] (g changes sign) to adjacent doubles. */
function bisect(flows: readonly ParsedFlow[], lo: number, hi: number): number {
  let glo = g(flows, lo);
  for (let i = 0; i < 2000; i++) {
    const mid = (lo + hi) / 2;
    if (mid <= lo || mid >= hi) return Math.abs(glo) <= Math.abs(g(flows, hi)) ? lo : hi;
    const gm = g(flows, mid);
    if (gm === 0) return mid;
    if (Math.sign(gm) === Math.sign(glo)) {
      lo = mid;
      glo = gm;
    } else hi = mid;
  }
  throw noRate();
}

/** Brackets [lo, hi] in x around the root to report, per the rule in the module comment. */
function bracketRoot(flows: readonly ParsedFlow[], maxRate: number): [number, number] {
  const xMin = Math.log(1e-4); // i = −99.99 %
  const xMax = Math.log1p(maxRate);
  if (g(flows, 0) === 0) return [0, 0];
  if (signChanges(flows) === 1) {
    // Unique root: expand outward from 0 until g changes sign.
    const g0 = Math.sign(g(flows, 0));
    for (const direction of [1, -1]) {
      let prev = 0;
      for (let step = 1e-3; ; step *= 2) {
        const x = direction > 0 ? Math.min(step, xMax) : Math.max(-step, xMin);
        if (Math.sign(g(flows, x)) !== g0) return direction > 0 ? [prev, x] : [x, prev];
        prev = x;
        if (x === xMax || x === xMin) break;
      }
    }
    throw noRate();
  }
  // Several sign changes: scan a grid and keep the sign change nearest zero, positive first.
  const steps = 4000;
  let best: [number, number] | undefined;
  for (const [from, to] of [
    [0, xMax],
    [0, xMin],
  ] as const) {
    let x0: number = from;
    let s0 = Math.sign(g(flows, x0));
    for (let k = 1; k <= steps; k++) {
      const x1 = from + ((to - from) * k) / steps;
      const s1 = Math.sign(g(flows, x1));
      if (s1 !== s0 && s1 !== 0) {
        best = from < to ? [x0, x1] : [x1, x0];
        break;
      }
      x0 = x1;
      s0 = s1;
    }
    if (best !== undefined) return best;
  }
  throw noRate();
}

/** Sign of g at x = ln(1 + b), at 50 digits. */
function gAtRateDecimal(flows: readonly ParsedFlow[], b: number): Decimal {
  const base = new Decimal(1).add(new Decimal(b));
  let sum = new Decimal(0);
  for (const f of flows) sum = sum.add(f.amountDecimal.mul(base.pow(f.timeDecimal.neg())));
  return sum;
}

/**
 * The CAT of arbitrary flows (Banxico Circular 21/2009): flows without IVA, the opening
 * commission netted from the disbursement at t = 0, required insurance included.
 * Throws a coded {@link QuoteError} when no rate exists; never returns NaN or an unconverged value.
 *
 * @example
 * ```ts
 * // docs/cat.md's worked example: 10,000.00 less a 50.00 fee, four fortnightly payments without IVA.
 * computeCat({
 *   disbursements: [{ time: 0, amount: '9950.00' }],
 *   payments: ['2588.09', '2594.10', '2600.21', '2606.43'].map((amount, k) => ({ time: (k + 1) / 24, amount })),
 * }); // { rate: '0.515330057227857', percent: '51.5' }
 * ```
 */
export function computeCat(flows: CatFlows, options: CatOptions = {}): CatResult {
  const parsed = parseFlows(flows);
  if (!parsed.some((f) => f.amount > 0) || !parsed.some((f) => f.amount < 0)) throw noRate();
  const maxRate = options.maxRate ?? 1e4;
  const [lo, hi] = bracketRoot(parsed, maxRate);
  const x = lo === hi ? lo : bisect(parsed, lo, hi);
  const rate = Math.expm1(x);
  if (!Number.isFinite(rate)) throw noRate();
  const gLo: number = lo === hi ? 0 : Math.sign(g(parsed, lo));
  const tenths = roundCatTenths(rate, (b) => {
    const value = gAtRateDecimal(parsed, b);
    if (value.isZero()) return 0;
    // The root lies beyond b exactly when g(b) still has g(lo)'s sign.
    return Math.sign(value.toNumber()) === gLo ? 1 : -1;
  });
  return { rate: rateText(rate), percent: formatTenths(tenths) };
}

function rateText(rate: number): string {
  if (rate === 0) return '0';
  return new Decimal(rate).toSignificantDigits(15).toString();
}
