/**
 * What the OpenAPI document's responses are made of: references to the component schemas, the
 * response headers, the text of each status, the error responses of each API family (envelope,
 * RFC 6749, ATM) with real error bodies as examples, the `Accept-Language` parameter, and the
 * fixed values the examples use.
 */
import { atmErrorBody, type AtmErrorKind } from '../atm/errors.js';
import { errorEnvelope, type ENVELOPE_STATUSES } from '../contracts/envelope.js';
import type { SchemaName } from '../contracts/schemas.js';
import { renderMessage, messageRef } from '../errors/catalog.js';
import { codeMessage, type ErrorCode } from '../errors/codes.js';
import { VALIDATION_MESSAGES } from '../validation/messages.js';
import { SERVICE_MESSAGES, serviceMessage } from './messages.js';

/**
 * A JSON object of the document.
 *
 * @example
 * ```ts
 * const item: Json = { description: 'OK' };
 * ```
 */
export type Json = Record<string, unknown>;

/**
 * The fixed values of the examples: the quotes' date, a folio, a token, the help URL.
 *
 * @example
 * ```ts
 * EXAMPLE.date; // '2026-01-31'
 * ```
 */
export const EXAMPLE = Object.freeze({
  date: '2026-01-31',
  folio: '5f0c3a52-9d5e-4c1e-8a43-2b7f3c1d9e10',
  token:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImhzLTdRbEZvVjZ1dGpCdnFlM1kifQ.eyJzY29wZSI6InVwZGF0ZSIsInN1YiI6ImFwcCIsImlzcyI6ImNvdGl6YWRvciIsImF1ZCI6ImNvdGl6YWRvci1hcGkiLCJpYXQiOjE3Njk4ODI0MDAsIm5iZiI6MTc2OTg4MjQwMCwiZXhwIjoxNzY5ODg2MDAwLCJqdGkiOiI1ZjBjM2E1Mi05ZDVlLTRjMWUtOGE0My0yYjdmM2MxZDllMTAifQ.2l0i6cDd1W3Yc4ZpQm9Xn8s5VfGk7JhTqRrB0uLwE1A',
  helpUrl: 'https://cotizador.example/docs/errores',
});

/**
 * The success envelope of the examples, with the operation's fields after the envelope's own.
 *
 * @example
 * ```ts
 * successExample({ resultado: {} }).mensaje; // 'Operación exitosa'
 * ```
 */
export function successExample(fields: Json): Json {
  return { status: 200, codigoRespuesta: '1', mensaje: SERVICE_MESSAGES.locales.es.operacionExitosa, folio: EXAMPLE.folio, ...fields };
}

/**
 * A reference to a component schema.
 *
 * @example
 * ```ts
 * ref('Health'); // { $ref: '#/components/schemas/Health' }
 * ```
 */
export function ref(name: SchemaName): Json {
  return { $ref: `#/components/schemas/${name}` };
}

/**
 * A JSON media type object: the schema and an example.
 *
 * @example
 * ```ts
 * json('Health', { status: 'ok' }); // { 'application/json': { schema: { $ref: '#/components/schemas/Health' }, example: { status: 'ok' } } }
 * ```
 */
export function json(schema: SchemaName, example: unknown): Json {
  return { 'application/json': { schema: ref(schema), example } };
}

const SECURITY_HEADER_NAMES = ['Strict-Transport-Security', 'Cache-Control', 'X-Frame-Options', 'X-Content-Type-Options'] as const;

/**
 * Response headers by name, each a reference to its component (`Allow` has one per resource kind).
 *
 * @example
 * ```ts
 * Object.keys(headerRefs(['Retry-After'])).length; // 5
 * ```
 */
export function headerRefs(extra: readonly string[] = []): Json {
  return Object.fromEntries(
    [...SECURITY_HEADER_NAMES, ...extra].map((name) => [
      name.startsWith('Allow-') ? 'Allow' : name,
      { $ref: `#/components/headers/${name}` },
    ]),
  );
}

/**
 * What each status means, as the document describes it.
 *
 * @example
 * ```ts
 * STATUS_TEXT[200]; // 'OK'
 * ```
 */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  304: 'Not modified: the representation matches If-None-Match or If-Modified-Since',
  400: 'The request does not meet the API specification (ERRESQ001–ERRESQ006), or a business error (ERRNEG001)',
  401: 'Invalid or missing token or credentials (ERRSEG001)',
  403: 'Expired token (ERRSEG002) or a token without the scope (ERRSEG003)',
  404: 'No such resource',
  405: 'Method other than the specified one (ERRSEG006, as the interface shows)',
  406: 'Wrong value in the Accept header (ERRSEG007, as the interface shows)',
  408: 'The request did not arrive in time (ERRSER001)',
  429: 'Resource called too frequently (ERRSEG006); Retry-After says when to retry',
  431: 'Too much data in the request headers (ERRSEG007)',
  500: "Error in the bank's systems (ERRSER002)",
  503: 'An API switched off (ERROFF001), all of them (ERROFF002), or no connection to the bank (ERRSER003)',
};

/** The envelope error example of a status. */
function envelopeExample(status: (typeof ENVELOPE_STATUSES)[number], code: ErrorCode, field?: string, mensajeCode?: ErrorCode): Json {
  return errorEnvelope({
    status,
    codigoError: code,
    folio: EXAMPLE.folio,
    mensaje: codeMessage(mensajeCode ?? code),
    valorIncorrecto: field,
    helpUrl: EXAMPLE.helpUrl,
  });
}

