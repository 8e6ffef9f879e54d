import { dirname, resolve } from 'node:path';
import type { ClientRecord, RateLimitConfig, RsaSigningKey, ServiceConfig, ServiceSwitches } from '../entry/service.js';
import { readJson } from './io.js';
import { fail, failureLimitOf, type RateLimitStoreSetting, storeFromEnv, storeOf } from './serveLimits.js';
import type { HelpId } from './help/messages.js';
import { corsSetting, logLevelOf, trustProxySetting, type ObserveSettings } from './serveObserve.js';
import { clientsOf, keysOf, offOf, rateLimitOf, readText, secretsJson, secretsOf, switchesOf } from './serveValues.js';

export { readSwitches } from './serveValues.js';

/**
 * `serve`'s default rate limit: a burst of 60 requests per client, then 20 a second. The
 * library leaves rate limits off; a server people can reach has one.
 *
 * @example
 * ```ts
 * SERVE_RATE_LIMIT.capacity; // 60
 * ```
 */
export const SERVE_RATE_LIMIT: RateLimitConfig = Object.freeze({ capacity: 60, refillPerSecond: 20 });

/**
 * Everything `serve` needs: the service's configuration and the server's own settings.
 *
 * @example
 * ```ts
 * const settings: ServeSettings = loadServeSettings({ port: '0', dev: true }, {});
 * settings.host; // '127.0.0.1'
 * ```
 */
export interface ServeSettings {
  readonly port: number;
  readonly host: string;
  readonly service: ServiceConfig;
  /** True when neither a secret nor a key was configured (only allowed with --dev). */
  readonly unsigned: boolean;
  readonly keepAliveTimeoutMs: number;
  readonly shutdownGraceMs: number;
  /** Worker threads for heavy work (0: none, on the main thread; undefined: the pool's default). */
  readonly workerThreads: number | undefined;
  readonly workerQueue: number | undefined;
  readonly receiptCacheBytes: number | undefined;
  /** One client's receipts served at once (undefined: the service's default). */
  readonly heavyPerClient: number | undefined;
  /** One client's receipts started a second (undefined: the service's default). */
  readonly heavyPerSecond: number | undefined;
  /** The server's capacity (undefined: `createNodeServer`'s defaults). */
  readonly maxConnections: number | undefined;
  readonly maxConnectionsPerAddress: number | undefined;
  readonly maxBodiesInFlight: number | undefined;
  /** The configuration file, if any (re-read on SIGHUP for its switches). */
  readonly configFile: string | undefined;
  readonly log: boolean;
  /** Where the rate limit and the failed-authentication limit keep their buckets. */
  readonly rateLimitStore: RateLimitStoreSetting;
  /** The log's level and the metrics (`serveObserve.ts`). */
  readonly observe: ObserveSettings;
}

/** One setting that a file, an environment variable or both can give. */
interface Setting {
  readonly key: string;
  readonly env: string;
  readonly kind: 'integer' | 'text' | 'boolean';
  /** What it does, in `serve --help`'s table of the environment (--port and --host have lines of their own). */
  readonly help?: HelpId;
}

/**
 * Every plain setting, with its environment variable (the help text is made from this list).
 *
 * @example
 * ```ts
 * SERVE_SETTINGS.find((s) => s.key === 'requestTimeoutMs')?.env; // 'COTIZADOR_REQUEST_TIMEOUT_MS'
 * ```
 */
