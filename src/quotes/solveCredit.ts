/**
 * `solveCredit`: the value of one term of a credit (the amount, the rate, the term or the opening
 * commission) that meets a target for the payment, the total or the CAT, exact at the boundary:
 * re-quoting with the value meets the target and the next step does not.
 *
 * Each unknown is an integer on a grid (cents of amount; hundredths of a percent of rate or
 * commission; payments of term) and the predicate "the engine quotes it and the target is met" is
 * searched by galloping from a quoted anchor and then bisecting, keeping one end that meets and
 * one that does not (`./boundary.ts`, the search `affordability` shares), so the two-point
 * property holds by construction whatever the shape of the predicate. Which boundary is found
 * follows the direction in which the target stops being met ({@link SOLVE_DIRECTIONS});
 * `docs/credit.md` says where the predicate is monotone.
 */
import type { CreditRequest, CreditResult } from '../contracts/credit.js';
import { QuoteError } from '../errors/quoteError.js';
import { AMOUNT_PATTERN, formatCents, parseCents } from '../money/cents.js';
import { DECIMAL_TEXT, Decimal, ROUND_DOWN } from '../money/decimal.js';
import { assertValid } from '../validation/validate.js';
import { CreditRequestSchema } from '../contracts/credit.js';
import { quotesError } from './messages.js';
import { quoteValidCredit, type CreditOptions } from './quoteCredit.js';
import { searchBoundary, type BoundaryState } from './boundary.js';

/**
 * The term of the credit to solve for.
 *
 * @example
 * ```ts
 * const unknown: SolveUnknown = 'plazo';
 * solveCredit(solicitud, { unknown, target: { pagoMensual: '12000.00' } }).value; // 30
 * ```
 */
export type SolveUnknown = 'montoSolicitado' | 'tasa' | 'plazo' | 'comisiones';

/**
 * What the quote must meet: the payment, the total (both ≤, as amount text) or the CAT (≤, percent text).
 *
 * @example
 * ```ts
 * const target: SolveTarget = { cat: '20.0' };
 * solveCredit(solicitud, { unknown: 'tasa', target }).quote.cat; // '20.0'
 * ```
 */
export type SolveTarget = { readonly pagoMensual: string } | { readonly totalPagar: string } | { readonly cat: string };

/**
 * The problem: the unknown and the target.
 *
 * @example
 * ```ts
 * const problem: SolveProblem = { unknown: 'montoSolicitado', target: { totalPagar: '300000.00' } };
 * solveCredit(solicitud, problem).quote.totalPagar; // '300000.00'
 * ```
 */
export interface SolveProblem<U extends SolveUnknown = SolveUnknown> {
  readonly unknown: U;
  readonly target: SolveTarget;
}

/**
 * The solution: the value (text for amounts and percentages, a number of payments for `plazo`) and its quote.
 *
 * @example
 * ```ts
 * const result: SolveResult<'comisiones'> = solveCredit(solicitud, { unknown: 'comisiones', target: { cat: '16.5' } });
 * result.value; // '1.73'
 * ```
 */
export interface SolveResult<U extends SolveUnknown = SolveUnknown> {
  readonly value: U extends 'plazo' ? number : string;
  readonly quote: CreditResult;
}

type TargetKey = 'pagoMensual' | 'totalPagar' | 'cat';

/**
 * Which way the target stops being met, by unknown and target: `1` when a larger value misses it
 * first (the solution is the largest value that meets it; the next step is one more), `-1` when a
 * smaller one does (the smallest value; the next step is one less).
 *
 * @example
 * ```ts
 * SOLVE_DIRECTIONS.plazo.pagoMensual; // -1
 * ```
 */
export const SOLVE_DIRECTIONS: Readonly<Record<SolveUnknown, Readonly<Record<TargetKey, 1 | -1>>>> = Object.freeze({
  // The payment and the total grow with the amount; the CAT falls as fixed costs weigh less.
  montoSolicitado: Object.freeze({ pagoMensual: 1, totalPagar: 1, cat: -1 }),
  tasa: Object.freeze({ pagoMensual: 1, totalPagar: 1, cat: 1 }),
  // The commission is paid at opening: the payment does not move, the total and the CAT grow.
  comisiones: Object.freeze({ pagoMensual: 1, totalPagar: 1, cat: 1 }),
  // A longer term lowers the payment and spreads fixed costs (lower CAT) but adds interest (higher total).
  plazo: Object.freeze({ pagoMensual: -1, totalPagar: 1, cat: -1 }),
});

/** The grid of each unknown: its bounds and how a grid point is written into the solicitud. */
const GRIDS: Readonly<Record<SolveUnknown, { readonly min: number; readonly max: number }>> = {
  montoSolicitado: { min: 1, max: 99_999_999_999_99 },
  tasa: { min: 0, max: 99_999 },
  comisiones: { min: 0, max: 99_999 },
  plazo: { min: 1, max: 999 },
};

function readTarget(target: unknown): [TargetKey, number] {
  if (typeof target !== 'object' || target === null || Array.isArray(target)) throw quotesError('ERRESQ005', 'objetivoForma', 'target');
  const keys = Object.keys(target);
  const key = keys[0];
  if (keys.length !== 1 || (key !== 'pagoMensual' && key !== 'totalPagar' && key !== 'cat')) {
    throw quotesError('ERRESQ005', 'objetivoForma', 'target');
  }
  const text = (target as Record<string, unknown>)[key];
  const path = `target.${key}`;
  if (key === 'cat') {
    if (typeof text !== 'string' || !DECIMAL_TEXT.test(text)) throw quotesError('ERRESQ005', 'objetivoValor', path);
    // CAT ≤ target ⇔ the published tenths ≤ floor(target × 10).
    return [key, new Decimal(text).mul(10).toDecimalPlaces(0, ROUND_DOWN).toNumber()];
  }
  if (typeof text !== 'string' || !AMOUNT_PATTERN.test(text)) throw quotesError('ERRESQ005', 'objetivoValor', path);
  return [key, parseCents(text)];
}

