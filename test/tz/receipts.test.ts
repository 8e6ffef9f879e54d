/**
 * The taxpayer receipt PDF under every zone: the payment's date is shown with its own offset, the
 * PDF's creation and modification dates are the payment's instant, and the bytes are those
 * rendered under UTC.
 */
import fc from 'fast-check';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderReceiptBase64, samplePayments } from '../../src/entry/documents.js';
import { formatPaymentDate } from '../../src/documents/receipt.js';
import { dateTimeArb } from './arbitraries.js';
import { underZone, ZONE } from './zone.js';

const pad = (n: number): string => String(n).padStart(2, '0');

describe(`receipt dates (TZ=${ZONE})`, () => {
  it('shows the payment’s own date, time and offset', () => {
    fc.assert(
      fc.property(dateTimeArb(false), ({ text, wall, offset }) => {
        expect(formatPaymentDate(text)).toBe(
          `${pad(wall.day)}/${pad(wall.month)}/${wall.year} ${wall.time} (UTC${offset === 'Z' ? '+00:00' : offset})`,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('dates the PDF at the payment’s instant; the bytes are those rendered under UTC', async () => {
    const record = samplePayments()[0]!;
    await fc.assert(
      fc.asyncProperty(dateTimeArb(false), async ({ text, millis }) => {
        const receipt = { ...record, fechaPago: text };
        const pdf = await renderReceiptBase64(receipt);
        const doc = await PDFDocument.load(Buffer.from(pdf, 'base64'), { updateMetadata: false });
        expect(doc.getCreationDate()?.getTime()).toBe(millis);
        expect(doc.getModificationDate()?.getTime()).toBe(millis);
        expect(pdf).toBe(await underZone('UTC', () => renderReceiptBase64(receipt)));
      }),
      // A render embeds two fonts and two barcode images (about 0.3 s): four instants a zone; the
      // date logic they depend on is the 300-run property above.
      { numRuns: 4 },
    );
  });
});
