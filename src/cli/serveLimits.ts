/**
 * `serve`'s limit settings: where the rate limit and the failed-authentication limit keep their
 * buckets (this process's memory, or Redis shared by every instance) and the failed-authentication
 * limit itself, from the configuration file and the environment; and the configuration error every
 * `serve` setting throws (`fail`).
 */
import type { StoreDownMode } from '../entry/node.js';
import type { AuthFailureLimitConfig, MessageParams } from '../entry/service.js';
import { CliError } from './errors.js';
import { cliMessage, type CliMessageId } from './messages.js';

/**
 * Throws a configuration error: `configuración: <the message>`, in the run's language.
 *
 * @example
 * ```ts
 * fail('ajusteUrlRedis', { where: 'COTIZADOR_REDIS_URL' }); // throws CliError
 * ```
 */
export function fail(id: CliMessageId, params: MessageParams): never {
  throw new CliError(cliMessage('configuracion', { detail: cliMessage(id, params) }));
}

/**
 * Where `serve` keeps its rate-limit buckets (the clients' and the failed authentications'): this
 * process's memory, or Redis shared by every instance.
 *
 * @example
 * ```ts
 * const store: RateLimitStoreSetting = { type: 'redis', url: 'redis://127.0.0.1:6379', keyPrefix: 'cotizador:rl:', whenDown: 'local' };
 * ```
 */
export type RateLimitStoreSetting =
  | { readonly type: 'memory' }
  | { readonly type: 'redis'; readonly url: string; readonly keyPrefix: string | undefined; readonly whenDown: StoreDownMode };

const DOWN_MODES: readonly StoreDownMode[] = ['local', 'open', 'closed'];

/** A Redis URL, checked without ever being echoed (it may hold a password). */
function redisUrl(value: unknown, where: string): string {
  if (typeof value === 'string' && /^rediss?:\/\/[^\s]+$/.test(value)) {
    try {
      new URL(value);
      return value;
    } catch {
      // falls through to the refusal
    }
  }
  return fail('ajusteUrlRedis', { where });
}

function downMode(value: unknown, where: string): StoreDownMode {
  if (DOWN_MODES.includes(value as StoreDownMode)) return value as StoreDownMode;
  return fail('ajusteModoCaido', { where, value: String(value) });
}

/**
 * The file's `rateLimitStore`: `"memory"`, or `{ type: "redis", url, keyPrefix?, whenDown? }`.
 *
 * @example
 * ```ts
 * storeOf({ type: 'redis', url: 'redis://127.0.0.1:6379' }, 'cotizador.json: rateLimitStore').whenDown; // 'local'
 * ```
 */
export function storeOf(value: unknown, where: string): RateLimitStoreSetting {
  if (value === 'memory') return { type: 'memory' };
  const v = value as Record<string, unknown>;
  if (typeof v !== 'object' || v === null || v['type'] !== 'redis') return fail('ajusteTienda', { where });
  const unknown = Object.keys(v).find((key) => !['type', 'url', 'keyPrefix', 'whenDown'].includes(key));
  if (unknown !== undefined) fail('ajusteTienda', { where });
  const keyPrefix = v['keyPrefix'];
  if (keyPrefix !== undefined && (typeof keyPrefix !== 'string' || keyPrefix === ''))
    fail('ajusteTexto', { where: `${where}.keyPrefix`, value: String(keyPrefix) });
  return {
    type: 'redis',
    url: redisUrl(v['url'], `${where}.url`),
    keyPrefix: keyPrefix as string | undefined,
    whenDown: v['whenDown'] === undefined ? 'local' : downMode(v['whenDown'], `${where}.whenDown`),
  };
}

/**
 * The environment's store settings over the file's; a setting that needs another is refused
 * without it. A URL alone selects Redis.
 *
 * @example
 * ```ts
 * storeFromEnv({ COTIZADOR_REDIS_URL: 'redis://127.0.0.1:6379' }, { type: 'memory' }).type; // 'redis'
 * ```
 */
export function storeFromEnv(env: Readonly<Record<string, string | undefined>>, file: RateLimitStoreSetting): RateLimitStoreSetting {
  const type = env['COTIZADOR_RATE_LIMIT_STORE'];
  if (type !== undefined && type !== 'memory' && type !== 'redis')
    fail('ajusteTiendaTipo', { where: 'COTIZADOR_RATE_LIMIT_STORE', value: type });
  const url = env['COTIZADOR_REDIS_URL'];
  const prefix = env['COTIZADOR_REDIS_KEY_PREFIX'];
  const mode = env['COTIZADOR_RATE_LIMIT_STORE_DOWN'];
  const redis = type === 'redis' || (type === undefined && (url !== undefined || file.type === 'redis'));
  if (!redis) {
    for (const name of ['COTIZADOR_REDIS_URL', 'COTIZADOR_REDIS_KEY_PREFIX', 'COTIZADOR_RATE_LIMIT_STORE_DOWN'])
      if (env[name] !== undefined) fail('ajusteAcompana', { name, needs: 'COTIZADOR_RATE_LIMIT_STORE=redis' });
    return { type: 'memory' };
  }
  const base = file.type === 'redis' ? file : undefined;
  if (url === undefined && base === undefined)
    fail('ajusteAcompana', { name: 'COTIZADOR_RATE_LIMIT_STORE=redis', needs: 'COTIZADOR_REDIS_URL' });
  if (prefix === '') fail('ajusteTexto', { where: 'COTIZADOR_REDIS_KEY_PREFIX', value: '' });
  return {
    type: 'redis',
    url: url === undefined ? (base?.url as string) : redisUrl(url, 'COTIZADOR_REDIS_URL'),
    keyPrefix: prefix ?? base?.keyPrefix,
    whenDown: mode === undefined ? (base?.whenDown ?? 'local') : downMode(mode, 'COTIZADOR_RATE_LIMIT_STORE_DOWN'),
  };
}

const FAILURE_LIMIT_KEYS = ['perClientAddress', 'perAddress', 'perClient', 'trustSeconds'];

/**
 * The file's `authFailureLimit` (`false`, or its policies) and `COTIZADOR_AUTH_FAILURE_LIMIT`
 * (`on`/`off`) over it.
 *
 * @example
 * ```ts
 * failureLimitOf(undefined, 'off', 'cotizador.json: authFailureLimit'); // false
 * ```
 */
export function failureLimitOf(value: unknown, fromEnv: string | undefined, where: string): AuthFailureLimitConfig | false | undefined {
  let limit: AuthFailureLimitConfig | false | undefined;
  if (value === false) limit = false;
  else if (value !== undefined) {
    const v = value as Record<string, unknown>;
    if (typeof v !== 'object' || v === null || Array.isArray(v) || Object.keys(v).some((key) => !FAILURE_LIMIT_KEYS.includes(key)))
      fail('ajusteLimiteFallos', { where });
    limit = v as AuthFailureLimitConfig; // each policy is checked by the service, naming it
  }
  if (fromEnv === undefined) return limit;
  if (fromEnv === 'off') return false;
  if (fromEnv === 'on') return limit === false ? undefined : limit;
  return fail('ajusteEncendido', { where: 'COTIZADOR_AUTH_FAILURE_LIMIT', value: fromEnv });
}
