/**
 * RSA keys read without node:crypto, so a service signs RS256 on any runtime with Web Crypto:
 * PEM text (PKCS#8, PKCS#1, SPKI or an X.509 certificate's key) parsed from its DER here, a JWK,
 * or a Node.js `KeyObject` through its own synchronous JWK export. What comes out is the key's JWK
 * members: what the configuration checks (type, size, pair) read at once, synchronously, and what
 * jose imports into Web Crypto on first use.
 */
import { fromBase64, isCanonicalBase64Url, toBase64Url } from '../util/bytes.js';

/**
 * An RSA public key as a JWK (RFC 7517/7518): modulus and exponent, base64url.
 *
 * @example
 * ```ts
 * const key: RsaPublicJwk = { kty: 'RSA', n: 'sXch…', e: 'AQAB' };
 * ```
 */
export interface RsaPublicJwk {
  readonly kty: 'RSA';
  readonly n: string;
  readonly e: string;
}

/**
 * An RSA private key as a JWK: the public members, the private exponent and the CRT members.
 *
 * @example
 * ```ts
 * const members: (keyof RsaPrivateJwk)[] = ['kty', 'n', 'e', 'd', 'p', 'q', 'dp', 'dq', 'qi'];
 * ```
 */
export interface RsaPrivateJwk extends RsaPublicJwk {
  readonly d: string;
  readonly p: string;
  readonly q: string;
  readonly dp: string;
  readonly dq: string;
  readonly qi: string;
}

/**
 * A key object that exports itself as a JWK synchronously: Node.js's `KeyObject` (from
 * `createPrivateKey`, `generateKeyPairSync`…) is one. Named by shape, so no Node type is needed.
 *
 * @example
 * ```ts
 * import { generateKeyPairSync } from 'node:crypto';
 * const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
 * const key: JwkExportable = privateKey;
 * key.type; // 'private'
 * ```
 */
export interface JwkExportable {
  readonly type: string;
  export(options: { format: 'jwk' }): object;
}

/**
 * What an RSA key may be given as: PEM text, a JWK, or a Node.js `KeyObject`.
 *
 * @example
 * ```ts
 * const pem: RsaKeyInput = '-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----';
 * ```
 */
export type RsaKeyInput = string | RsaPublicJwk | RsaPrivateJwk | JwkExportable;

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

interface Tlv {
  readonly tag: number;
  readonly body: Uint8Array;
}

const SEQUENCE = 0x30;
const INTEGER = 0x02;
const BIT_STRING = 0x03;
const OCTET_STRING = 0x04;
const OBJECT_ID = 0x06;
const EXPLICIT_0 = 0xa0;
/** 1.2.840.113549.1.1.1, rsaEncryption (RFC 8017 A.1): the one algorithm accepted (not RSA-PSS). */
const RSA_ENCRYPTION = '2a864886f70d010101';

/** The DER elements one after another in `bytes` (DER: definite lengths, low tag numbers); undefined when malformed. */
function elements(bytes: Uint8Array): Tlv[] | undefined {
  const out: Tlv[] = [];
  let at = 0;
  while (at < bytes.length) {
    const tag = bytes[at++] as number;
    if ((tag & 0x1f) === 0x1f || at >= bytes.length) return undefined;
    let length = bytes[at++] as number;
    if (length >= 0x80) {
      const count = length & 0x7f;
      if (count === 0 || count > 4 || at + count > bytes.length) return undefined;
      length = 0;
      for (let i = 0; i < count; i++) length = length * 256 + (bytes[at++] as number);
    }
    if (at + length > bytes.length) return undefined;
    out.push({ tag, body: bytes.subarray(at, at + length) });
    at += length;
  }
  return out;
}

/** The members of a SEQUENCE element. */
function members(element: Tlv | undefined): Tlv[] | undefined {
  return element?.tag === SEQUENCE ? elements(element.body) : undefined;
}

/** The members of the one SEQUENCE that `der` holds. */
function structure(der: Uint8Array): Tlv[] | undefined {
  const top = elements(der);
  return top?.length === 1 ? members(top[0]) : undefined;
}

