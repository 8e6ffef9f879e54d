/**
 * RSA keys read without node:crypto (src/service/rsaKey.ts): every PEM form Node reads gives the
 * members Node's own JWK export gives; what is not an RSA key of the asked kind is refused without
 * throwing; and a service signs the same tokens from PEM text as from a KeyObject.
 */
import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keySet, signToken } from '../../src/entry/service.js';
import { readRsaPrivateKey, readRsaPublicKey } from '../../src/service/rsaKey.js';

const readRsaKey = (input: unknown, kind: 'private' | 'public') =>
  kind === 'private' ? readRsaPrivateKey(input) : readRsaPublicKey(input);

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwkOf = (key: KeyObject) => key.export({ format: 'jwk' }) as Record<string, string>;
const pem = (key: KeyObject, type: 'pkcs1' | 'pkcs8' | 'spki') => key.export({ type, format: 'pem' } as never).toString();
const PRIVATE = jwkOf(pair.privateKey);
const PUBLIC = { kty: 'RSA', n: PRIVATE['n'], e: PRIVATE['e'] };

/** A DER element: tag, definite length, contents. */
function der(tag: number, ...parts: Uint8Array[]): Uint8Array {
  const body = Uint8Array.from(parts.flatMap((part) => [...part]));
  const length =
    body.length < 0x80 ? [body.length] : body.length < 0x100 ? [0x81, body.length] : [0x82, body.length >> 8, body.length & 0xff];
  return Uint8Array.from([tag, ...length, ...body]);
}
const hex = (text: string) => Uint8Array.from(text.match(/../g) as string[], (byte) => Number.parseInt(byte, 16));
const pemOf = (label: string, bytes: Uint8Array) =>
  `-----BEGIN ${label}-----\n${Buffer.from(bytes).toString('base64').replace(/.{64}/g, '$&\n')}\n-----END ${label}-----\n`;

/** A self-issued X.509 v3 certificate holding `spki` (its signature is not a signature: only its key is read). */
function certificate(spki: Uint8Array): string {
  const algorithm = der(0x30, der(0x06, hex('2a864886f70d01010b')), der(0x05));
  const name = der(0x30, der(0x31, der(0x30, der(0x06, hex('550403')), der(0x0c, new TextEncoder().encode('cotizador')))));
  const time = (text: string) => der(0x17, new TextEncoder().encode(text));
  const validity = der(0x30, time('250101000000Z'), time('350101000000Z'));
  const tbs = der(0x30, der(0xa0, der(0x02, hex('02'))), der(0x02, hex('01')), algorithm, name, validity, name, spki);
  return pemOf('CERTIFICATE', der(0x30, tbs, algorithm, der(0x03, hex('00'), new Uint8Array(256))));
}

describe('readRsaPrivateKey and readRsaPublicKey', () => {
  it('reads PKCS#8, PKCS#1, SPKI, PKCS#1 public, a certificate, a JWK and a KeyObject to the members Node exports', () => {
    for (const input of [pem(pair.privateKey, 'pkcs8'), pem(pair.privateKey, 'pkcs1'), PRIVATE, pair.privateKey]) {
      expect(readRsaKey(input, 'private')).toEqual(PRIVATE);
      expect(readRsaKey(input, 'public')).toEqual(PUBLIC);
    }
    const spki = pair.publicKey.export({ type: 'spki', format: 'der' });
    const cert = certificate(spki);
    // Node reads the same key out of the certificate.
    expect(jwkOf(createPublicKey(cert))['n']).toBe(PUBLIC.n);
    for (const input of [pem(pair.publicKey, 'spki'), pem(pair.publicKey, 'pkcs1'), cert, PUBLIC, pair.publicKey]) {
      expect(readRsaKey(input, 'public')).toEqual(PUBLIC);
      expect(readRsaKey(input, 'private')).toBeUndefined();
    }
    // Text around the block, CRLF lines, as files have them.
    expect(readRsaKey(`a key:\r\n${pem(pair.privateKey, 'pkcs8').replace(/\n/g, '\r\n')}`, 'private')).toEqual(PRIVATE);
  });

  it('refuses other key types, RSA-PSS, encrypted keys, and damaged text, without throwing', () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const ed = generateKeyPairSync('ed25519');
    const pss = generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
    const encrypted = pair.privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'x' }).toString();
    const legacyEncrypted = pair.privateKey.export({ type: 'pkcs1', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'x' }).toString();
    const refused = [
      pem(ec.privateKey, 'pkcs8'),
      pem(ec.publicKey, 'spki'),
      ec.privateKey,
      ed.privateKey,
      pem(ed.publicKey, 'spki'),
      pem(pss.privateKey, 'pkcs8'),
      pss.privateKey,
      encrypted,
      legacyEncrypted,
      '',
      'not a key',
      { kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' },
      { kty: 'RSA', n: PUBLIC.n, e: 'AQAB=' },
      null,
      42,
    ];
    for (const input of refused) {
      expect(readRsaKey(input, 'private')).toBeUndefined();
      expect(readRsaKey(input, 'public')).toBeUndefined();
    }
    // A private JWK without a CRT member cannot sign (Web Crypto wants them all); its public part still verifies.
    expect(readRsaKey({ ...PRIVATE, qi: undefined }, 'private')).toBeUndefined();
    expect(readRsaKey({ ...PRIVATE, qi: undefined }, 'public')).toEqual(PUBLIC);
  });

  it('never throws on a damaged PEM (any cut or changed byte of the DER)', () => {
    const bytes = pair.privateKey.export({ type: 'pkcs8', format: 'der' });
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.nat(255), fc.boolean(), (at, value, cut) => {
        const damaged = Uint8Array.from(bytes);
        damaged[at] = value;
        const text = pemOf('PRIVATE KEY', cut ? damaged.subarray(0, at) : damaged);
        const key = readRsaKey(text, 'private');
        if (cut && at > 0) expect(key).toBeUndefined();
        else if (key !== undefined) expect(Object.keys(key).sort()).toEqual(Object.keys(PRIVATE).sort());
      }),
      { numRuns: 200 },
    );
  });
});

describe('RS256 from PEM text', () => {
  it('signs the same token as from the KeyObject, and Node verifies it with the public key', async () => {
    const rules = { issuer: 'cotizador', audience: 'cotizador-api', clockSkewSeconds: 30 };
    const claims = { sub: 'app', scope: 'update', iat: 1736900000, nbf: 1736900000, exp: 1736903600, jti: 'f-1' };
    const fromPem = await signToken(keySet({ tokenKeys: { privateKey: pem(pair.privateKey, 'pkcs1') } }), claims, rules);
    const fromObject = await signToken(keySet({ tokenKeys: { privateKey: pair.privateKey } }), claims, rules);
    expect(fromPem).toBe(fromObject);
    const [head, payload, signature] = fromPem.split('.') as [string, string, string];
    expect(verify('sha256', Buffer.from(`${head}.${payload}`), pair.publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
  });
});
