/**
 * Per-client rate limits: a token bucket per client id (RFC 6585's 429 with `Retry-After`),
 * behind a small store interface. The default store keeps the buckets in this process's memory;
 * several instances share one limit through a store over a shared database (`cotizador/node`
 * ships one over Redis). Time comes from the service's clock, never from the store's.
 */
import { configError } from './configError.js';

/**
 * A bucket's size and refill rate: a client may burst `capacity` requests, then
 * `refillPerSecond` a second.
 *
 * @example
 * ```ts
 * const policy: RateLimitPolicy = { capacity: 20, refillPerSecond: 10 };
 * ```
 */
export interface RateLimitPolicy {
  readonly capacity: number;
  readonly refillPerSecond: number;
}

/**
 * A store's answer: allowed (one token was taken), or refused with the seconds until a token
 * is back.
 *
 * @example
 * ```ts
 * const decision: RateLimitDecision = { allowed: false, retryAfterSeconds: 1 };
 * ```
 */
export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Whole seconds to wait before the next request can pass (0 when allowed). */
  readonly retryAfterSeconds: number;
}

/**
 * Where buckets live. `take` atomically refills the bucket of `key` up to `nowMs` and takes
 * one token when there is one. It may be asynchronous (a shared database); the service awaits it.
 * `peek` says the same without taking, `give` puts a token back (never above the capacity): the
 * failed-authentication limit needs both. `healthy` says whether the store can answer now (a
 * shared store that lost its database says false: a readiness check reads it; a store without
 * it is always healthy).
 *
 * @example
 * ```ts
 * const store: RateLimitStore = memoryRateLimitStore();
 * await store.take('app', { capacity: 1, refillPerSecond: 1 }, 0); // { allowed: true, retryAfterSeconds: 0 }
 * store.healthy?.() ?? true; // true
 * ```
 */
export interface RateLimitStore {
  take(key: string, policy: RateLimitPolicy, nowMs: number): RateLimitDecision | Promise<RateLimitDecision>;
  peek?(key: string, policy: RateLimitPolicy, nowMs: number): RateLimitDecision | Promise<RateLimitDecision>;
  give?(key: string, policy: RateLimitPolicy, nowMs: number): void | Promise<void>;
  healthy?(): boolean;
}

/**
 * The rate-limit setting of the service: a policy and, optionally, the store (default
 * {@link memoryRateLimitStore}).
 *
 * @example
 * ```ts
 * const rateLimit: RateLimitConfig = { capacity: 20, refillPerSecond: 10 };
 * ```
 */
export interface RateLimitConfig extends RateLimitPolicy {
  readonly store?: RateLimitStore | undefined;
}

function positiveNumber(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw configError('configEnteroPositivo', name, { name });
  return value;
}

/**
 * A policy checked (`capacity` and `refillPerSecond` positive numbers); throws a `QuoteError`
 * (`ERRESQ005` naming `config.<name>.capacity` or the like) otherwise.
 *
 * @example
 * ```ts
 * checkedPolicy({ capacity: 60, refillPerSecond: 20 }, 'rateLimit'); // { capacity: 60, refillPerSecond: 20 }
 * checkedPolicy({ capacity: 0, refillPerSecond: 20 }, 'rateLimit'); // throws QuoteError ERRESQ005 'config.rateLimit.capacity'
 * ```
 */
export function checkedPolicy(value: RateLimitPolicy, name: string): RateLimitPolicy {
  if (typeof value !== 'object' || value === null) throw configError('configPolitica', name, { name });
  return Object.freeze({
    capacity: positiveNumber(value.capacity, `${name}.capacity`),
    refillPerSecond: positiveNumber(value.refillPerSecond, `${name}.refillPerSecond`),
  });
}

/**
 * The service's `rateLimit` checked, with its store (default {@link memoryRateLimitStore});
 * undefined when there is none. Throws a `QuoteError` naming the setting at fault.
 *
 * @example
 * ```ts
 * resolveRateLimit({ capacity: 60, refillPerSecond: 20 })?.policy; // { capacity: 60, refillPerSecond: 20 }
 * resolveRateLimit(undefined); // undefined
 * ```
 */
export function resolveRateLimit(
  config: RateLimitConfig | undefined,
): { readonly policy: RateLimitPolicy; readonly store: RateLimitStore } | undefined {
  if (config === undefined) return undefined;
  const policy = checkedPolicy(config, 'rateLimit');
  const store = config.store ?? memoryRateLimitStore();
  if (typeof store !== 'object' || store === null || typeof store.take !== 'function') throw configError('configTienda', 'rateLimit.store');
  return Object.freeze({ policy, store });
}

/**
 * Default number of buckets {@link memoryRateLimitStore} keeps.
 *
 * @example
 * ```ts
 * DEFAULT_RATE_LIMIT_KEYS; // 100000
 * ```
 */
export const DEFAULT_RATE_LIMIT_KEYS = 100_000;

/**
 * The in-memory store: synchronous, with `peek` and the number of buckets it holds.
 *
 * @example
 * ```ts
 * const store: MemoryRateLimitStore = memoryRateLimitStore({ maxKeys: 1000 });
 * store.size(); // 0
 * ```
 */
