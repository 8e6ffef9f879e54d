/**
 * The receipt PDF, read as a person would: rendered to an image with pdfjs-dist and
 * @napi-rs/canvas (npm packages only, no system binaries), its QR code decoded with jsqr, its
 * text extracted by pdfjs, its fonts checked to be embedded.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import jsQR from 'jsqr';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RECEIPT_ISSUER, renderReceiptBase64, renderReceiptPdf, samplePayments } from '../../src/entry/documents.js';
import { formatPaymentDate, formatPesos } from '../../src/documents/receipt.js';
import { NOTO_SANS_BOLD, NOTO_SANS_REGULAR } from '../../src/documents/fonts.js';
import { QuoteError } from '../../src/errors/quoteError.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type Canvas = typeof import('@napi-rs/canvas');
let pdfjs: PdfJs;
let napi: Canvas;

beforeAll(async () => {
  napi = await import('@napi-rs/canvas');
  // pdfjs draws with the platform's Path2D; in Node it must be the canvas library's own.
  Object.assign(globalThis, { Path2D: napi.Path2D, DOMMatrix: napi.DOMMatrix, ImageData: napi.ImageData });
  pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
});

async function open(pdf: Uint8Array) {
  return pdfjs.getDocument({ data: new Uint8Array(pdf), disableFontFace: true, isEvalSupported: false, verbosity: 0 }).promise;
}

/** The page's text, line by line, as pdfjs reads it. */
async function pageText(pdf: Uint8Array): Promise<string> {
  const page = await (await open(pdf)).getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ''}` : '')).join('\n');
}

/** The page rendered at `scale` as RGBA pixels. */
async function render(pdf: Uint8Array, scale: number): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const page = await (await open(pdf)).getPage(1);
  const viewport = page.getViewport({ scale });
  const canvas = napi.createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  await page.render({ canvasContext: context as never, viewport }).promise;
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  return { data: new Uint8ClampedArray(image.data), width: image.width, height: image.height };
}

describe('receipt PDF', () => {
  const record = samplePayments()[0]!;

  it('rendered to an image, its QR code decodes back to the línea de captura', async () => {
    for (const payment of samplePayments()) {
      const image = await render(await renderReceiptPdf(payment), 2);
      expect(jsQR(image.data, image.width, image.height)?.data).toBe(payment.lineaCaptura);
    }
  });

  it('shows the issuer, title, taxpayer, RFC, concept, the amount in figures and in words, date, line and folio', async () => {
    const pdf = await renderReceiptPdf(record);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Comprobante de pago ${record.folio}`);
    expect(doc.getAuthor()).toBe(DEFAULT_RECEIPT_ISSUER.nombre);
    const text = (await pageText(pdf)).replace(/\s+/g, ' ');
    for (const shown of [
      DEFAULT_RECEIPT_ISSUER.nombre,
      `RFC ${DEFAULT_RECEIPT_ISSUER.rfc}`,
      'Comprobante de pago',
      record.contribuyente,
      record.rfc,
      record.concepto,
      '$1,234.50 MXN',
      '(MIL DOSCIENTOS TREINTA Y CUATRO PESOS 50/100 M.N.)',
      '15/01/2025 10:30:00 (UTC-06:00)',
      record.lineaCaptura,
      record.folio,
      'no tiene validez fiscal',
    ]) {
      expect(text).toContain(shown);
    }
  });

  it('embeds its fonts (Noto Sans subsets under fixed names) and draws the Code 128 barcode and the QR as images', async () => {
    const doc = await PDFDocument.load(await renderReceiptPdf(record), { updateMetadata: false });
    const fonts: string[] = [];
    const images: string[] = [];
    const masks = new Set<string>();
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      const dict = object instanceof PDFDict ? object : object instanceof PDFStream ? object.dict : undefined;
      if (dict === undefined) continue;
      if (dict.get(PDFName.of('Type')) === PDFName.of('FontDescriptor')) {
        fonts.push(String(dict.get(PDFName.of('FontName'))));
        expect(dict.has(PDFName.of('FontFile2')) || dict.has(PDFName.of('FontFile3'))).toBe(true);
      }
      if (dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) {
        images.push(`${dict.get(PDFName.of('Width'))}x${dict.get(PDFName.of('Height'))}`);
        const mask = dict.get(PDFName.of('SMask'));
        if (mask !== undefined) masks.add(String(mask));
      }
    }
    expect(fonts.sort()).toEqual(['/COTIZA+NotoSans-Regular', '/COTIZB+NotoSans-Bold']);
    // Two pictures (the barcode, wide; the QR, square), each with its transparency mask.
    expect(images.length - masks.size).toBe(2);
    const sizes = [...new Set(images)].map((size) => size.split('x').map(Number) as [number, number]);
    expect(sizes.some(([w, h]) => w === h)).toBe(true);
    expect(sizes.some(([w, h]) => w > 3 * h)).toBe(true);
  });

  it('is deterministic: dates come from the record, names are fixed', async () => {
    const a = await renderReceiptBase64(record);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await renderReceiptBase64(record)).toBe(a);
    const doc = await PDFDocument.load(Buffer.from(a, 'base64'), { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe('2025-01-15T16:30:00.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2025-01-15T16:30:00.000Z');
  });

  it('renders Spanish characters and replaces what the font cannot draw', async () => {
    const text = await pageText(await renderReceiptPdf(samplePayments()[1]!));
    expect(text).toContain('María Pérez Ñúñez');
    const odd = await pageText(await renderReceiptPdf({ ...record, contribuyente: 'Empresa 😀 Ω' }));
    expect(odd).toContain('Empresa ? ?');
  });

  it('takes another issuer', async () => {
    const issuer = { nombre: 'Otra Institución, S.A.', rfc: 'OIN010101AA1' };
    const text = await pageText(await renderReceiptPdf(record, { issuer }));
    expect(text).toContain('Otra Institución, S.A.');
    expect(text).not.toContain('validez fiscal');
  });

  it('wraps long text inside the page', async () => {
    const long = { ...record, concepto: 'Pago de derechos '.repeat(11).trim() };
    const lines = (await pageText(await renderReceiptPdf(long))).split('\n').filter((line) => /^(Pago|derechos)/.test(line.trim()));
    expect(lines.length).toBeGreaterThan(1);
  });

  it('refuses a malformed record with a coded error', async () => {
    await expect(renderReceiptPdf({ ...record, importe: '12.5' })).rejects.toBeInstanceOf(QuoteError);
  });

  it('formats amounts on the digits and dates with their own offset', () => {
    expect(formatPesos('0.05')).toBe('$0.05 MXN');
    expect(formatPesos('1234567890123.45')).toBe('$1,234,567,890,123.45 MXN');
    expect(formatPaymentDate('2025-02-28T18:05:09Z')).toBe('28/02/2025 18:05:09 (UTC+00:00)');
  });

  it('embeds Noto Sans as the package @fontsource/noto-sans ships it (scripts/fonts.ts)', () => {
    const files = join(dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json')), 'files');
    expect(NOTO_SANS_REGULAR).toBe(readFileSync(join(files, 'noto-sans-latin-400-normal.woff')).toString('base64'));
    expect(NOTO_SANS_BOLD).toBe(readFileSync(join(files, 'noto-sans-latin-700-normal.woff')).toString('base64'));
  });
});
