/**
 * The OpenAPI 3.1 document of everything the service answers, generated from the same JSON
 * Schemas the validators use (`schemas`): every path and method, the request headers the
 * interface names, every status with its body and headers, both OAuth 2.0 security schemes,
 * and examples that are real outputs (the quotes are computed by the engines on a fixed date).
 * Served at `GET /openapi.json` and shipped as `cotizador/openapi.json`.
 */
import { ATM_API_BASE_PATH, ATM_CACHE_CONTROL, DEFAULT_ATM_API_VERSION, ATM_META_PLACEHOLDER } from '../atm/api.js';
import { atmErrorBody, type AtmErrorKind } from '../atm/errors.js';
import { exampleAtmDataset } from '../atm/example.js';
import { nearestAtms } from '../atm/queries.js';
import { ATM_ACCESSIBILITY_CODES, ATM_LOCATION_CATEGORY_CODES, ATM_SERVICE_CODES } from '../contracts/atmCatalogs.js';
import { errorEnvelope, type ENVELOPE_STATUSES } from '../contracts/envelope.js';
import { JSON_SCHEMA_DIALECT, schemas, type SchemaName } from '../contracts/schemas.js';
import { codeMessage, type ErrorCode } from '../errors/codes.js';
import { SAMPLE_LINEA_CAPTURA } from '../documents/sample.js';
import { quoteCredit } from '../quotes/quoteCredit.js';
import { quotePolicy } from '../quotes/quotePolicy.js';
import { ATM_SCOPES, UPDATE_SCOPE } from './auth.js';
import { DEFAULT_RESPONSE_HEADERS } from './respond.js';
import { messageRef, renderMessage } from '../errors/catalog.js';
import { VALIDATION_MESSAGES } from '../validation/messages.js';
import { SERVICE_MESSAGES, serviceMessage } from './messages.js';

type Json = Record<string, unknown>;

const ROUTE = {
  token: '/api/esb/ValidaCredenciales/accesstoken',
  atmToken: '/open-banking/oauth2/v1/token',
  autoEstrene: '/api/esb/Cotizador/v1/AutoEstrene',
  segAutoVendor: '/api/esb/Cotizador/v1/SegAutoVendor',
  obtenerDocumento: '/api/esb/ServiciosContribuyentes/obtenerDocumento',
} as const;

const EXAMPLE_DATE = '2026-01-31';
const EXAMPLE_FOLIO = '5f0c3a52-9d5e-4c1e-8a43-2b7f3c1d9e10';
const EXAMPLE_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImhzLTdRbEZvVjZ1dGpCdnFlM1kifQ.eyJzY29wZSI6InVwZGF0ZSIsInN1YiI6ImFwcCIsImlzcyI6ImNvdGl6YWRvciIsImF1ZCI6ImNvdGl6YWRvci1hcGkiLCJpYXQiOjE3Njk4ODI0MDAsIm5iZiI6MTc2OTg4MjQwMCwiZXhwIjoxNzY5ODg2MDAwLCJqdGkiOiI1ZjBjM2E1Mi05ZDVlLTRjMWUtOGE0My0yYjdmM2MxZDllMTAifQ.2l0i6cDd1W3Yc4ZpQm9Xn8s5VfGk7JhTqRrB0uLwE1A';
const HELP_URL = 'https://cotizador.example/docs/errores';

function ref(name: SchemaName): Json {
  return { $ref: `#/components/schemas/${name}` };
}

/** A component schema: the exported JSON Schema without `$schema` and `$id` (the document names it). */
function component(name: SchemaName): Json {
  const { $schema: _dialect, $id: _id, ...rest } = schemas[name] as Json;
  return rest;
}

const SECURITY_HEADER_NAMES = ['Strict-Transport-Security', 'Cache-Control', 'X-Frame-Options', 'X-Content-Type-Options'] as const;

