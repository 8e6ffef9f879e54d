/**
 * What every portfolio reader shares: a record (a value or why it cannot be read), the longest
 * record read, the push parser's shape, and the two ways a read goes wrong (a record too long,
 * which the run skips; a broken framing, which ends it). `./batchInput.ts` holds the readers.
 */
import type { QuoteError } from '../entry/common.js';
import { CliError } from './errors.js';
import { cliMessage, cliQuoteError, type CliMessageId } from './messages.js';

/**
 * One record of the input: its first line and its value (parsed JSON, or a CSV row's fields), or why it cannot be read.
 *
 * @example
 * ```ts
 * const record: InputRecord = { line: 2, value: ['280000.00', '36'] };
 * ```
 */
export type InputRecord =
  | { readonly line: number; readonly value: unknown; readonly error?: undefined }
  | { readonly line: number; readonly error: QuoteError };

/**
 * The longest record read (1 MiB): a line or an element past it is an `ERRESQ004` record, its
 * text skipped as it arrives rather than held (a portfolio's record is a few hundred bytes; a
 * file without line breaks must not be held whole), and the run goes on.
 *
 * @example
 * ```ts
 * MAX_RECORD_CHARS; // 1048576
 * ```
 */
export const MAX_RECORD_CHARS = 1024 * 1024;

/** A push parser: text in, records out through `emit`. */
export interface RecordParser {
  push(text: string): void;
  end(): void;
}

/**
 * The error that ends a run when a file's framing breaks (an unterminated quote, a JSON array
 * that stops being one): the file, the line and column, never the bytes.
 *
 * @example
 * ```ts
 * framingError('p.csv', 'csv', 3, 7, 'comillasSinCerrar').message.includes('p.csv'); // true
 * ```
 */
export function framingError(
  file: string,
  kind: 'csv' | 'json',
  line: number,
  column: number,
  problem: CliMessageId,
  params?: Readonly<Record<string, number>>,
): CliError {
  return new CliError(
    cliMessage(kind === 'csv' ? 'csvNoValido' : 'jsonNoValido', { file, line, column, problem: cliMessage(problem, params) }),
  );
}

/**
 * The record of a line or an element past {@link MAX_RECORD_CHARS}: an `ERRESQ004` record, and
 * the run goes on.
 *
 * @example
 * ```ts
 * tooLong(12).line; // 12
 * ```
 */
export function tooLong(line: number): InputRecord {
  return { line, error: cliQuoteError('ERRESQ004', 'registroLargo', undefined, { max: MAX_RECORD_CHARS }) };
}
