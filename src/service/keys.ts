/**
 * The keys that sign and verify access tokens: one current key signs, every key of the set
 * verifies (current and previous, for rotation), each named by a `kid`. HS256 with shared
 * secrets or RS256 with RSA key pairs (≥ 2048 bits, each pair checked here, at configuration).
 * RS256 public keys are published as a JWKS. Keys are kept as bytes (HS256) and JWKs (RS256),
 * which jose imports into Web Crypto on first use: no node:crypto, so any runtime signs.
 */
import { sha256 } from '@noble/hashes/sha2';
import type { Jwk, Jwks } from '../contracts/token.js';
import { toBase64Url } from '../util/bytes.js';
import { configError } from './configError.js';
import { readRsaPrivateKey, readRsaPublicKey, rsaModulusBits, type RsaKeyInput, type RsaPrivateJwk, type RsaPublicJwk } from './rsaKey.js';
import { estimatedBits, MIN_SECRET_BITS } from './secrets.js';

/**
 * One RSA signing key: the private key signs (the current key needs it), the public key
 * verifies (derived from the private key when omitted). Each is PEM text (PKCS#8 or PKCS#1; a
 * public key also as SPKI or an X.509 certificate), a JWK, or a Node.js `KeyObject`. `kid`
 * defaults to the key's RFC 7638 thumbprint, the same on every instance that has the key.
 *
 * @example
 * ```ts
 * import { generateKeyPairSync } from 'node:crypto';
 * const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
 * const key: RsaSigningKey = { kid: '2025-01', privateKey };
 * keySet({ tokenKeys: key }).signing.kid; // '2025-01'
 * keySet({ tokenKeys: { privateKey: privateKey.export({ format: 'jwk' }) as RsaPrivateJwk } }).alg; // 'RS256'
 * ```
 */
export interface RsaSigningKey {
  readonly kid?: string | undefined;
  readonly privateKey?: RsaKeyInput | undefined;
  readonly publicKey?: RsaKeyInput | undefined;
}

/**
 * One HS256 secret (at least 32 bytes and 96 estimated bits: `estimatedBits`), or a secret with
 * its own `kid`.
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
 * A key as jose takes it: an HS256 secret's bytes, or an RS256 key's JWK.
 *
 * @example
 * ```ts
 * const key: TokenKey = keySet({ tokenSecret: 'a shared secret of at least 32 bytes!!' }).signing.key;
 * key instanceof Uint8Array; // true
 * ```
 */
export type TokenKey = Uint8Array | RsaPublicJwk | RsaPrivateJwk;

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
  /** The key that signs new tokens: the secret (HS256) or the private JWK (RS256). */
  readonly signing: { readonly kid: string; readonly key: Uint8Array | RsaPrivateJwk };
  /** Every key that verifies, by kid (the signing key's too): the secret (HS256) or the public JWK (RS256). */
  readonly verifying: ReadonlyMap<string, Uint8Array | RsaPublicJwk>;
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

/** RFC 7638 thumbprint of an RSA public key: SHA-256 of `{"e","kty","n"}` in that order. */
function thumbprint(jwk: RsaPublicJwk): string {
  return toBase64Url(sha256(`{"e":"${jwk.e}","kty":"RSA","n":"${jwk.n}"}`));
}

function readKey(input: RsaKeyInput, kind: 'private'): RsaPrivateJwk;
function readKey(input: RsaKeyInput, kind: 'public'): RsaPublicJwk;
function readKey(input: RsaKeyInput, kind: 'private' | 'public'): RsaPublicJwk {
  const key = kind === 'private' ? readRsaPrivateKey(input) : readRsaPublicKey(input);
  if (key === undefined) throw configError('configLlavesRsa', 'tokenKeys');
  // jose freezes a JWK it is given; frozen here already, the key set's keys never change.
  return Object.freeze(key);
}

