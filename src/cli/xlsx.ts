/**
 * Excel workbooks (`--format xlsx`): SpreadsheetML (ECMA-376) written here, row by row, into a
 * zip archive (`./zip.ts`, deflated by node:zlib), so a sheet of a million rows streams in flat
 * memory and the package needs no spreadsheet library (docs/install.md). Amounts are numbers with
 * a two-decimal format, built from the engine's decimal text: `Number(text)` of a decimal of at
 * most 15 significant digits is the double nearest to it, and that double's shortest decimal
 * form (what is written into the sheet's XML) is the same decimal, so no cent can move; an amount
 * of 16 or more digits is written as text rather than risk it. Dates are dates (serial days with
 * a date format), the header row is frozen, columns have widths. Text is inline (no shared
 * strings table to hold), escaped for XML.
 */
import { parseIsoDate } from '../entry/credit.js';
import type { Output } from './io.js';
import { ZipWriter } from './zip.js';

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

/**
 * Each kind's cell style (its index in the styles part's `cellXfs`) and number format: Excel's
 * built-in formats by id (1 is `0`, 4 is `#,##0.00`), the others declared from id 164 on.
 */
const STYLES: Readonly<Record<XlsxKind, { readonly index: number; readonly numFmtId: number; readonly code?: string }>> = {
  text: { index: 0, numFmtId: 0 },
  integer: { index: 1, numFmtId: 1 },
  amount: { index: 2, numFmtId: 4 },
  rate: { index: 3, numFmtId: 164, code: '0.00####' },
  tenth: { index: 4, numFmtId: 165, code: '0.0' },
  date: { index: 5, numFmtId: 166, code: 'yyyy-mm-dd' },
  dmyDate: { index: 6, numFmtId: 167, code: 'dd/mm/yyyy' },
};
const KINDS = Object.keys(STYLES) as XlsxKind[];

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
/** XML text gathered before it is deflated (a few hundred KiB deflate well and stay small in memory). */
const BLOCK_CHARS = 256 * 1024;
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
  if (!PLAIN_DECIMAL.test(text) || significantDigits(text) > 15) return undefined;
  return Number(text);
}

/**
 * The digits of a plain decimal from its first non-zero digit to its last one, counted in one
 * pass (trimming the zeros with `/0+$/` is quadratic on a long run of zeros that does not end
 * the text, like `1.000…0001`).
 */
function significantDigits(text: string): number {
  let digits = 0;
  let first = -1;
  let last = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) continue;
    if (code !== 48) {
      if (first < 0) first = digits;
      last = digits;
    }
    digits++;
  }
  return first < 0 ? 0 : last - first + 1;
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
  /** Starts a sheet after the last one, which is finished: rows are added to the newest sheet. */
  addSheet(name: string, columns: readonly XlsxColumn[]): XlsxSheet;
  /** Waits until what the rows added so far compressed to is written: memory stays flat. */
  drain(): Promise<void>;
  /** Finishes the workbook and waits until its last byte is written. */
  end(): Promise<void>;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

/**
 * Text as XML character data: markup escaped, and what XML 1.0 cannot hold (control characters,
 * U+FFFE, U+FFFF) written as Excel's `_xHHHH_` escape, a literal `_xHHHH_` escaped itself so it
 * reads back as written.
 *
 * @example
 * ```ts
 * xmlText('a < b & "c"'); // 'a &lt; b &amp; "c"'
 * xmlText('bell\u0007'); // 'bell_x0007_'
 * xmlText('_x0041_'); // '_x005F_x0041_'
 * ```
 */
