/**
 * The route registry: every route the service answers, once — its name, path and methods, the
 * API the switches name it by, the error bodies it speaks, its request and response schemas, its
 * handler, and what the OpenAPI document says of it (with examples that are real outputs, the
 * quotes computed by the engines on a fixed date). The dispatch (`service.ts`), the switches and
 * the document's paths (`openapi.ts`) all read it; adding an endpoint is an entry here, its
 * handler and its schema.
 *
 * The ATM API's routes are answered by the ATM API itself, mounted at its base path (it refuses
 * any other path under it in its own shape); their entries describe them.
 */
import { ATM_API_BASE_PATH, ATM_META_PLACEHOLDER, DEFAULT_ATM_API_VERSION } from '../atm/api.js';
import { exampleAtmDataset } from '../atm/example.js';
import { nearestAtms } from '../atm/queries.js';
import type { SchemaName } from '../contracts/schemas.js';
import { SAMPLE_LINEA_CAPTURA } from '../documents/sample.js';
import { asciiJson } from '../http/json.js';
import { quoteCredit } from '../quotes/quoteCredit.js';
import { quotePolicy } from '../quotes/quotePolicy.js';
import { UPDATE_SCOPE } from './auth.js';
import { documentHandler, grantHandler, operationHandler, type Begin, type Family, type RouteContext } from './handlers.js';
import { autoEstrene, obtenerDocumento, segAutoVendor, type Operation } from './operations.js';
import { atmPath, CREDIT_INSURANCE_RULE, documentPath, grantPath, operationPath, type RouteAbout } from './openapiPaths.js';
import { EXAMPLE, json, successExample, type Json } from './openapiResponses.js';
import type { ApiName } from './switches.js';
import { readyHandler, readyPathItem } from './ready.js';

/**
 * One route of the registry.
 *
 * @example
 * ```ts
 * const health: RouteSpec = ROUTE_TABLE.find((route) => route.name === 'health')!;
 * [health.path, health.methods]; // ['/health', ['GET', 'HEAD']]
 * ```
 */
export interface RouteSpec<Name extends string = string, Path extends string = string> {
  /** The route's name in {@link ROUTES}. */
  readonly name: Name;
  readonly path: Path;
  readonly methods: readonly string[];
  /** The API the switches name; undefined for the service's own documents (never switched off). */
  readonly api: ApiName | undefined;
  /** Which error bodies the route speaks. */
  readonly family: Family;
  /** The route's request and response schemas (a document has no request). */
  readonly schemas: { readonly request?: SchemaName | undefined; readonly response?: SchemaName | undefined };
  /** How the route answers; undefined for the ATM API's routes, which the ATM API answers. */
  readonly begin: Begin | undefined;
  /** The route's OpenAPI path item (built with the document, once per process). */
  readonly openApi: () => Json;
}

/**
 * Where the ATM API is mounted and the API the switches name it by: it answers every path under
 * its base (its routes below, and any other path, refused in its own shape).
 *
 * @example
 * ```ts
 * ATM_MOUNT; // { base: '/open-banking/open-data/v2', api: 'atm' }
 * ```
 */
export const ATM_MOUNT: { readonly base: string; readonly api: ApiName } = Object.freeze({ base: ATM_API_BASE_PATH, api: 'atm' });

/** A route the service answers itself. */
type OwnRoute<Name extends string = string, Path extends string = string> = RouteSpec<Name, Path> & { readonly begin: Begin };

const POST = Object.freeze(['POST']);
const GET = Object.freeze(['GET', 'HEAD']);

/** A token URL: the client_credentials grant, answered in the interface's envelope or in RFC 6749 JSON. */
function grant<const Name extends string, const Path extends string>(spec: {
  readonly name: Name;
  readonly path: Path;
  readonly family: 'envelope' | 'oauth';
  readonly about: RouteAbout;
  readonly response: SchemaName;
  readonly example: () => unknown;
}): OwnRoute<Name, Path> {
  return {
    name: spec.name,
    path: spec.path,
    methods: POST,
    api: 'token',
    family: spec.family,
    schemas: { request: 'TokenRequest', response: spec.response },
    begin: grantHandler(spec.family),
    openApi: () => grantPath(spec.about, spec.family, spec.response, spec.example()),
  };
}

/** A protected JSON operation of the quoter or taxpayer APIs. */
function operation<const Name extends string, const Path extends string, T>(spec: {
  readonly name: Name;
  readonly path: Path;
  readonly api: ApiName;
  readonly operation: Operation<T>;
  readonly about: RouteAbout;
  readonly request: SchemaName;
  readonly response: SchemaName;
  readonly examples: () => { readonly request: unknown; readonly response: unknown };
  /** A rule across the request's fields for the document (JSON Schema `if`/`then`). */
  readonly requestRule?: Json;
}): OwnRoute<Name, Path> {
  return {
    name: spec.name,
    path: spec.path,
    methods: POST,
    api: spec.api,
    family: 'envelope',
    schemas: { request: spec.request, response: spec.response },
    begin: operationHandler(spec.operation),
    openApi: () => {
      const examples = spec.examples();
      return operationPath(spec.about, spec.request, spec.response, examples.request, examples.response, spec.requestRule);
    },
  };
}

