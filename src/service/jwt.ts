/**
 * Access tokens: compact JWTs signed and verified with `jose`. Every token names its key (`kid`),
 * issuer (`iss`) and audience (`aud`), and carries `sub`, `scope`, `iat`, `nbf`, `exp` and `jti`.
 * Verification accepts exactly the configured algorithm and a key of the set, only canonical
 * base64url segments (a signature whose spare bits were changed is refused: jose alone decodes it
 * to the same bytes), then the signature, `iss`, `aud`, `nbf`, `iat` and `exp` with a small clock
 * skew, and the scope. Verified tokens are cached until they expire (`TokenCache`).
 */
import { decodeUtf8, fromBase64, isCanonicalBase64Url } from '../util/bytes.js';
import type { KeySet } from './keys.js';
import { serviceError } from './messages.js';

/**
 * The claims the service puts in a token.
 *
 * @example
 * ```ts
 * const claims: TokenClaims = { sub: 'app', scope: 'update', iat: 1736964000, nbf: 1736964000, exp: 1736967600, jti: 'f-1' };
 * ```
 */
export interface TokenClaims {
  /** Client id. */
  readonly sub: string;
  /** Granted scopes, space-separated. */
  readonly scope: string;
  /** Issued at, seconds since the epoch. */
  readonly iat: number;
  /** Not before, seconds since the epoch (the issue instant). */
  readonly nbf: number;
  /** Expires at, seconds since the epoch. */
  readonly exp: number;
  /** Token id (the folio of the token request). */
  readonly jti: string;
}

/**
 * The longest token lifetime (`exp − iat`) anything accepts, seconds: one day. A service's
 * `maxTokenTtlSeconds` may be shorter, never longer.
 *
 * @example
 * ```ts
 * TOKEN_TTL_CEILING_SECONDS; // 86400
 * ```
 */
export const TOKEN_TTL_CEILING_SECONDS = 86_400;
/**
 * The largest clock skew anything tolerates, seconds (five minutes, Kerberos' default): a
 * larger `clockSkewSeconds` is refused by the service and cut to this by {@link verifyToken}.
 *
 * @example
 * ```ts
 * MAX_CLOCK_SKEW_SECONDS; // 300
 * ```
 */
export const MAX_CLOCK_SKEW_SECONDS = 300;

/**
 * Who issues tokens and for whom, the clock skew tolerated on `nbf`, `iat` and `exp` (at most
 * {@link MAX_CLOCK_SKEW_SECONDS}), and the longest lifetime `exp − iat` a token may claim
 * (default and at most {@link TOKEN_TTL_CEILING_SECONDS}).
 *
 * @example
 * ```ts
 * const rules: TokenRules = { issuer: 'cotizador', audience: 'cotizador-api', clockSkewSeconds: 30, maxLifetimeSeconds: 3600 };
 * ```
 */
export interface TokenRules {
  readonly issuer: string;
  readonly audience: string;
  readonly clockSkewSeconds: number;
  readonly maxLifetimeSeconds?: number | undefined;
}

/** The rules' lifetime bound and skew, each cut to its ceiling. */
function bounds(rules: TokenRules): { readonly lifetime: number; readonly skew: number } {
  const lifetime = rules.maxLifetimeSeconds ?? TOKEN_TTL_CEILING_SECONDS;
  return {
    lifetime: Math.min(lifetime, TOKEN_TTL_CEILING_SECONDS),
    skew: Math.max(0, Math.min(rules.clockSkewSeconds, MAX_CLOCK_SKEW_SECONDS)),
  };
}

/**
 * Why a token was refused: maps to 401 ERRSEG001, 403 ERRSEG002 and 403 ERRSEG003.
 *
 * @example
 * ```ts
 * const reason: TokenFailure = 'expired';
 * ```
 */
export type TokenFailure = 'invalid' | 'expired' | 'forbidden';

/**
 * The outcome of {@link verifyToken}.
 *
 * @example
 * ```ts
 * const result: TokenVerification = { ok: false, reason: 'invalid' };
 * ```
 */
export type TokenVerification = { readonly ok: true; readonly claims: TokenClaims } | { readonly ok: false; readonly reason: TokenFailure };

