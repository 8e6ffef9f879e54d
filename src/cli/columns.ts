/**
 * Column specs: each tabular output of the CLI declares its columns once (the header, how to read
 * a row's cell, how the terminal aligns it, how a sheet types it), and CSV, the terminal's table and
 * the xlsx sheet are all written from that one list. A header is a name of the interface (the same
 * in every language) or a message of the CLI's catalog, rendered in the run's language.
 */
import { csvField, csvLine, type CsvOptions } from '../entry/analysis.js';
import { renderMessage, type Lang, type MessageRef } from '../entry/common.js';
import { formatHeader, formatRow, renderTable, type TextColumn } from './text.js';
import type { XlsxCell, XlsxColumn, XlsxKind } from './xlsx.js';

/**
 * A cell's value (`undefined`: an empty cell).
 *
 * @example
 * ```ts
 * const cells: Cell[] = ['10216.91', 36, true, undefined];
 * ```
 */
export type Cell = string | number | boolean | undefined;

/**
 * The tabular formats a column spec is written in.
 *
 * @example
 * ```ts
 * const format: ColumnFormat = 'xlsx';
 * ```
 */
export type ColumnFormat = 'csv' | 'table' | 'xlsx';

/**
 * One column of an output: its header, its cell in a row, and how each format writes it.
 *
 * @example
 * ```ts
 * const payment: Column<CreditResult> = { header: 'pagoMensual', cell: (r) => r.pagoMensual, align: 'right', kind: 'amount', plain: true };
 * ```
 */
export interface Column<Row> {
  /** A name of the interface (the same in every language) or a message of the CLI's catalog. */
  readonly header: string | MessageRef;
  /** The terminal table's header, when shorter than the data's (`fecha` for `fechaAmortizacion`). */
  readonly tableHeader?: string;
  /** The row's cell. */
  readonly cell: (row: Row) => Cell;
  /** How the terminal's table aligns the column. */
  readonly align: 'left' | 'right';
  /** How a sheet writes the column's cells. */
  readonly kind: XlsxKind;
  /** The kind of this row's cell, when it is not the column's (a sheet of field and value pairs). */
  readonly kindOf?: (row: Row) => XlsxKind;
  /** The table's minimum width (a table written row by row, before every cell is known). */
  readonly width?: number;
  /** The sheet's width in characters (default: from the kind and the header). */
  readonly sheetWidth?: number;
  /** The cell is always plain decimal or integer text (the engines' amounts, rates, terms): CSV writes it as it is. */
  readonly plain?: boolean;
  /** Every value the column takes, when known before the first row (a grid's varied field): writers prepare each one's text once. */
  readonly values?: readonly Cell[];
  /** Which of `values` a row has (with `values`). */
  readonly valueIndex?: (row: Row) => number;
  /** The formats that show the column (default: every one). */
  readonly formats?: readonly ColumnFormat[];
}

/**
 * The columns a format shows.
 *
 * @example
 * ```ts
 * const columns: Column<{ n: number }>[] = [
 *   { header: '#', cell: (r) => r.n, align: 'right', kind: 'integer', formats: ['table'] },
 *   { header: 'n', cell: (r) => r.n, align: 'right', kind: 'integer' },
 * ];
 * columnsOf(columns, 'csv').length; // 1
 * ```
 */
export function columnsOf<Row>(columns: readonly Column<Row>[], format: ColumnFormat): Column<Row>[] {
  return columns.filter((c) => c.formats === undefined || c.formats.includes(format));
}

/**
 * A column's header in `lang`.
 *
 * @example
 * ```ts
 * import { cliMessage } from './messages.js';
 * headerOf({ header: cliMessage('medida'), cell: () => '', align: 'left', kind: 'text' }, 'en'); // 'measure'
 * ```
 */
export function headerOf(column: Column<never>, lang: Lang): string {
  return typeof column.header === 'string' ? column.header : renderMessage(column.header, lang);
}

/** A cell as the terminal shows it. */
function cellText(cell: Cell): string {
  return cell === undefined ? '' : String(cell);
}

/**
 * The CSV header line of the columns CSV shows.
 *
 * @example
 * ```ts
 * csvHeader([{ header: 'plazo', cell: () => 36, align: 'right', kind: 'integer' }], 'es'); // 'plazo\r\n'
 * ```
 */
export function csvHeader<Row>(columns: readonly Column<Row>[], lang: Lang, csv?: CsvOptions): string {
  return csvLine(
    columnsOf(columns, 'csv').map((c) => headerOf(c, lang)),
    csv,
  );
}

/**
 * A writer of one CSV line per row, made once for an output: each column's way to its text chosen
 * ahead (a value of `values` prepared once, plain text as it is, anything else quoted and
 * neutralised as `csv` says), so a row costs a few concatenations.
 *
 * @example
 * ```ts
 * const line = csvRowWriter<{ n: number; name: string }>([
 *   { header: 'n', cell: (r) => r.n, align: 'right', kind: 'integer', plain: true },
 *   { header: 'name', cell: (r) => r.name, align: 'left', kind: 'text' },
 * ], { neutralizeFormulas: true });
 * line({ n: 1, name: '=1+1' }); // "1,'=1+1\r\n"
 * ```
 */
