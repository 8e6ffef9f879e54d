import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderReceiptBase64, renderReceiptPdf, samplePayments } from '../../src/entry/documents.js';
import { formatPaymentDate, formatPesos } from '../../src/documents/receipt.js';
import { QuoteError } from '../../src/errors/quoteError.js';

/** The page text: inflate every stream and decode the hex strings pdf-lib writes for standard fonts. */
function pageText(pdf: Uint8Array): string {
  const texts: string[] = [];
  for (const stream of Buffer.from(pdf)
    .toString('latin1')
    .matchAll(/>>\s*stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // not a deflated stream
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) texts.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
  }
  return texts.join('\n');
}

describe('receipt PDF', () => {
  const record = samplePayments()[0]!;

  it('is a real PDF showing title, taxpayer, RFC, concept, exact amount, date, line and folio', async () => {
    const pdf = await renderReceiptPdf(record);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`Comprobante de pago ${record.folio}`);
    const text = pageText(pdf);
    for (const shown of [
      'Comprobante de pago',
      record.contribuyente,
      record.rfc,
      record.concepto,
      '$1,234.50 MXN',
      '15/01/2025 10:30:00 (UTC-06:00)',
      record.lineaCaptura,
      record.folio,
    ]) {
      expect(text).toContain(shown);
    }
  });

  it('is deterministic: dates come from the record, not the clock', async () => {
    const a = await renderReceiptBase64(record);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await renderReceiptBase64(record)).toBe(a);
    const doc = await PDFDocument.load(Buffer.from(a, 'base64'), { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe('2025-01-15T16:30:00.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2025-01-15T16:30:00.000Z');
  });

  it('renders Spanish characters and replaces what the font cannot encode', async () => {
    const text = pageText(await renderReceiptPdf(samplePayments()[1]!));
    expect(text).toContain('María Pérez Ñúñez');
    const odd = pageText(await renderReceiptPdf({ ...record, contribuyente: 'Empresa 😀 Ω' }));
    expect(odd).toContain('Empresa ? ?');
  });

  it('wraps long text inside the page', async () => {
    const long = { ...record, concepto: 'Pago de derechos '.repeat(11).trim() };
    const text = pageText(await renderReceiptPdf(long));
    expect(text.split('\n').filter((line) => line.startsWith('Pago') || line.startsWith('derechos')).length).toBeGreaterThan(1);
  });

  it('refuses a malformed record with a coded error', async () => {
    await expect(renderReceiptPdf({ ...record, importe: '12.5' })).rejects.toBeInstanceOf(QuoteError);
  });

  it('formats amounts on the digits and dates with their own offset', () => {
    expect(formatPesos('0.05')).toBe('$0.05 MXN');
    expect(formatPesos('1234567890123.45')).toBe('$1,234,567,890,123.45 MXN');
    expect(formatPaymentDate('2025-02-28T18:05:09Z')).toBe('28/02/2025 18:05:09 (UTC+00:00)');
  });
});
