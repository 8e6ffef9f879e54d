/**
 * The línea de captura, checked: the treasury's 20-digit line ("algoritmo 97": an expiry date and
 * an amount condensed into it, a constant 2 and a two-digit check over the first 18 digits) and
 * SAT's 20-character line (no public check algorithm: the format only); and a treasury line built
 * from its parts. Facts and the worked vector: `docs/server.md`, "Taxpayer documents".
 */
import { fromCivilDay, parseIsoDate, toCivilDay, daysInMonth, formatIsoDate } from '../dates/civil.js';
import { documentsError } from './messages.js';

/**
 * Which lines a check accepts: `'free'`, any text (the sandbox's lines; the request's schema
 * still wants 20–54 of `[0-9A-Z]`); `'sat'`, SAT's 20 characters of `[0-9A-Z]`; `'treasury'`,
 * the treasury's 20 digits with a valid check digit and expiry date.
 *
 * @example
 * ```ts
 * const format: LineaCapturaFormat = 'treasury';
 * ```
 */
export type LineaCapturaFormat = 'free' | 'sat' | 'treasury';

/**
 * The formats, in the order the documentation lists them.
 *
 * @example
 * ```ts
 * LINEA_CAPTURA_FORMATS; // ['free', 'sat', 'treasury']
 * ```
 */
export const LINEA_CAPTURA_FORMATS: readonly LineaCapturaFormat[] = Object.freeze(['free', 'sat', 'treasury']);

/**
 * A treasury line read back: its parts, the expiry date it carries and its condensed amount.
 *
 * @example
 * ```ts
 * const line: TreasuryLine = readTreasuryLine('01260300012349289208');
 * [line.servicio, line.vencimiento, line.importeCondensado]; // ['01', '2026-03-31', 9]
 * ```
 */
export interface TreasuryLine {
  /** The service or concept code (2 digits). */
  readonly servicio: string;
  /** The month of the operation as printed, `yyMM`. */
  readonly fechaOperacion: string;
  /** The running number (6 digits). */
  readonly consecutivo: string;
  /** The last day it can be paid, `YYYY-MM-DD`. */
  readonly vencimiento: string;
  /** The amount's condensed digit (0–9). */
  readonly importeCondensado: number;
}

/** The condensed date's base year (the older base, 1988, overflowed in 2015; this one does in 2040). */
const BASE_YEAR = 2013;
/** The check digit's weights, from the rightmost of the first 18 digits. */
const CHECK_WEIGHTS = [11, 13, 17, 19, 23];
/** The condensed amount's weights, from the amount's rightmost digit (its last cents digit). */
const AMOUNT_WEIGHTS = [7, 3, 1];

/** Σ dᵢ·wᵢ over `digits` with `weights` repeating from the rightmost digit. */
function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += (digits.charCodeAt(digits.length - 1 - i) - 48) * (weights[i % weights.length] as number);
  }
  return sum;
}

/** The two check digits over a line's first 18 digits: (Σ mod 97) + 1. */
function checkDigits(first18: string): string {
  return String((weightedSum(first18, CHECK_WEIGHTS) % 97) + 1).padStart(2, '0');
}

/** The amount's condensed digit, over its digits with the two cents digits; undefined for a text that is not an amount with two decimals. */
function condensedAmount(importe: string): number | undefined {
  const match = /^(\d{1,15})\.(\d{2})$/.exec(importe);
  return match === null ? undefined : weightedSum(`${match[1]}${match[2]}`, AMOUNT_WEIGHTS) % 10;
}

/** The four digits of a condensed date, or undefined past what four digits hold (or before the base). */
function condensedDate(date: string): string | undefined {
  const day = parseIsoDate(date);
  if (day === undefined) return undefined;
  const { year, month, day: dayOfMonth } = fromCivilDay(day);
  const value = (year - BASE_YEAR) * 372 + (month - 1) * 31 + (dayOfMonth - 1);
  return value < 0 || value > 9999 ? undefined : String(value).padStart(4, '0');
}

/** The date four condensed digits stand for, or undefined when they name no day (a 31 February). */
function expandedDate(digits: string): string | undefined {
  const value = Number(digits);
  const year = BASE_YEAR + Math.floor(value / 372);
  const month = Math.floor((value % 372) / 31) + 1;
  const day = (value % 31) + 1;
  return day > daysInMonth(year, month) ? undefined : formatIsoDate(toCivilDay(year, month, day));
}

/**
 * Reads a treasury line, checking in this order: 20 digits (other length `ERRESQ004`, another
 * character `ERRESQ005`), the constant 2, the check digit, the condensed date (a day that
 * exists), each `ERRESQ005` naming `field`.
 *
 * @example
 * ```ts
 * readTreasuryLine('01260300012349289208').vencimiento; // '2026-03-31'
 * readTreasuryLine('01260300012349289209'); // throws QuoteError ERRESQ005 'lineaCaptura'
 * ```
 */
