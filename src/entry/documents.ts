/**
 * `cotizador/documents`: the printable receipt of a payment (PDF), the example payments and the
 * línea de captura's checks.
 *
 * @module cotizador/documents
 */
export * from './common.js';
export { renderReceiptPdf, renderReceiptBase64, formatPesos, DEFAULT_RECEIPT_ISSUER } from '../documents/receipt.js';
export type { ReceiptIssuer, ReceiptOptions } from '../documents/receipt.js';
export { amountInWords } from '../documents/words.js';
export { checkLineaCaptura, readTreasuryLine, treasuryLine, LINEA_CAPTURA_FORMATS } from '../documents/lineaCaptura.js';
export type { LineaCapturaFormat, TreasuryLine } from '../documents/lineaCaptura.js';
export { samplePayments, SAMPLE_LINEA_CAPTURA, lookupIn } from '../documents/sample.js';
export type { PaymentRecord } from '../contracts/taxpayer.js';
