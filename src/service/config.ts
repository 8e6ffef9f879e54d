/**
 * The service's configuration, its documented defaults, and the resolved (frozen) form the
 * handlers read. The clock (`now`) and the id source (`folio`) are read here, at the edge, and
 * nowhere in the engines.
 */
import { quoteError } from '../errors/quoteError.js';
import { randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { DEFAULT_HELP_URL } from '../contracts/envelope.js';
import { truncateText } from '../util/text.js';
import { DEFAULT_MAX_HEADER_BYTES } from '../http/protocol.js';
import { configError } from './configError.js';
import type { PaymentRecord } from '../contracts/taxpayer.js';
import type { CreditOptions } from '../quotes/quoteCredit.js';
import type { PolicyOptions } from '../quotes/quotePolicy.js';
import type { Tariff } from '../insurance/tariff.js';
import { lookupIn } from '../documents/sample.js';
import type { ClientRegistry } from './clients.js';
import { tokenSigning, type TokenSigning } from './jwt.js';

/**
 * Default token lifetime, seconds (the interface leaves it open).
 *
 * @example
 * ```ts
 * DEFAULT_TOKEN_TTL_SECONDS; // 3600
 * const response = await createService({ clients }).handle({ method: 'POST', path: ROUTES.token, headers: { authorization: `Basic ${Buffer.from('app:s3cret').toString('base64')}` }, body: 'grant_type=client_credentials' });
 * JSON.parse(response.body).expires_in; // '3600'
 * ```
 */
export const DEFAULT_TOKEN_TTL_SECONDS = 3600;
/**
 * Default limit on the request body's size, bytes.
 *
 * @example
 * ```ts
 * createService({ clients }).limits.maxBodyBytes === DEFAULT_MAX_BODY_BYTES; // true
 * ```
 */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

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
 * Everything `createService` accepts. Only `clients` is required.
 *
 * @example
 * ```ts
 * const config: ServiceConfig = {
 *   clients: [{ clientId: 'app', clientSecret: 's3cret', scopes: ['update', 'read'] }],
 *   tokenSecret: process.env.TOKEN_SECRET, // ≥ 32 bytes; or tokenKeys for RS256
 * };
 * createService(config).limits.maxBodyBytes; // 1048576
 * ```
 */
export interface ServiceConfig {
  /** Registered clients: a list or an async lookup by client id. */
  readonly clients: ClientRegistry;
  /** HS256 signing secret (at least 32 bytes). Default: 32 random bytes per service instance. */
  readonly tokenSecret?: string | Uint8Array | undefined;
  /** RS256 key pair (PEM text or KeyObjects), instead of `tokenSecret`. */
  readonly tokenKeys?: { readonly privateKey: string | KeyObject; readonly publicKey: string | KeyObject } | undefined;
  /** Access token lifetime, seconds. Default {@link DEFAULT_TOKEN_TTL_SECONDS} (3600). */
  readonly tokenTtlSeconds?: number | undefined;
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
  /** Passed to the engines (the service adds today's Mexico City date itself). */
  readonly engineOptions?:
    | {
        readonly credit?: Omit<CreditOptions, 'fechaApertura'> | undefined;
        readonly policy?: Omit<PolicyOptions, 'fechaInicio' | 'tariff'> | undefined;
      }
    | undefined;
  /** The insurance tariff. Default: the illustrative `defaultTariff()`. */
  readonly tariff?: Tariff | undefined;
  /** The ATM data set (`{ LastUpdated, data }`), validated at creation. Default: `exampleAtmDataset()`. */
  readonly atms?: unknown;
  /** true: the ATM API needs no token. Default false (bearer token with scope `atms:read` or `read`). */
  readonly atmsPublic?: boolean | undefined;
  /** Payment lookup for `obtenerDocumento`. Default: the example payments (`samplePayments()`). */
  readonly documents?: PaymentLookup | undefined;
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
  readonly signing: TokenSigning;
  readonly tokenTtlSeconds: number;
  readonly now: () => Date;
  readonly folio: () => string;
  readonly helpUrl: string;
  readonly maxHeaderBytes: number;
  readonly maxBodyBytes: number;
  readonly creditOptions: Omit<CreditOptions, 'fechaApertura'>;
  readonly policyOptions: Omit<PolicyOptions, 'fechaInicio'>;
  readonly documents: PaymentLookup;
}

function positiveInteger(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value <= 0) throw configError('configEnteroPositivo', name, { name });
  return value;
}

/** The clock, refusing an invalid Date (a broken clock is a 500, never a NaN in a token). */
function checkedClock(now: () => Date): () => Date {
  return () => {
    const instant = now();
    if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw quoteError('ERRSER002', 'configRelojInvalido', 'config.now');
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
    return randomUUID();
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
  if (typeof config.clients !== 'function' && !Array.isArray(config.clients)) throw configError('configClientes', 'clients');
  const helpUrl = config.helpUrl ?? DEFAULT_HELP_URL;
  if (helpUrl.length < 1 || helpUrl.length > 280) throw configError('configHelpUrl', 'helpUrl');
  const signing = tokenSigning({
    tokenSecret: config.tokenKeys === undefined ? (config.tokenSecret ?? randomBytes(32)) : config.tokenSecret,
    tokenKeys: config.tokenKeys,
  });
  return Object.freeze({
    clients: config.clients,
    signing,
    tokenTtlSeconds: positiveInteger(config.tokenTtlSeconds, DEFAULT_TOKEN_TTL_SECONDS, 'tokenTtlSeconds'),
    now: checkedClock(config.now ?? (() => new Date())),
    folio: fallbackFolio(config.folio ?? (() => randomUUID())),
    helpUrl,
    maxHeaderBytes: positiveInteger(config.maxHeaderBytes, DEFAULT_MAX_HEADER_BYTES, 'maxHeaderBytes'),
    maxBodyBytes: positiveInteger(config.maxBodyBytes, DEFAULT_MAX_BODY_BYTES, 'maxBodyBytes'),
    creditOptions: config.engineOptions?.credit ?? {},
    policyOptions:
      config.tariff === undefined ? (config.engineOptions?.policy ?? {}) : { ...config.engineOptions?.policy, tariff: config.tariff },
    documents: config.documents ?? lookupIn(),
  });
}
