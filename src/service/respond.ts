/**
 * Response building: the interface's five default headers on every envelope response, and the
 * error envelope for a coded failure.
 */
import { SECURITY_HEADERS } from '../http/headers.js';
import { errorEnvelope, type EnvelopeStatus } from '../contracts/envelope.js';
import type { ErrorCode } from '../errors/codes.js';
import type { ServiceResponse } from '../http/types.js';

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
 * A JSON response with the default headers plus `extra`.
 *
 * @example
 * ```ts
 * jsonResponse(200, { ok: true }).headers['Content-Type']; // 'application/json; charset=utf-8'
 * ```
 */
export function jsonResponse(status: number, body: unknown, extra: Readonly<Record<string, string>> = {}): ServiceResponse {
  return { status, headers: { ...DEFAULT_RESPONSE_HEADERS, ...extra }, body: JSON.stringify(body) };
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
  /** `mensaje`; defaults to the code's standard message. */
  readonly mensaje?: string | undefined;
  /** `detalles.propiedad`; defaults to `mensaje`. */
  readonly propiedad?: string | undefined;
  /** The field or header at fault. */
  readonly valorIncorrecto?: string | undefined;
  /** Extra response headers (`Allow`, `WWW-Authenticate`). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * The error envelope response of a failure.
 *
 * @example
 * ```ts
 * failureResponse({ status: 405, codigoError: 'ERRSEG006', headers: { Allow: 'POST' } }, 'f-1', DEFAULT_HELP_URL).status; // 405
 * ```
 */
export function failureResponse(failure: Failure, folio: string, helpUrl: string): ServiceResponse {
  const body = errorEnvelope({
    status: failure.status,
    codigoError: failure.codigoError,
    folio,
    mensaje: failure.mensaje,
    propiedad: failure.propiedad,
    valorIncorrecto: failure.valorIncorrecto,
    helpUrl,
  });
  return jsonResponse(failure.status, body, failure.headers);
}
