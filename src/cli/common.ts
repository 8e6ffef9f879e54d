/** The options every command shares: where input is read from and how much, where output goes, how CSV is written. */
import type { ParseArgsConfig } from 'node:util';
import type { CsvOptions } from '../entry/analysis.js';
import { integerOption, stringOption, type ParsedValues } from './args.js';
import type { CliContext } from './context.js';
import { usageError } from './errors.js';
import { DEFAULT_MAX_INPUT_BYTES, type ReadOptions } from './io.js';

/**
 * The parseArgs declarations of `--out` and `--max-input-bytes`.
 *
 * @example
 * ```ts
 * IO_FLAGS.out; // { type: 'string' }
 * ```
 */
export const IO_FLAGS = {
  out: { type: 'string' },
  'max-input-bytes': { type: 'string' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/**
 * The parseArgs declarations of `--bom` and `--raw`.
 *
 * @example
 * ```ts
 * CSV_FLAGS.bom; // { type: 'boolean' }
 * ```
 */
export const CSV_FLAGS = {
  bom: { type: 'boolean' },
  raw: { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/**
 * How a command reads its files: the cap of `--max-input-bytes` and the context's stdin.
 *
 * @example
 * ```ts
 * import { processContext } from './context.js';
 * readOptionsOf('credit', { 'max-input-bytes': '1024' }, processContext()).maxBytes; // 1024
 * ```
 */
export function readOptionsOf(command: string, values: ParsedValues, context: CliContext): ReadOptions {
  const maxBytes = integerOption(command, 'max-input-bytes', values['max-input-bytes'], 1) ?? DEFAULT_MAX_INPUT_BYTES;
  return { maxBytes, ...(context.readStdin === undefined ? {} : { readStdin: context.readStdin }) };
}

/**
 * How CSV is written: formulas neutralised unless `--raw`, a BOM with `--bom` (only for CSV).
 *
 * @example
 * ```ts
 * csvSettings('grid', { bom: true }, 'csv'); // { bom: true, csv: { neutralizeFormulas: true } }
 * csvSettings('grid', { bom: true }, 'json'); // throws CliError
 * ```
 */
export function csvSettings(command: string, values: ParsedValues, format: string): { bom: boolean; csv: CsvOptions } {
  const bom = values.bom === true;
  if (bom && format !== 'csv') throw usageError('bomSoloCsv', {}, command);
  return { bom, csv: { neutralizeFormulas: values.raw !== true } };
}

/**
 * The output's file from `--out`.
 *
 * @example
 * ```ts
 * outFile({ out: 'x.csv' }); // 'x.csv'
 * ```
 */
export function outFile(values: ParsedValues): string | undefined {
  return stringOption(values, 'out');
}

/**
 * The byte-order mark Excel reads a UTF-8 CSV by.
 *
 * @example
 * ```ts
 * BOM; // '\uFEFF'
 * ```
 */
export const BOM = '\uFEFF';
