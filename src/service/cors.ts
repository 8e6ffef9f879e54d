/**
 * CORS for browsers calling the service from another origin: the configuration (allowed origins,
 * headers, preflight lifetime, credentials), checked when the service is created; the answer to a
 * preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`); and the headers added
 * to every other answer. Off unless configured: without it no answer changes by a byte.
 */
import { headerField } from '../http/headers.js';
import type { ServiceRequest, ServiceResponse } from '../http/types.js';
import { configError } from './configError.js';
import { DEFAULT_RESPONSE_HEADERS } from './respond.js';

/**
 * Who may call the service from a browser. Origins are compared exactly
 * (`https://app.example.com`, no path, no final slash); `'*'` allows any origin (then without
 * credentials).
 *
 * @example
 * ```ts
 * const cors: CorsConfig = { allowedOrigins: ['https://app.example.com'], maxAgeSeconds: 600 };
 * ```
 */
export interface CorsConfig {
  readonly allowedOrigins: '*' | readonly string[];
  /** Request headers a page may send. Default `Authorization`, `Content-Type`, `Accept`, `Accept-Language`. */
  readonly allowedHeaders?: readonly string[] | undefined;
  /** Answer headers a page may read. Default `Retry-After`, `ETag`, `Last-Modified`. */
  readonly exposedHeaders?: readonly string[] | undefined;
  /** How long a browser may keep a preflight's answer, seconds (0–86,400). Default 600. */
  readonly maxAgeSeconds?: number | undefined;
  /** `Access-Control-Allow-Credentials: true` (not with `'*'`). Default false: the API's credentials are headers a page sets itself. */
  readonly allowCredentials?: boolean | undefined;
}

/**
 * The checked CORS configuration the dispatch reads.
 *
 * @example
 * ```ts
 * resolveCors({ allowedOrigins: ['https://app.example.com'] })?.maxAgeSeconds; // 600
 * ```
 */
export interface ResolvedCors {
  readonly anyOrigin: boolean;
  readonly origins: ReadonlySet<string>;
  readonly allowedHeaders: string;
  readonly exposedHeaders: string;
  readonly maxAgeSeconds: number;
  readonly allowCredentials: boolean;
}

const DEFAULT_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'];
const DEFAULT_EXPOSED_HEADERS = ['Retry-After', 'ETag', 'Last-Modified'];
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;

