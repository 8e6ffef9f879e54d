/**
 * The printable receipt of a payment made at a commerce window, rendered with pdf-lib: the
 * issuer, the payment, the amount in figures and in words ("importe con letra"), and the línea
 * de captura as text, as a Code 128 barcode and as a QR code (bwip-js), in Noto Sans embedded in
 * the file (a subset of the glyphs used). The PDF depends only on the record and the issuer: its
 * dates are the payment's and every name in it is fixed, so the same record always gives the
 * same bytes.
 */
import fontkit from '@pdf-lib/fontkit';
import bwipjs from 'bwip-js/node';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { PaymentRecordSchema, type PaymentRecord } from '../contracts/taxpayer.js';
import { groupThousands } from '../money/grouping.js';
import { assertValid } from '../validation/validate.js';
import { NOTO_SANS_BOLD, NOTO_SANS_REGULAR } from './fonts.js';
import { amountInWords } from './words.js';

/**
 * Who issues the receipt: printed in its header block.
 *
 * @example
 * ```ts
 * const issuer: ReceiptIssuer = { nombre: 'Banco Ejemplo, S.A.', rfc: 'BEJ991231AB1', domicilio: 'Ciudad de México' };
 * ```
 */
export interface ReceiptIssuer {
  /** Name or business name. */
  readonly nombre: string;
  /** RFC of the issuer. */
  readonly rfc: string;
  /** Address, one line. */
  readonly domicilio?: string | undefined;
  /** A closing legend (e.g. that it is a sandbox document). */
  readonly leyenda?: string | undefined;
}

/**
 * The issuer printed when none is given: the fictitious bank of the sandbox (the same "Banco
 * Ejemplo" as the example ATM data), marked as a test document without fiscal value.
 *
 * @example
 * ```ts
 * DEFAULT_RECEIPT_ISSUER.nombre; // 'Banco Ejemplo, S.A., Institución de Banca Múltiple'
 * ```
 */
export const DEFAULT_RECEIPT_ISSUER: ReceiptIssuer = Object.freeze({
  nombre: 'Banco Ejemplo, S.A., Institución de Banca Múltiple',
  rfc: 'BEJ991231AB1',
  domicilio: 'Av. Paseo de la Reforma 000, Col. Juárez, Cuauhtémoc, 06600 Ciudad de México',
  leyenda: 'Documento generado en un ambiente de pruebas (sandbox); no tiene validez fiscal.',
});

/**
 * Options of {@link renderReceiptPdf}.
 *
 * @example
 * ```ts
 * const options: ReceiptOptions = { issuer: { nombre: 'Banco Ejemplo, S.A.', rfc: 'BEJ991231AB1' } };
 * ```
 */
export interface ReceiptOptions {
  /** Default {@link DEFAULT_RECEIPT_ISSUER}. */
  readonly issuer?: ReceiptIssuer | undefined;
}

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

/** Replaces characters the embedded font has no glyph for (Noto Sans Latin covers every Spanish letter). */
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

/** The línea de captura as a Code 128 barcode and a QR code (PNG images, deterministic). */
async function lineaCapturaImages(doc: PDFDocument, linea: string): Promise<{ readonly barcode: PDFImage; readonly qr: PDFImage }> {
  const [barcode, qr] = await Promise.all([
    bwipjs.toBuffer({ bcid: 'code128', text: linea, scale: 3, height: 12, includetext: false, paddingwidth: 10, paddingheight: 2 }),
    bwipjs.toBuffer({ bcid: 'qrcode', text: linea, scale: 6, paddingwidth: 4, paddingheight: 4 }),
  ]);
  return { barcode: await doc.embedPng(barcode), qr: await doc.embedPng(qr) };
}

/**
 * Renders the receipt PDF of a payment: the issuer's block, the payment's rows, the amount in
 * words, and the línea de captura as a Code 128 barcode and a QR code. Throws a coded
 * `QuoteError` when the record does not match `PaymentRecordSchema`.
 *
 * @example
 * ```ts
 * const pdf = await renderReceiptPdf(samplePayments()[0]!);
 * Buffer.from(pdf).subarray(0, 5).toString(); // '%PDF-'
 * ```
 */