function rsaKeys(input: readonly RsaSigningKey[]): KeySet {
  const verifying = new Map<string, RsaPublicJwk>();
  const keys: Jwk[] = [];
  let signing: { kid: string; key: RsaPrivateJwk } | undefined;
  input.forEach((entry, index) => {
    const privateKey = entry.privateKey === undefined ? undefined : readKey(entry.privateKey, 'private');
    if (index === 0 && privateKey === undefined) throw configError('configLlaveActual', 'tokenKeys');
    const publicKey = entry.publicKey === undefined ? undefined : readKey(entry.publicKey, 'public');
    const verify =
      publicKey ?? (privateKey === undefined ? undefined : Object.freeze({ kty: 'RSA' as const, n: privateKey.n, e: privateKey.e }));
    if (verify === undefined) throw configError('configLlavesRsa', 'tokenKeys');
    for (const key of [privateKey, verify]) {
      if (key !== undefined && rsaModulusBits(key) < MIN_RSA_BITS)
        throw configError('configLlaveRsaCorta', 'tokenKeys', { bits: MIN_RSA_BITS });
    }
    if (privateKey !== undefined && (privateKey.n !== verify.n || privateKey.e !== verify.e))
      throw configError('configParDeLlaves', 'tokenKeys');
    const kid = checkedKid(entry.kid, thumbprint(verify));
    if (verifying.has(kid)) throw configError('configKidRepetido', 'tokenKeys', { kid });
    verifying.set(kid, verify);
    keys.push({ kty: 'RSA', kid, use: 'sig', alg: 'RS256', n: verify.n, e: verify.e });
    if (index === 0 && privateKey !== undefined) signing = { kid, key: privateKey };
  });
  if (signing === undefined) throw configError('configLlaveActual', 'tokenKeys');
  return { alg: 'RS256', signing, verifying, jwks: { keys }, ephemeral: false };
}

const UTF8 = new TextEncoder();

function hmacKeys(input: readonly HmacSecret[], ephemeral: boolean): KeySet {
  const verifying = new Map<string, Uint8Array>();
  let signing: { kid: string; key: Uint8Array } | undefined;
  for (const entry of input) {
    const { kid, secret } = typeof entry === 'string' || entry instanceof Uint8Array ? { kid: undefined, secret: entry } : entry;
    // A copy: the caller's array may change later; the key set's bytes do not.
    const bytes = typeof secret === 'string' ? UTF8.encode(secret) : new Uint8Array(secret);
    if (bytes.length < MIN_SECRET_BYTES) throw configError('configSecretoCorto', 'tokenSecret');
    const bits = estimatedBits(bytes);
    if (bits < MIN_SECRET_BITS) throw configError('configSecretoDebil', 'tokenSecret', { bits: Math.floor(bits), min: MIN_SECRET_BITS });
    // A default kid that names the secret without revealing it (a digest, as the signature is).
    const name = checkedKid(kid, `hs-${toBase64Url(sha256.create().update('cotizador kid\u0000').update(bytes).digest()).slice(0, 16)}`);
    if (verifying.has(name)) throw configError('configKidRepetido', 'tokenSecret', { kid: name });
    verifying.set(name, bytes);
    signing ??= { kid: name, key: bytes };
  }
  if (signing === undefined) throw configError('configSinSecreto', 'tokenSecret');
  return { alg: 'HS256', signing, verifying, jwks: { keys: [] }, ephemeral };
}

/**
 * Builds and checks the key set; throws a `QuoteError` (`ERRESQ005` naming `config.tokenSecret`
 * or `config.tokenKeys`) for a short or predictable secret, a non-RSA or short RSA key, a public key that does
 * not match its private key, a current key without its private key, or a repeated `kid`. With
 * neither option, a random 32-byte secret of this process signs (`ephemeral: true`).
 *
 * @example
 * ```ts
 * keySet({ tokenSecret: 'a shared secret of at least 32 bytes!!' }).alg; // 'HS256'
 * keySet({ tokenSecret: 'short' }); // throws QuoteError ERRESQ005 'config.tokenSecret'
 * keySet({ tokenSecret: 'a'.repeat(32) }); // throws QuoteError ERRESQ005 'config.tokenSecret'
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
  if (options.tokenSecret === undefined) return hmacKeys([crypto.getRandomValues(new Uint8Array(32))], true);
  const list = Array.isArray(options.tokenSecret) ? (options.tokenSecret as readonly HmacSecret[]) : [options.tokenSecret as HmacSecret];
  return hmacKeys(list, false);
}
