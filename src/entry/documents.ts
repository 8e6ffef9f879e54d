/**
 * `cotizador/documents`: the printable receipt of a payment (PDF) and the example payments.
 *
 * @module cotizador/documents
 */
export * from './common.js';
export { renderReceiptPdf, renderReceiptBase64, formatPesos, DEFAULT_RECEIPT_ISSUER } from '../documents/receipt.js';
export type { ReceiptIssuer, ReceiptOptions } from '../documents/receipt.js';
export { amountInWords } from '../documents/words.js';
export { samplePayments, SAMPLE_LINEA_CAPTURA, lookupIn } from '../documents/sample.js';
export type { PaymentRecord } from '../contracts/taxpayer.js';
