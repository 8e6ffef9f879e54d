/**
 * The service's configuration and the resolved (frozen) form the handlers read (its documented
 * defaults in `defaults.ts`). The clock (`now`) and the id source (`folio`) are read here, at the edge, and
 * nowhere in the engines.
 */
import { DEFAULT_HELP_URL } from '../contracts/envelope.js';
import { truncateText } from '../util/text.js';
import { DEFAULT_MAX_HEADER_BYTES } from '../http/protocol.js';
import { configError } from './configError.js';
import { SERVICE_MESSAGES, serviceError } from './messages.js';
import type { PaymentRecord } from '../contracts/taxpayer.js';
import type { CreditOptions } from '../quotes/quoteCredit.js';
import type { PolicyOptions } from '../quotes/quotePolicy.js';
import type { LineaCapturaFormat } from '../documents/lineaCaptura.js';
import { checkSettings } from './configSettings.js';
import { checkedEngineOptions, type EngineOptions } from './engineOptions.js';
import type { Tariff } from '../insurance/tariff.js';
import { lookupIn } from '../documents/sample.js';
import type { ReceiptIssuer } from '../documents/receipt.js';
import { authFailureLimit, type AuthFailureLimit, type AuthFailureLimitConfig } from './authLimit.js';
import { clientDirectory, type ClientDirectory, type ClientRegistry } from './clients.js';
import { MAX_CLOCK_SKEW_SECONDS, TOKEN_TTL_CEILING_SECONDS, TokenCache, type TokenRules } from './jwt.js';
import { keySet, type HmacSecret, type KeySet, type RsaSigningKey } from './keys.js';
import { resolveRateLimit, type RateLimitConfig, type RateLimitPolicy, type RateLimitStore } from './rateLimit.js';
import { API_NAMES, type ServiceSwitches } from './switches.js';
import { resolveObserve, type ObserveConfig, type ResolvedObserve } from './observe.js';
import {
  DEFAULT_TOKEN_TTL_SECONDS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_FORM_BYTES,
  DEFAULT_MAX_FORM_FIELDS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_CLOCK_SKEW_SECONDS,
  DEFAULT_TOKEN_ISSUER,
  DEFAULT_TOKEN_AUDIENCE,
} from './defaults.js';

export {
  DEFAULT_TOKEN_TTL_SECONDS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_FORM_BYTES,
  DEFAULT_MAX_FORM_FIELDS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_CLOCK_SKEW_SECONDS,
  DEFAULT_TOKEN_ISSUER,
  DEFAULT_TOKEN_AUDIENCE,
} from './defaults.js';

const TOKEN_CACHE_SIZE = 10_000;

/**
 * Looks a payment up by its `lineaCaptura` (e.g. a database query).
 *
 * @example
 * ```ts
 * const payments = new Map(samplePayments().map((p) => [p.lineaCaptura, p])); // e.g. a database table
 * const documents: PaymentLookup = async (linea) => payments.get(linea);
 * (await documents('0124ABCD5678EFGH9012'))?.importe; // '1234.50'
 * ```
 */
export type PaymentLookup = (lineaCaptura: string) => Promise<PaymentRecord | undefined>;

/**
 * Something the operator should know that does not stop the service: `COTIZADOR_EPHEMERAL_KEY`
 * (no `tokenSecret` or `tokenKeys`: tokens are signed with a random secret of this instance), told
 * at creation; and from a shared rate-limit store (`cotizador/node`'s Redis store),
 * `COTIZADOR_RATE_LIMIT_STORE_DOWN` and `COTIZADOR_RATE_LIMIT_STORE_UP` when its database stops and
 * starts answering. `message` is in English, as a log line.
 *
 * @example
 * ```ts
 * const warnings: ServiceWarning[] = [];
 * createService({ clients, onWarning: (warning) => warnings.push(warning) });
 * warnings[0]?.code; // 'COTIZADOR_EPHEMERAL_KEY'
 * ```
 */
export interface ServiceWarning {
  readonly code: 'COTIZADOR_EPHEMERAL_KEY' | 'COTIZADOR_RATE_LIMIT_STORE_DOWN' | 'COTIZADOR_RATE_LIMIT_STORE_UP';
  readonly message: string;
}

/**
 * Everything `createService` accepts. Only `clients` is required.
 *
 * @example
 * ```ts
 * const config: ServiceConfig = {
 *   clients: [{ clientId: 'app', clientSecret: 's3cret-value', scopes: ['update', 'read'] }],
 *   tokenSecret: process.env.TOKEN_SECRET, // ≥ 32 bytes; or tokenKeys for RS256
 * };
 * createService(config).limits.maxBodyBytes; // 1048576
 * ```
 */