function origin(text: unknown): string {
  let parsed: URL | undefined;
  try {
    parsed = typeof text === 'string' ? new URL(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') || parsed.origin !== text)
    throw configError('configCorsOrigen', 'cors.allowedOrigins', { origin: String(text) });
  return text;
}

function headerNames(value: readonly string[] | undefined, fallback: readonly string[], name: string): string {
  if (value === undefined) return fallback.join(', ');
  if (!Array.isArray(value) || !value.every((header) => typeof header === 'string' && TOKEN.test(header)))
    throw configError('configCorsCabeceras', name, { name });
  return value.join(', ');
}

/**
 * Checks a CORS configuration; throws a `QuoteError` (ERRESQ005 naming `config.cors.<key>`) for
 * an unusable one. Undefined when CORS is off.
 *
 * @example
 * ```ts
 * resolveCors(undefined); // undefined
 * resolveCors({ allowedOrigins: ['https://app.example.com/'] }); // throws QuoteError ERRESQ005 'config.cors.allowedOrigins'
 * ```
 */
export function resolveCors(cors: CorsConfig | undefined): ResolvedCors | undefined {
  if (cors === undefined) return undefined;
  if (typeof cors !== 'object' || cors === null) throw configError('configCorsOrigenes', 'cors.allowedOrigins');
  const list = cors.allowedOrigins;
  const anyOrigin = list === '*';
  if (!anyOrigin && (!Array.isArray(list) || list.length === 0)) throw configError('configCorsOrigenes', 'cors.allowedOrigins');
  const maxAge = cors.maxAgeSeconds ?? 600;
  if (!Number.isSafeInteger(maxAge) || maxAge < 0 || maxAge > 86_400) throw configError('configCorsTope', 'cors.maxAgeSeconds');
  const allowCredentials = cors.allowCredentials ?? false;
  if (typeof allowCredentials !== 'boolean') throw configError('configFuncion', 'cors.allowCredentials', { name: 'allowCredentials' });
  if (anyOrigin && allowCredentials) throw configError('configCorsCredenciales', 'cors.allowCredentials');
  return Object.freeze({
    anyOrigin,
    origins: new Set(anyOrigin ? [] : (list as readonly string[]).map(origin)),
    allowedHeaders: headerNames(cors.allowedHeaders, DEFAULT_ALLOWED_HEADERS, 'cors.allowedHeaders'),
    exposedHeaders: headerNames(cors.exposedHeaders, DEFAULT_EXPOSED_HEADERS, 'cors.exposedHeaders'),
    maxAgeSeconds: maxAge,
    allowCredentials,
  });
}

/** The `Access-Control-Allow-Origin` value for the request's `Origin`, if it is allowed. */
function allowedOrigin(cors: ResolvedCors, request: ServiceRequest): string | undefined {
  const from = headerField(request, 'origin');
  if (from === undefined) return undefined;
  if (cors.anyOrigin) return '*';
  return cors.origins.has(from) ? from : undefined;
}

/** `Vary` with `Origin` added (an answer that depends on the origin must not be cached for another). */
function varyOrigin(headers: Readonly<Record<string, string>>): string {
  const vary = headers['Vary'];
  if (vary === undefined || vary === '') return 'Origin';
  return vary.split(',').some((name) => name.trim().toLowerCase() === 'origin') ? vary : `${vary}, Origin`;
}

/**
 * The answer to a CORS preflight at a path whose methods are `methods` (undefined when the request
 * is no preflight). An allowed origin asking for an allowed method gets 204 with the
 * `Access-Control-Allow-*` headers; any other gets 204 without them, which the browser refuses.
 *
 * @example
 * ```ts
 * const cors = resolveCors({ allowedOrigins: ['https://app.example.com'] })!;
 * const head = { method: 'OPTIONS', path: '/x', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } };
 * preflight(cors, head, ['POST'])?.headers['Access-Control-Allow-Methods']; // 'POST'
 * preflight(cors, { ...head, method: 'GET' }, ['POST']); // undefined
 * ```
 */
export function preflight(cors: ResolvedCors, request: ServiceRequest, methods: readonly string[]): ServiceResponse | undefined {
  if (String(request.method).toUpperCase() !== 'OPTIONS') return undefined;
  const wanted = headerField(request, 'access-control-request-method');
  if (wanted === undefined || headerField(request, 'origin') === undefined) return undefined;
  const { 'Content-Type': _json, ...security } = DEFAULT_RESPONSE_HEADERS;
  const headers: Record<string, string> = { ...security, Vary: 'Origin' };
  const allowed = allowedOrigin(cors, request);
  if (allowed !== undefined && methods.includes(wanted.trim())) {
    headers['Access-Control-Allow-Origin'] = allowed;
    headers['Access-Control-Allow-Methods'] = methods.join(', ');
    headers['Access-Control-Allow-Headers'] = cors.allowedHeaders;
    headers['Access-Control-Max-Age'] = String(cors.maxAgeSeconds);
    if (cors.allowCredentials) headers['Access-Control-Allow-Credentials'] = 'true';
  }
  return { status: 204, headers, body: '' };
}

/**
 * An answer with the CORS headers for the request's origin: `Access-Control-Allow-Origin` (and
 * the exposed headers, the credentials flag) when it is allowed, `Vary: Origin` always (the
 * answer depends on it).
 *
 * @example
 * ```ts
 * const cors = resolveCors({ allowedOrigins: ['https://app.example.com'] })!;
 * const answer = withCors(cors, { method: 'GET', path: '/health', headers: { origin: 'https://app.example.com' } }, { status: 200, headers: {}, body: '{}' });
 * answer.headers['Access-Control-Allow-Origin']; // 'https://app.example.com'
 * ```
 */
export function withCors(cors: ResolvedCors, request: ServiceRequest | undefined, response: ServiceResponse): ServiceResponse {
  const headers: Record<string, string> = { ...response.headers, Vary: varyOrigin(response.headers) };
  const allowed = request === undefined ? undefined : allowedOrigin(cors, request);
  if (allowed !== undefined) {
    headers['Access-Control-Allow-Origin'] = allowed;
    headers['Access-Control-Expose-Headers'] = cors.exposedHeaders;
    if (cors.allowCredentials) headers['Access-Control-Allow-Credentials'] = 'true';
  }
  return { ...response, headers };
}
