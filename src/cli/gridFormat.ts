/**
 * The grid's output formats, shared by the main thread and the workers (which format their own
 * chunks). Rows are written straight from the cursor's value indices and the quote: the varied
 * values' cells are formatted once, when the writer is made, and a row is a few concatenations.
 */
import { localizedMessage, QuoteError, type CreditResult, type Lang } from '../entry/credit.js';
import {
  csvField,
  csvLine,
  GRID_ERROR_COLUMNS,
  GRID_RESULT_COLUMNS,
  type CsvOptions,
  type FieldValue,
  type Variation,
} from '../entry/analysis.js';
import { formatHeader, formatRow, type TextColumn } from './text.js';
import type { XlsxColumn } from './xlsx.js';

/** The formats of `cotizador grid`. */
export const GRID_FORMATS = ['csv', 'table', 'json', 'jsonl', 'xlsx'] as const;
/** One of {@link GRID_FORMATS}. */
export type GridFormat = (typeof GRID_FORMATS)[number];
/** The formats written as text (every one but xlsx). */
export type GridTextFormat = Exclude<GridFormat, 'xlsx'>;

/** What a grid writer needs: serializable, so a worker thread can make the same writer. */
export interface GridWriterSpec {
  readonly format: GridTextFormat;
  readonly variations: readonly Variation[];
  readonly lang: Lang;
  readonly csv: CsvOptions;
}

/** Text of the grid's output: a header, one piece per row, a footer. */
export interface GridWriter {
  readonly header: string;
  row(index: number, at: ArrayLike<number>, outcome: CreditResult | QuoteError): string;
  readonly footer: string;
}

const RESULT_WIDTHS: Readonly<Record<(typeof GRID_RESULT_COLUMNS)[number], number>> = {
  pagoMensual: 11,
  totalPagar: 12,
  importeInteresTotal: 12,
  cat: 5,
};

/** The largest of `values` (no spread: a list may hold a million of them). */
function widest(values: readonly FieldValue[], min: number): number {
  let width = min;
  for (const v of values) {
    const n = String(v).length;
    if (n > width) width = n;
  }
  return width;
}

/**
 * The writer for a text format; rows are formatted independently, so any thread can format any row.
 *
 * @example
 * ```ts
 * const writer = gridWriter({ format: 'csv', variations: [{ field: 'plazo', values: [12, 24] }], lang: 'es', csv: {} });
 * writer.header; // 'plazo,pagoMensual,totalPagar,importeInteresTotal,cat,codigoError,valorIncorrecto,mensaje\r\n'
 * writer.row(1, [1], quoteCredit({ ...solicitud, plazo: 24 })); // '24,14249.84,351570.49,43100.09,17.9,,,\r\n'
 * ```
 */
