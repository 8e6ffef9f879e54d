/**
 * The quote as JSON text (issue 20, item 6): `quoteCredit` followed by `JSON.stringify` (what a
 * caller putting the quote behind its own framework writes, the baseline), against
 * `quoteCreditJson` (the package's writer, the same text) — and the same two carried on to UTF-8
 * bytes (`TextEncoder`), what a server sends: the writer's text is built of joined pieces that V8
 * flattens when it is read, so the bytes are the honest end of the comparison.
 *
 * The loan is the credit group's (`./credit.ts`), 60 payments with the table.
 */
import { quoteCredit, quoteCreditJson } from '../src/entry/index.js';
import { creditRequest } from './credit.js';
import type { BenchCase } from './harness.js';

const encoder = new TextEncoder();

/** The cases' names, the baseline first. */
export const JSON_CASES = {
  baseline: 'quoteCredit + JSON.stringify',
  writer: 'quoteCreditJson',
  baselineBytes: 'quoteCredit + JSON.stringify → UTF-8 bytes',
  writerBytes: 'quoteCreditJson → UTF-8 bytes',
  quote: 'quoteCredit alone (no JSON)',
} as const;

/**
 * The cases of the JSON group at `n` payments.
 *
 * @example
 * ```ts
 * jsonCases(12)[0]!.name; // 'quoteCredit + JSON.stringify'
 * ```
 */
export function jsonCases(n: number): BenchCase[] {
  const request = creditRequest(n);
  if (quoteCreditJson(request) !== JSON.stringify(quoteCredit(request))) throw new Error('quoteCreditJson differs from JSON.stringify');
  return [
    { name: JSON_CASES.baseline, run: () => JSON.stringify(quoteCredit(request)) },
    { name: JSON_CASES.writer, run: () => quoteCreditJson(request) },
    { name: JSON_CASES.baselineBytes, run: () => encoder.encode(JSON.stringify(quoteCredit(request))) },
    { name: JSON_CASES.writerBytes, run: () => encoder.encode(quoteCreditJson(request)) },
    { name: JSON_CASES.quote, run: () => quoteCredit(request) },
  ];
}
