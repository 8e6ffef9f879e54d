/**
 * The OpenAPI path item of each kind of route the registry (`routes.ts`) holds: a token URL
 * (form request; envelope or RFC 6749 answers), a protected JSON operation of the envelope APIs,
 * an ATM data route (GET and HEAD, the ATM API's errors), and one of the service's own documents.
 */
import { ATM_ACCESSIBILITY_CODES, ATM_LOCATION_CATEGORY_CODES, ATM_SERVICE_CODES } from '../contracts/atmCatalogs.js';
import type { SchemaName } from '../contracts/schemas.js';
import { ATM_SCOPES, UPDATE_SCOPE } from './auth.js';
import {
  acceptLanguage,
  atmErrors,
  envelopeErrors,
  headerRefs,
  json,
  oauthErrors,
  ref,
  STATUS_TEXT,
  type Json,
} from './openapiResponses.js';

/**
 * What the document says of a route: its operation id, tags and summary.
 *
 * @example
 * ```ts
 * const about: RouteAbout = { id: 'health', tags: ['service'], summary: 'Whether the server takes requests' };
 * ```
 */
export interface RouteAbout {
  readonly id: string;
  readonly tags: readonly string[];
  readonly summary: string;
}

/**
 * The path item of a token URL: a client_credentials form, Basic credentials or form fields, and
 * the envelope's errors (`envelope`) or RFC 6749's (`oauth`).
 *
 * @example
 * ```ts
 * const item = grantPath({ id: 'accessToken', tags: ['token'], summary: 'Issue a token' }, 'envelope', 'TokenResponse', {});
 * Object.keys(item.post.responses).length; // 11
 * ```
 */
export function grantPath(
  about: RouteAbout,
  family: 'envelope' | 'oauth',
  response: SchemaName,
  example: unknown,
): { readonly post: Json & { readonly responses: Json } } {
  return {
    post: {
      operationId: about.id,
      tags: [...about.tags],
      summary: about.summary,
      security: [{ ClientBasic: [] }, {}],
      parameters: [acceptLanguage(10)],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: ref('TokenRequest'),
            example: { grant_type: 'client_credentials', scope: UPDATE_SCOPE },
          },
        },
      },
      responses: {
        200: { description: STATUS_TEXT[200], headers: headerRefs(), content: json(response, example) },
        ...(family === 'envelope' ? envelopeErrors() : oauthErrors()),
      },
    },
  };
}

/**
 * The AutoEstrene request's rule across fields, which a property's own schema cannot say:
 * `tipoSeguro` 1 (the policy paid up front) and 2 (financed) quote a policy, so `informacionSeguro`
 * is required and names a package (`idPaquete` at least 1). The engine refuses the same requests
 * with ERRESQ006 (`solicitud.informacionSeguro`, `solicitud.informacionSeguro.idPaquete`); which
 * insurer, when several offer the package, depends on the tariff and stays the engine's (ERRNEG001).
 *
 * @example
 * ```ts
 * const rule = CREDIT_INSURANCE_RULE as { if: unknown; then: unknown };
 * Object.keys(rule).includes('then'); // true
 * ```
 */
export const CREDIT_INSURANCE_RULE: Json = {
  description:
    'tipoSeguro 1 (paid up front) or 2 (financed): informacionSeguro is required and names a package (idPaquete at least 1; idAseguradora too when several insurers offer it, else 400 ERRNEG001)',
  if: {
    required: ['solicitud'],
    properties: { solicitud: { required: ['tipoSeguro'], properties: { tipoSeguro: { enum: [1, 2] } } } },
  },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword in a document, never awaited
  then: {
    properties: {
      solicitud: {
        required: ['informacionSeguro'],
        properties: { informacionSeguro: { required: ['idPaquete'], properties: { idPaquete: { minimum: 1 } } } },
      },
    },
  },
};

/**
 * The path item of a protected JSON operation of the quoter or taxpayer APIs: bearer token with
 * the `update` scope, a JSON request (its schema, and `rule` across its fields when given), the
 * success envelope, the envelope's errors.
 *
 * @example
 * ```ts
 * const item = operationPath({ id: 'autoEstrene', tags: ['quoter'], summary: 'Credit quote' }, 'AutoEstreneRequest', 'AutoEstreneResponse', {}, {});
 * item.post.security; // [{ ValidaCredenciales: ['update'] }]
 * ```
 */
export function operationPath(
  about: RouteAbout,
  request: SchemaName,
  response: SchemaName,
  requestExample: unknown,
  responseExample: unknown,
  rule?: Json,
): { readonly post: Json } {
  const content = json(request, requestExample);
  if (rule !== undefined) content['application/json'] = { schema: { allOf: [ref(request), rule] }, example: requestExample };
  return {
    post: {
      operationId: about.id,
      tags: [...about.tags],
      summary: about.summary,
      security: [{ ValidaCredenciales: [UPDATE_SCOPE] }],
      parameters: [{ $ref: '#/components/parameters/AcceptLanguage' }],
      requestBody: { required: true, content },
      responses: {
        200: { description: STATUS_TEXT[200], headers: headerRefs(), content: json(response, responseExample) },
        ...envelopeErrors(),
      },
    },
  };
}

