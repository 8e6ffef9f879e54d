/**
 * RFC 4180 CSV: CRLF line ends, a field is quoted when it holds a comma, a double quote, CR or
 * LF, and an embedded double quote is doubled. Amounts are written as the engines' plain decimal
 * text ("10216.91"), so a spreadsheet reads them as numbers without losing a cent.
 */
import { CREDIT_ROW_KEYS, type CreditResult } from '../contracts/credit.js';
import type { PolicyResult } from '../contracts/policy.js';

/**
 * A value a CSV cell can hold; `undefined` and `null` become an empty cell.
 *
 * @example
 * ```ts
 * const cells: CsvValue[] = ['a,b', 36, true, 10n, null, undefined];
 * csvLine(cells); // '"a,b",36,true,10,,\r\n'
 * ```
 */
export type CsvValue = string | number | boolean | bigint | null | undefined;

/**
 * RFC 4180 line terminator.
 *
 * @example
 * ```ts
 * CSV_EOL; // '\r\n'
 * ```
 */
export const CSV_EOL = '\r\n';

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * How CSV text is written. `neutralizeFormulas`: a cell a spreadsheet would read as a formula
 * (one starting with `=`, `+`, `-`, `@`, a tab or a carriage return, OWASP's list) gets a leading
 * `'`, so it is shown as text and never evaluated; a plain number (`-1.5`) is left alone. Off by
 * default in the library (its output is data for programs); the CLI turns it on unless `--raw`.
 *
 * @example
 * ```ts
 * const options: CsvOptions = { neutralizeFormulas: true };
 * csvField('=1+1', options); // "'=1+1"
 * ```
 */
export interface CsvOptions {
  readonly neutralizeFormulas?: boolean;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * The text a spreadsheet shows as typed: a leading `'` on text it would read as a formula.
 *
 * @example
 * ```ts
 * neutralizeFormula('=HYPERLINK("http://x")'); // '\'=HYPERLINK("http://x")'
 * neutralizeFormula('@SUM(A1)'); // "'@SUM(A1)"
 * neutralizeFormula('-12.5'); // '-12.5' (a number, not a formula)
 * neutralizeFormula('Sedán'); // 'Sedán'
 * ```
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * One CSV field: the value's text, quoted when RFC 4180 requires it.
 *
 * @example
 * ```ts
 * csvField('Sedán "full", 2026'); // '"Sedán ""full"", 2026"'
 * csvField('10216.91'); // '10216.91'
 * csvField('=1+1', { neutralizeFormulas: true }); // "'=1+1"
 * ```
 */
export function csvField(value: CsvValue, options?: CsvOptions): string {
  if (value === undefined || value === null) return '';
  const raw = String(value);
  const text = options?.neutralizeFormulas === true ? neutralizeFormula(raw) : raw;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One CSV record, with its CRLF terminator (for writing a stream line by line).
 *
 * @example
 * ```ts
 * csvLine(['plazo', 'cat']); // 'plazo,cat\r\n'
 * csvLine(['+52 55', '@x'], { neutralizeFormulas: true }); // "'+52 55,'@x\r\n"
 * ```
 */
export function csvLine(values: readonly CsvValue[], options?: CsvOptions): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : ',') + csvField(values[i], options);
  return line + CSV_EOL;
}

/**
 * A whole CSV document: one header line and one line per row. `columns` picks and orders the
 * keys (default: the first row's keys); a missing key is an empty cell.
 *
 * @example
 * ```ts
 * toCsv([{ plazo: 36, cat: '16.8' }, { plazo: 48, cat: '16.5' }]);
 * // 'plazo,cat\r\n36,16.8\r\n48,16.5\r\n'
 * ```
 */
export function toCsv(rows: Iterable<Readonly<Record<string, unknown>>>, columns?: readonly string[], options?: CsvOptions): string {
  let header = columns;
  const lines: string[] = [];
  for (const row of rows) {
    if (header === undefined) header = Object.keys(row);
    lines.push(
      csvLine(
        header.map((key) => toCsvValue(row[key])),
        options,
      ),
    );
  }
  return csvLine(header ?? [], options) + lines.join('');
}

/**
 * The columns of a credit amortization row, in the interface's order.
 *
 * @example
 * ```ts
 * CREDIT_ROW_COLUMNS.length; // 12
 * CREDIT_ROW_COLUMNS[0]; // 'numAmortizacion'
 * ```
 */
export const CREDIT_ROW_COLUMNS = CREDIT_ROW_KEYS;

/**
 * The amortization table (`registros`) of a credit quote as CSV, one line per payment. The quote
 * must have been made with `generaTablaPagos: true`, else only the header is written.
 *
 * @example
 * ```ts
 * const lines = creditRowsToCsv(quoteCredit({ ...solicitud, generaTablaPagos: true })).split('\r\n');
 * lines.length; // 38 (the header, 36 payments, and the empty string after the last CRLF)
 * lines[1]; // '1,2026-02-28,292000.00,6406.31,3285.00,525.60,0.00,0.00,0.00,0.00,10216.91,285593.69'
 * ```
 */
export function creditRowsToCsv(result: Pick<CreditResult, 'registros'>, options?: CsvOptions): string {
  return toCsv(result.registros, CREDIT_ROW_COLUMNS, options);
}

/**
 * The columns of {@link receiptsToCsv}: the offer's identity, then the receipt.
 *
 * @example
 * ```ts
 * RECEIPT_COLUMNS; // ['idAseguradora', 'aseguradora', 'paquete', 'idCotizacion', 'numeroRecibo', 'vigenciaInicial', 'vigenciaFin', 'primaTotal']
 * ```
 */
export const RECEIPT_COLUMNS = [
  'idAseguradora',
  'aseguradora',
  'paquete',
  'idCotizacion',
  'numeroRecibo',
  'vigenciaInicial',
  'vigenciaFin',
  'primaTotal',
] as const;

/**
 * Every receipt of every offer of a policy quote as CSV: one line per receipt, carrying its
 * offer's insurer, package and quote id.
 *
 * @example
 * ```ts
 * const lines = receiptsToCsv(quotePolicy(policySolicitud, { fechaInicio: '2026-02-01' })).split('\r\n');
 * lines[0]; // 'idAseguradora,aseguradora,paquete,idCotizacion,numeroRecibo,vigenciaInicial,vigenciaFin,primaTotal'
 * lines[1]; // '1,Aseguradora Ilustrativa Alfa,Amplia,ca19d78137d4f576378a0b38,1,01/02/2026,01/03/2026,1795.82'
 * ```
 */
export function receiptsToCsv(result: PolicyResult, options?: CsvOptions): string {
  return toCsv(receiptRecords(result), RECEIPT_COLUMNS, options);
}

function* receiptRecords(result: PolicyResult): Generator<Record<(typeof RECEIPT_COLUMNS)[number], string>> {
  for (const offer of result.listaSeguroAuto) {
    for (const receipt of offer.listaRecibos) {
      yield {
        idAseguradora: offer.idAseguradora,
        aseguradora: offer.aseguradora,
        paquete: offer.paquete,
        idCotizacion: offer.idCotizacion,
        numeroRecibo: receipt.numeroRecibo,
        vigenciaInicial: receipt.vigenciaInicial,
        vigenciaFin: receipt.vigenciaFin,
        primaTotal: receipt.primaTotal,
      };
    }
  }
}

function toCsvValue(value: unknown): CsvValue {
  if (value === undefined || value === null) return value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value;
  return JSON.stringify(value);
}