export function xmlText(text: string): string {
  return text
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1')
    .replace(/[\p{Cc}\uFFFE\uFFFF]/gu, (c) => {
      const code = c.charCodeAt(0);
      // Tab, line feed, carriage return and the C1 controls (U+007F to U+009F) are legal XML.
      return code === 9 || code === 10 || code === 13 || (code >= 0x7f && code <= 0x9f)
        ? c
        : `_x${code.toString(16).toUpperCase().padStart(4, '0')}_`;
    })
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** An attribute's value in double quotes. */
function xmlAttribute(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;');
}

/**
 * A column's letters (1 is A, 27 is AA).
 *
 * @example
 * ```ts
 * columnName(1); // 'A'
 * columnName(28); // 'AB'
 * ```
 */
export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One cell's XML (nothing for an empty cell): a number, a boolean or inline text, with its style. */
function cellXml(ref: string, value: string | number | boolean | undefined, style: number): string {
  if (value === undefined) return '';
  const s = style === 0 ? '' : ` s="${style}"`;
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : cellXml(ref, String(value), style);
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  const space = /^\s|\s$/.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

/** The styles part: one cell style per kind ({@link STYLES}), Calibri 11 as Excel's default. */
function stylesXml(): string {
  const custom = KINDS.map((kind) => STYLES[kind]).filter((style) => style.code !== undefined);
  const formats = custom.map((style) => `<numFmt numFmtId="${style.numFmtId}" formatCode="${xmlAttribute(style.code ?? '')}"/>`).join('');
  const xfs = KINDS.map((kind) => {
    const id = STYLES[kind].numFmtId;
    return `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0"${id === 0 ? '' : ' applyNumberFormat="1"'}/>`;
  }).join('');
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><numFmts count="${custom.length}">${formats}</numFmts>` +
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${KINDS.length}">${xfs}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

/** The parts that name the sheets, written once every sheet is known. */
function packageParts(sheets: readonly string[]): [string, string][] {
  const sheetPart = (i: number): string => `worksheets/sheet${i + 1}.xml`;
  const sheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';
  return [
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>` +
        sheets.map((name, i) => `<sheet name="${xmlAttribute(name)}" sheetId="${i + 1}" r:id="rId${i + 2}"/>`).join('') +
        '</sheets></workbook>',
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/styles" Target="styles.xml"/>` +
        sheets.map((_, i) => `<Relationship Id="rId${i + 2}" Type="${REL_NS}/worksheet" Target="${sheetPart(i)}"/>`).join('') +
        '</Relationships>',
    ],
    ['xl/styles.xml', stylesXml()],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        sheets.map((_, i) => `<Override PartName="/xl/${sheetPart(i)}" ContentType="${sheetType}"/>`).join('') +
        '</Types>',
    ],
  ];
}

/** A sheet's opening: the frozen header row, the columns' widths and styles. */
function sheetHead(columns: readonly XlsxColumn[]): string {
  const cols = columns
    .map((c, i) => {
      const style = STYLES[c.kind].index;
      const width = c.width ?? Math.max(WIDTHS[c.kind], c.header.length + 2);
      return `<col min="${i + 1}" max="${i + 1}" width="${width}"${style === 0 ? '' : ` style="${style}"`} customWidth="1"/>`;
    })
    .join('');
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/>${cols === '' ? '' : `<cols>${cols}</cols>`}<sheetData>`
  );
}

/**
 * Starts a workbook written to `out` as it grows: each sheet's rows are turned into XML and
 * deflated in blocks as they are added, and {@link XlsxBook.drain} (or the end) writes them.
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
  const pending: Uint8Array[] = [];
  const zip = new ZipWriter((bytes) => pending.push(bytes));
  const encoder = new TextEncoder();
  const names: string[] = [];
  let text = '';
  const flush = (): void => {
    zip.add(encoder.encode(text));
    text = '';
  };
  const closeSheet = (): void => {
    if (names.length === 0) return;
    text += '</sheetData></worksheet>';
    flush();
    zip.end();
  };
  const write = async (): Promise<void> => {
    while (pending.length > 0) await out.write(pending.shift() as Uint8Array);
  };
  return {
    addSheet(name, columns) {
      closeSheet();
      names.push(name);
      zip.begin(`xl/worksheets/sheet${names.length}.xml`);
      const refs = columns.map((_, i) => columnName(i + 1));
      const styles = columns.map((c) => STYLES[c.kind].index);
      text = sheetHead(columns);
      text += `<row r="1">${columns.map((c, i) => cellXml(`${refs[i]}1`, c.header, styles[i] as number)).join('')}</row>`;
      let row = 1;
      return {
        addRow(cells) {
          row += 1;
          let xml = `<row r="${row}">`;
          cells.forEach((cell, i) => {
            const ref = `${refs[i] ?? columnName(i + 1)}${row}`;
            if (typeof cell === 'object') xml += cellXml(ref, cellValue(cell.kind, cell.value), STYLES[cell.kind].index);
            else xml += cellXml(ref, cellValue(columns[i]?.kind ?? 'text', cell), styles[i] ?? 0);
          });
          text += `${xml}</row>`;
          if (text.length >= BLOCK_CHARS) flush();
        },
      };
    },
    drain: write,
    async end() {
      closeSheet();
      for (const [name, xml] of packageParts(names)) zip.file(name, encoder.encode(xml));
      zip.finish();
      await write();
    },
  };
}
