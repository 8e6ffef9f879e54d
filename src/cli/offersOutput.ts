/**
 * What `compare` and `afford` share: each offer's label, the error columns of an offer the engine
 * refuses, writing one column spec as CSV, a terminal table or an xlsx sheet, the lines that
 * describe the refused offers under a table, and the chart of the offers' balances (SVG).
 */
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { balanceChartSvg, type CsvOptions } from '../entry/analysis.js';
import { localizedMessage, type CreditResult, type Lang, type QuoteError } from '../entry/credit.js';
import { csvDocument, sheetOf, textTable, type Column } from './columns.js';
import { BOM } from './common.js';
import { CliError } from './errors.js';
import type { Output } from './io.js';
import { cliMessage, cliText, ioReason } from './messages.js';
import { describeQuoteError } from './quoteError.js';
import { openWorkbook } from './xlsx.js';

/**
 * Each file's label: its `--label` in the files' order, else the file's name (`stdin` for `-`).
 *
 * @example
 * ```ts
 * offerLabels(['a/x.json', '-', 'y.json'], ['Banco A']); // ['Banco A', 'stdin', 'y.json']
 * ```
 */
export function offerLabels(files: readonly string[], labels: readonly string[]): string[] {
  return files.map((file, i) => labels[i] ?? (file === '-' ? 'stdin' : basename(file)));
}

/**
 * The three columns of an offer the engine refuses (CSV and xlsx): its code, its field and its
 * message in `lang`; empty for an offer that is quoted.
 *
 * @example
 * ```ts
 * const columns = errorColumns<{ error?: QuoteError }>((row) => row.error, 'en');
 * columns.map((c) => c.header); // ['codigoError', 'valorIncorrecto', 'mensaje']
 * ```
 */
export function errorColumns<Row>(errorOf: (row: Row) => QuoteError | undefined, lang: Lang): Column<Row>[] {
  const formats = ['csv', 'xlsx'] as const;
  return [
    { header: 'codigoError', cell: (row) => errorOf(row)?.codigoError, align: 'left', kind: 'text', formats },
    { header: 'valorIncorrecto', cell: (row) => errorOf(row)?.valorIncorrecto, align: 'left', kind: 'text', formats },
    {
      header: 'mensaje',
      cell: (row) => {
        const error = errorOf(row);
        return error === undefined ? undefined : localizedMessage(error, lang);
      },
      align: 'left',
      kind: 'text',
      sheetWidth: 40,
      formats,
    },
  ];
}

/**
 * Under a terminal table: one line per refused offer ("label: field 'x': CODE message"), after a
 * heading; nothing when every offer was quoted.
 *
 * @example
 * ```ts
 * refusedLines([], 'es'); // ''
 * ```
 */
export function refusedLines(refused: readonly { readonly label: string; readonly error: QuoteError }[], lang: Lang): string {
  if (refused.length === 0) return '';
  const lines = refused.map((r) => `  ${describeQuoteError(r.label, r.error, lang)}\n`).join('');
  return `\n${cliText('ofertasRechazadas', lang)}\n${lines}`;
}

/** How {@link writeRows} writes a format. */
export interface RowsOutput<Row> {
  readonly format: 'table' | 'csv' | 'xlsx';
  readonly columns: readonly Column<Row>[];
  readonly rows: readonly Row[];
  /** The xlsx sheet's name. */
  readonly sheet: string;
  readonly lang: Lang;
  readonly bom: boolean;
  readonly csv: CsvOptions;
  /** Text before the terminal's table (a title) and after it (the refused offers). */
  readonly head?: string;
  readonly tail?: string;
}

/**
 * Writes the rows through one column spec: CSV (with a BOM on `--bom`), the terminal's table
 * (between its head and tail) or a one-sheet workbook.
 *
 * @example
 * ```ts
 * import { openOutput } from './io.js';
 * const out = openOutput('rows.csv');
 * await writeRows(out, { format: 'csv', columns: [{ header: 'n', cell: (r: { n: number }) => r.n, align: 'right', kind: 'integer' }],
 *   rows: [{ n: 1 }], sheet: 'Filas', lang: 'es', bom: false, csv: {} });
 * await out.end();
 * ```
 */
export async function writeRows<Row>(out: Output, spec: RowsOutput<Row>): Promise<void> {
  if (spec.format === 'xlsx') {
    const book = await openWorkbook(out);
    const sheet = sheetOf(spec.columns, spec.lang);
    const rows = book.addSheet(spec.sheet, sheet.columns);
    for (const row of spec.rows) rows.addRow(sheet.row(row));
    await book.end();
  } else if (spec.format === 'csv') {
    await out.write((spec.bom ? BOM : '') + csvDocument(spec.columns, spec.rows, spec.lang, spec.csv));
  } else {
    await out.write((spec.head ?? '') + textTable(spec.columns, spec.rows, spec.lang) + (spec.tail ?? ''));
  }
}

/**
 * Writes the chart of the offers' balances (one line per quote, each quoted with its table) to
 * `file`; a failed write is the CLI's error naming the file.
 *
 * @example
 * ```ts
 * writeBalanceChart('balances.svg', [{ label: 'A', result: quoteCredit(solicitud) }], 'es');
 * ```
 */
export function writeBalanceChart(
  file: string,
  quotes: readonly { readonly label: string; readonly result: CreditResult }[],
  lang: Lang,
): void {
  const svg = balanceChartSvg(quotes, { lang });
  try {
    writeFileSync(file, svg);
  } catch (error) {
    throw new CliError(cliMessage('noSePuedeEscribir', { file, reason: ioReason(error) }));
  }
}