/** A route of the ATM API (answered by the ATM API; `list`: conditional requests and filters). */
function atmData<const Name extends string, const Path extends string>(spec: {
  readonly name: Name;
  readonly path: Path;
  readonly about: RouteAbout;
  readonly response: SchemaName;
  readonly example: () => unknown;
  readonly list: boolean;
}): RouteSpec<Name, Path> & { readonly begin: undefined } {
  return {
    name: spec.name,
    path: spec.path,
    methods: GET,
    api: ATM_MOUNT.api,
    family: 'atm',
    schemas: { response: spec.response },
    begin: undefined,
    openApi: () => atmPath(spec.about, spec.response, spec.example(), spec.list),
  };
}

/** One of the service's own read-only documents (never switched off). */
function document<const Name extends string, const Path extends string>(spec: {
  readonly name: Name;
  readonly path: Path;
  readonly about: RouteAbout;
  readonly body: (context: RouteContext) => string;
  readonly cacheControl: string;
  readonly response?: SchemaName;
  readonly example?: unknown;
  readonly extra?: () => Json;
}): OwnRoute<Name, Path> {
  return {
    name: spec.name,
    path: spec.path,
    methods: GET,
    api: undefined,
    family: 'envelope',
    schemas: { response: spec.response },
    begin: documentHandler(spec.body, spec.cacheControl),
    openApi: () => documentPath(spec.about, spec.response, spec.example, spec.cacheControl, spec.extra?.()),
  };
}

