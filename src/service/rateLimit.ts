/**
 * Per-client rate limits: a token bucket per client id (RFC 6585's 429 with `Retry-After`),
 * behind a small store interface. The default store keeps the buckets in this process's memory;
 * several instances share one limit through a store over a shared database (docs/server.md
 * shows one over Redis). Time comes from the service's clock, never from the store's.
 */

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
 *
 * @example
 * ```ts
 * const store: RateLimitStore = memoryRateLimitStore();
 * await store.take('app', { capacity: 1, refillPerSecond: 1 }, 0); // { allowed: true, retryAfterSeconds: 0 }
 * ```
 */
export interface RateLimitStore {
  take(key: string, policy: RateLimitPolicy, nowMs: number): RateLimitDecision | Promise<RateLimitDecision>;
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

/**
 * Default number of buckets {@link memoryRateLimitStore} keeps (the least recently used leaves first).
 *
 * @example
 * ```ts
 * DEFAULT_RATE_LIMIT_KEYS; // 100000
 * ```
 */
export const DEFAULT_RATE_LIMIT_KEYS = 100_000;

/**
 * The in-memory store: synchronous.
 *
 * @example
 * ```ts
 * const store: MemoryRateLimitStore = memoryRateLimitStore({ maxKeys: 1000 });
 * ```
 */
export interface MemoryRateLimitStore extends RateLimitStore {
  take(key: string, policy: RateLimitPolicy, nowMs: number): RateLimitDecision;
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/**
 * A token-bucket store in this process's memory: exact for one instance; with several instances
 * each keeps its own buckets, so a client gets up to N times the limit (use a shared store).
 * At most `maxKeys` buckets are kept, the least recently used leaving first (a bucket that left
 * comes back full, which only ever allows more). A clock that goes backwards refills nothing.
 *
 * @example
 * ```ts
 * const store = memoryRateLimitStore();
 * const policy = { capacity: 2, refillPerSecond: 1 };
 * store.take('app', policy, 0).allowed; // true
 * store.take('app', policy, 0).allowed; // true
 * store.take('app', policy, 0); // { allowed: false, retryAfterSeconds: 1 }
 * store.take('app', policy, 1000).allowed; // true
 * ```
 */
export function memoryRateLimitStore(options: { readonly maxKeys?: number } = {}): MemoryRateLimitStore {
  const maxKeys = options.maxKeys ?? DEFAULT_RATE_LIMIT_KEYS;
  const buckets = new Map<string, Bucket>();
  return {
    take(key, policy, nowMs) {
      let bucket = buckets.get(key);
      if (bucket === undefined) {
        if (buckets.size >= maxKeys) {
          const oldest = buckets.keys().next();
          if (oldest.done !== true) buckets.delete(oldest.value);
        }
        bucket = { tokens: policy.capacity, updatedMs: nowMs };
      } else {
        buckets.delete(key); // re-inserted below: the map's order is recency of use
        const elapsed = Math.max(0, nowMs - bucket.updatedMs);
        bucket.tokens = Math.min(policy.capacity, bucket.tokens + (elapsed / 1000) * policy.refillPerSecond);
        bucket.updatedMs = Math.max(bucket.updatedMs, nowMs);
      }
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true, retryAfterSeconds: 0 };
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / policy.refillPerSecond)) };
    },
  };
}