export const SERVE_SETTINGS: readonly Setting[] = [
  { key: 'port', env: 'COTIZADOR_PORT', kind: 'integer' },
  { key: 'host', env: 'COTIZADOR_HOST', kind: 'text' },
  { key: 'tokenTtlSeconds', env: 'COTIZADOR_TOKEN_TTL_SECONDS', kind: 'integer', help: 'ajusteTokenTtlSeconds' },
  { key: 'maxTokenTtlSeconds', env: 'COTIZADOR_MAX_TOKEN_TTL_SECONDS', kind: 'integer', help: 'ajusteMaxTokenTtlSeconds' },
  { key: 'tokenIssuer', env: 'COTIZADOR_TOKEN_ISSUER', kind: 'text', help: 'ajusteTokenIssuer' },
  { key: 'tokenAudience', env: 'COTIZADOR_TOKEN_AUDIENCE', kind: 'text', help: 'ajusteTokenAudience' },
  { key: 'clockSkewSeconds', env: 'COTIZADOR_CLOCK_SKEW_SECONDS', kind: 'integer', help: 'ajusteClockSkewSeconds' },
  { key: 'helpUrl', env: 'COTIZADOR_HELP_URL', kind: 'text', help: 'ajusteHelpUrl' },
  { key: 'maxHeaderBytes', env: 'COTIZADOR_MAX_HEADER_BYTES', kind: 'integer', help: 'ajusteMaxHeaderBytes' },
  { key: 'maxBodyBytes', env: 'COTIZADOR_MAX_BODY_BYTES', kind: 'integer', help: 'ajusteMaxBodyBytes' },
  { key: 'maxFormBytes', env: 'COTIZADOR_MAX_FORM_BYTES', kind: 'integer', help: 'ajusteMaxFormBytes' },
  { key: 'maxFormFields', env: 'COTIZADOR_MAX_FORM_FIELDS', kind: 'integer', help: 'ajusteMaxFormFields' },
  { key: 'requestTimeoutMs', env: 'COTIZADOR_REQUEST_TIMEOUT_MS', kind: 'integer', help: 'ajusteRequestTimeoutMs' },
  { key: 'atmsPublic', env: 'COTIZADOR_ATMS_PUBLIC', kind: 'boolean', help: 'ajusteAtmsPublic' },
  { key: 'lineaCaptura', env: 'COTIZADOR_LINEA_CAPTURA', kind: 'text', help: 'ajusteLineaCaptura' },
  {
    key: 'keepAliveTimeoutMs',
    env: 'COTIZADOR_KEEP_ALIVE_TIMEOUT_MS',
    kind: 'integer',
    help: 'ajusteKeepAliveTimeoutMs',
  },
  {
    key: 'shutdownGraceMs',
    env: 'COTIZADOR_SHUTDOWN_GRACE_MS',
    kind: 'integer',
    help: 'ajusteShutdownGraceMs',
  },
  { key: 'workerThreads', env: 'COTIZADOR_WORKER_THREADS', kind: 'integer', help: 'ajusteWorkerThreads' },
  { key: 'workerQueue', env: 'COTIZADOR_WORKER_QUEUE', kind: 'integer', help: 'ajusteWorkerQueue' },
  { key: 'receiptCacheBytes', env: 'COTIZADOR_RECEIPT_CACHE_BYTES', kind: 'integer', help: 'ajusteReceiptCacheBytes' },
  { key: 'heavyPerClient', env: 'COTIZADOR_HEAVY_PER_CLIENT', kind: 'integer', help: 'ajusteHeavyPerClient' },
  { key: 'heavyPerSecond', env: 'COTIZADOR_HEAVY_PER_SECOND', kind: 'integer', help: 'ajusteHeavyPerSecond' },
  { key: 'maxConnections', env: 'COTIZADOR_MAX_CONNECTIONS', kind: 'integer', help: 'ajusteMaxConnections' },
  {
    key: 'maxConnectionsPerAddress',
    env: 'COTIZADOR_MAX_CONNECTIONS_PER_ADDRESS',
    kind: 'integer',
    help: 'ajusteMaxConnectionsPerAddress',
  },
  { key: 'maxBodiesInFlight', env: 'COTIZADOR_MAX_BODIES_IN_FLIGHT', kind: 'integer', help: 'ajusteMaxBodiesInFlight' },
  { key: 'metrics', env: 'COTIZADOR_METRICS', kind: 'boolean', help: 'ajusteMetrics' },
  { key: 'metricsPort', env: 'COTIZADOR_METRICS_PORT', kind: 'integer', help: 'ajusteMetricsPort' },
  { key: 'logLevel', env: 'COTIZADOR_LOG_LEVEL', kind: 'text', help: 'ajusteLogLevel' },
];

