/**
 * The CAT panel's adapter: the library's own proof of the quote's CAT (`explainCat`, docs/cat.md
 * "Explaining a CAT") for the scenario's engine input, to the digits the panel shows. It costs
 * milliseconds (3 ms for 60 payments, 7–14 ms for 360 at 20 digits), more than a frame's share,
 * so the page never runs it inside the recompute: `Results` asks for it after the recompute, only
 * while "how the CAT was obtained" is open (`simulator/results.ts`).
 */
import { explainCat, type CreditCatExplanation } from '../src/entry/credit.js';
import type { EngineInput } from './scenario.js';

/**
 * Significant digits of the discount factors and of the largest present value the panel shows:
 * eight read at a glance, and the proof stays sound at any digits (a sum within its bound is
 * decided again with more, docs/cat.md).
 */
export const CAT_DIGITS = 8;

/** Flows shown at the start (the disbursement and the first payments) and at the end of the CAT's table. */
export const HEAD_FLOWS = 7;
export const TAIL_FLOWS = 2;

/**
 * The indexes (in `flows`) of the flows the panel shows, in order, with `undefined` where the
 * middle ones are elided.
 *
 * @example
 * ```ts
 * shownFlows(12); // [0, 1, 2, 3, 4, 5, 6, undefined, 10, 11]
 * shownFlows(5); // [0, 1, 2, 3, 4]
 * ```
 */
export function shownFlows(count: number): (number | undefined)[] {
  const head = Math.min(count, HEAD_FLOWS);
  const tailStart = Math.max(head, count - TAIL_FLOWS);
  const out: (number | undefined)[] = [];
  for (let i = 0; i < head; i++) out.push(i);
  if (tailStart > head) out.push(undefined);
  for (let i = tailStart; i < count; i++) out.push(i);
  return out;
}

/**
 * The CAT of the scenario's engine input explained, as the panel shows it (the quote's own
 * arguments, `digits` {@link CAT_DIGITS}); throws what the quote throws.
 *
 * @example
 * ```ts
 * explainScenarioCat(engineInput(DEFAULT_SCENARIO, '2026-01-31')).holds; // true
 * ```
 */
export function explainScenarioCat(input: EngineInput): CreditCatExplanation {
  return explainCat(input.solicitud, { ...input.options, digits: CAT_DIGITS });
}
