/**
 * A rate-limit store over Redis, so several instances share one limit (and one count of failed
 * authentications). Each bucket is a hash refilled, taken, peeked or given back by one Lua script,
 * atomically, with an expiry at the moment it would be full again (a missing key is a full
 * bucket, so nothing is lost when it expires). Time still comes from the service's clock.
 *
 * The client is `@redis/client` (node-redis's core, kept by Redis itself; no dependencies of its
 * own), an optional peer dependency loaded only when a URL is given; or any client with
 * node-redis's `sendCommand`. When Redis cannot answer, the store says so (`healthy()` false, one
 * warning) and answers as configured: `local` (this instance's own buckets), `open` (allow) or
 * `closed` (refuse).
 */
import { createHash } from 'node:crypto';
import type { ServiceWarning } from '../service/config.js';
import { SERVICE_MESSAGES, serviceError } from '../service/messages.js';
import { memoryRateLimitStore, type RateLimitDecision, type RateLimitPolicy, type RateLimitStore } from '../service/rateLimit.js';
import { messageRef, renderMessage } from '../errors/catalog.js';

/**
 * What the store needs of a Redis client: node-redis's `sendCommand` (a command as an array of
 * strings; its reply). `isReady`, when the client has it, says whether it is connected.
 *
 * @example
 * ```ts
 * const client: RedisCommandClient = { sendCommand: async (args) => (args[0] === 'PING' ? 'PONG' : null) };
 * ```
 */
export interface RedisCommandClient {
  sendCommand(args: string[]): Promise<unknown>;
  readonly isReady?: boolean;
}

/**
 * How the store answers while Redis cannot: `local` buckets of this instance (each instance then
 * allows its own limit), `open` (every request passes) or `closed` (every request is refused, 429).
 *
 * @example
 * ```ts
 * const mode: StoreDownMode = 'local';
 * ```
 */
export type StoreDownMode = 'local' | 'open' | 'closed';

/**
 * Options of {@link createRedisRateLimitStore}: a `url` (the store connects with `@redis/client`)
 * or a `client` of your own.
 *
 * @example
 * ```ts
 * const options: RedisRateLimitStoreOptions = { url: 'redis://127.0.0.1:6379', whenDown: 'closed' };
 * ```
 */
export interface RedisRateLimitStoreOptions {
  /** `redis://[[user]:password@]host[:port][/db]` or `rediss://…` (TLS). */
  readonly url?: string | undefined;
  /** A connected client instead of a URL (the store never closes it). */
  readonly client?: RedisCommandClient | undefined;
  /** Prefix of every key. Default {@link DEFAULT_REDIS_KEY_PREFIX}. */
  readonly keyPrefix?: string | undefined;
  /** Default `local`. */
  readonly whenDown?: StoreDownMode | undefined;
  /** A command slower than this counts as Redis down, ms. Default 500. */
  readonly commandTimeoutMs?: number | undefined;
  /** How long creation waits for the first connection, ms (then it goes on, down). Default 2000. */
  readonly connectTimeoutMs?: number | undefined;
  /** Told when Redis goes down and when it is back. Default `console.warn`. */
  readonly onWarning?: ((warning: ServiceWarning) => void) | undefined;
}

/**
 * The Redis store: a {@link RateLimitStore} with `peek`, `give` and `healthy`, and `close()`.
 *
 * @example
 * ```ts
 * const store: RedisRateLimitStore = await createRedisRateLimitStore({ client: { sendCommand: async () => [1, 0] } });
 * store.healthy(); // true
 * ```
 */
export interface RedisRateLimitStore extends RateLimitStore {
  take(key: string, policy: RateLimitPolicy, nowMs: number): Promise<RateLimitDecision>;
  peek(key: string, policy: RateLimitPolicy, nowMs: number): Promise<RateLimitDecision>;
  give(key: string, policy: RateLimitPolicy, nowMs: number): Promise<void>;
  /** True while Redis answers (false before the first connection and after a failed command). */
  healthy(): boolean;
  /** Closes the connection the store opened (not a client it was given). */
  close(): Promise<void>;
}