/** The largest value of the settings a timer or a port holds (a larger timer fires at once). */
const MAXIMA: Readonly<Record<string, number>> = {
  port: 65_535,
  metricsPort: 65_535,
  keepAliveTimeoutMs: 2_147_483_647,
  shutdownGraceMs: 2_147_483_647,
  requestTimeoutMs: 2_147_483_647,
};

function parseValue(setting: Setting, value: unknown, where: string): unknown {
  if (setting.kind === 'integer') {
    const number =
      typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
        ? value
        : typeof value === 'string' && /^\d{1,15}$/.test(value)
          ? Number(value)
          : fail('ajusteEntero', { where, value: String(value) });
    const max = MAXIMA[setting.key];
    if (max !== undefined && number > max) fail('ajusteTope', { where, max, value: String(value) });
    return number;
  }
  if (setting.kind === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    fail('ajusteBooleano', { where, value: String(value) });
  }
  if (typeof value === 'string' && value !== '') return value;
  return fail('ajusteTexto', { where, value: String(value) });
}

/**
 * The settings from the command line's values, the environment and the configuration file they
 * name (`--config` or `COTIZADOR_CONFIG`). Throws a {@link CliError} naming what is wrong.
 *
 * @example
 * ```ts
 * const settings = loadServeSettings({ port: '9000' }, { COTIZADOR_TOKEN_SECRET: 'a shared secret of at least 32 bytes!!', COTIZADOR_CLIENTS: '[]' });
 * settings.port; // 9000
 * ```
 */