/** A positive INTEGER as a JWK member: base64url of its big-endian bytes without leading zeros. */
function unsigned(element: Tlv | undefined): string | undefined {
  if (element?.tag !== INTEGER || element.body.length === 0 || ((element.body[0] as number) & 0x80) !== 0) return undefined;
  let start = 0;
  while (start < element.body.length && element.body[start] === 0) start++;
  return start === element.body.length ? undefined : toBase64Url(element.body.subarray(start));
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** AlgorithmIdentifier { rsaEncryption, NULL or nothing }. */
function isRsaAlgorithm(element: Tlv | undefined): boolean {
  const algorithm = members(element);
  return algorithm?.[0]?.tag === OBJECT_ID && hex(algorithm[0].body) === RSA_ENCRYPTION;
}

/** PKCS#1 RSAPublicKey { n, e }. */
function pkcs1Public(der: Uint8Array): RsaPublicJwk | undefined {
  const fields = structure(der);
  const n = unsigned(fields?.[0]);
  const e = unsigned(fields?.[1]);
  return fields?.length === 2 && n !== undefined && e !== undefined ? { kty: 'RSA', n, e } : undefined;
}

/** PKCS#1 RSAPrivateKey { version 0, n, e, d, p, q, dp, dq, qi } (two primes only, as Web Crypto). */
function pkcs1Private(der: Uint8Array): RsaPrivateJwk | undefined {
  const fields = structure(der);
  if (fields?.length !== 9 || fields[0]?.tag !== INTEGER || hex(fields[0].body) !== '00') return undefined;
  const [n, e, d, p, q, dp, dq, qi] = fields.slice(1).map(unsigned);
  if (n === undefined || e === undefined || d === undefined || p === undefined || q === undefined) return undefined;
  if (dp === undefined || dq === undefined || qi === undefined) return undefined;
  return { kty: 'RSA', n, e, d, p, q, dp, dq, qi };
}

/** SubjectPublicKeyInfo { rsaEncryption, BIT STRING (no unused bits) holding RSAPublicKey }. */
function spkiElement(element: Tlv | undefined): RsaPublicJwk | undefined {
  const fields = members(element);
  const key = fields?.[1];
  if (fields?.length !== 2 || !isRsaAlgorithm(fields[0]) || key?.tag !== BIT_STRING || key.body[0] !== 0) return undefined;
  return pkcs1Public(key.body.subarray(1));
}

/** PKCS#8 PrivateKeyInfo { version, rsaEncryption, OCTET STRING holding RSAPrivateKey, [attributes] }. */
function pkcs8(der: Uint8Array): RsaPrivateJwk | undefined {
  const fields = structure(der);
  const key = fields?.[2];
  if (fields === undefined || fields[0]?.tag !== INTEGER || !isRsaAlgorithm(fields[1]) || key?.tag !== OCTET_STRING) return undefined;
  return pkcs1Private(key.body);
}

/** X.509 Certificate { tbsCertificate { [0] version?, serial, signature, issuer, validity, subject, subjectPublicKeyInfo, … }, … }. */
function certificateKey(der: Uint8Array): RsaPublicJwk | undefined {
  const tbs = members(structure(der)?.[0]);
  if (tbs === undefined) return undefined;
  const skip = tbs[0]?.tag === EXPLICIT_0 ? 1 : 0;
  return spkiElement(tbs[skip + 5]);
}

const PEM = /-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\s]*)-----END \1-----/;

/** The public members of a key. */
function publicPart(key: RsaPublicJwk): RsaPublicJwk {
  return { kty: 'RSA', n: key.n, e: key.e };
}

/** The first PEM block of `text`, read as an RSA key of `kind` (a private key's public part when `kind` is public). */
function fromPem(text: string, kind: 'private' | 'public'): RsaPublicJwk | undefined {
  const block = PEM.exec(text);
  const der = block === null ? undefined : fromBase64((block[2] as string).replace(/\s+/g, ''));
  if (block === null || der === undefined) return undefined;
  const privateKey = block[1] === 'PRIVATE KEY' ? pkcs8(der) : block[1] === 'RSA PRIVATE KEY' ? pkcs1Private(der) : undefined;
  if (privateKey !== undefined) return kind === 'private' ? privateKey : publicPart(privateKey);
  if (kind === 'private') return undefined;
  if (block[1] === 'PUBLIC KEY') return spkiElement(elements(der)?.[0]);
  if (block[1] === 'RSA PUBLIC KEY') return pkcs1Public(der);
  if (block[1] === 'CERTIFICATE') return certificateKey(der);
  return undefined;
}

