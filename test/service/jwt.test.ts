/**
 * Tokens (issue 12): canonical signatures only, nbf/iat/exp with the skew, iss and aud, a kid in
 * every token, rotation through a key set, RSA keys of at least 2048 bits, key pairs checked at
 * configuration, the JWKS.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JwksSchema, validateWith } from '../../src/entry/contracts.js';
import { createService, keySet, signToken, TokenCache, verifyCached, verifyToken } from '../../src/entry/service.js';
import { QuoteError } from '../../src/errors/quoteError.js';
import { accessToken, CREDIT_BODY, json, NOW, post, SECRET, testService } from './helpers.js';

const AUTO = '/api/esb/Cotizador/v1/AutoEstrene';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const rules = { issuer: 'cotizador', audience: 'cotizador-api', clockSkewSeconds: 30 };
const iat = Math.floor(NOW.getTime() / 1000);
const claims = { sub: 'app', scope: 'update', iat, nbf: iat, exp: iat + 600, jti: 'f' };

function rsa(bits: number): { privateKey: KeyObject; publicKey: KeyObject } {
  return generateKeyPairSync('rsa', { modulusLength: bits });
}

/** The token with its signature's last character changed only in the bits that encode nothing. */
function spareBitVariants(token: string): string[] {
  const signature = token.slice(token.lastIndexOf('.') + 1);
  const spare = (signature.length * 6) % 8; // bits of the last character beyond the signature's bytes
  const last = ALPHABET.indexOf(signature.at(-1) as string);
  const variants: string[] = [];
  for (let low = 0; low < 1 << spare; low++) {
    const index = (last & ~((1 << spare) - 1)) | low;
    if (index !== last) variants.push(token.slice(0, -1) + ALPHABET[index]);
  }
  return variants;
}

describe('canonical signatures', () => {
  it('refuses every spare-bit variant of an HS256 signature (3) and an RS256 one (15)', async () => {
    const hs = keySet({ tokenSecret: SECRET });
    const rs = keySet({ tokenKeys: rsa(2048) });
    for (const [keys, count] of [
      [hs, 3],
      [rs, 15],
    ] as const) {
      const token = await signToken(keys, claims, rules);
      expect((await verifyToken(keys, token, NOW, rules)).ok).toBe(true);
      const variants = spareBitVariants(token);
      expect(variants).toHaveLength(count);
      // The variants decode to the very same signature bytes: only the text is not canonical.
      for (const variant of variants) {
        expect(Buffer.from(variant.split('.')[2] as string, 'base64url')).toEqual(Buffer.from(token.split('.')[2] as string, 'base64url'));
        expect(await verifyToken(keys, variant, NOW, rules)).toEqual({ ok: false, reason: 'invalid' });
      }
    }
  });

  it('the service answers 401 to such a variant of a token it issued', async () => {
    const service = testService();
    const token = await accessToken(service);
    for (const variant of spareBitVariants(token)) {
      expect(json(await service.handle(post(AUTO, CREDIT_BODY, variant)))['codigoError']).toBe('ERRSEG001');
    }
    expect((await service.handle(post(AUTO, CREDIT_BODY, token))).status).toBe(200);
  });

  it('refuses padding and non-canonical header or payload text', async () => {
    const keys = keySet({ tokenSecret: SECRET });
    const token = await signToken(keys, claims, rules);
    const [head, payload, signature] = token.split('.') as [string, string, string];
    expect((await verifyToken(keys, `${head}.${payload}.${signature}=`, NOW, rules)).ok).toBe(false);
    expect((await verifyToken(keys, `${head}=.${payload}.${signature}`, NOW, rules)).ok).toBe(false);
  });
});