export interface ServiceConfig extends ObserveConfig {
  /** Registered clients: a list or an async lookup by client id. */
  readonly clients: ClientRegistry;
  /**
   * HS256 secret (at least 32 bytes), or a list whose first secret signs and every secret
   * verifies (rotation). Default: 32 random bytes per service instance, with a warning.
   */
  readonly tokenSecret?: HmacSecret | readonly HmacSecret[] | undefined;
  /** RS256 instead: one RSA key (≥ 2048 bits; PEM text or KeyObjects) or a list, the first signs. */
  readonly tokenKeys?: RsaSigningKey | readonly RsaSigningKey[] | undefined;
  /** `iss` of the tokens, set and checked. Default {@link DEFAULT_TOKEN_ISSUER}. */
  readonly tokenIssuer?: string | undefined;
  /** `aud` of the tokens, set and checked. Default {@link DEFAULT_TOKEN_AUDIENCE}. */
  readonly tokenAudience?: string | undefined;
  /** Skew tolerated on `nbf`, `iat` and `exp`, seconds (at most 300). Default {@link DEFAULT_CLOCK_SKEW_SECONDS} (30). */
  readonly clockSkewSeconds?: number | undefined;
  /** Access token lifetime, seconds (at most `maxTokenTtlSeconds`). Default {@link DEFAULT_TOKEN_TTL_SECONDS} (3600). */
  readonly tokenTtlSeconds?: number | undefined;
  /**
   * The longest lifetime (`exp − iat`) a token may claim and still be accepted, seconds: at least
   * `tokenTtlSeconds`, at most 86,400. Default: `tokenTtlSeconds`.
   */
  readonly maxTokenTtlSeconds?: number | undefined;
  /** The clock. Default `() => new Date()`. */
  readonly now?: (() => Date) | undefined;
  /** Request id (`folio`, 1–36 characters). Default `crypto.randomUUID()`. */
  readonly folio?: (() => string) | undefined;
  /** Base of `detalles.enlace`; the error code is appended as `#CODE`. Default {@link DEFAULT_HELP_URL}. */
  readonly helpUrl?: string | undefined;
  /** Larger request headers get 431. Default {@link DEFAULT_MAX_HEADER_BYTES} (8 KiB). */
  readonly maxHeaderBytes?: number | undefined;
  /** Larger bodies get 400 ERRESQ004. Default {@link DEFAULT_MAX_BODY_BYTES} (1 MiB). */
  readonly maxBodyBytes?: number | undefined;
  /** Larger token forms get 400 ERRESQ004. Default {@link DEFAULT_MAX_FORM_BYTES} (4 KiB). */
  readonly maxFormBytes?: number | undefined;
  /** Token forms with more fields get 400 ERRESQ004. Default {@link DEFAULT_MAX_FORM_FIELDS} (8). */
  readonly maxFormFields?: number | undefined;
  /** Time for headers and body to arrive (the transport enforces it), ms. Default {@link DEFAULT_REQUEST_TIMEOUT_MS}. */
  readonly requestTimeoutMs?: number | undefined;
  /** Per-client token-bucket limit (429 ERRSEG006 with `Retry-After`). Default: none. */
  readonly rateLimit?: RateLimitConfig | undefined;
  /**
   * The limit on failed authentications at the token URLs, per client id and address (429
   * ERRSEG006 with `Retry-After`); `false` turns it off. Default: on, `DEFAULT_AUTH_FAILURE_LIMIT`
   * in a memory store of the service's own.
   */
  readonly authFailureLimit?: AuthFailureLimitConfig | false | undefined;
  /** APIs switched off, bank link down (503); an object, or a function read on every request. Default: all on. */
  readonly switches?: ServiceSwitches | (() => ServiceSwitches) | undefined;
  /** Passed to the engines (the service adds today's Mexico City date itself); checked key by key at creation. */
  readonly engineOptions?: EngineOptions | undefined;
  /** The insurance tariff (policy quotes and a credit's insured packages). Default: the illustrative `defaultTariff()`. */
  readonly tariff?: Tariff | undefined;
  /** The ATM data set (`{ LastUpdated, data }`), validated at creation. Default: `exampleAtmDataset()`. */
  readonly atms?: unknown;
  /** true: the ATM API needs no token. Default false (bearer token with scope `atms:read` or `read`). */
  readonly atmsPublic?: boolean | undefined;
  /** Payment lookup for `obtenerDocumento`. Default: the example payments (`samplePayments()`). */
  readonly documents?: PaymentLookup | undefined;
  /** Who the receipts name as their issuer. Default: the sandbox's fictitious bank (`DEFAULT_RECEIPT_ISSUER`). */
  readonly receiptIssuer?: ReceiptIssuer | undefined;
  /** Which `lineaCaptura` `obtenerDocumento` accepts: `'free'` (default: the sandbox's lines), `'sat'` or `'treasury'`. */
  readonly lineaCaptura?: LineaCapturaFormat | undefined;
  /**
   * Told each {@link ServiceWarning} when the service is created (e.g. to a logger, or Node's
   * `process.emitWarning(w.message, { code: w.code })`). Default: `console.warn`, once per
   * warning code in a process.
   */
  readonly onWarning?: ((warning: ServiceWarning) => void) | undefined;
}

