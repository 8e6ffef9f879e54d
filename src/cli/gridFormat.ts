/**
 * The grid's outputs, shared by the main thread and the workers (which format their own chunks):
 * the grid's column spec (the varied fields, the key results, the error), written as CSV, as the
 * terminal's table and on the Escenarios sheet, and the JSON and JSON lines records. Rows are
 * written straight from the cursor's value indices and the quote: a varied value's cell is
 * prepared once, when the writer is made, and a row is a few concatenations.
 */
import { GRID_ERROR_COLUMNS, GRID_RESULT_COLUMNS, type CsvOptions, type FieldValue, type Variation } from '../entry/analysis.js';
import { localizedMessage, QuoteError, type CreditResult, type Lang } from '../entry/credit.js';
import { csvHeader, csvRowWriter, textTableWriter, type Column } from './columns.js';
import type { XlsxKind } from './xlsx.js';

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

/**
 * One row of the grid as its columns read it: the value index of each variation, and the
 * scenario's quote or its error.
 *
 * @example
 * ```ts
 * const line: GridLine = { at: [1], result: quoteCredit({ ...solicitud, plazo: 24 }), error: undefined };
 * ```
 */
export interface GridLine {
  readonly at: ArrayLike<number>;
  readonly result: CreditResult | undefined;
  readonly error: QuoteError | undefined;
}

/** A scratch line a writer refills for each row (the columns read it at once). */
type ScratchLine = { at: ArrayLike<number>; result: CreditResult | undefined; error: QuoteError | undefined };

/** Typical widths of the results, so the table's widths are fixed before the first row. */
const RESULT_WIDTHS: Readonly<Record<(typeof GRID_RESULT_COLUMNS)[number], number>> = {
  pagoMensual: 11,
  totalPagar: 12,
  importeInteresTotal: 12,
  cat: 5,
};

/** How a sheet types a varied field: by its first value. */
function variedKind(v: Variation): XlsxKind {
  const first = v.values[0];
  if (typeof first === 'number') return 'integer';
  if (typeof first !== 'string' || !/^\d+\.\d{2,}$/.test(first)) return 'text';
  return v.field === 'tasa' || v.field === 'comisiones' ? 'rate' : 'amount';
}

/**
 * The grid's columns for its variations: each varied field, the key results
 * (`GRID_RESULT_COLUMNS`), the error (`GRID_ERROR_COLUMNS`, the message in `lang`).
 *
 * @example
 * ```ts
 * gridColumns([{ field: 'plazo', values: [12, 24] }], 'es').map((c) => c.header).join(',');
 * // 'plazo,pagoMensual,totalPagar,importeInteresTotal,cat,codigoError,valorIncorrecto,mensaje'
 * ```
 */
export function gridColumns(variations: readonly Variation[], lang: Lang): Column<GridLine>[] {
  const varied = variations.map(
    (v, i): Column<GridLine> => ({
      header: v.field,
      cell: (line) => v.values[line.at[i] as number],
      values: v.values,
      valueIndex: (line) => line.at[i] as number,
      align: 'right',
      kind: variedKind(v),
    }),
  );
  const results = GRID_RESULT_COLUMNS.map(
    (key): Column<GridLine> => ({
      header: key,
      cell: (line) => line.result?.[key],
      align: 'right',
      kind: key === 'cat' ? 'tenth' : 'amount',
      width: RESULT_WIDTHS[key],
      // The engine's amounts and CAT are plain decimals: nothing to quote or neutralise.
      plain: true,
    }),
  );
  const [code, field, message] = GRID_ERROR_COLUMNS;
  return [
    ...varied,
    ...results,
    { header: code, cell: (line) => line.error?.codigoError, align: 'left', kind: 'text' },
    { header: field, cell: (line) => line.error?.valorIncorrecto, align: 'left', kind: 'text' },
    {
      header: message,
      cell: (line) => (line.error === undefined ? undefined : localizedMessage(line.error, lang)),
      align: 'left',
      kind: 'text',
      sheetWidth: 40,
    },
  ];
}

/**
 * A grid line for one row (one object per writer, refilled: the columns read it at once).
 *
 * @example
 * ```ts
 * const line = gridLiner();
 * line([0], quoteCredit(solicitud)).result?.pagoMensual; // '10216.91'
 * ```
 */
export function gridLiner(): (at: ArrayLike<number>, outcome: CreditResult | QuoteError) => GridLine {
  const line: ScratchLine = { at: [], result: undefined, error: undefined };
  return (at, outcome) => {
    line.at = at;
    if (outcome instanceof QuoteError) {
      line.result = undefined;
      line.error = outcome;
    } else {
      line.result = outcome;
      line.error = undefined;
    }
    return line;
  };
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
  if (format === 'json' || format === 'jsonl') return jsonWriter(format, variations, lang);
  const columns = gridColumns(variations, lang);
  const liner = gridLiner();
  if (format === 'csv') {
    const line = csvRowWriter(columns, spec.csv);
    return { header: csvHeader(columns, lang, spec.csv), row: (_index, at, outcome) => line(liner(at, outcome)), footer: '' };
  }
  // Widths are fixed before the first row: the varied values are known, result widths are typical ones.
  const table = textTableWriter(columns, lang);
  return { header: table.header, row: (_index, at, outcome) => table.row(liner(at, outcome)), footer: '' };
}

/** The grid as JSON records `{ index, scenario, result | error }`: an array, or one a line. */
function jsonWriter(format: 'json' | 'jsonl', variations: readonly Variation[], lang: Lang): GridWriter {
  // Each varied value's `"field":value`, once.
  const pairs = variations.map((v) => v.values.map((x: FieldValue) => `${JSON.stringify(v.field)}:${JSON.stringify(x)}`));
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