export function gridWriter(spec: GridWriterSpec): GridWriter {
  const { format, variations, lang } = spec;
  const fields = variations.map((v) => v.field);
  const columns = [...fields, ...GRID_RESULT_COLUMNS, ...GRID_ERROR_COLUMNS];
  if (format === 'csv') {
    // Each varied value's cell, with its separator, once.
    const cells = variations.map((v) => v.values.map((x) => `${csvField(x, spec.csv)},`));
    return {
      header: csvLine(columns, spec.csv),
      row(_index, at, outcome) {
        let line = '';
        for (let i = 0; i < cells.length; i++) line += (cells[i] as string[])[at[i] as number];
        if (outcome instanceof QuoteError) {
          return `${line},,,,${csvField(outcome.codigoError)},${csvField(outcome.valorIncorrecto, spec.csv)},${csvField(localizedMessage(outcome, lang), spec.csv)}\r\n`;
        }
        // The engine's amounts and CAT are plain decimals: nothing to quote or neutralise.
        return `${line}${outcome.pagoMensual},${outcome.totalPagar},${outcome.importeInteresTotal},${outcome.cat},,,\r\n`;
      },
      footer: '',
    };
  }
  if (format === 'json' || format === 'jsonl') {
    // Each varied value's `"field":value`, once.
    const pairs = variations.map((v) => v.values.map((x) => `${JSON.stringify(v.field)}:${JSON.stringify(x)}`));
    const item = (index: number, at: ArrayLike<number>, outcome: CreditResult | QuoteError): string => {
      let scenario = '';
      for (let i = 0; i < pairs.length; i++) scenario += (i === 0 ? '' : ',') + (pairs[i] as string[])[at[i] as number];
      const tail =
        outcome instanceof QuoteError
          ? `"error":${JSON.stringify({ codigoError: outcome.codigoError, valorIncorrecto: outcome.valorIncorrecto, mensaje: localizedMessage(outcome, lang) })}`
          : `"result":{"pagoMensual":"${outcome.pagoMensual}","totalPagar":"${outcome.totalPagar}","importeInteresTotal":"${outcome.importeInteresTotal}","cat":"${outcome.cat}"}`;
      return `{"index":${index},"scenario":{${scenario}},${tail}}`;
    };
    if (format === 'jsonl') return { header: '', row: (index, at, outcome) => `${item(index, at, outcome)}\n`, footer: '' };
    return {
      header: '[\n',
      row: (index, at, outcome) => `${index === 0 ? '' : ',\n'}  ${item(index, at, outcome)}`,
      footer: '\n]\n',
    };
  }
  // Widths are fixed before the first row: the varied values are known, result widths are typical ones.
  const textColumns: TextColumn[] = [
    ...variations.map((v) => ({ header: v.field, align: 'right' as const, width: widest(v.values, 0) })),
    ...GRID_RESULT_COLUMNS.map((c) => ({ header: c, align: 'right' as const, width: RESULT_WIDTHS[c] })),
    { header: 'codigoError', align: 'left' },
    { header: 'valorIncorrecto', align: 'left' },
    { header: 'mensaje', align: 'left' },
  ];
  const widths = textColumns.map((c) => Math.max(c.header.length, c.width ?? 0));
  return {
    header: formatHeader(textColumns, widths),
    row: (_index, at, outcome) =>
      formatRow(
        textColumns,
        widths,
        gridCells(variations, at, outcome, lang).map((c) => (c === undefined ? '' : String(c))),
      ),
    footer: '',
  };
}

/**
 * One grid row as cells: the varied values, the key results, the error columns.
 *
 * @example
 * ```ts
 * const terms = defineCatalog('terms', { es: { plazoMinimo: 'El plazo debe ser de al menos un pago' }, en: { plazoMinimo: 'The term must have at least one payment' } });
 * const error = quoteErrorFrom(terms)('ERRESQ004', 'plazoMinimo', 'plazo');
 * gridCells([{ field: 'plazo', values: [0] }], [0], error, 'en');
 * // [0, undefined, undefined, undefined, undefined, 'ERRESQ004', 'plazo', 'The term must have at least one payment']
 * ```
 */
export function gridCells(
  variations: readonly Variation[],
  at: ArrayLike<number>,
  outcome: CreditResult | QuoteError,
  lang: Lang,
): (FieldValue | undefined)[] {
  const cells: (FieldValue | undefined)[] = variations.map((v, i) => v.values[at[i] as number]);
  if (outcome instanceof QuoteError)
    cells.push(undefined, undefined, undefined, undefined, outcome.codigoError, outcome.valorIncorrecto, localizedMessage(outcome, lang));
  else cells.push(outcome.pagoMensual, outcome.totalPagar, outcome.importeInteresTotal, outcome.cat, undefined, undefined, undefined);
  return cells;
}

/**
 * The columns of the grid's xlsx sheet.
 *
 * @example
 * ```ts
 * gridXlsxColumns([{ field: 'plazo', values: [12] }]).map((c) => c.kind);
 * // ['integer', 'amount', 'amount', 'amount', 'tenth', 'text', 'text', 'text']
 * ```
 */
export function gridXlsxColumns(variations: readonly Variation[]): XlsxColumn[] {
  return [
    ...variations.map((v): XlsxColumn => {
      const first = v.values[0];
      const decimal = typeof first === 'string' && /^\d+\.\d{2,}$/.test(first);
      const kind =
        typeof first === 'number' ? 'integer' : decimal ? (v.field === 'tasa' || v.field === 'comisiones' ? 'rate' : 'amount') : 'text';
      return { header: v.field, kind };
    }),
    { header: 'pagoMensual', kind: 'amount' },
    { header: 'totalPagar', kind: 'amount' },
    { header: 'importeInteresTotal', kind: 'amount' },
    { header: 'cat', kind: 'tenth' },
    { header: 'codigoError', kind: 'text' },
    { header: 'valorIncorrecto', kind: 'text' },
    { header: 'mensaje', kind: 'text', width: 40 },
  ];
}