const CREDIT_REQUEST = {
  solicitud: {
    fechaApertura: EXAMPLE.date,
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

const POLICY_REQUEST = {
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

/** The ATM list example: the nearest ATM of the example data set to Mexico City's Zócalo. */
function atmListExample(): Json {
  const dataset = exampleAtmDataset();
  const nearest = nearestAtms(dataset, { latitude: 19.4326, longitude: -99.1332 }, { limit: 1 });
  return {
    meta: {
      LastUpdated: dataset.LastUpdated,
      TotalResults: nearest.length,
      Agreement: ATM_META_PLACEHOLDER,
      License: ATM_META_PLACEHOLDER,
      TermsOfUse: ATM_META_PLACEHOLDER,
    },
    data: nearest.map((entry) => ({ Brand: [{ BrandName: entry.brandName, ATM: [entry.atm] }] })),
  };
}

/**
 * Every route, in the order the OpenAPI document lists them.
 *
 * @example
 * ```ts
 * ROUTE_TABLE.map((route) => route.name).includes('autoEstrene'); // true
 * ```
 */
export const ROUTE_TABLE = [
  grant({
    name: 'token',
    path: '/api/esb/ValidaCredenciales/accesstoken',
    family: 'envelope',
    about: {
      id: 'accessToken',
      tags: ['token'],
      summary: 'Issue an access token (client_credentials); Basic credentials or client_id/client_secret form fields',
    },
    response: 'TokenResponse',
    example: () =>
      successExample({
        access_token: EXAMPLE.token,
        expires_in: '3600',
        scope: UPDATE_SCOPE,
        token_type: 'Bearer',
        issued_at: String(Date.UTC(2026, 0, 31, 18, 0, 0)),
      }),
  }),
  grant({
    name: 'atmToken',
    path: '/open-banking/oauth2/v1/token',
    family: 'oauth',
    about: { id: 'atmToken', tags: ['token', 'atm'], summary: 'Issue an access token for the ATM API (RFC 6749 responses)' },
    response: 'OAuthTokenResponse',
    example: () => ({ access_token: EXAMPLE.token, token_type: 'Bearer', expires_in: 3600, scope: 'read' }),
  }),
  operation({
    name: 'autoEstrene',
    path: '/api/esb/Cotizador/v1/AutoEstrene',
    api: 'quoter',
    operation: autoEstrene,
    about: {
      id: 'autoEstrene',
      tags: ['quoter'],
      summary: 'Commercial credit quote for a vehicle: cost summary, CAT and optionally the amortization table',
    },
    request: 'AutoEstreneRequest',
    response: 'AutoEstreneResponse',
    examples: () => ({ request: CREDIT_REQUEST, response: successExample({ resultado: quoteCredit(CREDIT_REQUEST.solicitud) }) }),
    requestRule: CREDIT_INSURANCE_RULE,
  }),
  operation({
    name: 'segAutoVendor',
    path: '/api/esb/Cotizador/v1/SegAutoVendor',
    api: 'quoter',
    operation: segAutoVendor,
    about: { id: 'segAutoVendor', tags: ['quoter'], summary: 'Vehicle insurance packages with their premiums and receipts' },
    request: 'SegAutoVendorRequest',
    response: 'SegAutoVendorResponse',
    examples: () => ({
      request: POLICY_REQUEST,
      response: successExample({ resultado: quotePolicy(POLICY_REQUEST.solicitud, { fechaInicio: EXAMPLE.date }) }),
    }),
  }),
  operation({
    name: 'obtenerDocumento',
    path: '/api/esb/ServiciosContribuyentes/obtenerDocumento',
    api: 'taxpayer',
    operation: obtenerDocumento,
    about: {
      id: 'obtenerDocumento',
      tags: ['taxpayer'],
      summary: 'The receipt (PDF, base64) of the payment with this lineaCaptura; the example document is abbreviated',
    },
    request: 'ObtenerDocumentoRequest',
    response: 'ObtenerDocumentoResponse',
    examples: () => ({
      request: { lineaCaptura: SAMPLE_LINEA_CAPTURA },
      response: successExample({ Resultado: { documento: 'JVBERi0xLjcKJYGBgYEK' } }),
    }),
  }),
  atmData({
    name: 'atmList',
    path: `${ATM_MOUNT.base}/atms`,
    about: { id: 'listAtms', tags: ['atm'], summary: 'ATM devices grouped by brand (filters are an extension)' },
    response: 'AtmListResponse',
    example: atmListExample,
    list: true,
  }),
  atmData({
    name: 'atmApiVersion',
    path: `${ATM_MOUNT.base}/atms/api-version`,
    about: { id: 'atmApiVersion', tags: ['atm'], summary: 'The ATM API version' },
    response: 'AtmApiVersion',
    example: () => ({ version: DEFAULT_ATM_API_VERSION }),
    list: false,
  }),
  document({
    name: 'openApi',
    path: '/openapi.json',
    about: { id: 'openApi', tags: ['service'], summary: 'This document' },
    body: (context) => context.openApiText(),
    cacheControl: 'max-age=3600',
  }),
  document({
    name: 'jwks',
    path: '/.well-known/jwks.json',
    about: { id: 'jwks', tags: ['service'], summary: 'Public keys that verify RS256 access tokens (empty with HS256)' },
    body: ({ config }) => asciiJson(config.keys.jwks),
    cacheControl: 'max-age=300',
    response: 'Jwks',
    example: { keys: [] },
  }),
  document({
    name: 'health',
    path: '/health',
    about: { id: 'health', tags: ['service'], summary: '"ok" while the server takes requests; 503 "draining" during a graceful shutdown' },
    body: () => '{"status":"ok"}',
    cacheControl: 'no-store',
    response: 'Health',
    example: { status: 'ok' },
    extra: () => ({ 503: { description: 'Draining: the server is shutting down', content: json('Health', { status: 'draining' }) } }),
  }),
  {
    name: 'ready',
    path: '/ready',
    methods: GET,
    api: undefined,
    family: 'envelope',
    schemas: { request: undefined, response: undefined },
    begin: readyHandler,
    openApi: readyPathItem,
  },
] as const;

type Own<Route> = Route extends { readonly begin: Begin } ? Route : never;
type OwnRoutes = Own<(typeof ROUTE_TABLE)[number]>;

/** The routes the service answers itself, by path; a Map, so a path such as `/__proto__` can never reach a prototype. */
const OWN_ROUTES: ReadonlyMap<string, OwnRoute> = new Map(
  ROUTE_TABLE.filter((route): route is OwnRoutes => route.begin !== undefined).map((route) => [route.path, route]),
);

/**
 * Paths the service answers (the ATM API's own paths live under `/open-banking/open-data/v2`).
 * `openApi`, `jwks` and `health` are additions to the interface.
 *
 * @example
 * ```ts
 * ROUTES.autoEstrene; // '/api/esb/Cotizador/v1/AutoEstrene'
 * ```
 */
export const ROUTES: { readonly [Route in OwnRoutes as Route['name']]: Route['path'] } = Object.freeze(
  Object.fromEntries([...OWN_ROUTES.values()].map((route) => [route.name, route.path])),
) as never;

/**
 * The route the service answers itself at `path` (without its query), if any.
 *
 * @example
 * ```ts
 * routeAt('/health')?.methods; // ['GET', 'HEAD']
 * routeAt('/__proto__'); // undefined
 * ```
 */
export function routeAt(path: string): OwnRoute | undefined {
  return OWN_ROUTES.get(path);
}

/**
 * Whether the ATM API answers `path`: its routes, and any other path under its base (refused in
 * its own shape).
 *
 * @example
 * ```ts
 * isAtmPath('/open-banking/open-data/v2/atms'); // true
 * isAtmPath('/open-banking/oauth2/v1/token'); // false
 * ```
 */
export function isAtmPath(path: string): boolean {
  return path === ATM_MOUNT.base || path.startsWith(`${ATM_MOUNT.base}/`);
}