/**
 * The configuration with every default applied; what the handlers read.
 *
 * @example
 * ```ts
 * const resolved: ResolvedConfig = resolveConfig({ clients });
 * resolved.helpUrl === DEFAULT_HELP_URL; // true
 * ```
 */
export interface ResolvedConfig {
  readonly clients: ClientRegistry;
  /** The clients, checked: where credentials and tokens find their client. */
  readonly directory: ClientDirectory;
  readonly keys: KeySet;
  readonly tokenRules: TokenRules;
  readonly tokenCache: TokenCache;
  readonly tokenTtlSeconds: number;
  readonly now: () => Date;
  readonly folio: () => string;
  readonly helpUrl: string;
  readonly maxHeaderBytes: number;
  readonly maxBodyBytes: number;
  readonly maxFormBytes: number;
  readonly maxFormFields: number;
  readonly requestTimeoutMs: number;
  readonly rateLimit: { readonly policy: RateLimitPolicy; readonly store: RateLimitStore } | undefined;
  readonly authFailureLimit: AuthFailureLimit | undefined;
  readonly switches: () => ServiceSwitches;
  readonly creditOptions: Omit<CreditOptions, 'fechaApertura'>;
  readonly policyOptions: Omit<PolicyOptions, 'fechaInicio'>;
  readonly documents: PaymentLookup;
  readonly receiptIssuer: ReceiptIssuer | undefined;
  readonly lineaCaptura: LineaCapturaFormat;
  /** The warnings to tell when the service is created. */
  readonly warnings: readonly ServiceWarning[];
  readonly onWarning: ((warning: ServiceWarning) => void) | undefined;
  /** The observer, the metrics, the drain and CORS (`observe.ts`). */
  readonly observe: ResolvedObserve;
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw configError('configEnteroPositivo', name, { name });
  return value;
}

/**
 * A setting that is a whole number of zero or more: `fallback` when not given, else the value, or
 * a `QuoteError` (`ERRESQ005`, `config.<name>`) when it is not one.
 *
 * @example
 * ```ts
 * nonNegativeInteger(undefined, 64, 'workerQueue'); // 64
 * ```
 */
export function nonNegativeInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0) throw configError('configEnteroNoNegativo', name, { name });
  return value;
}

function text(value: string | undefined, fallback: string, name: string, max: number): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value.length < 1 || value.length > max) throw configError('configTexto', name, { name, max });
  return value;
}

/** A number of seconds, at most `max` (a bound the service sets, named in the error). */
function atMost(seconds: number, name: string, max: number): number {
  if (seconds > max) throw configError('configTope', name, { name, max });
  return seconds;
}

/** The tokens' lifetime and the longest one accepted, checked against each other and the ceiling. */
function lifetimes(config: ServiceConfig): { readonly ttl: number; readonly max: number } {
  const ceiling = TOKEN_TTL_CEILING_SECONDS;
  const ttl = atMost(positiveInteger(config.tokenTtlSeconds, DEFAULT_TOKEN_TTL_SECONDS, 'tokenTtlSeconds'), 'tokenTtlSeconds', ceiling);
  const max = atMost(positiveInteger(config.maxTokenTtlSeconds, ttl, 'maxTokenTtlSeconds'), 'maxTokenTtlSeconds', ceiling);
  if (ttl > max) throw configError('configTtlMaximo', 'tokenTtlSeconds', { ttl, max });
  return { ttl, max };
}

/**
 * Checks a switches value; throws a `QuoteError` naming `config.switches` for an unknown API.
 *
 * @example
 * ```ts
 * checkedSwitches({ off: ['quoter'] }); // { off: ['quoter'] }
 * checkedSwitches({ off: ['nope'] as never }); // throws QuoteError ERRESQ005 'config.switches'
 * ```
 */
export function checkedSwitches(switches: ServiceSwitches): ServiceSwitches {
  if (typeof switches !== 'object' || switches === null)
    throw configError('configApiDesconocida', 'switches', { api: String(switches), apis: API_NAMES.join(', ') });
  const off = switches.off;
  if (off !== undefined && off !== 'all') {
    if (!Array.isArray(off)) throw configError('configApiDesconocida', 'switches', { api: String(off), apis: API_NAMES.join(', ') });
    for (const api of off) {
      if (!API_NAMES.includes(api)) throw configError('configApiDesconocida', 'switches', { api: String(api), apis: API_NAMES.join(', ') });
    }
  }
  return switches;
}