describe('claims', () => {
  const keys = keySet({ tokenSecret: SECRET });

  it('every token names its kid, issuer and audience, and nbf/iat/exp; nbf is enforced with the skew', async () => {
    const service = testService();
    const token = await accessToken(service);
    const [head, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(head).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(head?.['kid']).toMatch(/^hs-[A-Za-z0-9_-]{16}$/);
    expect(payload).toMatchObject({ sub: 'app', scope: 'update', iss: 'cotizador', aud: 'cotizador-api', iat, nbf: iat, exp: iat + 3600 });

    const early = await signToken(keys, { ...claims, nbf: iat + 60 }, rules);
    expect((await verifyToken(keys, early, NOW, rules)).ok).toBe(false);
    expect((await verifyToken(keys, early, new Date((iat + 31) * 1000), rules)).ok).toBe(true);
  });

  it('a service checks its own issuer and audience', async () => {
    const other = testService({ tokenIssuer: 'banco', tokenAudience: 'cotizador' });
    const token = await accessToken(testService());
    expect(json(await other.handle(post(AUTO, CREDIT_BODY, token)))['codigoError']).toBe('ERRSEG001');
    expect((await other.handle(post(AUTO, CREDIT_BODY, await accessToken(other)))).status).toBe(200);
  });

  it('caches verified tokens until they expire, and never a refused one', async () => {
    const cache = new TokenCache(2, 0);
    const token = await signToken(keys, claims, rules);
    expect((await verifyCached(cache, keys, token, NOW, rules)).ok).toBe(true);
    // A key set that would refuse it: the cache answers without the signature.
    expect((await verifyCached(cache, keySet({ tokenSecret: `${SECRET}x` }), token, NOW, rules)).ok).toBe(true);
    expect(await verifyCached(cache, keys, token, new Date((iat + 630) * 1000), rules)).toEqual({ ok: false, reason: 'expired' });
    const forged = `${token.slice(0, -2)}AA`;
    expect((await verifyCached(cache, keys, forged, NOW, rules)).ok).toBe(false);
    expect(cache.get(forged, NOW.getTime())).toBeUndefined();
  });
  it('the cache never answers for a token that only shares the end of a cached one (its key), and stays bounded', async () => {
    const keys = keySet({ tokenSecret: SECRET });
    const cache = new TokenCache(2, 0);
    const token = await signToken(keys, claims, rules);
    expect((await verifyCached(cache, keys, token, NOW, rules)).ok).toBe(true);
    // The same signature under another header and payload: the same key in the cache, another token.
    const sameEnd = `eyJhbGciOiJub25lIn0.${'e30'}.${token.slice(token.lastIndexOf('.') + 1)}`;
    expect(sameEnd.slice(-32)).toBe(token.slice(-32));
    expect(cache.get(sameEnd, NOW.getTime())).toBeUndefined();
    expect((await verifyCached(cache, keys, sameEnd, NOW, rules)).ok).toBe(false);
    expect(cache.get(token, NOW.getTime())).toEqual(claims);
    // Three verified tokens in a cache of two: the oldest leaves.
    const others = [await signToken(keys, { ...claims, jti: 'g' }, rules), await signToken(keys, { ...claims, jti: 'h' }, rules)];
    for (const other of others) expect((await verifyCached(cache, keys, other, NOW, rules)).ok).toBe(true);
    expect(cache.get(token, NOW.getTime())).toBeUndefined();
    for (const other of others) expect(cache.get(other, NOW.getTime())).toBeDefined();
  });
});

describe('keys', () => {
  it('refuses RSA keys under 2048 bits, a public key of another pair, non-RSA keys and a current key without its private key', () => {
    const small = rsa(1024);
    expect(() => keySet({ tokenKeys: small })).toThrow(/2048/);
    const a = rsa(2048);
    const b = rsa(2048);
    expect(() => keySet({ tokenKeys: { privateKey: a.privateKey, publicKey: b.publicKey } })).toThrow(QuoteError);
    expect(() => createService({ clients: [], tokenKeys: { privateKey: a.privateKey, publicKey: b.publicKey } })).toThrow(
      expect.objectContaining({ valorIncorrecto: 'config.tokenKeys' }),
    );
    expect(() => keySet({ tokenKeys: generateKeyPairSync('ed25519') })).toThrow(QuoteError);
    expect(() => keySet({ tokenKeys: [{ publicKey: a.publicKey }] })).toThrow(QuoteError);
    expect(() =>
      keySet({
        tokenKeys: [
          { kid: 'x', privateKey: a.privateKey },
          { kid: 'x', publicKey: b.publicKey },
        ],
      }),
    ).toThrow(QuoteError);
    expect(() => keySet({ tokenKeys: { kid: 'no spaces', privateKey: a.privateKey } })).toThrow(QuoteError);
    expect(() => keySet({ tokenSecret: [SECRET, 'short'] })).toThrow(QuoteError);
  });

  it('RSA-512 is refused too', () => {
    let small: ReturnType<typeof rsa> | undefined;
    try {
      small = rsa(512);
    } catch {
      // This OpenSSL will not even make one.
    }
    if (small !== undefined) expect(() => keySet({ tokenKeys: small })).toThrow(QuoteError);
  });

  it('rotates: tokens of the previous key verify while it is listed, new tokens use the current one', async () => {
    const previous = rsa(2048);
    const current = rsa(2048);
    const before = testService({ tokenSecret: undefined, tokenKeys: [{ kid: '2024', privateKey: previous.privateKey }] });
    const old = await accessToken(before);
    const during = testService({
      tokenSecret: undefined,
      tokenKeys: [
        { kid: '2025', privateKey: current.privateKey },
        { kid: '2024', publicKey: previous.publicKey },
      ],
    });
    expect((await during.handle(post(AUTO, CREDIT_BODY, old))).status).toBe(200);
    const fresh = await accessToken(during);
    expect(JSON.parse(Buffer.from(fresh.split('.')[0] as string, 'base64url').toString()).kid).toBe('2025');
    const after = testService({ tokenSecret: undefined, tokenKeys: [{ kid: '2025', privateKey: current.privateKey }] });
    expect(json(await after.handle(post(AUTO, CREDIT_BODY, old)))['codigoError']).toBe('ERRSEG001');
    expect((await after.handle(post(AUTO, CREDIT_BODY, fresh))).status).toBe(200);

    const jwks = json(await during.handle({ method: 'GET', path: '/.well-known/jwks.json', headers: {} }));
    expect(validateWith(JwksSchema, jwks).success).toBe(true);
    expect(jwks['keys'].map((key: { kid: string }) => key.kid)).toEqual(['2025', '2024']);
    const n = current.publicKey.export({ format: 'jwk' }).n;
    expect(jwks['keys'][0]).toEqual({ kty: 'RSA', kid: '2025', use: 'sig', alg: 'RS256', n, e: 'AQAB' });
  });

  it('HS256 rotation: a list of secrets, the first signs', async () => {
    const old = await accessToken(testService({ tokenSecret: SECRET }));
    const rotated = testService({ tokenSecret: [`${SECRET} (2025)`, SECRET] });
    expect((await rotated.handle(post(AUTO, CREDIT_BODY, old))).status).toBe(200);
    const fresh = await accessToken(rotated);
    expect((await testService({ tokenSecret: SECRET }).handle(post(AUTO, CREDIT_BODY, fresh))).status).toBe(401);
  });

  it('the default kid of an RSA key is its RFC 7638 thumbprint, the same on every instance', () => {
    const pair = rsa(2048);
    const a = keySet({ tokenKeys: { privateKey: pair.privateKey } });
    const b = keySet({ tokenKeys: { privateKey: pair.privateKey, publicKey: pair.publicKey } });
    expect(a.signing.kid).toBe(b.signing.kid);
    expect(a.signing.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