/** Response headers by name, each a reference to its component (`Allow` has one per resource kind). */
function headerRefs(extra: readonly string[] = []): Json {
  return Object.fromEntries(
    [...SECURITY_HEADER_NAMES, ...extra].map((name) => [
      name.startsWith('Allow-') ? 'Allow' : name,
      { $ref: `#/components/headers/${name}` },
    ]),
  );
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
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
    folio: EXAMPLE_FOLIO,
    mensaje: codeMessage(mensajeCode ?? code),
    valorIncorrecto: field,
    helpUrl: HELP_URL,
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

/** The error responses of an envelope route. */
function envelopeErrors(skip: readonly number[] = []): Json {
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

function oauthErrors(): Json {
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

function atmErrors(): Json {
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

const LANGUAGE = (maxLength: number): Json => ({
  name: 'Accept-Language',
  in: 'header',
  required: false,
  description:
    'es_MX (the default) or en_US: the language of `mensaje`, `detalles.propiedad` and ATM descriptions. BCP 47 forms (en-US, en) and weighted lists are read too.',
  schema: { type: 'string', maxLength, default: 'es_MX', examples: ['es_MX', 'en_US'] },
});

function json(schema: SchemaName, example: unknown): Json {
  return { 'application/json': { schema: ref(schema), example } };
}

/** A protected JSON operation of the quoter or taxpayer APIs. */
function operation(
  id: string,
  tag: string,
  summary: string,
  request: SchemaName,
  response: SchemaName,
  requestExample: unknown,
  responseExample: unknown,
): Json {
  return {
    post: {
      operationId: id,
      tags: [tag],
      summary,
      security: [{ ValidaCredenciales: [UPDATE_SCOPE] }],
      parameters: [{ $ref: '#/components/parameters/AcceptLanguage' }],
      requestBody: { required: true, content: json(request, requestExample) },
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

function atmRoute(id: string, summary: string, ok: SchemaName, okExample: unknown, list: boolean): Json {
  const get: Json = {
    operationId: id,
    tags: ['atm'],
    summary,
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
    operationId: `${id}Head`,
    summary: `${summary} (headers only)`,
    responses: Object.fromEntries(
      Object.entries(get['responses'] as Json).map(([status, response]) => [
        status,
        { description: (response as Json)['description'], headers: (response as Json)['headers'] },
      ]),
    ),
  };
  return { get, head };
}

function documentRoute(
  id: string,
  summary: string,
  schema: SchemaName | undefined,
  example: unknown,
  cacheControl: string,
  extra: Json = {},
): Json {
  const content = schema === undefined ? { 'application/json': { schema: { type: 'object' } } } : json(schema, example);
  const ok = { description: `${STATUS_TEXT[200]} (Cache-Control: ${cacheControl})`, headers: headerRefs(), content };
  const errors = envelopeErrors([400, 401, 403, 408, 429, 500, 503]);
  return {
    get: { operationId: id, tags: ['service'], summary, security: [], responses: { 200: ok, ...extra, ...errors } },
    head: {
      operationId: `${id}Head`,
      tags: ['service'],
      summary: `${summary} (headers only)`,
      security: [],
      responses: { 200: { description: ok.description, headers: ok.headers } },
    },
  };
}

/** The examples: real engine outputs on a fixed date. */
function examples(): Record<string, unknown> {
  const creditRequest = {
    solicitud: {
      fechaApertura: EXAMPLE_DATE,
      montoSolicitado: '280000.00',
      tasa: '13.50',
      plazo: 3,
      periodicidad: 'M',
      iva: 16,
      comisiones: '2.00',
      valorFactura: '350000.00',
      generaTablaPagos: true,
    },
  };
  const policyRequest = {
    solicitud: {
      idPaquete: 1,
      cveEntidadFederativa: 9,
      idTipoUnidad: 1,
      idUsoAutomovil: 1,
      idClaveVehiculo: 1001,
      modelo: 2025,
      idAgencia: 10,
      montoSumaAsegurada: '350000.00',
      enganche: '70000.00',
      plazoFinanciado: 12,
      codigoPostal: '03100',
    },
  };
  const success = { status: 200, codigoRespuesta: '1', mensaje: SERVICE_MESSAGES.locales.es.operacionExitosa, folio: EXAMPLE_FOLIO };
  const dataset = exampleAtmDataset();
  const nearest = nearestAtms(dataset, { latitude: 19.4326, longitude: -99.1332 }, { limit: 1 });
  return {
    creditRequest,
    creditResponse: { ...success, resultado: quoteCredit(creditRequest.solicitud) },
    policyRequest,
    policyResponse: { ...success, resultado: quotePolicy(policyRequest.solicitud, { fechaInicio: EXAMPLE_DATE }) },
    documentRequest: { lineaCaptura: SAMPLE_LINEA_CAPTURA },
    documentResponse: { ...success, Resultado: { documento: 'JVBERi0xLjcKJYGBgYEK' } },
    atmList: {
      meta: {
        LastUpdated: dataset.LastUpdated,
        TotalResults: nearest.length,
        Agreement: ATM_META_PLACEHOLDER,
        License: ATM_META_PLACEHOLDER,
        TermsOfUse: ATM_META_PLACEHOLDER,
      },
      data: nearest.map((entry) => ({ Brand: [{ BrandName: entry.brandName, ATM: [entry.atm] }] })),
    },
  };
}

let cached: Json | undefined;

/**
 * The OpenAPI 3.1 document (a fresh deep copy each call; built once per process).
 *
 * @example
 * ```ts
 * const doc = openApiDocument();
 * doc.openapi; // '3.1.0'
 * Object.keys(doc.paths as object).includes('/api/esb/Cotizador/v1/AutoEstrene'); // true
 * ```
 */
export function openApiDocument(): Json {
  cached ??= buildDocument();
  return structuredClone(cached);
}

function buildDocument(): Json {
  const ex = examples();
  const tokenForm = { grant_type: 'client_credentials', scope: UPDATE_SCOPE };
  const formBody = (schemaName: SchemaName) => ({
    required: true,
    content: { 'application/x-www-form-urlencoded': { schema: ref(schemaName), example: tokenForm } },
  });
  const issuedAt = String(Date.UTC(2026, 0, 31, 18, 0, 0));
  const names = Object.keys(schemas) as SchemaName[];
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: 'cotizador — sandbox banking interface',
      version: '1.0.0',
      summary: 'Credentials token, vehicle credit and insurance quotes, taxpayer documents, ATM open data',
      description:
        'Every route of the interface as `cotizador` serves it (`cotizador serve`, or createService in any HTTP framework). Bodies are JSON (ASCII, non-ASCII characters escaped) except the token request, which is form-encoded. `/openapi.json`, `/.well-known/jwks.json` and `/health` are additions to the interface.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: 'http://127.0.0.1:8080', description: '`cotizador serve` with its defaults' }],
    tags: [
      { name: 'token', description: 'Token API: OAuth 2.0 client_credentials' },
      { name: 'quoter', description: 'Quoter API (/api/esb/Cotizador/v1)' },
      { name: 'taxpayer', description: 'Taxpayer services API' },
      { name: 'atm', description: `ATM open-data API (${ATM_API_BASE_PATH})` },
      { name: 'service', description: "The server's own documents: this document, the JWKS, health" },
    ],
    paths: {
      [ROUTE.token]: {
        post: {
          operationId: 'accessToken',
          tags: ['token'],
          summary: 'Issue an access token (client_credentials); Basic credentials or client_id/client_secret form fields',
          security: [{ ClientBasic: [] }, {}],
          parameters: [LANGUAGE(10)],
          requestBody: formBody('TokenRequest'),
          responses: {
            200: {
              description: STATUS_TEXT[200],
              headers: headerRefs(),
              content: json('TokenResponse', {
                status: 200,
                codigoRespuesta: '1',
                mensaje: SERVICE_MESSAGES.locales.es.operacionExitosa,
                folio: EXAMPLE_FOLIO,
                access_token: EXAMPLE_TOKEN,
                expires_in: '3600',
                scope: UPDATE_SCOPE,
                token_type: 'Bearer',
                issued_at: issuedAt,
              }),
            },
            ...envelopeErrors(),
          },
        },
      },
      [ROUTE.atmToken]: {
        post: {
          operationId: 'atmToken',
          tags: ['token', 'atm'],
          summary: 'Issue an access token for the ATM API (RFC 6749 responses)',
          security: [{ ClientBasic: [] }, {}],
          parameters: [LANGUAGE(10)],
          requestBody: formBody('TokenRequest'),
          responses: {
            200: {
              description: STATUS_TEXT[200],
              headers: headerRefs(),
              content: json('OAuthTokenResponse', { access_token: EXAMPLE_TOKEN, token_type: 'Bearer', expires_in: 3600, scope: 'read' }),
            },
            ...oauthErrors(),
          },
        },
      },
      [ROUTE.autoEstrene]: operation(
        'autoEstrene',
        'quoter',
        'Commercial credit quote for a vehicle: cost summary, CAT and optionally the amortization table',
        'AutoEstreneRequest',
        'AutoEstreneResponse',
        ex['creditRequest'],
        ex['creditResponse'],
      ),
      [ROUTE.segAutoVendor]: operation(
        'segAutoVendor',
        'quoter',
        'Vehicle insurance packages with their premiums and receipts',
        'SegAutoVendorRequest',
        'SegAutoVendorResponse',
        ex['policyRequest'],
        ex['policyResponse'],
      ),
      [ROUTE.obtenerDocumento]: operation(
        'obtenerDocumento',
        'taxpayer',
        'The receipt (PDF, base64) of the payment with this lineaCaptura; the example document is abbreviated',
        'ObtenerDocumentoRequest',
        'ObtenerDocumentoResponse',
        ex['documentRequest'],
        ex['documentResponse'],
      ),
      [`${ATM_API_BASE_PATH}/atms`]: atmRoute(
        'listAtms',
        'ATM devices grouped by brand (filters are an extension)',
        'AtmListResponse',
        ex['atmList'],
        true,
      ),
      [`${ATM_API_BASE_PATH}/atms/api-version`]: atmRoute(
        'atmApiVersion',
        'The ATM API version',
        'AtmApiVersion',
        { version: DEFAULT_ATM_API_VERSION },
        false,
      ),
      '/openapi.json': documentRoute('openApi', 'This document', undefined, undefined, 'max-age=3600'),
      '/.well-known/jwks.json': documentRoute(
        'jwks',
        'Public keys that verify RS256 access tokens (empty with HS256)',
        'Jwks',
        { keys: [] },
        'max-age=300',
      ),
      '/health': documentRoute(
        'health',
        '"ok" while the server takes requests; 503 "draining" during a graceful shutdown',
        'Health',
        { status: 'ok' },
        'no-store',
        {
          503: { description: 'Draining: the server is shutting down', content: json('Health', { status: 'draining' }) },
        },
      ),
    },
    components: {
      schemas: Object.fromEntries(names.map((name) => [name, component(name)])),
      parameters: { AcceptLanguage: LANGUAGE(5) },
      headers: {
        'Strict-Transport-Security': { schema: { type: 'string', const: DEFAULT_RESPONSE_HEADERS['Strict-Transport-Security'] } },
        'Cache-Control': {
          description: `no-store on the token, quoter and taxpayer APIs and on every error; ${ATM_CACHE_CONTROL} on ATM data`,
          schema: { type: 'string' },
        },
        'X-Frame-Options': { schema: { type: 'string', const: 'DENY' } },
        'X-Content-Type-Options': { schema: { type: 'string', const: 'nosniff' } },
        'WWW-Authenticate': { description: 'Basic on the token URLs, Bearer elsewhere', schema: { type: 'string' } },
        'Allow-POST': { description: 'Allow: the methods of the resource', schema: { type: 'string', const: 'POST' } },
        'Allow-GET': { description: 'Allow: the methods of the resource', schema: { type: 'string', const: 'GET, HEAD' } },
        'Retry-After': { description: 'Seconds until the client may call again', schema: { type: 'string', pattern: '^[0-9]+$' } },
        Etag: { description: 'Strong validator: the quoted SHA-256 of the body', schema: { type: 'string' } },
        'Last-Modified': { description: 'The data set’s LastUpdated as an HTTP-date', schema: { type: 'string' } },
      },
      securitySchemes: {
        ValidaCredenciales: {
          type: 'oauth2',
          description: 'Token, quoter and taxpayer APIs',
          flows: { clientCredentials: { tokenUrl: ROUTE.token, scopes: { [UPDATE_SCOPE]: 'Quotes and taxpayer documents' } } },
        },
        AtmOAuth: {
          type: 'oauth2',
          description: 'ATM API (unless the server makes it public)',
          flows: { clientCredentials: { tokenUrl: ROUTE.atmToken, scopes: { 'atms:read': 'Read ATM data', read: 'Read ATM data' } } },
        },
        ClientBasic: { type: 'http', scheme: 'basic', description: 'client_id:client_secret on the token URLs' },
      },
    },
  };
}