type Jose = typeof import('jose');
let josePromise: Promise<Jose> | undefined;
/** jose is an ES module; a dynamic import keeps the CommonJS build loadable on every Node 20. */
function jose(): Promise<Jose> {
  josePromise ??= import('jose');
  return josePromise;
}

/**
 * Signs the claims as a compact JWT with the key set's current key (`kid` in the header),
 * adding `iss` and `aud`. Throws a `QuoteError` (`ERRESQ005` naming `exp`) for a lifetime
 * `exp − iat` that is not positive or above the rules' maximum: no token it could not verify.
 *
 * @example
 * ```ts
 * const keys = keySet({ tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const rules = { issuer: 'cotizador', audience: 'cotizador-api', clockSkewSeconds: 30 };
 * const token = await signToken(keys, { sub: 'app', scope: 'update', iat: 1736900000, nbf: 1736900000, exp: 1736903600, jti: 'f-1' }, rules);
 * token.split('.').length; // 3
 * ```
 */
export async function signToken(keys: KeySet, claims: TokenClaims, rules: TokenRules): Promise<string> {
  const lifetime = claims.exp - claims.iat;
  if (!(lifetime > 0 && lifetime <= bounds(rules).lifetime))
    throw serviceError('ERRESQ005', 'configTope', 'exp', { name: 'exp − iat', max: bounds(rules).lifetime });
  const { SignJWT } = await jose();
  return new SignJWT({ scope: claims.scope })
    .setProtectedHeader({ alg: keys.alg, typ: 'JWT', kid: keys.signing.kid })
    .setSubject(claims.sub)
    .setIssuer(rules.issuer)
    .setAudience(rules.audience)
    .setIssuedAt(claims.iat)
    .setNotBefore(claims.nbf)
    .setExpirationTime(claims.exp)
    .setJti(claims.jti)
    .sign(keys.signing.key);
}

function headerOf(segment: string): Record<string, unknown> | undefined {
  const bytes = fromBase64(segment);
  if (bytes === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(decodeUtf8(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

const INVALID: TokenVerification = Object.freeze({ ok: false, reason: 'invalid' });
const EXPIRED: TokenVerification = Object.freeze({ ok: false, reason: 'expired' });
const FORBIDDEN: TokenVerification = Object.freeze({ ok: false, reason: 'forbidden' });

/** True when the token's scopes include one of `anyOfScopes` (or none is asked for). */
function grants(scope: string, anyOfScopes: readonly string[] | undefined): boolean {
  if (anyOfScopes === undefined) return true;
  const granted = scope.split(' ');
  return anyOfScopes.some((wanted) => granted.includes(wanted));
}

/**
 * Verifies a compact JWT against the key set and the rules at `now`; when `anyOfScopes` is
 * given, the token must grant at least one of them. A lifetime `exp − iat` above the rules'
 * maximum is invalid, however well signed.
 *
 * @example
 * ```ts
 * const keys = keySet({ tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const rules = { issuer: 'cotizador', audience: 'cotizador-api', clockSkewSeconds: 30 };
 * const token = await signToken(keys, { sub: 'app', scope: 'update', iat: 1736900000, nbf: 1736900000, exp: 1736903600, jti: 'f-1' }, rules);
 * (await verifyToken(keys, token, new Date(1736900100_000), rules, ['update'])).ok; // true
 * (await verifyToken(keys, token, new Date(1736999999_000), rules)).ok; // false
 * ```
 */
export async function verifyToken(
  keys: KeySet,
  token: string,
  now: Date,
  rules: TokenRules,
  anyOfScopes?: readonly string[],
): Promise<TokenVerification> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every(isCanonicalBase64Url)) return INVALID;
  const header = headerOf(parts[0] as string);
  if (header === undefined || header['alg'] !== keys.alg || typeof header['kid'] !== 'string') return INVALID;
  const key = keys.verifying.get(header['kid']);
  if (key === undefined) return INVALID;
  const { jwtVerify, errors } = await jose();
  const { lifetime, skew } = bounds(rules);
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: [keys.alg],
      issuer: rules.issuer,
      audience: rules.audience,
      typ: 'JWT',
      clockTolerance: skew,
      currentDate: now,
      requiredClaims: ['sub', 'iat', 'nbf', 'exp', 'jti'],
    }));
  } catch (error) {
    return error instanceof errors.JWTExpired ? EXPIRED : INVALID;
  }
  const { sub, scope, iat, nbf, exp, jti } = payload;
  if (typeof sub !== 'string' || typeof scope !== 'string' || typeof jti !== 'string') return INVALID;
  // A lifetime above the maximum is refused however well signed (a token valid until the year 275760).
  if (!isTime(iat) || !isTime(nbf) || !isTime(exp) || exp <= iat || exp - iat > lifetime) return INVALID;
  // jose checks iat only against a maximum age; a token issued in the future is refused here.
  if (iat > Math.floor(now.getTime() / 1000) + skew) return INVALID;
  const claims: TokenClaims = { sub, scope, iat, nbf, exp, jti };
  return grants(scope, anyOfScopes) ? { ok: true, claims } : FORBIDDEN;
}

