/**
 * Excel workbooks (`--format xlsx`), written as a stream with exceljs, loaded only when a command
 * asks for xlsx (a dynamic import: no other run pays for it). Amounts are numbers with a
 * two-decimal format, built from the engine's decimal text: `Number(text)` of a decimal of at
 * most 15 significant digits is the double nearest to it, and that double's shortest decimal
 * form (what exceljs writes into the sheet's XML) is the same decimal, so no cent can move; an
 * amount of 16 or more digits is written as text rather than risk it. Dates are dates (serial
 * days with a date format), the header row is frozen, columns have widths.
 */
import { Writable } from 'node:stream';
import { parseIsoDate } from '../entry/credit.js';
import type { Output } from './io.js';

/**
 * How a column's cells are written.
 *
 * @example
 * ```ts
 * const kind: XlsxKind = 'amount'; // a number shown as #,##0.00
 * ```
 */
export type XlsxKind = 'text' | 'integer' | 'amount' | 'rate' | 'tenth' | 'date' | 'dmyDate';

/**
 * A column of a sheet.
 *
 * @example
 * ```ts
 * const column: XlsxColumn = { header: 'pagoMensual', kind: 'amount' };
 * ```
 */
export interface XlsxColumn {
  readonly header: string;
  readonly kind: XlsxKind;
  /** Width in characters (default: from the kind and the header). */
  readonly width?: number;
}

const FORMATS: Readonly<Record<XlsxKind, string | undefined>> = {
  text: undefined,
  integer: '0',
  amount: '#,##0.00',
  rate: '0.00####',
  tenth: '0.0',
  date: 'yyyy-mm-dd',
  dmyDate: 'dd/mm/yyyy',
};

const WIDTHS: Readonly<Record<XlsxKind, number>> = { text: 14, integer: 8, amount: 15, rate: 9, tenth: 7, date: 12, dmyDate: 12 };

/**
 * The most data rows a sheet holds (Excel's 1,048,576 rows, less the header).
 *
 * @example
 * ```ts
 * XLSX_MAX_ROWS; // 1048575
 * ```
 */
export const XLSX_MAX_ROWS = 1_048_575;

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
/** Bytes a sheet's compressor may hold before a writer waits for it ({@link XlsxBook.drain}). */
const PENDING_BYTES = 1024 * 1024;
const EPOCH_1970 = parseIsoDate('1970-01-01') as number;

/**
 * A decimal text as the number a cell holds, when that number's shortest form is the same
 * decimal (at most 15 significant digits); else `undefined` (write the text).
 *
 * @example
 * ```ts
 * exactNumber('10216.91'); // 10216.91
 * exactNumber('10216.90'); // 10216.9
 * exactNumber('90071992547409.91'); // undefined (16 significant digits)
 * exactNumber('abc'); // undefined
 * ```
 */
export function exactNumber(text: string): number | undefined {
  if (!PLAIN_DECIMAL.test(text)) return undefined;
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  if (digits.length > 15) return undefined;
  return Number(text);
}

/**
 * Excel's serial day of a date (days since 1899-12-30; valid from 1900-03-01 on).
 *
 * @example
 * ```ts
 * excelSerial('2026-01-31'); // 46053
 * excelSerial('1970-01-01'); // 25569
 * ```
 */
export function excelSerial(isoDate: string): number | undefined {
  const day = parseIsoDate(isoDate);
  return day === undefined ? undefined : day - EPOCH_1970 + 25569;
}

/**
 * A cell's value for its column's kind: numbers and dates from text when exact, the text otherwise.
 *
 * @example
 * ```ts
 * cellValue('amount', '10216.91'); // 10216.91
 * cellValue('dmyDate', '01/02/2026'); // 46054
 * cellValue('date', ''); // undefined
 * cellValue('text', '=1+1'); // '=1+1' (a string cell: never a formula)
 * ```
 */
export function cellValue(kind: XlsxKind, value: string | number | boolean | undefined): string | number | boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || kind === 'text') return value;
  if (kind === 'date' || kind === 'dmyDate') {
    const iso = kind === 'date' ? value : value.replace(/^(\d{2})\/(\d{2})\/(\d{4})$/, '$3-$2-$1');
    return excelSerial(iso) ?? value;
  }
  return exactNumber(value) ?? value;
}

/**
 * A cell as a row gives it: a value written as its column's kind, or a value with its own kind.
 *
 * @example
 * ```ts
 * const cells: XlsxCell[] = ['pagoMensual', { kind: 'amount', value: '10216.91' }];
 * ```
 */
