/** The grid's output formats, shared by the main thread and the workers (which format their own chunks). */
import { gridRecord, GRID_ERROR_COLUMNS, GRID_RESULT_COLUMNS, type GridSummary, type Variation } from '../analysis/grid.js';
import { csvLine } from '../analysis/csv.js';
import { formatHeader, formatRow, type TextColumn } from './text.js';

/** The formats of `cotizador grid`. */
export const GRID_FORMATS = ['csv', 'table', 'json'] as const;
/** One of {@link GRID_FORMATS}. */
export type GridFormat = (typeof GRID_FORMATS)[number];

/** Text of the grid's output: a header, one piece per row, a footer. */
export interface GridWriter {
  readonly header: string;
  row(summary: GridSummary): string;
  readonly footer: string;
}

const RESULT_WIDTHS: Readonly<Record<(typeof GRID_RESULT_COLUMNS)[number], number>> = {
  pagoMensual: 11,
  totalPagar: 12,
  importeInteresTotal: 12,
  cat: 5,
};

/**
 * The writer for `format`; rows are formatted independently, so any thread can format any row.
 *
 * @example
 * ```ts
 * const writer = gridWriter('csv', [{ field: 'plazo', values: [12, 24] }]);
 * writer.header; // 'plazo,pagoMensual,totalPagar,importeInteresTotal,cat,codigoError,valorIncorrecto,mensaje\r\n'
 * ```
 */
export function gridWriter(format: GridFormat, variations: readonly Variation[]): GridWriter {
  const fields = variations.map((v) => v.field);
  const columns = [...fields, ...GRID_RESULT_COLUMNS, ...GRID_ERROR_COLUMNS];
  if (format === 'csv') {
    return { header: csvLine(columns), row: (s) => csvLine(columns.map((c) => gridRecord(s)[c])), footer: '' };
  }
  if (format === 'json') {
    return {
      header: '[\n',
      row: (s) => {
        const { index, scenario, error, ...result } = s;
        const item = error === undefined ? { index, scenario, result } : { index, scenario, error };
        return `${s.index === 0 ? '' : ',\n'}  ${JSON.stringify(item)}`;
      },
      footer: '\n]\n',
    };
  }
  // Widths are fixed before the first row: the varied values are known, result widths are typical ones.
  const textColumns: TextColumn[] = [
    ...variations.map((v) => ({ header: v.field, align: 'right' as const, width: Math.max(...v.values.map((x) => String(x).length)) })),
    ...GRID_RESULT_COLUMNS.map((c) => ({ header: c, align: 'right' as const, width: RESULT_WIDTHS[c] })),
    { header: 'codigoError', align: 'left' },
    { header: 'valorIncorrecto', align: 'left' },
    { header: 'mensaje', align: 'left' },
  ];
  const widths = textColumns.map((c) => Math.max(c.header.length, c.width ?? 0));
  return {
    header: formatHeader(textColumns, widths),
    row: (s) => {
      const record = gridRecord(s);
      return formatRow(
        textColumns,
        widths,
        columns.map((c) => (record[c] === undefined ? '' : String(record[c]))),
      );
    },
    footer: '',
  };
}
