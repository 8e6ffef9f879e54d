/**
 * The keys that sign and verify access tokens: one current key signs, every key of the set
 * verifies (current and previous, for rotation), each named by a `kid`. HS256 with shared
 * secrets or RS256 with RSA key pairs (≥ 2048 bits, each pair checked here, at configuration).
 * RS256 public keys are published as a JWKS.
 */
import { createHash, createPrivateKey, createPublicKey, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Jwk, Jwks } from '../contracts/token.js';
import { configError } from './configError.js';

/**
 * One RSA signing key: the private key signs (the current key needs it), the public key
 * verifies (derived from the private key when omitted). `kid` defaults to the key's RFC 7638
 * thumbprint, the same on every instance that has the key.
 *
 * @example
 * ```ts
 * import { generateKeyPairSync } from 'node:crypto';
 * const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
 * const key: RsaSigningKey = { kid: '2025-01', privateKey };
 * keySet({ tokenKeys: key }).signing.kid; // '2025-01'
 * ```
 */
export interface RsaSigningKey {
  readonly kid?: string | undefined;
  readonly privateKey?: string | KeyObject | undefined;
  readonly publicKey?: string | KeyObject | undefined;
}

/**
 * One HS256 secret (at least 32 bytes), or a secret with its own `kid`.
 *
 * @example
 * ```ts
 * const secret: HmacSecret = { kid: '2025-01', secret: process.env.TOKEN_SECRET! };
 * ```
 */
export type HmacSecret = string | Uint8Array | { readonly kid?: string | undefined; readonly secret: string | Uint8Array };

/**
 * How tokens are signed: `tokenSecret` (HS256; one secret or a list, the first signs) or
 * `tokenKeys` (RS256; one key or a list, the first signs).
 *
 * @example
 * ```ts
 * const signing: SigningOptions = { tokenSecret: [process.env.TOKEN_SECRET!, process.env.PREVIOUS_TOKEN_SECRET!] };
 * ```
 */
export interface SigningOptions {
  readonly tokenSecret?: HmacSecret | readonly HmacSecret[] | undefined;
  readonly tokenKeys?: RsaSigningKey | readonly RsaSigningKey[] | undefined;
}

/**
 * The resolved key set.
 *
 * @example
 * ```ts
 * const keys: KeySet = keySet({ tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * keys.alg; // 'HS256'
 * ```
 */
export interface KeySet {
  readonly alg: 'HS256' | 'RS256';
  /** The key that signs new tokens. */
  readonly signing: { readonly kid: string; readonly key: KeyObject };
  /** Every key that verifies, by kid (the signing key's too). */
  readonly verifying: ReadonlyMap<string, KeyObject>;
  /** The public keys (RS256), current first; empty for HS256. */
  readonly jwks: Jwks;
  /** True when no key was configured and a random secret of this process signs. */
  readonly ephemeral: boolean;
}

/**
 * Smallest RSA modulus accepted, bits (NIST SP 800-131A; RSA-512 and RSA-1024 are refused).
 *
 * @example
 * ```ts
 * MIN_RSA_BITS; // 2048
 * ```
 */
export const MIN_RSA_BITS = 2048;
/**
 * Smallest HS256 secret, bytes (RFC 7518 §3.2: a key of at least the hash's size).
 *
 * @example
 * ```ts
 * MIN_SECRET_BYTES; // 32
 * ```
 */
export const MIN_SECRET_BYTES = 32;

const KID = /^[A-Za-z0-9._-]{1,64}$/;

function checkedKid(kid: string | undefined, fallback: string): string {
  if (kid === undefined) return fallback;
  if (typeof kid !== 'string' || !KID.test(kid)) throw configError('configKidForma', 'tokenKeys');
  return kid;
}

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** RFC 7638 thumbprint of an RSA public key: SHA-256 of `{"e","kty","n"}` in that order. */
function thumbprint(jwk: { n: string; e: string }): string {
  return base64url(createHash('sha256').update(`{"e":"${jwk.e}","kty":"RSA","n":"${jwk.n}"}`).digest());
}

function rsaJwk(publicKey: KeyObject): { n: string; e: string } {
  const jwk = publicKey.export({ format: 'jwk' });
  return { n: String(jwk.n), e: String(jwk.e) };
}

function asKey(value: string | KeyObject, kind: 'private' | 'public'): KeyObject {
  if (typeof value !== 'string') return value;
  try {
    return kind === 'private' ? createPrivateKey(value) : createPublicKey(value);
  } catch {
    throw configError('configLlavesRsa', 'tokenKeys');
  }
}

