/**
 * The limit on failed client authentications at the token URLs: token buckets that only failures
 * drain. Every attempt takes its tokens before its secret is checked (so concurrent guesses
 * cannot slip past the limit together) and a success gives them back; past the limit an attempt
 * is answered 429 without its secret being tried. Three buckets, so an attacker cannot lock the
 * real client out:
 *
 * - **one client id from one address** (strict): only that pair waits;
 * - **one address, whatever the id** (strict): an address spraying ids waits;
 * - **one client id from anywhere** (soft): once spent, only addresses the client has succeeded
 *   from recently (`trustSeconds`) may still try; every other address waits.
 *
 * The real client, at its own address, is never stopped by guesses from elsewhere. Without an
 * address (a transport that gives none) only the per-id bucket applies. IPv6 addresses count by
 * their /64 prefix (one host holds one), IPv4-mapped ones as IPv4.
 */
import { configError } from './configError.js';
import { checkedPolicy, memoryRateLimitStore, type RateLimitDecision, type RateLimitPolicy, type RateLimitStore } from './rateLimit.js';

/**
 * The failed-authentication limit of the service (on by default; `false` turns it off).
 *
 * @example
 * ```ts
 * const limit: AuthFailureLimitConfig = { perClientAddress: { capacity: 5, refillPerSecond: 1 / 60 } };
 * ```
 */
export interface AuthFailureLimitConfig {
  /** Failures of one client id from one address. Default {@link DEFAULT_AUTH_FAILURE_LIMIT}'s: 10, then one per 30 s. */
  readonly perClientAddress?: RateLimitPolicy | undefined;
  /** Failures from one address, whatever the id. Default: 30, then one per 10 s. */
  readonly perAddress?: RateLimitPolicy | undefined;
  /** Failures of one client id from any address (then only its trusted addresses may try). Default: 100, then one per 10 s. */
  readonly perClient?: RateLimitPolicy | undefined;
  /**
   * How long a success makes its address trusted for its client, seconds: from the success to the
   * end of the next period of this length (between one and two of them). Default 86,400.
   */
  readonly trustSeconds?: number | undefined;
  /** Where the buckets live; it needs `peek` and `give`. Default: a memory store of the service's own. */
  readonly store?: RateLimitStore | undefined;
}

/**
 * The defaults of the failed-authentication limit.
 *
 * @example
 * ```ts
 * DEFAULT_AUTH_FAILURE_LIMIT.perClientAddress.capacity; // 10
 * DEFAULT_AUTH_FAILURE_LIMIT.perClientAddress.refillPerSecond * 30; // 1
 * ```
 */
export const DEFAULT_AUTH_FAILURE_LIMIT = Object.freeze({
  perClientAddress: Object.freeze({ capacity: 10, refillPerSecond: 1 / 30 }),
  perAddress: Object.freeze({ capacity: 30, refillPerSecond: 1 / 10 }),
  perClient: Object.freeze({ capacity: 100, refillPerSecond: 1 / 10 }),
  trustSeconds: 86_400,
});

/**
 * The limit, checked: its policies, the trust bucket's policy and the store.
 *
 * @example
 * ```ts
 * const limit: AuthFailureLimit = authFailureLimit({})!;
 * limit.perClient.capacity; // 100
 * ```
 */
export interface AuthFailureLimit {
  readonly perClientAddress: RateLimitPolicy;
  readonly perAddress: RateLimitPolicy;
  readonly perClient: RateLimitPolicy;
  /** A bucket of one token per trust period that a success drains: empty means "trusted". */
  readonly trust: RateLimitPolicy;
  readonly trustMs: number;
  readonly store: RateLimitStore & Required<Pick<RateLimitStore, 'peek' | 'give'>>;
}

function policy(value: RateLimitPolicy | undefined, fallback: RateLimitPolicy, name: string): RateLimitPolicy {
  return value === undefined ? fallback : checkedPolicy(value, `authFailureLimit.${name}`);
}

/**
 * Checks the setting; undefined when it is `false`. Throws a `QuoteError` (`ERRESQ005` naming
 * `config.authFailureLimit.<key>`) for a bad policy or a store without `take`, `peek` and `give`.
 *
 * @example
 * ```ts
 * authFailureLimit(false); // undefined
 * authFailureLimit({ perClient: { capacity: 0, refillPerSecond: 1 } }); // throws QuoteError ERRESQ005 'config.authFailureLimit.perClient.capacity'
 * ```
 */
export function authFailureLimit(config: AuthFailureLimitConfig | false | undefined): AuthFailureLimit | undefined {
  if (config === false) return undefined;
  const given = config ?? {};
  if (typeof given !== 'object' || given === null) throw configError('configPolitica', 'authFailureLimit', { name: 'authFailureLimit' });
  const trustSeconds = given.trustSeconds ?? DEFAULT_AUTH_FAILURE_LIMIT.trustSeconds;
  if (typeof trustSeconds !== 'number' || !Number.isSafeInteger(trustSeconds) || trustSeconds <= 0)
    throw configError('configEnteroPositivo', 'authFailureLimit.trustSeconds', { name: 'authFailureLimit.trustSeconds' });
  const store = given.store ?? memoryRateLimitStore();
  if (
    typeof store !== 'object' ||
    store === null ||
    typeof store.take !== 'function' ||
    typeof store.peek !== 'function' ||
    typeof store.give !== 'function'
  )
    throw configError('configTiendaPeek', 'authFailureLimit.store');
  return Object.freeze({
    perClientAddress: policy(given.perClientAddress, DEFAULT_AUTH_FAILURE_LIMIT.perClientAddress, 'perClientAddress'),
    perAddress: policy(given.perAddress, DEFAULT_AUTH_FAILURE_LIMIT.perAddress, 'perAddress'),
    perClient: policy(given.perClient, DEFAULT_AUTH_FAILURE_LIMIT.perClient, 'perClient'),
    // Full again (forgotten) two periods after it was drained: by then the period after it is over too.
    trust: Object.freeze({ capacity: 1, refillPerSecond: 1 / (2 * trustSeconds) }),
    trustMs: trustSeconds * 1000,
    store: store as AuthFailureLimit['store'],
  });
}

