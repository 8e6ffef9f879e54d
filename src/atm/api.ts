/**
 * The ATM open-data API as a transport-free handler: GET/HEAD /open-banking/open-data/v2/atms
 * (with conditional requests and the query-parameter extension) and GET .../atms/api-version.
 * No clock, no I/O: time comes from the data set and the request headers only.
 */
import { bytesToHex } from '@noble/hashes/utils';
import { invariant } from '../errors/quoteError.js';
import { ATM_MESSAGES, atmError } from './messages.js';
import { messageRef } from '../errors/catalog.js';
import type { ServiceRequest, ServiceResponse } from '../http/types.js';
import { isAtmAccessibilityCode, isAtmLocationCategoryCode, isAtmServiceCode } from '../contracts/atmCatalogs.js';
import { ATM_SECURITY_HEADERS, atmErrorResponse, type AtmErrorKind } from './errors.js';
import { exampleAtmDataset } from './example.js';
import { acceptsJson, headerField, ifNoneMatchMatches } from '../http/headers.js';
import { asciiJson } from '../http/json.js';
import { requestLanguage } from '../http/language.js';
import { DEFAULT_MAX_HEADER_BYTES, protocolViolation, splitTarget } from '../http/protocol.js';
import { deepFreeze } from '../util/freeze.js';
import { countAtms, filterAtms, nearestAtms, type AtmCriteria, type GeoPoint } from './queries.js';
import type { AtmApiVersion, AtmBrandGroup, AtmDataset, AtmListResponse } from '../contracts/atm.js';
import { formatHttpDate, parseDateTime, parseHttpDate } from '../dates/timestamps.js';
import { AtmDatasetError, validateAtmDataset } from './validate.js';

/**
 * Base path of the ATM API; `handle` answers `undefined` for anything outside it.
 *
 * @example
 * ```ts
 * `${ATM_API_BASE_PATH}/atms`; // '/open-banking/open-data/v2/atms'
 * ```
 */
export const ATM_API_BASE_PATH = '/open-banking/open-data/v2';

/**
 * The single placeholder value ("to be confirmed") of meta.Agreement, License and TermsOfUse.
 *
 * @example
 * ```ts
 * ATM_META_PLACEHOLDER; // 'Por definir'
 * ```
 */
export const ATM_META_PLACEHOLDER = 'Por definir';

/**
 * Version reported by api-version when the configuration gives none (the interface's 1.0.0).
 *
 * @example
 * ```ts
 * DEFAULT_ATM_API_VERSION; // '1.0.0'
 * ```
 */
export const DEFAULT_ATM_API_VERSION = '1.0.0';

/**
 * Default limit on request headers, in UTF-8 bytes over every name and value (8 KiB).
 *
 * @example
 * ```ts
 * DEFAULT_ATM_MAX_HEADER_BYTES; // 8192
 * ```
 */
export const DEFAULT_ATM_MAX_HEADER_BYTES = DEFAULT_MAX_HEADER_BYTES;

/**
 * Cache-Control of the 200, 304 and api-version responses (interface default).
 *
 * @example
 * ```ts
 * ATM_CACHE_CONTROL; // 'max-age=28800'
 * ```
 */
export const ATM_CACHE_CONTROL = 'max-age=28800';

/**
 * Default and largest `limit` of the nearest-ATM query parameters.
 *
 * @example
 * ```ts
 * ATM_NEAREST_LIMITS.default; // 5
 * ```
 */
export const ATM_NEAREST_LIMITS = Object.freeze({ default: 5, max: 1000 });

/**
 * Configuration of {@link createAtmApi}; every field is optional.
 *
 * @example
 * ```ts
 * const config: AtmApiConfig = { public: true, version: '1.2.0', license: 'https://example.org/licencia' };
 * ```
 */
