/**
 * The printable receipt of a payment made at a commerce window: what it says (the issuer, the
 * payment, the amount in figures and in words, "importe con letra", and the línea de captura,
 * printed and to scan) and the calls that render it. The PDF is drawn by `./receiptPdf.ts` with
 * pdf-lib and bwip-js, which load on the first receipt only (`./libraries.ts`: optional peer
 * dependencies), so importing this module costs nothing of them. The PDF depends only on the
 * record and the issuer: its dates are the payment's and every name in it is fixed, so the same
 * record always gives the same bytes.
 */
import { PaymentRecordSchema, type PaymentRecord } from '../contracts/taxpayer.js';
import { groupThousands } from '../money/grouping.js';
import { assertValid } from '../validation/validate.js';
import { loadReceiptLibraries } from './libraries.js';
import type { ReceiptContent } from './receiptPdf.js';
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

/** What the receipt of `record` says, as `./receiptPdf.ts` draws it. */
function receiptContent(record: PaymentRecord, issuer: ReceiptIssuer): ReceiptContent {
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
  const notes = ['Conserve este comprobante. Generado a partir del registro del pago asociado a la línea de captura.'];
  if (issuer.leyenda !== undefined) notes.push(issuer.leyenda);
  return {
    title: `Comprobante de pago ${record.folio}`,
    subject: `Línea de captura ${record.lineaCaptura}`,
    author: issuer.nombre,
    date: new Date(record.fechaPago),
    issuer: { name: issuer.nombre, rfc: `RFC ${issuer.rfc}`, address: issuer.domicilio },
    heading: 'Comprobante de pago',
    subheading: 'Servicios al contribuyente - pago en ventanilla',
    rows,
    lineaCaptura: record.lineaCaptura,
    notes,
  };
}

/**
 * Renders the receipt PDF of a payment: the issuer's block, the payment's rows, the amount in
 * words, and the línea de captura as a Code 128 barcode and a QR code. Throws a coded
 * `QuoteError` when the record does not match `PaymentRecordSchema`, and (`ERRSER002`, naming
 * them) when the optional packages that draw it (pdf-lib, @pdf-lib/fontkit, bwip-js) are not
 * installed. The first call loads them.
 *
 * @example
 * ```ts
 * const pdf = await renderReceiptPdf(samplePayments()[0]!);
 * new TextDecoder().decode(pdf.subarray(0, 5)); // '%PDF-'
 * ```
 */
export async function renderReceiptPdf(record: PaymentRecord, options: ReceiptOptions = {}): Promise<Uint8Array> {
  assertValid(PaymentRecordSchema, record);
  const content = receiptContent(record, options.issuer ?? DEFAULT_RECEIPT_ISSUER);
  const [libraries, { drawReceipt }] = await Promise.all([loadReceiptLibraries(), import('./receiptPdf.js')]);
  return drawReceipt(libraries, content);
}

/** Bytes as base64 text with `btoa` (a Web API of every runtime), in slices a call's arguments can hold. */
function base64Text(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * The receipt PDF as base64 text (what `Resultado.documento` carries).
 *
 * @example
 * ```ts
 * const documento = await renderReceiptBase64(samplePayments()[0]!);
 * documento.slice(0, 8); // 'JVBERi0x'
 * ```
 */
export async function renderReceiptBase64(record: PaymentRecord, options: ReceiptOptions = {}): Promise<string> {
  return base64Text(await renderReceiptPdf(record, options));
}