export function csvRowWriter<Row>(columns: readonly Column<Row>[], csv?: CsvOptions): (row: Row) => string {
  const parts = columnsOf(columns, 'csv').map((c): ((row: Row) => string) => {
    if (c.values !== undefined && c.valueIndex !== undefined) {
      const texts = c.values.map((v) => csvField(v, csv));
      const index = c.valueIndex;
      return (row) => texts[index(row)] as string;
    }
    const cell = c.cell;
    return c.plain === true ? (row) => cellText(cell(row)) : (row) => csvField(cell(row), csv);
  });
  const first = parts[0];
  if (first === undefined) return () => '\r\n';
  return (row) => {
    let line = first(row);
    for (let i = 1; i < parts.length; i++) line += `,${(parts[i] as (row: Row) => string)(row)}`;
    return `${line}\r\n`;
  };
}

/**
 * A whole CSV document: the header and one line per row.
 *
 * @example
 * ```ts
 * csvDocument([{ header: 'plazo', cell: (r: { plazo: number }) => r.plazo, align: 'right', kind: 'integer' }], [{ plazo: 12 }, { plazo: 24 }], 'es');
 * // 'plazo\r\n12\r\n24\r\n'
 * ```
 */
export function csvDocument<Row>(columns: readonly Column<Row>[], rows: Iterable<Row>, lang: Lang, csv?: CsvOptions): string {
  const line = csvRowWriter(columns, csv);
  let text = csvHeader(columns, lang, csv);
  for (const row of rows) text += line(row);
  return text;
}

function textColumnsOf<Row>(columns: readonly Column<Row>[], lang: Lang): TextColumn[] {
  return columns.map((c) => {
    let width = c.width ?? 0;
    for (const v of c.values ?? []) width = Math.max(width, cellText(v).length);
    return { header: c.tableHeader ?? headerOf(c, lang), align: c.align, width };
  });
}

/**
 * A whole terminal table of the rows: each column as wide as its widest cell.
 *
 * @example
 * ```ts
 * textTable([{ header: 'plazo', cell: (r: { plazo: number }) => r.plazo, align: 'right', kind: 'integer' }], [{ plazo: 12 }, { plazo: 240 }], 'es');
 * // 'plazo\n-----\n   12\n  240\n'
 * ```
 */
export function textTable<Row>(columns: readonly Column<Row>[], rows: readonly Row[], lang: Lang): string {
  const shown = columnsOf(columns, 'table');
  return renderTable(
    textColumnsOf(shown, lang),
    rows.map((row) => shown.map((c) => cellText(c.cell(row)))),
  );
}

/**
 * A terminal table written row by row (a stream of rows, or parts of one run concatenated): the
 * widths fixed before the first row, from the headers, the columns' minimum widths and their
 * known values.
 *
 * @example
 * ```ts
 * const table = textTableWriter([{ header: 'n', cell: (r: { n: number }) => r.n, align: 'right', kind: 'integer', width: 3 }], 'es');
 * table.header + table.row({ n: 7 }); // '  n\n---\n  7\n'
 * ```
 */
export function textTableWriter<Row>(columns: readonly Column<Row>[], lang: Lang): { readonly header: string; row(row: Row): string } {
  const shown = columnsOf(columns, 'table');
  const text = textColumnsOf(shown, lang);
  const widths = text.map((c) => Math.max(c.header.length, c.width ?? 0));
  return {
    header: formatHeader(text, widths),
    row: (row) =>
      formatRow(
        text,
        widths,
        shown.map((c) => cellText(c.cell(row))),
      ),
  };
}

/**
 * An xlsx sheet's columns, and a row's cells on it (a cell of its own kind where the column says so).
 *
 * @example
 * ```ts
 * const sheet = sheetOf([{ header: 'valor', cell: (r: { v: string }) => r.v, align: 'right', kind: 'text', kindOf: () => 'amount', sheetWidth: 16 }], 'es');
 * sheet.columns; // [{ header: 'valor', kind: 'text', width: 16 }]
 * sheet.row({ v: '1.50' }); // [{ kind: 'amount', value: '1.50' }]
 * ```
 */
export function sheetOf<Row>(columns: readonly Column<Row>[], lang: Lang): { readonly columns: XlsxColumn[]; row(row: Row): XlsxCell[] } {
  const shown = columnsOf(columns, 'xlsx');
  return {
    columns: shown.map((c) => ({
      header: headerOf(c, lang),
      kind: c.kind,
      ...(c.sheetWidth === undefined ? {} : { width: c.sheetWidth }),
    })),
    row: (row) => shown.map((c) => (c.kindOf === undefined ? c.cell(row) : { kind: c.kindOf(row), value: c.cell(row) })),
  };
}
