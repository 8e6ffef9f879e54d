/**
 * Response building: the interface's five default headers on every envelope response, ASCII
 * JSON bodies, and the error envelope of a coded failure in the request's language.
 */
import { SECURITY_HEADERS } from '../http/headers.js';
import { asciiJson } from '../http/json.js';
import { errorEnvelope, type EnvelopeStatus } from '../contracts/envelope.js';
import { codeMessage, type ErrorCode } from '../errors/codes.js';
import { renderMessage, type Lang, type MessageRef } from '../errors/catalog.js';
import type { ServiceResponse } from '../http/types.js';
import { serviceMessage, type ServiceMessageId } from './messages.js';

/**
 * The default response headers of the token, quoter and taxpayer APIs ("Endpoints").
 *
 * @example
 * ```ts
 * DEFAULT_RESPONSE_HEADERS['Cache-Control']; // 'no-store'
 * ```
 */
export const DEFAULT_RESPONSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...SECURITY_HEADERS,
  'Cache-Control': 'no-store',
});

/**
 * A JSON response (ASCII body) with the default headers plus `extra`.
 *
 * @example
 * ```ts
 * jsonResponse(200, { ok: true }).headers['Content-Type']; // 'application/json; charset=utf-8'
 * jsonResponse(200, { mensaje: 'Operación exitosa' }).body; // '{"mensaje":"Operaci\\u00f3n exitosa"}'
 * ```
 */
export function jsonResponse(status: number, body: unknown, extra: Readonly<Record<string, string>> = {}): ServiceResponse {
  return { status, headers: { ...DEFAULT_RESPONSE_HEADERS, ...extra }, body: asciiJson(body) };
}

/**
 * A text to say in the request's language: a message of the service's catalog by id, any
 * catalog's message with its values, or a function of the language (an engine's error, rendered
 * through its own message).
 *
 * @example
 * ```ts
 * const byId: Wording = 'soloPost';
 * const byLanguage: Wording = (lang) => (lang === 'en' ? 'Closed' : 'Cerrado');
 * ```
 */
export type Wording = ServiceMessageId | MessageRef | ((lang: Lang) => string);

/**
 * The text of a wording in `lang`.
 *
 * @example
 * ```ts
 * say('soloPost', 'en'); // 'Only the POST method is accepted'
 * ```
 */
export function say(wording: Wording, lang: Lang): string {
  if (typeof wording === 'function') return wording(lang);
  return renderMessage(typeof wording === 'string' ? serviceMessage(wording) : wording, lang);
}

/**
 * A coded failure, before it becomes an envelope (or an OAuth error on the ATM token URL).
 *
 * @example
 * ```ts
 * const failure: Failure = { status: 400, codigoError: 'ERRESQ006', valorIncorrecto: 'solicitud.plazo' };
 * ```
 */
export interface Failure {
  readonly status: EnvelopeStatus;
  readonly codigoError: ErrorCode;
  /** The code whose standard text is `mensaje`; defaults to `codigoError` (405 and 406 name ERRSEG004/005). */
  readonly mensajeCode?: ErrorCode | undefined;
  /** `detalles.propiedad`; defaults to `mensaje`. */
  readonly propiedad?: Wording | undefined;
  /** The field or header at fault. */
  readonly valorIncorrecto?: string | undefined;
  /** Extra response headers (`Allow`, `WWW-Authenticate`, `Retry-After`). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * The error envelope response of a failure, in `lang` (`mensaje` and `detalles.propiedad`).
 *
 * @example
 * ```ts
 * failureResponse({ status: 405, codigoError: 'ERRSEG006', headers: { Allow: 'POST' } }, 'f-1', DEFAULT_HELP_URL).status; // 405
 * JSON.parse(failureResponse({ status: 408, codigoError: 'ERRSER001' }, 'f-1', DEFAULT_HELP_URL, 'en').body).mensaje; // 'The request timed out'
 * ```
 */
export function failureResponse(failure: Failure, folio: string, helpUrl: string, lang: Lang = 'es'): ServiceResponse {
  const body = errorEnvelope({
    status: failure.status,
    codigoError: failure.codigoError,
    folio,
    mensaje: codeMessage(failure.mensajeCode ?? failure.codigoError, lang),
    propiedad: failure.propiedad === undefined ? undefined : say(failure.propiedad, lang),
    valorIncorrecto: failure.valorIncorrecto,
    helpUrl,
  });
  return { ...jsonResponse(failure.status, body, failure.headers), folio };
}
