/**
 * One `safeParse`-style validator per operation: raw body text (or an already parsed value) in,
 * `{ success: true, data }` or `{ success: false, issues }` out, every issue collected and coded.
 */
import type { TSchema, Static } from '@sinclair/typebox';
import { AutoEstreneRequestSchema, type CreditRequest } from './credit.js';
import { SegAutoVendorRequestSchema, type SegAutoVendorRequest } from './policy.js';
import { ObtenerDocumentoRequestSchema, type ObtenerDocumentoRequest } from './taxpayer.js';
import { TokenRequestSchema, type TokenRequest } from './token.js';
import { parseFormBody, parseJsonBody } from '../validation/body.js';
import { validateWith, type ValidationResult } from '../validation/validate.js';

/**
 * The AutoEstrene request body `{ solicitud }`.
 *
 * @example
 * ```ts
 * const body: AutoEstreneRequest = { solicitud: { montoSolicitado: '250000.00', plazo: 36, valorFactura: '350000.00' } };
 * validateAutoEstrene(body).success; // true
 * ```
 */
export interface AutoEstreneRequest {
  readonly solicitud: CreditRequest;
}

function validateJson<T extends TSchema>(schema: T, body: unknown): ValidationResult<Static<T>> {
  const parsed = parseJsonBody(body);
  return parsed.success ? validateWith(schema, parsed.data) : parsed;
}

/**
 * Validates an AutoEstrene request body (raw JSON text or a parsed value).
 *
 * @example
 * ```ts
 * const result = validateAutoEstrene('{"solicitud":{"montoSolicitado":"250000.00","plazo":36,"valorFactura":"350000.00"}}');
 * if (result.success) quoteCredit(result.data.solicitud, { fechaApertura: '2025-01-15' }).tasa; // '14.99' (from the rate grid: 28.6 % down)
 * const missing = validateAutoEstrene('{"solicitud":{}}');
 * if (!missing.success) missing.issues.map((i) => `${i.code} ${i.path}`);
 * // ['ERRESQ006 solicitud.montoSolicitado', 'ERRESQ006 solicitud.plazo', 'ERRESQ006 solicitud.valorFactura']
 * ```
 */
export function validateAutoEstrene(body: unknown): ValidationResult<AutoEstreneRequest> {
  return validateJson(AutoEstreneRequestSchema, body);
}

/**
 * Validates a SegAutoVendor request body (raw JSON text or a parsed value).
 *
 * @example
 * ```ts
 * const result = validateSegAutoVendor('{"solicitud":{"modelo":"2025"}}');
 * if (!result.success) result.issues.length; // 10 (nine missing fields, ERRESQ006, and the string modelo)
 * if (!result.success) result.issues[9]; // { code: 'ERRESQ005', path: 'solicitud.modelo', message: 'El tipo o el formato del campo no es válido', messageId: 'formatoInvalido' }
 * ```
 */
export function validateSegAutoVendor(body: unknown): ValidationResult<SegAutoVendorRequest> {
  return validateJson(SegAutoVendorRequestSchema, body);
}

/**
 * Validates an `obtenerDocumento` request body (raw JSON text or a parsed value).
 *
 * @example
 * ```ts
 * validateObtenerDocumento('{"lineaCaptura":"0124ABCD5678EFGH9012"}'); // { success: true, data: { lineaCaptura: '0124ABCD5678EFGH9012' } }
 * validateObtenerDocumento('{"lineaCaptura":"abc"}');
 * // { success: false, issues: [{ code: 'ERRESQ004', path: 'lineaCaptura', message: 'La longitud o el rango del campo no es válido', messageId: 'rangoInvalido' }] }
 * ```
 */
export function validateObtenerDocumento(body: unknown): ValidationResult<ObtenerDocumentoRequest> {
  return validateJson(ObtenerDocumentoRequestSchema, body);
}

/**
 * Validates the token request's form fields (form-encoded text or an object of fields).
 *
 * @example
 * ```ts
 * validateTokenRequest('grant_type=client_credentials&scope=update');
 * // { success: true, data: { grant_type: 'client_credentials', scope: 'update' } }
 * validateTokenRequest('grant_type=password');
 * // { success: false, issues: [{ code: 'ERRESQ005', path: 'grant_type', message: 'El tipo o el formato del campo no es válido', messageId: 'formatoInvalido' }] }
 * ```
 */
export function validateTokenRequest(form: unknown): ValidationResult<TokenRequest> {
  const parsed = parseFormBody(form);
  return parsed.success ? validateWith(TokenRequestSchema, parsed.data) : parsed;
}
