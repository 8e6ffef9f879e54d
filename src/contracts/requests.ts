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

/**
 * How much a validator collects. Default: every issue (a server that reports only the first
 * issue passes `maxIssues: 1`, so a hostile body cannot make it build thousands).
 *
 * @example
 * ```ts
 * const result = validateAutoEstrene('{"solicitud":{}}', { maxIssues: 1 });
 * !result.success && result.issues.length; // 1
 * ```
 */
export interface ValidationOptions {
  readonly maxIssues?: number | undefined;
}

/**
 * What the token request's validator takes: {@link ValidationOptions} and a cap on the form's
 * fields (more → one ERRESQ004 on the body, before any field is decoded).
 *
 * @example
 * ```ts
 * const result = validateTokenRequest('a=1&b=2&c=3&d=4&e=5', { maxFields: 4 });
 * !result.success && result.issues.map((issue) => issue.code); // ['ERRESQ004']
 * ```
 */
export interface FormValidationOptions extends ValidationOptions {
  readonly maxFields?: number | undefined;
}

function validateJson<T extends TSchema>(schema: T, body: unknown, options: ValidationOptions): ValidationResult<Static<T>> {
  const parsed = parseJsonBody(body);
  return parsed.success ? validateWith(schema, parsed.data, '', options.maxIssues) : parsed;
}

/**
 * Validates an AutoEstrene request body (raw JSON text or bytes, or a parsed value).
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
export function validateAutoEstrene(body: unknown, options: ValidationOptions = {}): ValidationResult<AutoEstreneRequest> {
  return validateJson(AutoEstreneRequestSchema, body, options);
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
export function validateSegAutoVendor(body: unknown, options: ValidationOptions = {}): ValidationResult<SegAutoVendorRequest> {
  return validateJson(SegAutoVendorRequestSchema, body, options);
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
export function validateObtenerDocumento(body: unknown, options: ValidationOptions = {}): ValidationResult<ObtenerDocumentoRequest> {
  return validateJson(ObtenerDocumentoRequestSchema, body, options);
}

/**
 * Validates the token request's form fields (form-encoded text or bytes, or an object of fields).
 *
 * @example
 * ```ts
 * validateTokenRequest('grant_type=client_credentials&scope=update');
 * // { success: true, data: { grant_type: 'client_credentials', scope: 'update' } }
 * validateTokenRequest('grant_type=password');
 * // { success: false, issues: [{ code: 'ERRESQ005', path: 'grant_type', message: 'El tipo o el formato del campo no es válido', messageId: 'formatoInvalido' }] }
 * ```
 */
export function validateTokenRequest(form: unknown, options: FormValidationOptions = {}): ValidationResult<TokenRequest> {
  const parsed = parseFormBody(form, options);
  return parsed.success ? validateWith(TokenRequestSchema, parsed.data, '', options.maxIssues) : parsed;
}
