/**
 * Taxpayer document shapes ("Taxpayer document request and response" in the interface), defined
 * once as TypeBox schemas, and the payment record a document is rendered from.
 */
import type { Static } from '@sinclair/typebox';
import { Type } from '../validation/type.js';
import { successEnvelope } from './envelope.js';
import { precompiled } from '../validation/precompiled.js';
import * as checks from './generated/taxpayer.js';

/**
 * `lineaCaptura`: 20 to 54 uppercase letters and digits. SAT's federal lines are 20 characters;
 * the upper bound leaves room for longer state and bank references.
 *
 * @example
 * ```ts
 * new RegExp(LINEA_CAPTURA_TEXT).test('0124ABCD5678EFGH9012'); // true
 * ```
 */
export const LINEA_CAPTURA_TEXT = '^[0-9A-Z]+$';

/**
 * The `obtenerDocumento` request body. `lineaCaptura` is required.
 *
 * @example
 * ```ts
 * validateWith(ObtenerDocumentoRequestSchema, { lineaCaptura: '0124ABCD5678EFGH9012' }).success; // true
 * ```
 */
export const ObtenerDocumentoRequestSchema = precompiled(
  Type.Object(
    {
      lineaCaptura: Type.String({ minLength: 20, maxLength: 54, pattern: LINEA_CAPTURA_TEXT, description: 'Línea de captura del pago' }),
    },
    { additionalProperties: false, $id: 'ObtenerDocumentoRequest', title: 'obtenerDocumento request' },
  ),
  checks.checkObtenerDocumentoRequest,
);

/**
 * The `obtenerDocumento` success response: the envelope plus `Resultado.documento` (base64 PDF).
 *
 * @example
 * ```ts
 * const response = await service.handle({
 *   method: 'POST', path: ROUTES.obtenerDocumento, headers: { authorization: `Bearer ${token}` }, body: '{"lineaCaptura":"0124ABCD5678EFGH9012"}',
 * });
 * validateWith(ObtenerDocumentoResponseSchema, JSON.parse(response.body)).success; // true
 * ```
 */
export const ObtenerDocumentoResponseSchema = precompiled(
  successEnvelope(
    {
      Resultado: Type.Object(
        { documento: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9+/]+={0,2}$', description: 'Comprobante PDF en base64' }) },
        { additionalProperties: false },
      ),
    },
    'ObtenerDocumentoResponse',
    'obtenerDocumento response',
  ),
  checks.checkObtenerDocumentoResponse,
);

/**
 * Amount text of a payment: digits, a dot and exactly two decimals ("1234.50").
 *
 * @example
 * ```ts
 * new RegExp(PAYMENT_AMOUNT_TEXT).test('1234.50'); // true
 * ```
 */
export const PAYMENT_AMOUNT_TEXT = '^(0|[1-9][0-9]{0,14})\\.[0-9]{2}$';
/**
 * RFC 3339 date-time with an explicit offset ("2024-03-15T10:30:00-06:00").
 *
 * @example
 * ```ts
 * new RegExp(PAYMENT_DATE_TIME_TEXT).test('2025-01-15T10:30:00-06:00'); // true
 * ```
 */
export const PAYMENT_DATE_TIME_TEXT = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(Z|[+-][0-9]{2}:[0-9]{2})$';

/**
 * A payment made at a commerce window: what the receipt PDF shows.
 *
 * @example
 * ```ts
 * validateWith(PaymentRecordSchema, samplePayments()[0]).success; // true
 * ```
 */
export const PaymentRecordSchema = precompiled(
  Type.Object(
    {
      lineaCaptura: ObtenerDocumentoRequestSchema.properties.lineaCaptura,
      contribuyente: Type.String({ minLength: 1, maxLength: 200, description: 'Nombre o razón social' }),
      rfc: Type.String({ pattern: '^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$', description: 'RFC del contribuyente' }),
      concepto: Type.String({ minLength: 1, maxLength: 200, description: 'Concepto del pago' }),
      importe: Type.String({ pattern: PAYMENT_AMOUNT_TEXT, description: 'Importe pagado, pesos con dos decimales' }),
      fechaPago: Type.String({ pattern: PAYMENT_DATE_TIME_TEXT, description: 'Fecha y hora del pago con su desfase' }),
      folio: Type.String({ minLength: 1, maxLength: 36, description: 'Folio de la operación' }),
      comercio: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Ventanilla o comercio donde se pagó' })),
    },
    { additionalProperties: false, $id: 'PaymentRecord', title: 'Payment record (receipt source)' },
  ),
  checks.checkPaymentRecord,
);

/**
 * The `obtenerDocumento` request body, as a type.
 *
 * @example
 * ```ts
 * const body: ObtenerDocumentoRequest = { lineaCaptura: '0124ABCD5678EFGH9012' };
 * validateObtenerDocumento(body).success; // true
 * ```
 *
 * @useDeclaredType
 */
export type ObtenerDocumentoRequest = Static<typeof ObtenerDocumentoRequestSchema>;
/**
 * The `obtenerDocumento` success response, as a type.
 *
 * @example
 * ```ts
 * const response = await service.handle({
 *   method: 'POST', path: ROUTES.obtenerDocumento, headers: { authorization: `Bearer ${token}` }, body: '{"lineaCaptura":"0124ABCD5678EFGH9012"}',
 * });
 * const { Resultado }: ObtenerDocumentoResponse = JSON.parse(response.body);
 * Buffer.from(Resultado.documento, 'base64').subarray(0, 5).toString(); // '%PDF-'
 * ```
 *
 * @useDeclaredType
 */
export type ObtenerDocumentoResponse = Static<typeof ObtenerDocumentoResponseSchema>;
/**
 * A payment record, as a type.
 *
 * @example
 * ```ts
 * const record: PaymentRecord = { lineaCaptura: '0124ABCD5678EFGH9012', contribuyente: 'Ejemplo', rfc: 'XAXX010101000', concepto: 'Tenencia', importe: '1234.50', fechaPago: '2025-01-15T10:30:00-06:00', folio: 'VEN-1' };
 * ```
 *
 * @useDeclaredType
 */
export type PaymentRecord = Static<typeof PaymentRecordSchema>;