function switchesOf(switches: ServiceConfig['switches']): () => ServiceSwitches {
  if (switches === undefined) return () => ALL_ON;
  if (typeof switches === 'function') return () => checkedSwitches(switches());
  const fixed = Object.freeze(checkedSwitches(switches));
  return () => fixed;
}

const ALL_ON: ServiceSwitches = Object.freeze({});

/** The clock, refusing an invalid Date (a broken clock is a 500, never a NaN in a token). */
function checkedClock(now: () => Date): () => Date {
  return () => {
    const instant = now();
    if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw serviceError('ERRSER002', 'configRelojInvalido', 'config.now');
    return instant;
  };
}

/** The folio source, falling back to a UUID when it throws or returns nothing usable; clamped to 36 characters. */
function fallbackFolio(folio: () => string): () => string {
  return () => {
    try {
      const id: unknown = folio();
      if (typeof id === 'string' && id !== '') return truncateText(id, 36);
    } catch {
      // A broken id source must not turn every answer into a failure.
    }
    return crypto.randomUUID();
  };
}

/**
 * Applies the defaults and checks the configuration; throws a `QuoteError` (`ERRESQ005` naming `config.<setting>`) for an unusable one
 * (a misconfiguration is the operator's error, found at start-up, never per request).
 *
 * @example
 * ```ts
 * resolveConfig({ clients: [] }).tokenTtlSeconds; // 3600
 * ```
 */
export function resolveConfig(config: ServiceConfig): ResolvedConfig {
  checkSettings(config);
  if (typeof config.clients !== 'function' && !Array.isArray(config.clients)) throw configError('configClientes', 'clients');
  const helpUrl = config.helpUrl ?? DEFAULT_HELP_URL;
  if (helpUrl.length < 1 || helpUrl.length > 280) throw configError('configHelpUrl', 'helpUrl');
  const keys = keySet({ tokenSecret: config.tokenSecret, tokenKeys: config.tokenKeys });
  if (config.onWarning !== undefined && typeof config.onWarning !== 'function')
    throw configError('configFuncion', 'onWarning', { name: 'onWarning' });
  const warnings: ServiceWarning[] = keys.ephemeral
    ? [{ code: 'COTIZADOR_EPHEMERAL_KEY', message: SERVICE_MESSAGES.locales.en.llaveEfimera }]
    : [];
  const lifetime = lifetimes(config);
  const tokenRules: TokenRules = Object.freeze({
    issuer: text(config.tokenIssuer, DEFAULT_TOKEN_ISSUER, 'tokenIssuer', 200),
    audience: text(config.tokenAudience, DEFAULT_TOKEN_AUDIENCE, 'tokenAudience', 200),
    clockSkewSeconds: atMost(
      nonNegativeInteger(config.clockSkewSeconds, DEFAULT_CLOCK_SKEW_SECONDS, 'clockSkewSeconds'),
      'clockSkewSeconds',
      MAX_CLOCK_SKEW_SECONDS,
    ),
    maxLifetimeSeconds: lifetime.max,
  });
  const now = checkedClock(config.now ?? (() => new Date()));
  const engines = checkedEngineOptions(config.engineOptions, config.tariff);
  return Object.freeze({
    clients: config.clients,
    directory: clientDirectory(config.clients, () => now().getTime() + tokenRules.clockSkewSeconds * 1000),
    keys,
    tokenRules,
    tokenCache: new TokenCache(TOKEN_CACHE_SIZE, tokenRules.clockSkewSeconds),
    tokenTtlSeconds: lifetime.ttl,
    now,
    folio: fallbackFolio(config.folio ?? (() => crypto.randomUUID())),
    helpUrl,
    maxHeaderBytes: positiveInteger(config.maxHeaderBytes, DEFAULT_MAX_HEADER_BYTES, 'maxHeaderBytes'),
    maxBodyBytes: positiveInteger(config.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 'maxBodyBytes'),
    maxFormBytes: positiveInteger(config.maxFormBytes, DEFAULT_MAX_FORM_BYTES, 'maxFormBytes'),
    maxFormFields: positiveInteger(config.maxFormFields, DEFAULT_MAX_FORM_FIELDS, 'maxFormFields'),
    requestTimeoutMs: positiveInteger(config.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS, 'requestTimeoutMs'),
    rateLimit: resolveRateLimit(config.rateLimit),
    authFailureLimit: authFailureLimit(config.authFailureLimit),
    switches: switchesOf(config.switches),
    creditOptions: engines.credit,
    policyOptions: engines.policy,
    documents: config.documents ?? lookupIn(),
    receiptIssuer: config.receiptIssuer,
    lineaCaptura: config.lineaCaptura ?? 'free',
    warnings: Object.freeze(warnings.map((warning) => Object.freeze(warning))),
    onWarning: config.onWarning,
    observe: resolveObserve(config),
  });
}
