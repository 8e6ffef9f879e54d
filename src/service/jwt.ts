/**
 * Access tokens: compact JWS (RFC 7515/7519) signed with node:crypto, HS256 with a shared secret
 * or RS256 with an RSA key pair. Verification accepts exactly the configured algorithm (never
 * `none`, never the other one), then checks the signature, `iat`, `exp` and the scope.
 */
import { configError } from './configError.js';
import { createHmac, createPrivateKey, createPublicKey, sign, timingSafeEqual, verify, type KeyObject } from 'node:crypto';

/**
 * How tokens are signed: a shared HS256 secret or an RS256 key pair (PEM text or KeyObjects).
 *
 * @example
 * ```ts
 * const signing: TokenSigning = tokenSigning({ tokenSecret: process.env.TOKEN_SECRET });
 * signing.alg; // 'HS256'
 * ```
 */
export type TokenSigning =
  | { readonly alg: 'HS256'; readonly secret: Uint8Array }
  | { readonly alg: 'RS256'; readonly privateKey: KeyObject; readonly publicKey: KeyObject };

/**
 * The claims the service puts in a token.
 *
 * @example
 * ```ts
 * const claims: TokenClaims = { sub: 'app', scope: 'update', iat: 1736964000, exp: 1736967600, jti: 'f-1' };
 * const signing = tokenSigning({ tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * verifyToken(signing, signToken(signing, claims), new Date(1736964000_000)); // { ok: true, claims: { sub: 'app', scope: 'update', iat: 1736964000, exp: 1736967600, jti: 'f-1' } }
 * ```
 */
export interface TokenClaims {
  /** Client id. */
  readonly sub: string;
  /** Granted scopes, space-separated. */
  readonly scope: string;
  /** Issued at, seconds since the epoch. */
  readonly iat: number;
  /** Expires at, seconds since the epoch. */
  readonly exp: number;
  /** Token id (the folio of the token request). */
  readonly jti: string;
}

/**
 * Why a token was refused: maps to 401 ERRSEG001, 403 ERRSEG002 and 403 ERRSEG003.
 *
 * @example
 * ```ts
 * const signing = tokenSigning({ tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const token = signToken(signing, { sub: 'app', scope: 'read', iat: 1736964000, exp: 1736967600, jti: 'f-1' });
 * const reason = (now: Date, scopes?: string[]): TokenFailure | undefined => {
 *   const result = verifyToken(signing, token, now, scopes);
 *   return result.ok ? undefined : result.reason;
 * };
 * reason(new Date(1736964000_000)); // undefined
 * reason(new Date(1736967600_000)); // 'expired'
 * reason(new Date(1736964000_000), ['update']); // 'forbidden'
 * reason(new Date(1736964000_000), ['read']); // undefined
 * ```
 */
export type TokenFailure = 'invalid' | 'expired' | 'forbidden';

/**
 * The outcome of {@link verifyToken}.
 *
 * @example
 * ```ts
 * const signing = tokenSigning({ tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const result: TokenVerification = verifyToken(signing, 'not.a.token', new Date(), ['update']);
 * result; // { ok: false, reason: 'invalid' }
 * ```
 */
export type TokenVerification = { readonly ok: true; readonly claims: TokenClaims } | { readonly ok: false; readonly reason: TokenFailure };