const ENVELOPE_ERRORS: readonly [number, ErrorCode, string | undefined, ErrorCode | undefined][] = [
  [400, 'ERRESQ006', 'solicitud.plazo', undefined],
  [401, 'ERRSEG001', 'Authorization', undefined],
  [403, 'ERRSEG002', 'Authorization', undefined],
  [405, 'ERRSEG006', 'method', 'ERRSEG004'],
  [406, 'ERRSEG007', 'Accept', 'ERRSEG005'],
  [408, 'ERRSER001', undefined, undefined],
  [429, 'ERRSEG006', undefined, undefined],
  [431, 'ERRSEG007', 'headers', undefined],
  [500, 'ERRSER002', undefined, undefined],
  [503, 'ERROFF001', undefined, undefined],
];

function extraHeaders(status: number, allow: string): string[] {
  if (status === 401) return ['WWW-Authenticate'];
  if (status === 405) return [allow];
  if (status === 429) return ['Retry-After'];
  return [];
}

/**
 * The error responses of a route of the envelope APIs, but for the statuses in `skip`.
 *
 * @example
 * ```ts
 * Object.keys(envelopeErrors([400, 401, 403])); // ['405', '406', '408', '429', '431', '500', '503']
 * ```
 */
export function envelopeErrors(skip: readonly number[] = []): Json {
  const out: Json = {};
  for (const [status, code, field, mensajeCode] of ENVELOPE_ERRORS) {
    if (skip.includes(status)) continue;
    out[String(status)] = {
      description: STATUS_TEXT[status],
      headers: headerRefs(extraHeaders(status, 'Allow-POST')),
      content: {
        'application/json': { schema: ref('ErrorEnvelope'), example: envelopeExample(status as never, code, field, mensajeCode) },
      },
    };
  }
  return out;
}

const OAUTH_ERRORS: readonly [number, string, string][] = [
  [400, 'unsupported_grant_type', renderMessage(messageRef(VALIDATION_MESSAGES, 'formatoInvalido'))],
  [401, 'invalid_client', SERVICE_MESSAGES.locales.es.credencialesInvalidas],
  [405, 'invalid_request', SERVICE_MESSAGES.locales.es.soloPost],
  [406, 'invalid_request', SERVICE_MESSAGES.locales.es.soloJson],
  [408, 'invalid_request', renderMessage(serviceMessage('tiempoAgotado', { seconds: 30 }))],
  [429, 'temporarily_unavailable', renderMessage(serviceMessage('demasiadasPeticiones', { seconds: 1 }))],
  [431, 'invalid_request', renderMessage(serviceMessage('encabezadosExceden', { bytes: 8192 }))],
  [500, 'server_error', codeMessage('ERRSER002')],
  [503, 'temporarily_unavailable', SERVICE_MESSAGES.locales.es.apisApagadas],
];

/**
 * The error responses of the ATM token URL (RFC 6749 bodies).
 *
 * @example
 * ```ts
 * Object.keys(oauthErrors()).includes('401'); // true
 * ```
 */
export function oauthErrors(): Json {
  return Object.fromEntries(
    OAUTH_ERRORS.map(([status, error, description]) => [
      String(status),
      {
        description: STATUS_TEXT[status],
        headers: headerRefs(extraHeaders(status, 'Allow-POST')),
        content: { 'application/json': { schema: ref('OAuthError'), example: { error, error_description: description } } },
      },
    ]),
  );
}

const ATM_ERROR_KINDS: readonly [number, AtmErrorKind][] = [
  [400, 'badRequest'],
  [401, 'unauthorized'],
  [404, 'notFound'],
  [405, 'methodNotAllowed'],
  [406, 'notAcceptable'],
  [408, 'timeout'],
  [429, 'tooManyRequests'],
  [431, 'headersTooLarge'],
  [500, 'internalError'],
  [503, 'serviceUnavailable'],
];

/**
 * The error responses of an ATM API route (the ATM API's own bodies).
 *
 * @example
 * ```ts
 * Object.keys(atmErrors()).includes('404'); // true
 * ```
 */
export function atmErrors(): Json {
  return Object.fromEntries(
    ATM_ERROR_KINDS.map(([status, kind]) => [
      String(status),
      {
        description: STATUS_TEXT[status],
        headers: headerRefs(extraHeaders(status, 'Allow-GET')),
        content: { 'application/json': { schema: ref('AtmErrorBody'), example: atmErrorBody(kind) } },
      },
    ]),
  );
}

/**
 * The `Accept-Language` header parameter, its value at most `maxLength` characters.
 *
 * @example
 * ```ts
 * acceptLanguage(5).name; // 'Accept-Language'
 * ```
 */
export function acceptLanguage(maxLength: number): Json {
  return {
    name: 'Accept-Language',
    in: 'header',
    required: false,
    description:
      'es_MX (the default) or en_US: the language of `mensaje`, `detalles.propiedad` and ATM descriptions. BCP 47 forms (en-US, en) and weighted lists are read too.',
    schema: { type: 'string', maxLength, default: 'es_MX', examples: ['es_MX', 'en_US'] },
  };
}