/**
 * Default prefix of the store's keys.
 *
 * @example
 * ```ts
 * DEFAULT_REDIS_KEY_PREFIX; // 'cotizador:rl:'
 * ```
 */
export const DEFAULT_REDIS_KEY_PREFIX = 'cotizador:rl:';

/**
 * The bucket script. KEYS[1] the bucket; ARGV capacity, refill per second, now (ms), cost (1
 * take, 0 peek, -1 give). Replies `{allowed (1/0), seconds to wait}`, computed as the memory store
 * computes them (the same operations in the same order, so the same decisions). A bucket full
 * again is deleted (or expires then): no key is a full bucket.
 */
const SCRIPT = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local state = redis.call('HMGET', KEYS[1], 't', 'u')
local tokens = tonumber(state[1])
local updated = tonumber(state[2])
if tokens == nil or updated == nil then
  if cost <= 0 then return {1, 0} end
  tokens = capacity
  updated = now
end
if now > updated then
  tokens = math.min(capacity, tokens + (now - updated) / 1000 * rate)
  updated = now
end
local allowed = tokens >= 1
if cost ~= 0 then
  if cost > 0 and allowed then tokens = tokens - 1 end
  if cost < 0 then tokens = math.min(capacity, tokens + 1) end
  local fullIn = math.ceil((capacity - tokens) * 1000 / rate)
  if fullIn <= 0 then
    redis.call('UNLINK', KEYS[1])
  else
    redis.call('HSET', KEYS[1], 't', string.format('%.17g', tokens), 'u', string.format('%.17g', updated))
    redis.call('PEXPIRE', KEYS[1], fullIn)
  end