export interface MemoryRateLimitStore extends RateLimitStore {
  take(key: string, policy: RateLimitPolicy, nowMs: number): RateLimitDecision;
  peek(key: string, policy: RateLimitPolicy, nowMs: number): RateLimitDecision;
  give(key: string, policy: RateLimitPolicy, nowMs: number): void;
  /** Buckets held (at most `maxKeys`). */
  size(): number;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
  /** When the bucket is full again (from then on it is the same as no bucket). */
  fullAtMs: number;
}

const ALLOWED: RateLimitDecision = Object.freeze({ allowed: true, retryAfterSeconds: 0 });

/** The bucket's tokens at `nowMs` (a clock going backwards refills nothing). */
function tokensAt(bucket: Bucket, policy: RateLimitPolicy, nowMs: number): number {
  const elapsed = Math.max(0, nowMs - bucket.updatedMs);
  return Math.min(policy.capacity, bucket.tokens + (elapsed / 1000) * policy.refillPerSecond);
}

function decision(tokens: number, policy: RateLimitPolicy): RateLimitDecision {
  return tokens >= 1 ? ALLOWED : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / policy.refillPerSecond)) };
}

/**
 * A token-bucket store in this process's memory: exact for one instance; with several instances
 * each keeps its own buckets, so a client gets up to N times the limit (use a shared store).
 * A clock that goes backwards refills nothing.
 *
 * It holds at most `maxKeys` buckets and never forgets one that is not full: a bucket full again
 * is the same as no bucket, so those leave first (all of them, when a new key finds the store
 * full); when every bucket is still partly drained, a new key is refused (429, `Retry-After`
 * until the first is full) rather than a drained bucket being given back full.
 *
 * @example
 * ```ts
 * const store = memoryRateLimitStore();
 * const policy = { capacity: 2, refillPerSecond: 1 };
 * store.take('app', policy, 0).allowed; // true
 * store.take('app', policy, 0).allowed; // true
 * store.take('app', policy, 0); // { allowed: false, retryAfterSeconds: 1 }
 * store.peek('app', policy, 1000).allowed; // true
 * store.take('app', policy, 1000).allowed; // true
 * ```
 */
export function memoryRateLimitStore(options: { readonly maxKeys?: number } = {}): MemoryRateLimitStore {
  const maxKeys = options.maxKeys ?? DEFAULT_RATE_LIMIT_KEYS;
  const buckets = new Map<string, Bucket>();
  /** No bucket is full before this instant: a full store does not look again before it. */
  let nextFullMs = Number.NEGATIVE_INFINITY;

  /** Drops every bucket full at `nowMs`; true when there is room for one more. */
  function makeRoom(nowMs: number): boolean {
    if (nowMs < nextFullMs) return false;
    nextFullMs = Number.POSITIVE_INFINITY;
    for (const [key, bucket] of buckets) {
      if (bucket.fullAtMs <= nowMs) buckets.delete(key);
      else nextFullMs = Math.min(nextFullMs, bucket.fullAtMs);
    }
    return buckets.size < maxKeys;
  }

  /** Dates when the bucket is full again. */
  function settle(bucket: Bucket, policy: RateLimitPolicy): void {
    bucket.fullAtMs = bucket.updatedMs + ((policy.capacity - bucket.tokens) / policy.refillPerSecond) * 1000;
    if (bucket.fullAtMs < nextFullMs) nextFullMs = bucket.fullAtMs;
  }

  return {
    take(key, policy, nowMs) {
      let bucket = buckets.get(key);
      if (bucket === undefined) {
        if (buckets.size >= maxKeys && !makeRoom(nowMs)) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((nextFullMs - nowMs) / 1000)) };
        }
        bucket = { tokens: policy.capacity, updatedMs: nowMs, fullAtMs: nowMs };
        buckets.set(key, bucket);
      } else {
        bucket.tokens = tokensAt(bucket, policy, nowMs);
        bucket.updatedMs = Math.max(bucket.updatedMs, nowMs);
      }
      const answer = decision(bucket.tokens, policy);
      if (answer.allowed) bucket.tokens -= 1;
      settle(bucket, policy);
      return answer;
    },
    give(key, policy, nowMs) {
      const bucket = buckets.get(key);
      if (bucket === undefined) return; // no bucket is a full one
      bucket.tokens = Math.min(policy.capacity, tokensAt(bucket, policy, nowMs) + 1);
      bucket.updatedMs = Math.max(bucket.updatedMs, nowMs);
      settle(bucket, policy);
    },
    peek(key, policy, nowMs) {
      const bucket = buckets.get(key);
      return decision(bucket === undefined ? policy.capacity : tokensAt(bucket, policy, nowMs), policy);
    },
    size: () => buckets.size,
  };
}

/**
 * Whether every store the service's limits use can answer now (`healthy()`; a store without it
 * counts as healthy): the readiness fact of the shared limits. False while a shared store's
 * database is unreachable.
 *
 * @example
 * ```ts
 * sharedStoresHealthy(resolveConfig({ clients, rateLimit: { capacity: 60, refillPerSecond: 20 } })); // true
 * sharedStoresHealthy({ rateLimit: { store: { take: () => ({ allowed: true, retryAfterSeconds: 0 }), healthy: () => false } } }); // false
 * ```
 */
export function sharedStoresHealthy(config: {
  readonly rateLimit?: { readonly store: RateLimitStore } | undefined;
  readonly authFailureLimit?: { readonly store: RateLimitStore } | undefined;
}): boolean {
  return [config.rateLimit?.store, config.authFailureLimit?.store].every((store) => store?.healthy?.() !== false);
}