/**
 * Verified tokens, kept until they expire, so a client's later requests skip the signature:
 * a bounded map from the token text to its claims (the oldest entry leaves when it is full).
 * Only tokens that verified are stored, so an attacker cannot fill it without a signing key.
 *
 * @example
 * ```ts
 * const cache = new TokenCache(1000, 30);
 * cache.get('eyJ…', Date.now()); // undefined (until stored)
 * ```
 */
export class TokenCache {
  // Speed: keyed by the token's last 32 characters (of its signature), the entry holding the whole
  // token to compare, instead of keyed by the whole token: a Map hashes its key on every lookup of a
  // new string, and each request's token is one (taken from its header), so V8 hashed ~250 characters
  // a request, 2.3 % of handle()'s profile of a 60-payment AutoEstrene after varied requests; the
  // comparison of two texts is a block compare. Two tokens sharing a key (not two signed by the
  // service) only evict each other.
  readonly #entries = new Map<string, { readonly token: string; readonly claims: TokenClaims }>();
  readonly #capacity: number;
  readonly #skewMs: number;

  constructor(capacity: number, clockSkewSeconds: number) {
    this.#capacity = capacity;
    this.#skewMs = clockSkewSeconds * 1000;
  }

  /** The claims of a verified token still valid at `nowMs`, or undefined. */
  get(token: string, nowMs: number): TokenClaims | undefined {
    const key = cacheKey(token);
    const entry = this.#entries.get(key);
    if (entry === undefined || entry.token !== token) return undefined;
    const { claims } = entry;
    if (nowMs >= claims.exp * 1000 + this.#skewMs || nowMs < claims.nbf * 1000 - this.#skewMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return claims;
  }

  /** Stores a verified token's claims. */
  set(token: string, claims: TokenClaims): void {
    const key = cacheKey(token);
    if (this.#entries.size >= this.#capacity && !this.#entries.has(key)) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { token, claims });
  }
}

/** A token's key in {@link TokenCache}: its last 32 characters. */
const cacheKey = (token: string): string => token.slice(-32);

/**
 * {@link verifyToken} through a cache: a token verified before and still within its validity is
 * accepted without checking its signature again (and without a promise); its scopes are checked
 * every time.
 *
 * @example
 * ```ts
 * const keys = keySet({ tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const rules = { issuer: 'cotizador', audience: 'cotizador-api', clockSkewSeconds: 30 };
 * const token = await signToken(keys, { sub: 'app', scope: 'read', iat: 1736900000, nbf: 1736900000, exp: 1736903600, jti: 'f-1' }, rules);
 * const cache = new TokenCache(100, 30);
 * (await verifyCached(cache, keys, token, new Date(1736900100_000), rules, ['read'])).ok; // true
 * (await verifyCached(cache, keys, token, new Date(1736900100_000), rules, ['update'])).ok; // false
 * ```
 */
export function verifyCached(
  cache: TokenCache,
  keys: KeySet,
  token: string,
  now: Date,
  rules: TokenRules,
  anyOfScopes?: readonly string[],
): TokenVerification | Promise<TokenVerification> {
  const cached = cache.get(token, now.getTime());
  // A hit answers synchronously: no promise on the path every authenticated request takes.
  if (cached !== undefined) return grants(cached.scope, anyOfScopes) ? { ok: true, claims: cached } : FORBIDDEN;
  return verifyToken(keys, token, now, rules).then((result) => {
    if (!result.ok) return result;
    cache.set(token, result.claims);
    return grants(result.claims.scope, anyOfScopes) ? result : FORBIDDEN;
  });
}