export interface AtmApiConfig {
  /** The data set to serve (`{ LastUpdated, data }`), validated at creation; default `exampleAtmDataset()`. */
  readonly atms?: unknown;
  /** true: no authentication. Default false: every ATM operation needs `authorize` to approve. */
  readonly public?: boolean;
  /** Approves a request (the main service checks a bearer token with scope `atms:read` or `read`). */
  readonly authorize?: (request: ServiceRequest) => Promise<boolean>;
  /** api-version's `version`; default {@link DEFAULT_ATM_API_VERSION}. */
  readonly version?: string;
  /** meta.Agreement; default {@link ATM_META_PLACEHOLDER}. */
  readonly agreement?: string;
  /** meta.License; default {@link ATM_META_PLACEHOLDER}. */
  readonly license?: string;
  /** meta.TermsOfUse; default {@link ATM_META_PLACEHOLDER}. */
  readonly termsOfUse?: string;
  /** Largest accepted request-header size in UTF-8 bytes (names + values); default 8192. */
  readonly maxHeaderBytes?: number;
  /**
   * True while the API must answer 503 (the main service's switches); read on every request,
   * after the protocol checks and before authentication. Default: always available.
   */
  readonly unavailable?: () => boolean;
  /**
   * The client's rate limit, after authentication: resolves the seconds to wait when the request
   * is over it (→ 429 with `Retry-After`), undefined when it may pass. Default: no limit.
   */
  readonly limit?: (request: ServiceRequest) => Promise<number | undefined>;
}

/**
 * The handler `createAtmApi` returns.
 *
 * @example
 * ```ts
 * const api: AtmApi = createAtmApi({ public: true });
 * await api.handle({ method: 'GET', path: '/otra', headers: {} }); // undefined
 * ```
 */
export interface AtmApi {
  /** Answers the ATM routes; `undefined` for any path outside {@link ATM_API_BASE_PATH}. */
  handle(request: ServiceRequest): Promise<ServiceResponse | undefined>;
}

const LIST_PATH = `${ATM_API_BASE_PATH}/atms`;
const VERSION_PATH = `${ATM_API_BASE_PATH}/atms/api-version`;
/**
 * A 304: the 200's headers without `Content-Type` and an empty body. RFC 9110 §15.4.5: a 304
 * carries the validators and caching headers, not the representation's metadata (a
 * `Content-Type` there invites a proxy to parse a JSON body that never comes).
 */
function notModified(headers: Readonly<Record<string, string>>): ServiceResponse {
  const { 'Content-Type': _type, ...rest } = headers;
  return { status: 304, headers: rest, body: '' };
}

const METHODS: readonly string[] = ['GET', 'HEAD'];
const ALLOW = METHODS.join(', ');

function configText(value: unknown, field: string, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string') throw atmError('ERRESQ005', 'debeSerTexto', field);
  if (value === '') throw atmError('ERRESQ002', 'noPuedeSerVacio', field);
  return value;
}

type QueryResult =
  | { readonly ok: true; readonly criteria: AtmCriteria; readonly near?: { readonly point: GeoPoint; readonly limit: number } }
  | { readonly ok: false };

const PARAMS = new Set(['service', 'accessibility', 'category', 'currency', 'brand', 'open24h', 'postalCode', 'lat', 'lon', 'limit']);
const DECIMAL_DEGREES = /^-?[0-9]{1,3}(\.[0-9]{1,15})?$/;

/** Reads the query-parameter extension; anything unknown, repeated, empty or out of range fails. */
function parseQuery(query: string): QueryResult {
  const params = new URLSearchParams(query);
  const values = new Map<string, string>();
  for (const [name, value] of params) {
    if (!PARAMS.has(name) || values.has(name) || value === '') return { ok: false };
    values.set(name, value);
  }
  const criteria: { -readonly [K in keyof AtmCriteria]: AtmCriteria[K] } = {};
  const service = values.get('service');
  if (service !== undefined) {
    if (!isAtmServiceCode(service)) return { ok: false };
    criteria.service = service;
  }
  const accessibility = values.get('accessibility');
  if (accessibility !== undefined) {
    if (!isAtmAccessibilityCode(accessibility)) return { ok: false };
    criteria.accessibility = accessibility;
  }
  const category = values.get('category');
  if (category !== undefined) {
    if (!isAtmLocationCategoryCode(category)) return { ok: false };
    criteria.category = category;
  }
  const currency = values.get('currency');
  if (currency !== undefined) {
    if (!/^[A-Z]{3}$/.test(currency)) return { ok: false };
    criteria.currency = currency;
  }
  const brand = values.get('brand');
  if (brand !== undefined) {
    if (brand.length > 140) return { ok: false };
    criteria.brand = brand;
  }
  const open24h = values.get('open24h');
  if (open24h !== undefined) {
    if (open24h !== 'true' && open24h !== 'false') return { ok: false };
    criteria.open24h = open24h === 'true';
  }
  const postalCode = values.get('postalCode');
  if (postalCode !== undefined) {
    if (postalCode.length > 16) return { ok: false };
    criteria.postalCode = postalCode;
  }
  const lat = values.get('lat');
  const lon = values.get('lon');
  const limit = values.get('limit');
  if (lat === undefined && lon === undefined) return limit === undefined ? { ok: true, criteria } : { ok: false };
  if (lat === undefined || lon === undefined || !DECIMAL_DEGREES.test(lat) || !DECIMAL_DEGREES.test(lon)) return { ok: false };
  const point = { latitude: Number(lat), longitude: Number(lon) };
  if (Math.abs(point.latitude) > 90 || Math.abs(point.longitude) > 180) return { ok: false };
  let count: number = ATM_NEAREST_LIMITS.default;
  if (limit !== undefined) {
    if (!/^[1-9][0-9]{0,3}$/.test(limit) || Number(limit) > ATM_NEAREST_LIMITS.max) return { ok: false };
    count = Number(limit);
  }
  return { ok: true, criteria, near: { point, limit: count } };
}