/** The 16-bit groups of an IPv6 address (with an embedded IPv4 tail), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0] as string;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4 !== null) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const part = (half: string) => (half === '' ? [] : half.split(':').map((group) => Number.parseInt(group, 16)));
  const head = part(halves[0] as string);
  const tail = halves.length === 2 ? part(halves[1] as string) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return undefined;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/**
 * The key an address counts under: IPv4 as is, an IPv4-mapped IPv6 address as its IPv4, any
 * other IPv6 address as its /64 prefix (one host, or one customer, holds a whole /64).
 *
 * @example
 * ```ts
 * addressKey('203.0.113.7'); // '203.0.113.7'
 * addressKey('::ffff:203.0.113.7'); // '203.0.113.7'
 * addressKey('2001:db8:0:1:aaaa::1'); // '2001:db8:0:1::/64'
 * ```
 */
export function addressKey(address: string): string {
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  if (groups === undefined) return address.slice(0, 64);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [c, d] = [groups[6] as number, groups[7] as number];
    return `${c >> 8}.${c & 0xff}.${d >> 8}.${d & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The buckets of an attempt: client id (none when it cannot be a client: over 100 characters)
 * and address. Trust is kept per period (`trustMs`): a success drains this period's bucket, and
 * an address is trusted while this period's or the last one's is drained, so a client that
 * succeeds at least once a period stays trusted without a gap.
 */
function keys(limit: AuthFailureLimit, clientId: string, address: string | undefined, nowMs: number) {
  const id = clientId.length <= 100 ? encodeURIComponent(clientId) : undefined;
  const from = address === undefined || address === '' ? undefined : addressKey(address);
  const period = Math.floor(nowMs / limit.trustMs);
  const trust = id === undefined || from === undefined ? undefined : `auth:ok:${id}@${from}:`;
  return {
    pair: id === undefined || from === undefined ? undefined : `auth:ca:${id}@${from}`,
    address: from === undefined ? undefined : `auth:a:${from}`,
    client: id === undefined ? undefined : `auth:c:${id}`,
    trust: trust === undefined ? undefined : `${trust}${period}`,
    trusted: trust === undefined ? undefined : `${trust}${period - 1}`,
  };
}

const wait = (answer: RateLimitDecision) => Math.max(1, Math.ceil(answer.retryAfterSeconds));

/**
 * An authentication attempt the limit let through (its tokens taken), or the seconds it must wait.
 *
 * @example
 * ```ts
 * const attempt: AuthAttempt = { waitSeconds: 30 };
 * ```
 */
export type AuthAttempt =
  | { readonly waitSeconds: number }
  | {
      readonly waitSeconds: undefined;
      /** The secret was right: give the tokens back and trust the address. */
      succeeded(): Promise<void>;
    };

/**
 * Before a secret is checked: takes a token from each of the attempt's buckets (the per-id one
 * only when the address is not trusted). When one is empty, gives the others back and says how
 * long to wait (429): the secret is not checked. Otherwise the attempt goes on; a failure keeps
 * the tokens taken, a success (`succeeded()`) gives them back.
 *
 * @example
 * ```ts
 * const limit = authFailureLimit({ perClientAddress: { capacity: 1, refillPerSecond: 0.1 } })!;
 * (await startAuthAttempt(limit, 'app', '203.0.113.7', 0)).waitSeconds; // undefined (then a wrong secret: kept)
 * (await startAuthAttempt(limit, 'app', '203.0.113.7', 0)).waitSeconds; // 10
 * (await startAuthAttempt(limit, 'app', '198.51.100.2', 0)).waitSeconds; // undefined
 * ```
 */
export async function startAuthAttempt(
  limit: AuthFailureLimit,
  clientId: string,
  address: string | undefined,
  nowMs: number,
): Promise<AuthAttempt> {
  const k = keys(limit, clientId, address, nowMs);
  const { store } = limit;
  const [trust, trustBefore] = await Promise.all([
    k.trust === undefined ? undefined : store.peek(k.trust, limit.trust, nowMs),
    k.trusted === undefined ? undefined : store.peek(k.trusted, limit.trust, nowMs),
  ]);
  // The soft bucket: spent, it stops every address but those the client succeeded from lately.
  const trusted = (trust !== undefined && !trust.allowed) || (trustBefore !== undefined && !trustBefore.allowed);
  const buckets: [string, RateLimitPolicy][] = [];
  if (k.pair !== undefined) buckets.push([k.pair, limit.perClientAddress]);
  if (k.address !== undefined) buckets.push([k.address, limit.perAddress]);
  if (k.client !== undefined && !trusted) buckets.push([k.client, limit.perClient]);
  const answers = await Promise.all(buckets.map(([key, policy]) => store.take(key, policy, nowMs)));
  const giveBack = () => Promise.all(buckets.filter((_, i) => answers[i]?.allowed).map(([key, policy]) => store.give(key, policy, nowMs)));
  const refused = answers.filter((answer) => !answer.allowed);
  if (refused.length > 0) {
    await giveBack(); // an attempt not tried is no failure
    return { waitSeconds: Math.max(...refused.map(wait)) };
  }
  return {
    waitSeconds: undefined,
    async succeeded() {
      await giveBack();
      if (k.trust !== undefined) await store.take(k.trust, limit.trust, nowMs);
    },
  };
}
