/**
 * How the receipt is drawn: a letter page laid out with pdf-lib, Noto Sans embedded (a subset of
 * the glyphs used), the línea de captura as a Code 128 barcode and a QR code (bwip-js). What it
 * says comes ready from `./receipt.ts`; the libraries come from `./libraries.ts`. This module and
 * the font data it imports are loaded on the first receipt only (a dynamic import), so importing
 * the package never pays for them.
 */
import type { PDFDocument, PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import { NOTO_SANS_BOLD, NOTO_SANS_REGULAR } from './fonts.js';
import type { ReceiptLibraries } from './libraries.js';

/**
 * Everything the receipt says, in the order it is drawn: its metadata, the issuer's block, the
 * heading, the `label: value` rows, the línea de captura to scan, the closing notes.
 *
 * @example
 * ```ts
 * const content: ReceiptContent = {
 *   title: 'Comprobante de pago 1', subject: 'Línea de captura X', author: 'Banco', date: new Date(0),
 *   issuer: { name: 'Banco', rfc: 'RFC BEJ991231AB1' }, heading: 'Comprobante de pago', subheading: '',
 *   rows: [['Folio', '1']], lineaCaptura: 'X', notes: [],
 * };
 * ```
 */
export interface ReceiptContent {
  readonly title: string;
  readonly subject: string;
  readonly author: string;
  /** Creation and modification date of the file (the payment's, so the bytes never depend on the clock). */
  readonly date: Date;
  readonly issuer: { readonly name: string; readonly rfc: string; readonly address?: string | undefined };
  readonly heading: string;
  readonly subheading: string;
  readonly rows: readonly (readonly [string, string])[];
  readonly lineaCaptura: string;
  readonly notes: readonly string[];
}

const PAGE_WIDTH = 612; // US Letter, points
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const LABEL_WIDTH = 150;
const BODY_SIZE = 11;
const LINE_GAP = 16;

/** Base64 text as bytes (`atob` is in every runtime; the font is 20 KB of it, read once per receipt). */
function base64Bytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
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

interface Style {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly ink: ReturnType<ReceiptLibraries['pdfLib']['rgb']>;
  readonly muted: ReturnType<ReceiptLibraries['pdfLib']['rgb']>;
}

/** Draws `label: value` rows from `y` down; returns the next free `y`. */
function drawRows(page: PDFPage, rows: readonly (readonly [string, string])[], style: Style, top: number): number {
  let y = top;
  const valueWidth = PAGE_WIDTH - 2 * MARGIN - LABEL_WIDTH;
  for (const [label, value] of rows) {
    page.drawText(label, { x: MARGIN, y, size: BODY_SIZE, font: style.bold, color: style.muted });
    for (const line of wrap(encodable(value, style.regular), style.regular, BODY_SIZE, valueWidth)) {
      page.drawText(line, { x: MARGIN + LABEL_WIDTH, y, size: BODY_SIZE, font: style.regular, color: style.ink });
      y -= LINE_GAP;
    }
    y -= 4;
  }
  return y;
}

/** The línea de captura as a Code 128 barcode and a QR code (PNG images, deterministic). */
async function lineaCapturaImages(
  libraries: ReceiptLibraries,
  doc: PDFDocument,
  linea: string,
): Promise<{ readonly barcode: PDFImage; readonly qr: PDFImage }> {
  const { bwipJs } = libraries;
  const [barcode, qr] = await Promise.all([
    bwipJs.toBuffer({ bcid: 'code128', text: linea, scale: 3, height: 12, includetext: false, paddingwidth: 10, paddingheight: 2 }),
    bwipJs.toBuffer({ bcid: 'qrcode', text: linea, scale: 6, paddingwidth: 4, paddingheight: 4 }),
  ]);
  return { barcode: await doc.embedPng(barcode), qr: await doc.embedPng(qr) };
}

/**
 * Draws the receipt's PDF: one letter page with `content`, the same bytes for the same content
 * (fixed font subset tags, the content's date as the file's dates, no random id).
 *
 * @example
 * ```ts
 * import { loadReceiptLibraries } from './libraries.js';
 * const pdf = await drawReceipt(await loadReceiptLibraries(), {
 *   title: 'Comprobante de pago 1', subject: 'Línea de captura X', author: 'Banco', date: new Date(0),
 *   issuer: { name: 'Banco', rfc: 'RFC BEJ991231AB1' }, heading: 'Comprobante de pago', subheading: '',
 *   rows: [['Folio', '1']], lineaCaptura: '0124ABCD5678EFGH9012', notes: [],
 * });
 * new TextDecoder().decode(pdf.subarray(0, 5)); // '%PDF-'
 * ```
 */
export async function drawReceipt(libraries: ReceiptLibraries, content: ReceiptContent): Promise<Uint8Array> {
  const { PDFDocument, rgb } = libraries.pdfLib;
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(libraries.fontkit);
  doc.setTitle(content.title);
  doc.setSubject(content.subject);
  doc.setAuthor(content.author);
  doc.setCreator('cotizador');
  doc.setProducer('cotizador (pdf-lib)');
  doc.setCreationDate(content.date);
  doc.setModificationDate(content.date);

  // Fixed subset tags (six capitals, as PDF asks) instead of pdf-lib's random ones: same bytes every time.
  const regular = await doc.embedFont(base64Bytes(NOTO_SANS_REGULAR), { subset: true, customName: 'COTIZA+NotoSans-Regular' });
  const bold = await doc.embedFont(base64Bytes(NOTO_SANS_BOLD), { subset: true, customName: 'COTIZB+NotoSans-Bold' });
  const style: Style = { regular, bold, ink: rgb(0.1, 0.1, 0.1), muted: rgb(0.4, 0.4, 0.4) };
  const images = await lineaCapturaImages(libraries, doc, content.lineaCaptura);
  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  const textWidth = PAGE_WIDTH - 2 * MARGIN;

  // Issuer block.
  let y = PAGE_HEIGHT - MARGIN - 4;
  page.drawText(encodable(content.issuer.name, bold), { x: MARGIN, y, size: 12, font: bold, color: style.ink });
  y -= 15;
  page.drawText(encodable(content.issuer.rfc, regular), { x: MARGIN, y, size: 9, font: regular, color: style.muted });
  if (content.issuer.address !== undefined) {
    for (const line of wrap(encodable(content.issuer.address, regular), regular, 9, textWidth)) {
      y -= 12;
      page.drawText(line, { x: MARGIN, y, size: 9, font: regular, color: style.muted });
    }
  }
  y -= 30;
  page.drawText(content.heading, { x: MARGIN, y, size: 20, font: bold, color: style.ink });
  y -= 20;
  page.drawText(content.subheading, { x: MARGIN, y, size: BODY_SIZE, font: regular, color: style.muted });
  y -= 14;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 1, color: style.muted });
  y -= 26;
  y = drawRows(page, content.rows, style, y);

  // The línea de captura to scan: Code 128 (for window readers) with its text, and a QR code.
  y -= 12;
  const qrSize = 108;
  const barcodeHeight = 46;
  const barcodeWidth = Math.min(textWidth - qrSize - 24, (images.barcode.width / images.barcode.height) * barcodeHeight);
  page.drawImage(images.qr, { x: PAGE_WIDTH - MARGIN - qrSize, y: y - qrSize, width: qrSize, height: qrSize });
  page.drawImage(images.barcode, { x: MARGIN, y: y - barcodeHeight - 12, width: barcodeWidth, height: barcodeHeight });
  page.drawText(content.lineaCaptura, { x: MARGIN + 10, y: y - barcodeHeight - 26, size: 10, font: regular, color: style.ink });
  y -= qrSize + 16;

  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE_WIDTH - MARGIN, y }, thickness: 0.5, color: style.muted });
  y -= 18;
  for (const note of content.notes) {
    for (const line of wrap(encodable(note, regular), regular, 9, textWidth)) {
      page.drawText(line, { x: MARGIN, y, size: 9, font: regular, color: style.muted });
      y -= 12;
    }
  }
  return doc.save();
}