type Fail = (kind: AtmErrorKind, extra?: Readonly<Record<string, string>>) => ServiceResponse;

const UTF8 = new TextEncoder();

/** The entity tag of a body: its SHA-256 by Web Crypto (native and off the script's thread in every runtime, for a list of any size). */
async function strongTag(body: string): Promise<string> {
  return `"${bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', UTF8.encode(body))))}"`;
}

/**
 * Creates the ATM API handler. The data set is validated once, here, and a private frozen copy
 * is served (the caller's object is never read again nor mutated). Throws an
 * {@link AtmDatasetError} for an invalid data set and a {@link QuoteError} for a bad option.
 *
 * Protected by default: without `public: true`, a request reaches the data only when
 * `authorize(request)` resolves true; with no `authorize`, every request gets 401 (fail closed).
 *
 * @example
 * ```ts
 * // The main service's authorize verifies a bearer token; any check that resolves true will do.
 * const api = createAtmApi({ authorize: async (request) => request.headers['authorization'] === 'Bearer demo' });
 * const response = await api.handle({
 *   method: 'GET',
 *   path: '/open-banking/open-data/v2/atms?service=ATST&open24h=true',
 *   headers: { authorization: 'Bearer demo', accept: 'application/json' },
 * });
 * response?.status; // 200
 * JSON.parse(response!.body).meta.TotalResults; // 7
 * (await api.handle({ method: 'GET', path: '/open-banking/open-data/v2/atms', headers: {} }))?.status; // 401
 * ```
 */