export function loadServeSettings(
  flags: {
    readonly port?: string | undefined;
    readonly host?: string | undefined;
    readonly config?: string | undefined;
    readonly log?: boolean | undefined;
    readonly metrics?: boolean | undefined;
    readonly metricsPort?: string | undefined;
  },
  env: Readonly<Record<string, string | undefined>>,
): ServeSettings {
  const configFile = flags.config ?? env['COTIZADOR_CONFIG'];
  const file = configFile === undefined ? {} : (readJson(configFile) as Record<string, unknown>);
  if (typeof file !== 'object' || file === null || Array.isArray(file)) fail('ajusteArchivoObjeto', { file: String(configFile) });
  const base = configFile === undefined ? process.cwd() : dirname(resolve(configFile));
  const known = new Set([
    ...SERVE_SETTINGS.map((s) => s.key),
    'clients',
    'tokenSecret',
    'tokenKeys',
    'rateLimit',
    'rateLimitStore',
    'authFailureLimit',
    'switches',
    'atmsFile',
    'cors',
    'trustProxy',
  ]);
  for (const key of Object.keys(file)) if (!known.has(key)) fail('ajusteDesconocido', { file: String(configFile), key });

  const plain: Record<string, unknown> = {};
  for (const setting of SERVE_SETTINGS) {
    if (file[setting.key] !== undefined) plain[setting.key] = parseValue(setting, file[setting.key], `${configFile}: ${setting.key}`);
    const fromEnv = env[setting.env];
    if (fromEnv !== undefined && fromEnv !== '') plain[setting.key] = parseValue(setting, fromEnv, setting.env);
  }
  if (flags.port !== undefined) plain['port'] = parseValue(SERVE_SETTINGS[0] as Setting, flags.port, '--port');
  if (flags.host !== undefined) plain['host'] = parseValue(SERVE_SETTINGS[1] as Setting, flags.host, '--host');
  if (flags.metrics === true) plain['metrics'] = true;
  const metricsPort = SERVE_SETTINGS.find((s) => s.key === 'metricsPort') as Setting;
  if (flags.metricsPort !== undefined) plain['metricsPort'] = parseValue(metricsPort, flags.metricsPort, '--metrics-port');

  let clients: ClientRecord[] = [];
  if (file['clients'] !== undefined) clients = clientsOf(file['clients'], `${configFile}: clients`);
  if (env['COTIZADOR_CLIENTS'] !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(env['COTIZADOR_CLIENTS']);
    } catch {
      fail('ajusteClientesJson', {});
    }
    clients = clientsOf(parsed, 'COTIZADOR_CLIENTS');
  }

  let tokenSecret: string | string[] | undefined =
    file['tokenSecret'] === undefined ? undefined : secretsOf(file['tokenSecret'], `${configFile}: tokenSecret`);
  let tokenKeys: RsaSigningKey[] | undefined =
    file['tokenKeys'] === undefined ? undefined : keysOf(file['tokenKeys'], base, `${configFile}: tokenKeys`);
  // A variable that only means something beside another is refused alone (it used to be ignored).
  const needs = (name: string, companions: readonly string[]) => {
    if (env[name] !== undefined && companions.every((other) => env[other] === undefined))
      fail('ajusteAcompana', { name, needs: companions.join(' / ') });
  };
  needs('COTIZADOR_PREVIOUS_TOKEN_SECRETS', ['COTIZADOR_TOKEN_SECRET']);
  needs('COTIZADOR_TOKEN_KEY_ID', ['COTIZADOR_TOKEN_KEY', 'COTIZADOR_TOKEN_KEY_FILE']);
  needs('COTIZADOR_PREVIOUS_PUBLIC_KEY_FILES', ['COTIZADOR_TOKEN_KEY', 'COTIZADOR_TOKEN_KEY_FILE']);
  if (env['COTIZADOR_TOKEN_KEY'] !== undefined && env['COTIZADOR_TOKEN_KEY_FILE'] !== undefined)
    fail('ajusteUnoDeDos', { first: 'COTIZADOR_TOKEN_KEY', second: 'COTIZADOR_TOKEN_KEY_FILE' });
  if (env['COTIZADOR_TOKEN_SECRET'] !== undefined) {
    const previous = env['COTIZADOR_PREVIOUS_TOKEN_SECRETS'];
    const older = previous === undefined ? [] : secretsOf(secretsJson(previous), 'COTIZADOR_PREVIOUS_TOKEN_SECRETS');
    tokenSecret = [env['COTIZADOR_TOKEN_SECRET'], ...(Array.isArray(older) ? older : [older])];
    tokenKeys = undefined;
  }
  const keyText =
    env['COTIZADOR_TOKEN_KEY'] ??
    (env['COTIZADOR_TOKEN_KEY_FILE'] === undefined ? undefined : readText(env['COTIZADOR_TOKEN_KEY_FILE'], 'COTIZADOR_TOKEN_KEY_FILE'));
  if (keyText !== undefined) {
    const previous = (env['COTIZADOR_PREVIOUS_PUBLIC_KEY_FILES'] ?? '').split(',').filter((p) => p.trim() !== '');
    tokenKeys = [
      { kid: env['COTIZADOR_TOKEN_KEY_ID'], privateKey: keyText },
      ...previous.map((path) => ({ publicKey: readText(path.trim(), 'COTIZADOR_PREVIOUS_PUBLIC_KEY_FILES') })),
    ];
    tokenSecret = undefined;
  }

  let rateLimit: RateLimitConfig | undefined = SERVE_RATE_LIMIT;
  if (file['rateLimit'] !== undefined) rateLimit = rateLimitOf(file['rateLimit'], `${configFile}: rateLimit`);
  if (env['COTIZADOR_RATE_LIMIT'] !== undefined) rateLimit = rateLimitOf(env['COTIZADOR_RATE_LIMIT'], 'COTIZADOR_RATE_LIMIT');

  let switches: ServiceSwitches = file['switches'] === undefined ? {} : switchesOf(file['switches'], `${configFile}: switches`);
  if (env['COTIZADOR_SWITCHES_OFF'] !== undefined) switches = { ...switches, off: offOf(env['COTIZADOR_SWITCHES_OFF']) };
  if (env['COTIZADOR_BANK_OFFLINE'] !== undefined) {
    switches = {
      ...switches,
      bankOffline: parseValue(
        { key: 'bankOffline', env: '', kind: 'boolean' },
        env['COTIZADOR_BANK_OFFLINE'],
        'COTIZADOR_BANK_OFFLINE',
      ) as boolean,
    };
  }

  const authFailureLimit = failureLimitOf(file['authFailureLimit'], env['COTIZADOR_AUTH_FAILURE_LIMIT'], `${configFile}: authFailureLimit`);
  const rateLimitStore = storeFromEnv(
    env,
    file['rateLimitStore'] === undefined ? { type: 'memory' } : storeOf(file['rateLimitStore'], `${configFile}: rateLimitStore`),
  );

  const atmsFile = env['COTIZADOR_ATMS_FILE'] ?? (typeof file['atmsFile'] === 'string' ? resolve(base, file['atmsFile']) : undefined);
  const atms = atmsFile === undefined ? undefined : readJson(atmsFile);

  const service: ServiceConfig = {
    clients,
    tokenSecret,
    tokenKeys,
    rateLimit,
    switches,
    atms,
    authFailureLimit,
    tokenTtlSeconds: plain['tokenTtlSeconds'] as number | undefined,
    maxTokenTtlSeconds: plain['maxTokenTtlSeconds'] as number | undefined,
    tokenIssuer: plain['tokenIssuer'] as string | undefined,
    tokenAudience: plain['tokenAudience'] as string | undefined,
    clockSkewSeconds: plain['clockSkewSeconds'] as number | undefined,
    helpUrl: plain['helpUrl'] as string | undefined,
    maxHeaderBytes: plain['maxHeaderBytes'] as number | undefined,
    maxBodyBytes: plain['maxBodyBytes'] as number | undefined,
    maxFormBytes: plain['maxFormBytes'] as number | undefined,
    maxFormFields: plain['maxFormFields'] as number | undefined,
    requestTimeoutMs: plain['requestTimeoutMs'] as number | undefined,
    atmsPublic: plain['atmsPublic'] as boolean | undefined,
    // Checked by createService (a bad origin stops the start naming config.cors.allowedOrigins).
    cors: corsSetting(file['cors'], env['COTIZADOR_CORS_ORIGINS']),
    trustProxy: trustProxySetting(file['trustProxy'], env['COTIZADOR_TRUST_PROXY']),
    // Checked by createService (one of free, sat, treasury), which names it.
    lineaCaptura: plain['lineaCaptura'] as ServiceConfig['lineaCaptura'],
  };
  return {
    port: (plain['port'] as number | undefined) ?? 8080,
    host: (plain['host'] as string | undefined) ?? '127.0.0.1',
    service,
    unsigned: tokenSecret === undefined && tokenKeys === undefined,
    keepAliveTimeoutMs: (plain['keepAliveTimeoutMs'] as number | undefined) ?? 5000,
    shutdownGraceMs: (plain['shutdownGraceMs'] as number | undefined) ?? 10_000,
    workerThreads: plain['workerThreads'] as number | undefined,
    workerQueue: plain['workerQueue'] as number | undefined,
    receiptCacheBytes: plain['receiptCacheBytes'] as number | undefined,
    heavyPerClient: plain['heavyPerClient'] as number | undefined,
    heavyPerSecond: plain['heavyPerSecond'] as number | undefined,
    maxConnections: plain['maxConnections'] as number | undefined,
    maxConnectionsPerAddress: plain['maxConnectionsPerAddress'] as number | undefined,
    maxBodiesInFlight: plain['maxBodiesInFlight'] as number | undefined,
    configFile,
    log: flags.log !== false,
    rateLimitStore,
    observe: {
      logLevel: flags.log === false ? 'silent' : logLevelOf(plain['logLevel']),
      metrics: plain['metrics'] === true,
      metricsPort: plain['metricsPort'] as number | undefined,
    },
  };
}
