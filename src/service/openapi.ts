/**
 * The OpenAPI 3.1 document of everything the service answers: its paths are the route registry's
 * (`routes.ts`, each route's path item built by `openapiPaths.ts`), its component schemas the same
 * JSON Schemas the validators use (`schemas`), with the response headers, the `Accept-Language`
 * parameter and both OAuth 2.0 security schemes. Served at `GET /openapi.json` and shipped as
 * `cotizador/openapi.json`.
 */
import { ATM_API_BASE_PATH, ATM_CACHE_CONTROL } from '../atm/api.js';
import { JSON_SCHEMA_DIALECT, schemas, type SchemaName } from '../contracts/schemas.js';
import { UPDATE_SCOPE } from './auth.js';
import { acceptLanguage, type Json } from './openapiResponses.js';
import { DEFAULT_RESPONSE_HEADERS } from './respond.js';
import { ROUTE_TABLE, ROUTES } from './routes.js';

/** A component schema: the exported JSON Schema without `$schema` and `$id` (the document names it). */
function component(name: SchemaName): Json {
  const { $schema: _dialect, $id: _id, ...rest } = schemas[name] as Json;
  return rest;
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
    // Relative: the document's own origin (where it is served, or the base a client resolves it
    // against), so the one committed file is right behind any host, port or TLS proxy.
    servers: [{ url: '/', description: 'The server this document was fetched from' }],
    tags: [
      { name: 'token', description: 'Token API: OAuth 2.0 client_credentials' },
      { name: 'quoter', description: 'Quoter API (/api/esb/Cotizador/v1)' },
      { name: 'taxpayer', description: 'Taxpayer services API' },
      { name: 'atm', description: `ATM open-data API (${ATM_API_BASE_PATH})` },
      { name: 'service', description: "The server's own documents: this document, the JWKS, health" },
    ],
    paths: Object.fromEntries(ROUTE_TABLE.map((route) => [route.path, route.openApi()])),
    components: {
      schemas: Object.fromEntries(names.map((name) => [name, component(name)])),
      parameters: { AcceptLanguage: acceptLanguage(5) },
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
          flows: { clientCredentials: { tokenUrl: ROUTES.token, scopes: { [UPDATE_SCOPE]: 'Quotes and taxpayer documents' } } },
        },
        AtmOAuth: {
          type: 'oauth2',
          description: 'ATM API (unless the server makes it public)',
          flows: { clientCredentials: { tokenUrl: ROUTES.atmToken, scopes: { 'atms:read': 'Read ATM data', read: 'Read ATM data' } } },
        },
        ClientBasic: { type: 'http', scheme: 'basic', description: 'client_id:client_secret on the token URLs' },
      },
    },
  };
}