/** Clock skew tolerated on `iat` (a token issued slightly "in the future" by another node). */
const IAT_LEEWAY_SECONDS = 60;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function decodeJsonObject(segment: string): Record<string, unknown> | undefined {
  if (!SEGMENT.test(segment)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds the signing configuration from a secret or PEM keys; throws a `QuoteError` (`ERRESQ005`) for a weak
 * secret (under 32 bytes) or a non-RSA key.
 *
 * @example
 * ```ts
 * const signing = tokenSigning({ tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * signing.alg; // 'HS256'
 * ```
 */
export function tokenSigning(options: {
  readonly tokenSecret?: string | Uint8Array | undefined;
  readonly tokenKeys?: { readonly privateKey: string | KeyObject; readonly publicKey: string | KeyObject } | undefined;
}): TokenSigning {
  if (options.tokenKeys !== undefined) {
    if (options.tokenSecret !== undefined) throw configError('configSecretoOLlaves', 'tokenKeys');
    const privateKey =
      typeof options.tokenKeys.privateKey === 'string' ? createPrivateKey(options.tokenKeys.privateKey) : options.tokenKeys.privateKey;
    const publicKey =
      typeof options.tokenKeys.publicKey === 'string' ? createPublicKey(options.tokenKeys.publicKey) : options.tokenKeys.publicKey;
    if (privateKey.asymmetricKeyType !== 'rsa' || publicKey.asymmetricKeyType !== 'rsa') throw configError('configLlavesRsa', 'tokenKeys');
    return { alg: 'RS256', privateKey, publicKey };
  }
  if (options.tokenSecret === undefined) throw configError('configSinSecreto', 'tokenSecret');
  const secret = typeof options.tokenSecret === 'string' ? Buffer.from(options.tokenSecret, 'utf8') : Uint8Array.from(options.tokenSecret);
  if (secret.length < 32) throw configError('configSecretoCorto', 'tokenSecret');
  return { alg: 'HS256', secret };
}

function signature(signing: TokenSigning, input: string): Buffer {
  if (signing.alg === 'HS256') return createHmac('sha256', signing.secret).update(input).digest();
  return sign('sha256', Buffer.from(input), signing.privateKey);
}

function signatureMatches(signing: TokenSigning, input: string, given: Buffer): boolean {
  if (signing.alg === 'RS256') return verify('sha256', Buffer.from(input), signing.publicKey, given);
  const expected = signature(signing, input);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Signs the claims as a compact JWT.
 *
 * @example
 * ```ts
 * const signing = tokenSigning({ tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const token = signToken(signing, { sub: 'app', scope: 'update', iat: 1736900000, exp: 1736903600, jti: 'f-1' });
 * token.split('.').length; // 3
 * ```
 */
export function signToken(signing: TokenSigning, claims: TokenClaims): string {
  const input = `${encodeJson({ alg: signing.alg, typ: 'JWT' })}.${encodeJson(claims)}`;
  return `${input}.${signature(signing, input).toString('base64url')}`;
}

function isTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Verifies a compact JWT: the header's `alg` must equal the configured one exactly, then the
 * signature, `iat` (not in the future beyond a minute), `exp` (strictly after `now`) and, when
 * `anyOfScopes` is given, that the token grants at least one of them.
 *
 * @example
 * ```ts
 * const signing = tokenSigning({ tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const token = signToken(signing, { sub: 'app', scope: 'update', iat: 1736900000, exp: 1736903600, jti: 'f-1' });
 * verifyToken(signing, token, new Date('2025-01-15T00:30:00Z'), ['update']).ok; // true
 * verifyToken(signing, token, new Date('2025-01-15T02:00:00Z'), ['update']); // { ok: false, reason: 'expired' }
 * ```
 */
export function verifyToken(signing: TokenSigning, token: string, now: Date, anyOfScopes?: readonly string[]): TokenVerification {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = decodeJsonObject(headerPart);
  if (header === undefined || header['alg'] !== signing.alg || Object.hasOwn(header, 'crit')) return { ok: false, reason: 'invalid' };
  if (!SEGMENT.test(signaturePart)) return { ok: false, reason: 'invalid' };
  if (!signatureMatches(signing, `${headerPart}.${payloadPart}`, Buffer.from(signaturePart, 'base64url')))
    return { ok: false, reason: 'invalid' };
  const payload = decodeJsonObject(payloadPart);
  if (payload === undefined) return { ok: false, reason: 'invalid' };
  const { sub, scope, iat, exp, jti } = payload;
  if (typeof sub !== 'string' || typeof scope !== 'string' || typeof jti !== 'string' || !isTime(iat) || !isTime(exp)) {
    return { ok: false, reason: 'invalid' };
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (iat > nowSeconds + IAT_LEEWAY_SECONDS || exp <= iat) return { ok: false, reason: 'invalid' };
  if (nowSeconds >= exp) return { ok: false, reason: 'expired' };
  if (anyOfScopes !== undefined) {
    const granted = scope.split(' ');
    if (!anyOfScopes.some((wanted) => granted.includes(wanted))) return { ok: false, reason: 'forbidden' };
  }
  return { ok: true, claims: { sub, scope, iat, exp, jti } };
}