function rsaKeys(input: readonly RsaSigningKey[]): KeySet {
  const verifying = new Map<string, KeyObject>();
  const keys: Jwk[] = [];
  let signing: { kid: string; key: KeyObject } | undefined;
  input.forEach((entry, index) => {
    const privateKey = entry.privateKey === undefined ? undefined : asKey(entry.privateKey, 'private');
    if (index === 0 && privateKey === undefined) throw configError('configLlaveActual', 'tokenKeys');
    const publicKey = entry.publicKey === undefined ? undefined : asKey(entry.publicKey, 'public');
    const derived = privateKey === undefined ? undefined : createPublicKey(privateKey);
    const verify = publicKey ?? derived;
    if (verify === undefined) throw configError('configLlavesRsa', 'tokenKeys');
    for (const key of [privateKey, verify]) {
      if (key === undefined) continue;
      if (key.asymmetricKeyType !== 'rsa') throw configError('configLlavesRsa', 'tokenKeys');
      const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
      if (bits < MIN_RSA_BITS) throw configError('configLlaveRsaCorta', 'tokenKeys', { bits: MIN_RSA_BITS });
    }
    const jwk = rsaJwk(verify);
    if (derived !== undefined && publicKey !== undefined) {
      const fromPrivate = rsaJwk(derived);
      if (fromPrivate.n !== jwk.n || fromPrivate.e !== jwk.e) throw configError('configParDeLlaves', 'tokenKeys');
    }
    const kid = checkedKid(entry.kid, thumbprint(jwk));
    if (verifying.has(kid)) throw configError('configKidRepetido', 'tokenKeys', { kid });
    verifying.set(kid, verify);
    keys.push({ kty: 'RSA', kid, use: 'sig', alg: 'RS256', n: jwk.n, e: jwk.e });
    if (index === 0 && privateKey !== undefined) signing = { kid, key: privateKey };
  });
  if (signing === undefined) throw configError('configLlaveActual', 'tokenKeys');
  return { alg: 'RS256', signing, verifying, jwks: { keys }, ephemeral: false };
}

function hmacKeys(input: readonly HmacSecret[], ephemeral: boolean): KeySet {
  const verifying = new Map<string, KeyObject>();
  let signing: { kid: string; key: KeyObject } | undefined;
  for (const entry of input) {
    const { kid, secret } = typeof entry === 'string' || entry instanceof Uint8Array ? { kid: undefined, secret: entry } : entry;
    const bytes = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : Buffer.from(secret);
    if (bytes.length < MIN_SECRET_BYTES) throw configError('configSecretoCorto', 'tokenSecret');
    // A default kid that names the secret without revealing it (a digest, as the signature is).
    const name = checkedKid(kid, `hs-${base64url(createHash('sha256').update('cotizador kid\u0000').update(bytes).digest()).slice(0, 16)}`);
    if (verifying.has(name)) throw configError('configKidRepetido', 'tokenSecret', { kid: name });
    const key = createSecretKey(bytes);
    verifying.set(name, key);
    signing ??= { kid: name, key };
  }
  if (signing === undefined) throw configError('configSinSecreto', 'tokenSecret');
  return { alg: 'HS256', signing, verifying, jwks: { keys: [] }, ephemeral };
}

/**
 * Builds and checks the key set; throws a `QuoteError` (`ERRESQ005` naming `config.tokenSecret`
 * or `config.tokenKeys`) for a short secret, a non-RSA or short RSA key, a public key that does
 * not match its private key, a current key without its private key, or a repeated `kid`. With
 * neither option, a random 32-byte secret of this process signs (`ephemeral: true`).
 *
 * @example
 * ```ts
 * keySet({ tokenSecret: 'a shared secret of at least 32 bytes!!' }).alg; // 'HS256'
 * keySet({ tokenSecret: 'short' }); // throws QuoteError ERRESQ005 'config.tokenSecret'
 * keySet({}).ephemeral; // true
 * ```
 */
export function keySet(options: SigningOptions): KeySet {
  if (options.tokenKeys !== undefined) {
    if (options.tokenSecret !== undefined) throw configError('configSecretoOLlaves', 'tokenKeys');
    const list = Array.isArray(options.tokenKeys) ? (options.tokenKeys as readonly RsaSigningKey[]) : [options.tokenKeys as RsaSigningKey];
    if (list.length === 0) throw configError('configSinSecreto', 'tokenKeys');
    return rsaKeys(list);
  }
  if (options.tokenSecret === undefined) return hmacKeys([randomBytes(32)], true);
  const list = Array.isArray(options.tokenSecret) ? (options.tokenSecret as readonly HmacSecret[]) : [options.tokenSecret as HmacSecret];
  return hmacKeys(list, false);
}