/** The quote's measure the target bounds: cents of payment or total, tenths of CAT. */
function measure(quote: CreditResult, key: TargetKey): number {
  if (key === 'cat') return Math.round(Number(quote.cat) * 10);
  return parseCents(key === 'pagoMensual' ? quote.pagoMensual : quote.totalPagar);
}

function withValue(solicitud: CreditRequest, unknown: SolveUnknown, v: number, table: boolean | undefined): CreditRequest {
  const value = unknown === 'plazo' ? v : formatCents(v);
  return { ...solicitud, [unknown]: value, generaTablaPagos: table };
}

/** The grid point of the solicitud's own value (the anchor the search starts from). */
function anchorOf(solicitud: CreditRequest, unknown: SolveUnknown, quote: CreditResult | undefined): number {
  if (unknown === 'plazo') return solicitud.plazo;
  if (unknown === 'montoSolicitado') return parseCents(solicitud.montoSolicitado);
  const text = quote?.[unknown] ?? solicitud[unknown] ?? '0';
  return new Decimal(text).mul(100).toDecimalPlaces(0, ROUND_DOWN).toNumber();
}

/**
 * Solves a credit for one unknown against a target: the value such that the quote with it meets
 * the target (pagoMensual or totalPagar ≤ the amount, cat ≤ the percentage) and the quote with the
 * next step (one cent of amount, 0.01 of rate or commission, one payment of term, in the direction
 * of {@link SOLVE_DIRECTIONS}) does not (or is refused by the engine). Never returns a value the
 * engine rejects. The search is local, from the solicitud's own value (doubling steps, then
 * halving): `ERRNEG001` naming the target means that no value met it on the side searched, before
 * the engine refused one or the grid ended — not that none exists (a 0.01 loan, whose interest
 * rounds to 0.00, has a CAT of 0.0 and meets any CAT target; docs/credit.md, "Solving for the
 * unknown"). A malformed problem is `ERRESQ005` naming `unknown` or `target`.
 *
 * @example
 * ```ts
 * const base = { fechaApertura: '2026-01-31', montoSolicitado: '280000.00', valorFactura: '350000.00',
 *   tasa: '13.50', plazo: 60, periodicidad: 'M', comisiones: '2.00' };
 * const { value, quote } = solveCredit(base, { unknown: 'montoSolicitado', target: { pagoMensual: '5000.00' } });
 * value; // '207144.41'
 * quote.pagoMensual; // '5000.00'
 * ```
 */
export function solveCredit<U extends SolveUnknown>(
  solicitud: CreditRequest,
  problem: SolveProblem<U>,
  options: CreditOptions = {},
): SolveResult<U> {
  assertValid(CreditRequestSchema, solicitud);
  const unknown = problem?.unknown;
  if (unknown !== 'montoSolicitado' && unknown !== 'tasa' && unknown !== 'plazo' && unknown !== 'comisiones') {
    throw quotesError('ERRESQ005', 'incognitaDesconocida', 'unknown');
  }
  const [key, bound] = readTarget(problem.target);
  const direction = SOLVE_DIRECTIONS[unknown][key];
  const grid = GRIDS[unknown];
  const cache = new Map<number, CreditResult | QuoteError>();
  const quoteAt = (v: number): CreditResult | QuoteError => {
    let result = cache.get(v);
    if (result === undefined) {
      try {
        result = quoteValidCredit(withValue(solicitud, unknown, v, false), options);
      } catch (error) {
        if (!(error instanceof QuoteError)) throw error;
        result = error;
      }
      cache.set(v, result);
    }
    return result;
  };
  const inGrid = (v: number) => v >= grid.min && v <= grid.max;
  /** 1: quoted and meets; 0: quoted, misses; −1: refused (or off the grid). */
  const state = (v: number): BoundaryState => {
    if (!inGrid(v)) return -1;
    const q = quoteAt(v);
    return q instanceof QuoteError ? -1 : measure(q, key) <= bound ? 1 : 0;
  };
  const noSolution = () =>
    quotesError('ERRNEG001', 'sinSolucion', `target.${key}`, {
      unknown,
      target: key,
      value: (problem.target as Record<string, string>)[key] as string,
    });

  // The anchor: the solicitud's own value, which the engine must quote (its errors are the caller's).
  const given = quoteValidCredit({ ...solicitud, generaTablaPagos: false }, options);
  const anchor = Math.min(grid.max, Math.max(grid.min, anchorOf(solicitud, unknown, given)));
  // A better start where the measure is close to proportional to the unknown (the amount).
  const improve =
    unknown === 'montoSolicitado' && key !== 'cat'
      ? (v: number): number | undefined => {
          const m = measure(quoteAt(v) as CreditResult, key);
          return m <= 0 ? undefined : Math.min(grid.max, Math.max(grid.min, Math.round((v * bound) / m)));
        }
      : undefined;
  const found = searchBoundary({ state, anchor, direction, ...(improve === undefined ? {} : { improve }) });
  if (found === undefined) throw noSolution();
  const meets = found.meets;
  const value = (unknown === 'plazo' ? meets : formatCents(meets)) as SolveResult<U>['value'];
  const quote = quoteValidCredit(withValue(solicitud, unknown, meets, solicitud.generaTablaPagos), options);
  return { value, quote };
}