export type XlsxCell =
  | string
  | number
  | boolean
  | undefined
  | { readonly kind: XlsxKind; readonly value: string | number | boolean | undefined };

/** A sheet being written: rows go out as they are added. */
export interface XlsxSheet {
  addRow(cells: readonly XlsxCell[]): void;
}

/** A workbook being written to an output. */
export interface XlsxBook {
  addSheet(name: string, columns: readonly XlsxColumn[]): XlsxSheet;
  /**
   * Waits until the rows added so far are mostly compressed and written. exceljs's sheet stream
   * pushes rows into the zip's compressor without backpressure, so a writer that adds rows faster
   * than zlib compresses them would hold them all; waiting while the compressor holds more than a
   * few MiB keeps memory flat.
   */
  drain(): Promise<void>;
  /** Finishes the workbook and waits until its last byte is written. */
  end(): Promise<void>;
}

interface ExcelRow {
  getCell(column: number): { numFmt: string };
  commit(): void;
}
interface ExcelSheet {
  columns: unknown;
  /** exceljs's StreamBuf of the sheet: where rows go, piped into the zip's compressor. */
  readonly stream?: {
    readonly pipes?: readonly {
      readonly _writableState?: { readonly length: number };
      readonly _readableState?: { readonly length: number };
    }[];
  };
  addRow(values: unknown[]): ExcelRow;
  commit(): void;
}
interface ExcelWriter {
  addWorksheet(name: string, options: unknown): ExcelSheet;
  commit(): Promise<void>;
}
interface ExcelModule {
  stream: { xlsx: { WorkbookWriter: new (options: unknown) => ExcelWriter } };
}

/**
 * Starts a workbook written to `out` as it grows (exceljs's streaming writer; loaded now).
 *
 * @example
 * ```ts
 * import { openOutput } from './io.js';
 * const out = openOutput('book.xlsx');
 * const book = await openWorkbook(out);
 * book.addSheet('Resumen', [{ header: 'campo', kind: 'text' }, { header: 'valor', kind: 'amount' }]).addRow(['pagoMensual', '10216.91']);
 * await book.end();
 * await out.end();
 * ```
 */
export async function openWorkbook(out: Output): Promise<XlsxBook> {
  const imported = (await import('exceljs')) as unknown as { default?: ExcelModule } & ExcelModule;
  const excel = imported.default ?? imported;
  let failure: unknown;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.write(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length)).then(
        () => done(),
        (error: unknown) => {
          failure ??= error;
          done(error as Error);
        },
      );
    },
  });
  const writer = new excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  const sheets: ExcelSheet[] = [];
  return {
    addSheet(name, columns) {
      const sheet = writer.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((c) => ({
        header: c.header,
        width: c.width ?? Math.max(WIDTHS[c.kind], c.header.length + 2),
        ...(FORMATS[c.kind] === undefined ? {} : { style: { numFmt: FORMATS[c.kind] } }),
      }));
      sheets.push(sheet);
      return {
        addRow(cells) {
          let own: [number, XlsxKind][] | undefined;
          const values = cells.map((cell, i) => {
            if (typeof cell !== 'object') return cellValue(columns[i]?.kind ?? 'text', cell);
            own = own ?? [];
            own.push([i, cell.kind]);
            return cellValue(cell.kind, cell.value);
          });
          const row = sheet.addRow(values);
          for (const [i, kind] of own ?? []) {
            const format = FORMATS[kind];
            if (format !== undefined) row.getCell(i + 1).numFmt = format;
          }
          row.commit();
        },
      };
    },
    async drain() {
      await new Promise((resolve) => setImmediate(resolve));
      // What each sheet's stream has handed to the zip and the zip has not yet taken (archiver's
      // readable-stream PassThrough: its buffered lengths): wait, turn by turn, while it is more
      // than a few MiB, so rows are compressed and written about as fast as they are added.
      const pending = (): number => {
        let bytes = 0;
        for (const sheet of sheets) {
          for (const pipe of sheet.stream?.pipes ?? []) bytes += (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0);
        }
        return bytes;
      };
      while (pending() > PENDING_BYTES) await new Promise((resolve) => setTimeout(resolve, 0));
    },
    async end() {
      for (const sheet of sheets) sheet.commit();
      try {
        await writer.commit();
      } catch (error) {
        throw failure ?? error;
      }
      if (failure !== undefined) throw failure;
    },
  };
}
