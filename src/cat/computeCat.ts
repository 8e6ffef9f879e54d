/**
 * Banxico's CAT for arbitrary flows: the annual rate i that solves
 * Σ Aⱼ (1+i)^−tⱼ = Σ Bₖ (1+i)^−sₖ (disbursements A, payments B, times in years).
 *
 * Solved in x = ln(1 + i): g(x) = Σ aⱼ e^(−x·tⱼ) with aⱼ the net flow at time tⱼ (payments
 * positive, disbursements negative). This file holds the public face (the flows' and the result's
 * types, the options) and the orchestration of the stages, one file each:
 *
 * 1. `./flows.ts` reads and validates the flows and nets them by time (amounts scaled by a power
 *    of ten when far from 1);
 * 2. `./evaluation.ts` evaluates g in float64 with a rigorous error bound (relative to its largest
 *    exponential term: nothing overflows), `./solver.ts` turns that into certified signs and
 *    enclosures over intervals (exactly, `./exact.ts`, where float64 cannot decide; quickly,
 *    `./grid.ts`, on flows on an even time grid);
 * 3. `./root.ts` isolates the root Banxico's rule takes (Descartes' rule of signs, enclosures from
 *    zero outward: the positive root closest to zero, else 0 when the flows balance, else the
 *    negative root closest to zero) and narrows its bracket to a relative width below 2⁻⁴⁰ in
 *    1 + i (safeguarded Newton, then exact halving);
 * 4. `rate` is the shortest decimal of at most 15 significant digits in the bracket
 *    (`./rateText.ts`), and `percent` is the tenth decided here by exact comparisons with its
 *    rounding boundaries (`./round.ts`): from the bracket when a boundary falls outside it, from
 *    g's sign just past it, else from the exact present value at the boundary.
 */
import { presentValueSign } from './exact.js';
import { EPS } from './evaluation.js';
import { type CatFlows, flowLists, netByTime, parseFlows } from './flows.js';
import { catError } from './messages.js';
import { shortestIn } from './rateText.js';
import { findRoot, noRate } from './root.js';
import { CAT_CEILING, decideTenths, formatTenths, type TenthBoundary } from './round.js';

export type { CatFlow, CatFlows } from './flows.js';

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
  const { solver, lo, hi } = findRoot(net, lists, shortcuts, Math.log1p(MIN_RATE), Math.log1p(maxRate));
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
