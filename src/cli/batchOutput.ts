/**
 * What `cotizador batch` writes: the portfolio's column spec (the record's line and id, the key
 * results of its quote, or its error), written as CSV, as the terminal's table and on the Cartera
 * sheet, and the JSON lines records. Rows are added as they are quoted and flushed once per chunk
 * of input, so memory stays flat whatever the portfolio's size.
 */
import type { CsvOptions } from '../entry/analysis.js';
import { localizedMessage, type CreditResult, type Lang, type QuoteError } from '../entry/credit.js';
import { csvHeader, csvRowWriter, sheetOf, textTableWriter, type Column } from './columns.js';
import { BOM } from './common.js';
import { inputError } from './errors.js';
import type { Output } from './io.js';
import { openWorkbook, XLSX_MAX_ROWS, type XlsxKind, type XlsxSheet } from './xlsx.js';

/**
 * The output formats of `batch`.
 *
 * @example
 * ```ts
 * BATCH_FORMATS; // ['csv', 'jsonl', 'xlsx', 'table']
 * ```
 */
export const BATCH_FORMATS = ['csv', 'jsonl', 'xlsx', 'table'] as const;
/** One of {@link BATCH_FORMATS}. */
export type BatchFormat = (typeof BATCH_FORMATS)[number];

/**
 * The results `batch` writes for a quoted record.
 *
 * @example
 * ```ts
 * BATCH_RESULT_COLUMNS[3]; // 'pagoMensual'
 * ```
 */
export const BATCH_RESULT_COLUMNS = [
  'montoSolicitado',
  'plazo',
  'tasa',
  'pagoMensual',
  'totalPagar',
  'importeInteresTotal',
  'impIVAInteresTotal',
  'cat',
] as const satisfies readonly (keyof CreditResult)[];

/**
 * One output record: the input's line, the record's id, and its quote or the error that refused it.
 *
 * @example
 * ```ts
 * const outcome: Outcome = { line: 2, id: 'A-001', result: quoteCredit(solicitud), error: undefined };
 * ```
 */
export interface Outcome {
  readonly line: number;
  readonly id: string | undefined;
  readonly result: CreditResult | undefined;
  readonly error: QuoteError | undefined;
}

/** How a sheet types each result, and the terminal's typical width of it. */
const RESULTS: Readonly<Record<(typeof BATCH_RESULT_COLUMNS)[number], { readonly kind: XlsxKind; readonly width: number }>> = {
  montoSolicitado: { kind: 'amount', width: 12 },
  plazo: { kind: 'integer', width: 5 },
  tasa: { kind: 'rate', width: 6 },
  pagoMensual: { kind: 'amount', width: 12 },
  totalPagar: { kind: 'amount', width: 12 },
  importeInteresTotal: { kind: 'amount', width: 12 },
  impIVAInteresTotal: { kind: 'amount', width: 12 },
  cat: { kind: 'tenth', width: 5 },
};

/**
 * The portfolio's columns: `linea`, `id` (with `--id`), the results, and the error (its message
 * in `lang`). The terminal's widths are fixed, so a row is written as soon as it is quoted and the
 * parts of a sharded run concatenate.
 *
 * @example
 * ```ts
 * batchColumns(true, 'es').map((c) => c.header).join(',');
 * // 'linea,id,montoSolicitado,plazo,tasa,pagoMensual,totalPagar,importeInteresTotal,impIVAInteresTotal,cat,codigoError,valorIncorrecto,mensaje'
 * ```
 */
export function batchColumns(withId: boolean, lang: Lang): Column<Outcome>[] {
  return [
    { header: 'linea', cell: (o) => o.line, align: 'right', kind: 'integer', width: 6, plain: true },
    ...(withId ? [{ header: 'id', cell: (o: Outcome) => o.id, align: 'left', kind: 'text', width: 12 } as const] : []),
    ...BATCH_RESULT_COLUMNS.map(
      (key): Column<Outcome> => ({
        header: key,
        cell: (o) => o.result?.[key],
        align: 'right',
        kind: RESULTS[key].kind,
        width: RESULTS[key].width,
        // The engine's amounts, term, rate and CAT are plain decimals: nothing to quote or neutralise.
        plain: true,
      }),
    ),
    { header: 'codigoError', cell: (o) => o.error?.codigoError, align: 'left', kind: 'text' },
    { header: 'valorIncorrecto', cell: (o) => o.error?.valorIncorrecto, align: 'left', kind: 'text', sheetWidth: 24 },
    {
      header: 'mensaje',
      cell: (o) => (o.error === undefined ? undefined : localizedMessage(o.error, lang)),
      align: 'left',
      kind: 'text',
      sheetWidth: 48,
    },
  ];
}