/** A JWK member that must be a positive integer: canonical base64url, re-encoded without leading zeros. */
function member(value: unknown): string | undefined {
  if (typeof value !== 'string' || !isCanonicalBase64Url(value)) return undefined;
  return unsigned({ tag: INTEGER, body: new Uint8Array([0, ...(fromBase64(value) as Uint8Array)]) });
}

/** A JWK (or what a KeyObject exported) read as an RSA key of `kind`. */
function fromJwk(jwk: Readonly<Record<string, unknown>>, kind: 'private' | 'public'): RsaPublicJwk | undefined {
  const n = member(jwk['n']);
  const e = member(jwk['e']);
  if (jwk['kty'] !== 'RSA' || n === undefined || e === undefined) return undefined;
  if (kind === 'public') return { kty: 'RSA', n, e };
  const [d, p, q, dp, dq, qi] = PRIVATE_MEMBERS.map((name) => member(jwk[name]));
  if (d === undefined || p === undefined || q === undefined || dp === undefined || dq === undefined || qi === undefined) return undefined;
  const key: RsaPrivateJwk = { kty: 'RSA', n, e, d, p, q, dp, dq, qi };
  return key;
}

function isExportable(value: object): value is JwkExportable {
  return typeof (value as { export?: unknown }).export === 'function' && typeof (value as { type?: unknown }).type === 'string';
}

/** An RSA key of `kind` read from PEM text, a JWK or a `KeyObject`; undefined for anything else. */
function readRsaKey(input: unknown, kind: 'private' | 'public'): RsaPublicJwk | undefined {
  if (typeof input === 'string') return fromPem(input, kind);
  if (typeof input !== 'object' || input === null) return undefined;
  if (isExportable(input)) {
    if (kind === 'private' && input.type !== 'private') return undefined;
    let jwk: object;
    try {
      jwk = input.export({ format: 'jwk' });
    } catch {
      // A key type without a JWK form (RSA-PSS in Node): not a key this service signs with.
      return undefined;
    }
    return fromJwk(jwk as Readonly<Record<string, unknown>>, input.type === 'private' && kind === 'private' ? 'private' : 'public');
  }
  const jwk = input as Readonly<Record<string, unknown>>;
  if (kind === 'private' && jwk['d'] === undefined) return undefined;
  return fromJwk(jwk, kind);
}

/**
 * Reads an RSA private key (every member) given as PEM text (PKCS#8 or PKCS#1), a JWK or a
 * `KeyObject`. Undefined for anything else: a public key, another key type, RSA-PSS, an
 * encrypted or malformed PEM, a JWK without its CRT members.
 *
 * @example
 * ```ts
 * import { generateKeyPairSync } from 'node:crypto';
 * const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
 * const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
 * readRsaPrivateKey(pem)?.n === readRsaPrivateKey(privateKey)?.n; // true
 * readRsaPrivateKey(publicKey); // undefined
 * ```
 */
export function readRsaPrivateKey(input: unknown): RsaPrivateJwk | undefined {
  return readRsaKey(input, 'private') as RsaPrivateJwk | undefined;
}

/**
 * Reads an RSA public key given as PEM text (SPKI, PKCS#1 or an X.509 certificate), a JWK or a
 * `KeyObject`; a private key given for it counts by its public part. Undefined for anything else.
 *
 * @example
 * ```ts
 * import { generateKeyPairSync } from 'node:crypto';
 * const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
 * readRsaPublicKey(publicKey.export({ type: 'spki', format: 'pem' }).toString())?.e; // 'AQAB'
 * readRsaPublicKey(privateKey)?.n === readRsaPublicKey(publicKey)?.n; // true
 * readRsaPublicKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'); // undefined
 * ```
 */
export function readRsaPublicKey(input: unknown): RsaPublicJwk | undefined {
  return readRsaKey(input, 'public');
}

/**
 * The size of an RSA key's modulus, bits.
 *
 * @example
 * ```ts
 * rsaModulusBits({ kty: 'RSA', n: 'gAE', e: 'AQAB' }); // 16
 * ```
 */
export function rsaModulusBits(key: RsaPublicJwk): number {
  const n = fromBase64(key.n) as Uint8Array;
  return (n.length - 1) * 8 + (32 - Math.clz32(n[0] as number));
}