export function createAtmApi(config: AtmApiConfig = {}): AtmApi {
  const source = config.atms === undefined ? exampleAtmDataset() : config.atms;
  const result = validateAtmDataset(source);
  if (!result.success) throw new AtmDatasetError(result.issues);
  const dataset: AtmDataset = deepFreeze(structuredClone(result.data));
  const parsedLastUpdated = parseDateTime(dataset.LastUpdated);
  invariant(parsedLastUpdated !== undefined, messageRef(ATM_MESSAGES, 'lastUpdatedIlegible'));
  const lastUpdatedMillis: number = parsedLastUpdated;
  const lastModified = formatHttpDate(lastUpdatedMillis);

  const version = configText(config.version, 'version', DEFAULT_ATM_API_VERSION);
  const agreement = configText(config.agreement, 'agreement', ATM_META_PLACEHOLDER);
  const license = configText(config.license, 'license', ATM_META_PLACEHOLDER);
  const termsOfUse = configText(config.termsOfUse, 'termsOfUse', ATM_META_PLACEHOLDER);
  const maxHeaderBytes = config.maxHeaderBytes ?? DEFAULT_ATM_MAX_HEADER_BYTES;
  if (!Number.isInteger(maxHeaderBytes) || maxHeaderBytes < 1) {
    throw atmError('ERRESQ004', 'enteroPositivo', 'maxHeaderBytes');
  }
  if (config.authorize !== undefined && typeof config.authorize !== 'function') {
    throw atmError('ERRESQ005', 'debeSerFuncion', 'authorize');
  }
  const isPublic = config.public === true;
  const authorize = config.authorize;
  const unavailable = config.unavailable;
  const limit = config.limit;

  function listBody(data: AtmBrandGroup[]): string {
    const response: AtmListResponse = {
      meta: {
        LastUpdated: dataset.LastUpdated,
        TotalResults: countAtms({ data }),
        Agreement: agreement,
        License: license,
        TermsOfUse: termsOfUse,
      },
      data,
    };
    return asciiJson(response);
  }

  const fullBody = listBody(dataset.data as AtmBrandGroup[]);
  // Hashed on the first request that lists everything (creation stays synchronous), then kept.
  let fullTag: Promise<string> | undefined;
  const versionBody = asciiJson({ version } satisfies AtmApiVersion);

  async function list(request: ServiceRequest, query: string, fail: Fail): Promise<ServiceResponse> {
    let body = fullBody;
    let etag: string;
    if (query === '') {
      fullTag ??= strongTag(fullBody);
      etag = await fullTag;
    } else {
      const parsed = parseQuery(query);
      if (!parsed.ok) return fail('badRequest');
      if (parsed.near !== undefined) {
        // One data item per ATM keeps the distance order inside the list-response structure.
        const nearest = nearestAtms(dataset, parsed.near.point, { limit: parsed.near.limit, criteria: parsed.criteria });
        body = listBody(nearest.map((entry) => ({ Brand: [{ BrandName: entry.brandName, ATM: [entry.atm] }] })));
      } else {
        body = listBody(filterAtms(dataset, parsed.criteria).data);
      }
      etag = await strongTag(body);
    }
    const headers = {
      ...ATM_SECURITY_HEADERS,
      'Cache-Control': ATM_CACHE_CONTROL,
      Etag: etag,
      'Last-Modified': lastModified,
    };
    const ifNoneMatch = headerField(request, 'if-none-match');
    if (ifNoneMatch !== undefined && ifNoneMatch.trim() !== '') {
      // RFC 9110 §13.2.2: If-None-Match present → If-Modified-Since is not evaluated.
      if (ifNoneMatchMatches(ifNoneMatch, etag)) return notModified(headers);
    } else {
      const ifModifiedSince = headerField(request, 'if-modified-since');
      if (ifModifiedSince !== undefined) {
        const since = parseHttpDate(ifModifiedSince);
        if (since === undefined) return fail('badIfModifiedSince');
        if (lastUpdatedMillis <= since) return notModified(headers);
      }
    }
    return { status: 200, headers, body };
  }

  async function handle(request: ServiceRequest): Promise<ServiceResponse | undefined> {
    const { pathname, query } = splitTarget(String(request.path));
    if (pathname !== ATM_API_BASE_PATH && !pathname.startsWith(`${ATM_API_BASE_PATH}/`)) return undefined;
    const method = request.method.toUpperCase();
    const response = await route(request, pathname, query);
    return method === 'HEAD' ? { ...response, body: '' } : response;
  }

  async function route(request: ServiceRequest, pathname: string, query: string): Promise<ServiceResponse> {
    const lang = requestLanguage(request);
    const fail: Fail = (kind, extra = {}) => atmErrorResponse(kind, extra, lang);
    const known = pathname === LIST_PATH || pathname === VERSION_PATH;
    // Accept is checked after authentication: an unauthenticated client learns nothing.
    const violation = protocolViolation(request, { maxHeaderBytes, known, methods: METHODS, checkAccept: false });
    if (violation !== undefined) return fail(violation, violation === 'methodNotAllowed' ? { Allow: ALLOW } : {});
    if (unavailable?.() === true) return fail('serviceUnavailable');
    if (!isPublic) {
      const approved = authorize === undefined ? false : await authorize(request);
      if (approved !== true) return fail('unauthorized', { 'WWW-Authenticate': 'Bearer' });
    }
    const wait = limit === undefined ? undefined : await limit(request);
    if (wait !== undefined) return fail('tooManyRequests', { 'Retry-After': String(wait) });
    if (!acceptsJson(headerField(request, 'accept'))) return fail('notAcceptable');
    if (pathname === VERSION_PATH) {
      if (query !== '') return fail('badRequest');
      return { status: 200, headers: { ...ATM_SECURITY_HEADERS, 'Cache-Control': ATM_CACHE_CONTROL }, body: versionBody };
    }
    return list(request, query, fail);
  }

  return Object.freeze({ handle });
}