export function readTreasuryLine(line: string, field = 'lineaCaptura'): TreasuryLine {
  if (typeof line !== 'string' || line.length !== 20) throw documentsError('ERRESQ004', 'lineaTesoreriaFormato', field);
  if (!/^\d{20}$/.test(line)) throw documentsError('ERRESQ005', 'lineaTesoreriaFormato', field);
  if (line[17] !== '2') throw documentsError('ERRESQ005', 'lineaTesoreriaConstante', field);
  if (checkDigits(line.slice(0, 18)) !== line.slice(18)) throw documentsError('ERRESQ005', 'lineaDigitoVerificador', field);
  const vencimiento = expandedDate(line.slice(12, 16));
  if (vencimiento === undefined) throw documentsError('ERRESQ005', 'lineaFechaCondensada', field);
  return {
    servicio: line.slice(0, 2),
    fechaOperacion: line.slice(2, 6),
    consecutivo: line.slice(6, 12),
    vencimiento,
    importeCondensado: Number(line[16]),
  };
}

/**
 * Checks a línea de captura in `format`; with `against`, a treasury line is also checked against
 * the amount paid (`importe`, two decimals: its condensed digit) and the day it is paid or checked
 * (`fecha`, `YYYY-MM-DD`: a line whose expiry is earlier has expired), both `ERRNEG001`. Format
 * errors are `ERRESQ004` (length) and `ERRESQ005` (the rest); every error names `field`. Nothing
 * reads a clock: the caller gives the day.
 *
 * @example
 * ```ts
 * checkLineaCaptura('0124ABCD5678EFGH9012', 'sat'); // passes
 * checkLineaCaptura('01260300012349289208', 'treasury', { importe: '1234.56', fecha: '2026-03-15' }); // passes
 * checkLineaCaptura('01260300012349289208', 'treasury', { importe: '1234.57' }); // throws QuoteError ERRNEG001 'lineaCaptura'
 * checkLineaCaptura('01260300012349289208', 'treasury', { fecha: '2026-04-01' }); // throws QuoteError ERRNEG001 'lineaCaptura'
 * checkLineaCaptura('0124ABCD5678EFGH9012', 'treasury'); // throws QuoteError ERRESQ005 'lineaCaptura'
 * ```
 */
export function checkLineaCaptura(
  line: string,
  format: LineaCapturaFormat,
  against: { readonly importe?: string | undefined; readonly fecha?: string | undefined } = {},
  field = 'lineaCaptura',
): void {
  if (format === 'free') return;
  if (format === 'sat') {
    if (typeof line !== 'string' || line.length !== 20) throw documentsError('ERRESQ004', 'lineaSatFormato', field);
    if (!/^[0-9A-Z]{20}$/.test(line)) throw documentsError('ERRESQ005', 'lineaSatFormato', field);
    return;
  }
  const read = readTreasuryLine(line, field);
  if (against.importe !== undefined) {
    const condensed = condensedAmount(against.importe);
    if (condensed === undefined) throw documentsError('ERRESQ005', 'importeConDosDecimales', 'importe');
    if (condensed !== read.importeCondensado) throw documentsError('ERRNEG001', 'lineaImporte', field);
  }
  if (against.fecha !== undefined) {
    if (parseIsoDate(against.fecha) === undefined) throw documentsError('ERRESQ005', 'lineaFechaPago', 'fecha');
    // ISO dates compare as text.
    if (against.fecha > read.vencimiento) throw documentsError('ERRNEG001', 'lineaVencida', field, { date: read.vencimiento });
  }
}

/**
 * Builds a treasury line from its parts: the condensed expiry date and amount, the constant 2 and
 * the check digit. Throws `ERRESQ005` naming the part that cannot be written.
 *
 * @example
 * ```ts
 * treasuryLine({ servicio: '01', fechaOperacion: '2026-03', consecutivo: 123, vencimiento: '2026-03-31', importe: '1234.56' });
 * // '01260300012349289208'
 * ```
 */
export function treasuryLine(parts: {
  readonly servicio: string;
  /** The month of the operation, `YYYY-MM`. */
  readonly fechaOperacion: string;
  /** The running number, 0–999999. */
  readonly consecutivo: number;
  /** The last day it can be paid, `YYYY-MM-DD` (2013-01-01 to 2039-11-18: what four condensed digits hold). */
  readonly vencimiento: string;
  /** The amount, with two decimals. */
  readonly importe: string;
}): string {
  if (!/^\d{2}$/.test(parts.servicio)) throw documentsError('ERRESQ005', 'lineaParte', 'servicio', { digits: 2 });
  const operation = /^\d{2}(\d{2})-(0[1-9]|1[0-2])$/.exec(parts.fechaOperacion);
  if (operation === null) throw documentsError('ERRESQ005', 'lineaMesOperacion', 'fechaOperacion');
  if (!Number.isSafeInteger(parts.consecutivo) || parts.consecutivo < 0 || parts.consecutivo > 999_999)
    throw documentsError('ERRESQ005', 'lineaParte', 'consecutivo', { digits: 6 });
  const date = condensedDate(parts.vencimiento);
  if (date === undefined) throw documentsError('ERRESQ005', 'lineaVencimiento', 'vencimiento');
  const amount = condensedAmount(parts.importe);
  if (amount === undefined) throw documentsError('ERRESQ005', 'importeConDosDecimales', 'importe');
  const first18 = `${parts.servicio}${operation[1]}${operation[2]}${String(parts.consecutivo).padStart(6, '0')}${date}${amount}2`;
  return `${first18}${checkDigits(first18)}`;
}