/** A writer of output records: rows are added as they are quoted and flushed once per chunk of input. */
export interface BatchWriter {
  /** The header (only the first part of a sharded run writes it). */
  start(first: boolean): Promise<void>;
  row(outcome: Outcome): void;
  flush(): Promise<void>;
  end(): Promise<void>;
}

/** How a batch writer writes. */
export interface BatchWriterOptions {
  readonly format: BatchFormat;
  readonly withId: boolean;
  readonly lang: Lang;
  readonly csv: CsvOptions;
  readonly bom: boolean;
}

/**
 * What the first part of a run writes before its records (a sharded run's later parts write
 * nothing): the CSV header (after the BOM of `--bom`), the table's header, nothing for JSON lines.
 *
 * @example
 * ```ts
 * batchHeader({ format: 'jsonl', withId: false, lang: 'es', csv: {}, bom: false }); // ''
 * batchHeader({ format: 'csv', withId: true, lang: 'es', csv: {}, bom: false }).startsWith('linea,id,'); // true
 * ```
 */
export function batchHeader(options: BatchWriterOptions): string {
  const { format, withId, lang } = options;
  if (format === 'jsonl' || format === 'xlsx') return '';
  const columns = batchColumns(withId, lang);
  if (format === 'csv') return (options.bom ? BOM : '') + csvHeader(columns, lang, options.csv);
  return textTableWriter(columns, lang).header;
}

/**
 * The writer of a format, writing to `out`.
 *
 * @example
 * ```ts
 * import { openOutput } from './io.js';
 * const out = openOutput('cartera-cotizada.csv');
 * const writer = await batchWriter(out, { format: 'csv', withId: false, lang: 'es', csv: {}, bom: false });
 * await writer.start(true);
 * writer.row({ line: 2, id: undefined, result: quoteCredit(solicitud), error: undefined });
 * await writer.end();
 * await out.end();
 * ```
 */
export async function batchWriter(out: Output, options: BatchWriterOptions): Promise<BatchWriter> {
  const { format, withId, lang } = options;
  if (format === 'xlsx') return xlsxWriter(out, batchColumns(withId, lang), lang);
  let text = '';
  const flush = async (): Promise<void> => {
    const chunk = text;
    text = '';
    await out.write(chunk);
  };
  if (format === 'jsonl') {
    return {
      start: async () => {},
      row: (o) => {
        text += `${jsonRecord(o, withId, lang)}\n`;
      },
      flush,
      end: flush,
    };
  }
  const columns = batchColumns(withId, lang);
  const header = batchHeader(options);
  if (format === 'csv') {
    const line = csvRowWriter(columns, options.csv);
    return {
      start: (first) => out.write(first ? header : ''),
      row: (o) => {
        text += line(o);
      },
      flush,
      end: flush,
    };
  }
  const table = textTableWriter(columns, lang);
  return {
    start: (first) => out.write(first ? header : ''),
    row: (o) => {
      text += table.row(o);
    },
    flush,
    end: flush,
  };
}

/** One record as a JSON line: `{ linea, id?, resultado | error }`. */
function jsonRecord(o: Outcome, withId: boolean, lang: Lang): string {
  const head = { linea: o.line, ...(withId ? { id: o.id ?? null } : {}) };
  const body =
    o.error !== undefined
      ? { error: { codigoError: o.error.codigoError, valorIncorrecto: o.error.valorIncorrecto, mensaje: localizedMessage(o.error, lang) } }
      : { resultado: Object.fromEntries(BATCH_RESULT_COLUMNS.map((c) => [c, (o.result as CreditResult)[c]])) };
  return JSON.stringify({ ...head, ...body });
}

async function xlsxWriter(out: Output, columns: readonly Column<Outcome>[], lang: Lang): Promise<BatchWriter> {
  const book = await openWorkbook(out);
  const spec = sheetOf(columns, lang);
  let sheet: XlsxSheet | undefined;
  let rows = 0;
  return {
    async start() {
      sheet = book.addSheet('Cartera', spec.columns);
    },
    row(o) {
      if (++rows > XLSX_MAX_ROWS) throw inputError('filasXlsxExceden', { count: `> ${XLSX_MAX_ROWS}`, limit: XLSX_MAX_ROWS });
      sheet?.addRow(spec.row(o));
    },
    // Let the workbook's stream drain once per chunk of input: memory stays flat.
    flush: () => book.drain(),
    end: () => book.end(),
  };
}