export async function renderReceiptPdf(record: PaymentRecord, options: ReceiptOptions = {}): Promise<Uint8Array> {
  assertValid(PaymentRecordSchema, record);
  const issuer = options.issuer ?? DEFAULT_RECEIPT_ISSUER;
  const paidAt = new Date(record.fechaPago);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  doc.setTitle(`Comprobante de pago ${record.folio}`);
  doc.setSubject(`Línea de captura ${record.lineaCaptura}`);
  doc.setAuthor(issuer.nombre);
  doc.setCreator('cotizador');
  doc.setProducer('cotizador (pdf-lib)');
  doc.setCreationDate(paidAt);
  doc.setModificationDate(paidAt);

  // Fixed subset tags (six capitals, as PDF asks) instead of pdf-lib's random ones: same bytes every time.
  const regular = await doc.embedFont(Buffer.from(NOTO_SANS_REGULAR, 'base64'), { subset: true, customName: 'COTIZA+NotoSans-Regular' });
  const bold = await doc.embedFont(Buffer.from(NOTO_SANS_BOLD, 'base64'), { subset: true, customName: 'COTIZB+NotoSans-Bold' });
  const images = await lineaCapturaImages(doc, record.lineaCaptura);
  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const textWidth = PAGE_WIDTH - 2 * MARGIN;

  // Issuer block.
  let y = PAGE_HEIGHT - MARGIN - 4;
  page.drawText(encodable(issuer.nombre, bold), { x: MARGIN, y, size: 12, font: bold, color: INK });
  y -= 15;
  page.drawText(encodable(`RFC ${issuer.rfc}`, regular), { x: MARGIN, y, size: 9, font: regular, color: MUTED });
  if (issuer.domicilio !== undefined) {
    for (const line of wrap(encodable(issuer.domicilio, regular), regular, 9, textWidth)) {
      y -= 12;
      page.drawText(line, { x: MARGIN, y, size: 9, font: regular, color: MUTED });
    }
  }
  y -= 30;
  page.drawText('Comprobante de pago', { x: MARGIN, y, size: 20, font: bold, color: INK });
  y -= 20;
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
    ['Importe con letra', `(${amountInWords(record.importe)})`],
    ['Fecha de pago', formatPaymentDate(record.fechaPago)],
    ['Línea de captura', record.lineaCaptura],
  ];
  if (record.comercio !== undefined) rows.push(['Comercio', record.comercio]);
  y = drawRows(page, rows, { regular, bold }, y);

  // The línea de captura to scan: Code 128 (for window readers) with its text, and a QR code.
  y -= 12;
  const qrSize = 108;
  const barcodeHeight = 46;
  const barcodeWidth = Math.min(textWidth - qrSize - 24, (images.barcode.width / images.barcode.height) * barcodeHeight);
  page.drawImage(images.qr, { x: PAGE_WIDTH - MARGIN - qrSize, y: y - qrSize, width: qrSize, height: qrSize });
  page.drawImage(images.barcode, { x: MARGIN, y: y - barcodeHeight - 12, width: barcodeWidth, height: barcodeHeight });
  page.drawText(record.lineaCaptura, { x: MARGIN + 10, y: y - barcodeHeight - 26, size: 10, font: regular, color: INK });
  y -= qrSize + 16;

  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 0.5, color: MUTED });
  y -= 18;
  const notes = ['Conserve este comprobante. Generado a partir del registro del pago asociado a la línea de captura.'];
  if (issuer.leyenda !== undefined) notes.push(issuer.leyenda);
  for (const note of notes) {
    for (const line of wrap(encodable(note, regular), regular, 9, textWidth)) {
      page.drawText(line, { x: MARGIN, y, size: 9, font: regular, color: MUTED });
      y -= 12;
    }
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
export async function renderReceiptBase64(record: PaymentRecord, options: ReceiptOptions = {}): Promise<string> {
  return Buffer.from(await renderReceiptPdf(record, options)).toString('base64');
}
