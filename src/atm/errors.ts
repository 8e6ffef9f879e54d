/**
 * ATM error bodies ("Errors > ATM API"): `{ status, title, description }`, all strings, and the
 * headers every ATM response carries.
 */
import { SECURITY_HEADERS } from '../http/headers.js';
import { asciiJson } from '../http/json.js';
import type { ServiceResponse } from '../http/types.js';
import type { AtmErrorBody } from '../contracts/atm.js';
import { messageRef, renderMessage, type Lang } from '../errors/catalog.js';
import { ATM_MESSAGES, type AtmMessageId } from './messages.js';

/**
 * The title and description of each ATM error case, as the interface's table gives them; the
 * body says the description in the request's language (`messageId`, in `ATM_MESSAGES`: Spanish by
 * default, the interface's English text for `Accept-Language: en_US`).
 *
 * @example
 * ```ts
 * ATM_ERRORS.methodNotAllowed.title; // 'Método no permitido'
 * ```
 */
export const ATM_ERRORS = {
  badRequest: {
    status: 400,
    messageId: 'atmSolicitudIncorrecta',
    title: 'Solicitud Incorrecta',
    description: 'request could not be understood',
  },
  badIfModifiedSince: {
    status: 400,
    messageId: 'atmIfModifiedSince',
    title: 'Solicitud Incorrecta',
    description: 'invalid value in the If-Modified-Since header',
  },
  invalidContent: {
    status: 400,
    messageId: 'atmContenidoInvalido',
    title: 'Contenido Invalido',
    description: 'the service only accepts requests that accept application/json',
  },
  catalogNotFound: { status: 400, messageId: 'atmCatalogo', title: 'Catálogo no encontrado', description: 'the catalog does not exist' },
  notFound: { status: 404, messageId: 'atmNoEncontrado', title: 'No encontrado', description: 'the resource does not exist' },
  unauthorized: {
    status: 401,
    messageId: 'atmNoAutenticado',
    title: 'Token de acceso no válido',
    description: 'the service could not authenticate the request',
  },
  methodNotAllowed: {
    status: 405,
    messageId: 'atmSoloGet',
    title: 'Método no permitido',
    description: 'the service only accepts GET requests',
  },
  notAcceptable: {
    status: 406,
    messageId: 'atmSoloJson',
    title: "Encabezado 'Accept' no válido",
    description: 'the service only accepts application/json',
  },
  timeout: {
    status: 408,
    messageId: 'atmTiempoAgotado',
    title: 'Timeout',
    description: 'the client failed to send a request and a timeout occurred',
  },
  tooManyRequests: {
    status: 429,
    messageId: 'atmDemasiadas',
    title: 'Demasiadas peticiones',
    description: 'too many requests to this resource',
  },
  headersTooLarge: {
    status: 431,
    messageId: 'atmEncabezados',
    title: 'Campos de encabezados demasiado largos.',
    description: 'header fields too long',
  },
  serviceUnavailable: {
    status: 503,
    messageId: 'atmNoDisponible',
    title: 'Servicio temporalmente no disponible.',
    description: 'the service is temporarily unavailable',
  },
  internalError: { status: 500, messageId: 'atmErrorInterno', title: 'Error interno', description: 'unexpected error in the bank systems' },
} as const satisfies Record<string, { status: number; messageId: AtmMessageId; title: string; description: string }>;

/**
 * One case of {@link ATM_ERRORS}.
 *
 * @example
 * ```ts
 * const kind: AtmErrorKind = 'tooManyRequests';
 * ```
 */
export type AtmErrorKind = keyof typeof ATM_ERRORS;

/**
 * Headers on every ATM response (200, 304 and errors), without Cache-Control and Etag.
 *
 * @example
 * ```ts
 * ATM_SECURITY_HEADERS['X-Frame-Options']; // 'DENY'
 * ```
 */
export const ATM_SECURITY_HEADERS: Readonly<Record<string, string>> = SECURITY_HEADERS;

/**
 * Cache-Control of error responses: errors are never stored (the 200's max-age=28800 would let
 * a cache replay a 401 or 429 for eight hours).
 *
 * @example
 * ```ts
 * ATM_ERROR_CACHE_CONTROL; // 'no-store'
 * ```
 */
export const ATM_ERROR_CACHE_CONTROL = 'no-store';

/**
 * The error body of a case: status as a string equal to the HTTP status (431 sends "431", not the
 * "429" the interface's entity declares; see docs/atm.md); the description in `lang`.
 *
 * @example
 * ```ts
 * atmErrorBody('serviceUnavailable');
 * // { status: '503', title: 'Servicio temporalmente no disponible.', description: 'El servicio no está disponible temporalmente' }
 * atmErrorBody('serviceUnavailable', 'en').description; // 'the service is temporarily unavailable'
 * ```
 */
export function atmErrorBody(kind: AtmErrorKind, lang: Lang = 'es'): AtmErrorBody {
  const entry = ATM_ERRORS[kind];
  return { status: String(entry.status), title: entry.title, description: renderMessage(messageRef(ATM_MESSAGES, entry.messageId), lang) };
}

/**
 * A complete ATM error response: the body of {@link atmErrorBody}, the security headers,
 * `Cache-Control: no-store`, plus `extraHeaders` (e.g. `Allow`, `Retry-After`), the description
 * in `lang`.
 *
 * @example
 * ```ts
 * const response = atmErrorResponse('tooManyRequests', { 'Retry-After': '60' });
 * response.status; // 429
 * ```
 */
export function atmErrorResponse(
  kind: AtmErrorKind,
  extraHeaders: Readonly<Record<string, string>> = {},
  lang: Lang = 'es',
): ServiceResponse {
  return {
    status: ATM_ERRORS[kind].status,
    headers: { ...ATM_SECURITY_HEADERS, 'Cache-Control': ATM_ERROR_CACHE_CONTROL, ...extraHeaders },
    body: asciiJson(atmErrorBody(kind, lang)),
  };
}