end
if allowed then return {1, 0} end
return {0, math.ceil((1 - tokens) / rate)}
`;
const SHA = createHash('sha1').update(SCRIPT).digest('hex');

/** The optional peer dependency, loaded on first use; a coded error naming it when absent. */
async function redisPackage(): Promise<typeof import('@redis/client')> {
  try {
    return await import('@redis/client');
  } catch {
    throw serviceError('ERRESQ005', 'redisFalta', 'config.rateLimitStore', { package: '@redis/client' });
  }
}

function warning(code: ServiceWarning['code'], id: 'redisCaido' | 'redisDeVuelta', params: Record<string, string>): ServiceWarning {
  return { code, message: renderMessage(messageRef(SERVICE_MESSAGES, id, params), 'en') };
}

/**
 * Creates the store and, with a `url`, connects (waiting at most `connectTimeoutMs`: a Redis
 * that is down does not stop the start, the store answers as `whenDown` says and reconnects in
 * the background). Throws a `QuoteError` (`ERRESQ005` naming `config.rateLimitStore`) when a URL
 * is given and `@redis/client` is not installed, or for a bad option.
 *
 * @example
 * ```ts
 * const calls: string[][] = [];
 * const client = { sendCommand: async (args: string[]) => (calls.push(args), [0, 2]) };
 * const store = await createRedisRateLimitStore({ client });
 * await store.take('client:app', { capacity: 60, refillPerSecond: 20 }, 0); // { allowed: false, retryAfterSeconds: 2 }
 * calls[0]?.slice(2, 4); // ['1', 'cotizador:rl:client:app']
 * ```
 */
export async function createRedisRateLimitStore(options: RedisRateLimitStoreOptions): Promise<RedisRateLimitStore> {
  const whenDown = options.whenDown ?? 'local';
  if (!['local', 'open', 'closed'].includes(whenDown))
    throw serviceError('ERRESQ005', 'redisModo', 'config.rateLimitStore.whenDown', { value: String(whenDown) });
  if ((options.url === undefined) === (options.client === undefined))
    throw serviceError('ERRESQ005', 'redisUrlOCliente', 'config.rateLimitStore');
  const prefix = options.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX;
  const timeoutMs = options.commandTimeoutMs ?? 500;
  const tell = options.onWarning ?? ((w: ServiceWarning) => console.warn(`[${w.code}] ${w.message}`));
  const local = memoryRateLimitStore();

  let isDown = options.client === undefined; // our own connection is down until it is ready
  let told = false;
  function down(reason: string): void {
    isDown = true;
    if (told) return;
    told = true;
    tell(warning('COTIZADOR_RATE_LIMIT_STORE_DOWN', 'redisCaido', { reason, mode: whenDown }));
  }
  function up(): void {
    isDown = false;
    if (!told) return;
    told = false;
    tell(warning('COTIZADOR_RATE_LIMIT_STORE_UP', 'redisDeVuelta', {}));
  }

  let own: { connect(): Promise<unknown>; close(): Promise<void>; destroy(): void; readonly isReady: boolean } | undefined;
  let client: RedisCommandClient;
  if (options.client !== undefined) client = options.client;
  else {
    const { createClient } = await redisPackage();
    const created = createClient({
      url: options.url,
      // A command while disconnected fails at once instead of waiting in a queue.
      disableOfflineQueue: true,
      socket: { connectTimeout: options.connectTimeoutMs ?? 2000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000) },
    });
    created.on('error', (error: NodeJS.ErrnoException) => down(error.code ?? error.name));
    created.on('ready', up);
    own = created;
    client = { sendCommand: (args) => created.sendCommand(args) };
    const connecting = created.connect().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.connectTimeoutMs ?? 2000);
    });
    await Promise.race([connecting, waited]);
    clearTimeout(timer);
    if (!created.isReady) down('ENOTCONN');
  }

  async function evaluate(key: string, policy: RateLimitPolicy, nowMs: number, cost: number): Promise<[number, number] | undefined> {
    if (own !== undefined && !own.isReady) return undefined; // reconnecting: no command can pass
    const args = ['1', `${prefix}${key}`, String(policy.capacity), String(policy.refillPerSecond), String(Math.round(nowMs)), String(cost)];
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), timeoutMs);
    });
    try {
      const send = async () => {
        try {
          return await client.sendCommand(['EVALSHA', SHA, ...args]);
        } catch (error) {
          if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
          return client.sendCommand(['EVAL', SCRIPT, ...args]);
        }
      };
      const reply = await Promise.race([send(), late]);
      if (!Array.isArray(reply) || reply.length !== 2) throw Object.assign(new Error('reply'), { code: 'EREPLY' });
      up();
      return [Number(reply[0]), Number(reply[1])];
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      down(typeof code === 'string' ? code : (error as Error).name);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  const OPEN: RateLimitDecision = Object.freeze({ allowed: true, retryAfterSeconds: 0 });
  const CLOSED: RateLimitDecision = Object.freeze({ allowed: false, retryAfterSeconds: 1 });
  const fallback = (kind: 'take' | 'peek', key: string, policy: RateLimitPolicy, nowMs: number): RateLimitDecision =>
    whenDown === 'local' ? local[kind](key, policy, nowMs) : whenDown === 'open' ? OPEN : CLOSED;
  const decided = (reply: [number, number]): RateLimitDecision =>
    reply[0] === 1 ? OPEN : { allowed: false, retryAfterSeconds: Math.max(1, reply[1]) };

  return {
    async take(key, policy, nowMs) {
      const reply = await evaluate(key, policy, nowMs, 1);
      return reply === undefined ? fallback('take', key, policy, nowMs) : decided(reply);
    },
    async peek(key, policy, nowMs) {
      const reply = await evaluate(key, policy, nowMs, 0);
      return reply === undefined ? fallback('peek', key, policy, nowMs) : decided(reply);
    },
    async give(key, policy, nowMs) {
      const reply = await evaluate(key, policy, nowMs, -1);
      if (reply === undefined && whenDown === 'local') local.give(key, policy, nowMs);
    },
    healthy: () => !isDown && (own === undefined || own.isReady),
    async close() {
      if (own === undefined) return;
      const closing = own;
      own = undefined;
      isDown = true;
      told = true; // closing is not an outage: nothing more to tell
      await closing.close().catch(() => closing.destroy());
    },
  };
}
