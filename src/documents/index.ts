/**
 * Taxpayer documents: the printable receipt PDF of a payment and example payments.
 */
export { renderReceiptPdf, renderReceiptBase64, formatPesos, formatPaymentDate } from './receipt.js';
export { SAMPLE_PAYMENTS, SAMPLE_LINEA_CAPTURA, lookupIn } from './sample.js';
export type { PaymentRecord } from '../contracts/taxpayer.js';
