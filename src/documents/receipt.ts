/**
 * The printable receipt of a payment made at a commerce window, rendered with pdf-lib. The PDF
 * depends only on the record: its creation and modification dates are the payment's date, so
 * the same record always gives the same bytes.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { PaymentRecordSchema, type PaymentRecord } from '../contracts/taxpayer.js';
import { assertValid } from '../validation/validate.js';
import { groupThousands } from '../money/grouping.js';

const PAGE_WIDTH = 612; // US Letter, points
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const LABEL_WIDTH = 150;
const BODY_SIZE = 11;
const LINE_GAP = 16;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);

/**
 * Formats amount text ("1234567.50") as pesos with thousands separators ("$1,234,567.50 MXN"),
 * on the digits themselves: no float ever touches the amount.
 *
 * @example
 * ```ts
 * formatPesos('1234.50'); // '$1,234.50 MXN'
 * ```
 */
export function formatPesos(amount: string): string {
  const [whole = '0', cents = '00'] = amount.split('.');
  return `$${groupThousands(whole)}.${cents} MXN`;
}

/**
 * Formats an RFC 3339 date-time as the receipt shows it, keeping the payment's own offset
 * ("2024-03-15T10:30:00-06:00" → "15/03/2024 10:30:00 (UTC-06:00)").
 *
 * @example
 * ```ts
 * formatPaymentDate('2024-03-15T10:30:00-06:00'); // '15/03/2024 10:30:00 (UTC-06:00)'
 * ```
 */
export function formatPaymentDate(dateTime: string): string {
  const date = dateTime.slice(0, 10);
  const time = dateTime.slice(11, 19);
  const offset = dateTime.slice(19);
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time} (UTC${offset === 'Z' ? '+00:00' : offset})`;
}

/** Replaces characters the standard font cannot encode (it covers WinAnsi: Spanish is fine). */
function encodable(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text, (char) => (supported.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
}

/** Splits `text` into lines no wider than `width` at `size`, breaking at spaces (or mid-word when a word is too long). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  return lines.length === 0 ? [''] : lines;
}

/** Draws `label: value` rows from `y` down; returns the next free `y`. */
function drawRows(
  page: PDFPage,
  rows: readonly (readonly [string, string])[],
  fonts: { regular: PDFFont; bold: PDFFont },
  top: number,
): number {
  let y = top;
  const valueWidth = PAGE_WIDTH - 2 * MARGIN - LABEL_WIDTH;
  for (const [label, value] of rows) {
    page.drawText(label, { x: MARGIN, y, size: BODY_SIZE, font: fonts.bold, color: MUTED });
    for (const line of wrap(encodable(value, fonts.regular), fonts.regular, BODY_SIZE, valueWidth)) {
      page.drawText(line, { x: MARGIN + LABEL_WIDTH, y, size: BODY_SIZE, font: fonts.regular, color: INK });
      y -= LINE_GAP;
    }
    y -= 4;
  }
  return y;
}

/**
 * Renders the receipt PDF of a payment. Throws a coded `QuoteError` when the record does not
 * match `PaymentRecordSchema`.
 *
 * @example
 * ```ts
 * const pdf = await renderReceiptPdf(samplePayments()[0]!);
 * Buffer.from(pdf).subarray(0, 5).toString(); // '%PDF-'
 * ```
 */
export async function renderReceiptPdf(record: PaymentRecord): Promise<Uint8Array> {
  assertValid(PaymentRecordSchema, record);
  const paidAt = new Date(record.fechaPago);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Comprobante de pago ${record.folio}`);
  doc.setSubject(`Línea de captura ${record.lineaCaptura}`);
  doc.setCreator('cotizador');
  doc.setProducer('cotizador (pdf-lib)');
  doc.setCreationDate(paidAt);
  doc.setModificationDate(paidAt);

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);

  let y = PAGE_HEIGHT - MARGIN - 10;
  page.drawText('Comprobante de pago', { x: MARGIN, y, size: 20, font: bold, color: INK });
  y -= 22;
  page.drawText('Servicios al contribuyente - pago en ventanilla', { x: MARGIN, y, size: BODY_SIZE, font: regular, color: MUTED });
  y -= 14;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 1, color: MUTED });
  y -= 26;

  const rows: [string, string][] = [
    ['Folio', record.folio],
    ['Contribuyente', record.contribuyente],
    ['RFC', record.rfc],
    ['Concepto', record.concepto],
    ['Importe', formatPesos(record.importe)],
    ['Fecha de pago', formatPaymentDate(record.fechaPago)],
    ['Línea de captura', record.lineaCaptura],
  ];
  if (record.comercio !== undefined) rows.push(['Comercio', record.comercio]);
  y = drawRows(page, rows, { regular, bold }, y);

  y -= 10;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 0.5, color: MUTED });
  y -= 18;
  const note = 'Conserve este comprobante. Generado a partir del registro del pago asociado a la línea de captura.';
  for (const line of wrap(encodable(note, regular), regular, 9, PAGE_WIDTH - 2 * MARGIN)) {
    page.drawText(line, { x: MARGIN, y, size: 9, font: regular, color: MUTED });
    y -= 12;
  }
  return doc.save();
}

/**
 * The receipt PDF as base64 text (what `Resultado.documento` carries).
 *
 * @example
 * ```ts
 * const documento = await renderReceiptBase64(samplePayments()[0]!);
 * Buffer.from(documento, 'base64').subarray(0, 5).toString(); // '%PDF-'
 * ```
 */
export async function renderReceiptBase64(record: PaymentRecord): Promise<string> {
  return Buffer.from(await renderReceiptPdf(record)).toString('base64');
}