const ATM_QUERY: readonly Json[] = [
  { name: 'service', schema: { type: 'string', enum: [...ATM_SERVICE_CODES] }, description: 'ATMServices includes this code' },
  {
    name: 'accessibility',
    schema: { type: 'string', enum: [...ATM_ACCESSIBILITY_CODES] },
    description: 'Accessibility includes this code',
  },
  {
    name: 'category',
    schema: { type: 'string', enum: [...ATM_LOCATION_CATEGORY_CODES] },
    description: 'Location.LocationCategory includes this code',
  },
  { name: 'currency', schema: { type: 'string', pattern: '^[A-Z]{3}$' }, description: 'SupportedCurrencies includes it' },
  { name: 'brand', schema: { type: 'string', minLength: 1, maxLength: 140 }, description: 'BrandName, case-insensitive' },
  { name: 'open24h', schema: { type: 'string', enum: ['true', 'false'] }, description: 'Access24HoursIndicator' },
  { name: 'postalCode', schema: { type: 'string', minLength: 1, maxLength: 16 }, description: 'PostCode equals it' },
  {
    name: 'lat',
    schema: { type: 'string', pattern: '^-?[0-9]{1,3}(\\.[0-9]{1,15})?$' },
    description: 'Latitude for the nearest ATMs (with lon)',
  },
  {
    name: 'lon',
    schema: { type: 'string', pattern: '^-?[0-9]{1,3}(\\.[0-9]{1,15})?$' },
    description: 'Longitude for the nearest ATMs (with lat)',
  },
  { name: 'limit', schema: { type: 'string', pattern: '^[1-9][0-9]{0,3}$' }, description: 'How many nearest ATMs, 1..1000 (default 5)' },
].map((parameter) => ({ ...parameter, in: 'query', required: false }));

const CONDITIONAL: readonly Json[] = [
  { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'Entity tags; a match gives 304' },
  {
    name: 'If-Modified-Since',
    in: 'header',
    required: false,
    schema: { type: 'string' },
    description: 'An HTTP-date; read only without If-None-Match; not modified since gives 304, an unreadable date 400',
  },
];

/**
 * The path item of an ATM data route: GET, and HEAD with the same headers; a `list` route takes
 * the conditional headers and the query filters and may answer 304.
 *
 * @example
 * ```ts
 * const item = atmPath({ id: 'atmApiVersion', tags: ['atm'], summary: 'The ATM API version' }, 'AtmApiVersion', { version: '1.0.0' }, false);
 * Object.keys(item); // ['get', 'head']
 * ```
 */
export function atmPath(about: RouteAbout, ok: SchemaName, okExample: unknown, list: boolean): { readonly get: Json; readonly head: Json } {
  const get: Json = {
    operationId: about.id,
    tags: [...about.tags],
    summary: about.summary,
    security: ATM_SCOPES.map((scope) => ({ AtmOAuth: [scope] })),
    parameters: [{ $ref: '#/components/parameters/AcceptLanguage' }, ...(list ? [...CONDITIONAL, ...ATM_QUERY] : [])],
    responses: {
      200: { description: STATUS_TEXT[200], headers: headerRefs(list ? ['Etag', 'Last-Modified'] : []), content: json(ok, okExample) },
      ...(list ? { 304: { description: STATUS_TEXT[304], headers: headerRefs(['Etag', 'Last-Modified']) } } : {}),
      ...atmErrors(),
    },
  };
  const head = {
    ...get,
    operationId: `${about.id}Head`,
    summary: `${about.summary} (headers only)`,
    responses: Object.fromEntries(
      Object.entries(get['responses'] as Json).map(([status, response]) => [
        status,
        { description: (response as Json)['description'], headers: (response as Json)['headers'] },
      ]),
    ),
  };
  return { get, head };
}

/**
 * The path item of one of the service's own documents: GET and HEAD, no security, the
 * envelope's protocol errors, and `extra` responses.
 *
 * @example
 * ```ts
 * const item = documentPath({ id: 'health', tags: ['service'], summary: 'Health' }, 'Health', { status: 'ok' }, 'no-store');
 * item.get.security; // []
 * ```
 */
export function documentPath(
  about: RouteAbout,
  schema: SchemaName | undefined,
  example: unknown,
  cacheControl: string,
  extra: Json = {},
): { readonly get: Json; readonly head: Json } {
  const content = schema === undefined ? { 'application/json': { schema: { type: 'object' } } } : json(schema, example);
  const ok = { description: `${STATUS_TEXT[200]} (Cache-Control: ${cacheControl})`, headers: headerRefs(), content };
  const errors = envelopeErrors([400, 401, 403, 408, 429, 500, 503]);
  return {
    get: {
      operationId: about.id,
      tags: [...about.tags],
      summary: about.summary,
      security: [],
      responses: { 200: ok, ...extra, ...errors },
    },
    head: {
      operationId: `${about.id}Head`,
      tags: [...about.tags],
      summary: `${about.summary} (headers only)`,
      security: [],
      responses: { 200: { description: ok.description, headers: ok.headers } },
    },
  };
}
