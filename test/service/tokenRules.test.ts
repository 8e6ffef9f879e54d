/**
 * Tokens and configuration by the book (issue 21, item 12): a token names its client (`sub`) and
 * key (`kid`), and is accepted only while that client exists with its scopes and has not changed
 * its secret since the token was issued (at once, whatever the verification cache holds); a
 * lifetime and a clock skew bounded at creation and at verification; weak secrets, duplicate
 * client ids and unbounded lifetimes refused at creation with a coded error naming the key.
 */
import { describe, expect, it } from 'vitest';
import {
  type ClientRecord,
  createService,
  keySet,
  localizedMessage,
  type ServiceConfig,
  signToken,
  verifyToken,
} from '../../src/entry/service.js';
import { isQuoteError, type QuoteError } from '../../src/errors/quoteError.js';
import { accessToken, CLIENT, CREDIT_BODY, json, NOW, post, SECRET, testService } from './helpers.js';

const AUTO = '/api/esb/Cotizador/v1/AutoEstrene';
const ATMS = '/open-banking/open-data/v2/atms';
const rules = { issuer: 'cotizador', audience: 'cotizador-api', clockSkewSeconds: 30 };
const iat = Math.floor(NOW.getTime() / 1000);

function refusal(config: Partial<ServiceConfig>): QuoteError {
  try {
    testService(config);
  } catch (error) {
    if (isQuoteError(error)) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

function payload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
}

/** A registry over a table the test changes, as a database would be changed. */
function table(...records: ClientRecord[]) {
  const rows = new Map(records.map((record) => [record.clientId, record]));
  return { rows, registry: async (id: string) => rows.get(id) };
}

describe('a token names its client and its key', () => {
  it('sub is the client id and kid the signing key of the set', async () => {
    const service = testService({ tokenSecret: [{ kid: 'k-2026', secret: SECRET }] });
    const token = await accessToken(service);
    expect(payload(token)['sub']).toBe('app');
    expect(JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString())['kid']).toBe('k-2026');
  });
});

describe('a token is accepted only while its client backs it', () => {
  it('a removed client: its token, accepted (and cached) a moment ago, is 401 on the next request', async () => {
    const { rows, registry } = table(CLIENT);
    const service = testService({ clients: registry });
    const token = await accessToken(service);
    expect((await service.handle(post(AUTO, CREDIT_BODY, token))).status).toBe(200);
    rows.delete('app');
    const res = await service.handle(post(AUTO, CREDIT_BODY, token));
    expect([res.status, json(res)['codigoError']]).toEqual([401, 'ERRSEG001']);
    expect(res.headers['WWW-Authenticate']).toMatch(/invalid_token/);
  });

  it('cut scopes: a token granting a scope the client lost is 401, on the quoter and on the ATM API', async () => {
    const { rows, registry } = table(CLIENT);
    const service = testService({ clients: registry });
    const both = await accessToken(service, 'update read');
    const atm = (token: string) => service.handle({ method: 'GET', path: ATMS, headers: { authorization: `Bearer ${token}` } });
    expect((await atm(both)).status).toBe(200);
    rows.set('app', { ...CLIENT, scopes: ['update'] });
    expect((await service.handle(post(AUTO, CREDIT_BODY, both))).status).toBe(401);
    const refused = await atm(both);
    expect(refused.status).toBe(401);
    expect(json(refused)['status']).toBe('401'); // the ATM API's own error shape
    // A token within the scopes left still works.
    expect((await service.handle(post(AUTO, CREDIT_BODY, await accessToken(service, 'update')))).status).toBe(200);
  });

  it('a changed secret: tokens issued before secretChangedAt are 401, tokens issued after are accepted', async () => {
    let now = NOW;
    const { rows, registry } = table(CLIENT);
    const service = testService({ clients: registry, now: () => now });
    const old = await accessToken(service);
    now = new Date(NOW.getTime() + 60_000);
    rows.set('app', { ...CLIENT, clientSecret: 'a brand new s3cret', secretChangedAt: now.toISOString() });
    expect((await service.handle(post(AUTO, CREDIT_BODY, old))).status).toBe(401);
    now = new Date(NOW.getTime() + 61_000);
    await expect(accessToken(service)).rejects.toThrow(/ERRSEG001/); // the old secret no longer gets a token
    const granted = await service.handle({
      method: 'POST',
      path: '/api/esb/ValidaCredenciales/accesstoken',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=app&client_secret=${encodeURIComponent('a brand new s3cret')}`,
    });
    expect((await service.handle(post(AUTO, CREDIT_BODY, json(granted)['access_token'] as string))).status).toBe(200);
  });

  it('a restarted service with a changed client list refuses the tokens the old list backed', async () => {
    const before = testService();
    const token = await accessToken(before);
    const later = new Date(NOW.getTime() + 5_000);
    const changed = (clients: ClientRecord[]) => testService({ clients, now: () => later });
    expect((await changed([CLIENT]).handle(post(AUTO, CREDIT_BODY, token))).status).toBe(200);
    expect((await changed([{ ...CLIENT, clientId: 'other' }]).handle(post(AUTO, CREDIT_BODY, token))).status).toBe(401);
    expect((await changed([{ ...CLIENT, scopes: ['read'] }]).handle(post(AUTO, CREDIT_BODY, token))).status).toBe(401);
    const rotated = changed([{ ...CLIENT, secretChangedAt: new Date(NOW.getTime() + 1_000) }]);
    expect((await rotated.handle(post(AUTO, CREDIT_BODY, token))).status).toBe(401);
    // The same second as the change is "after" it: secretChangedAt counts in whole seconds, as iat does.
    const sameSecond = changed([{ ...CLIENT, secretChangedAt: NOW.getTime() + 999 }]);
    expect((await sameSecond.handle(post(AUTO, CREDIT_BODY, token))).status).toBe(200);
  });
});

describe('token lifetimes', () => {
  const keys = keySet({ tokenSecret: SECRET });

  /** A token signed with the service's key but with any claims (jose directly: signToken refuses such lifetimes). */
  async function forged(exp: number): Promise<string> {
    const { SignJWT } = await import('jose');
    return new SignJWT({ scope: 'update' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keys.signing.kid })
      .setSubject('app')
      .setIssuer('cotizador')
      .setAudience('cotizador-api')
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(exp)
      .setJti('j')
      .sign(keys.signing.key as Uint8Array);
  }

  it('a validly signed token valid until the year 275760 is refused (401)', async () => {
    const token = await forged(8_640_000_000_000);
    expect(await verifyToken(keys, token, NOW, rules)).toEqual({ ok: false, reason: 'invalid' });
    const res = await testService().handle(post(AUTO, CREDIT_BODY, token));
    expect([res.status, json(res)['codigoError']]).toEqual([401, 'ERRSEG001']);
  });

  it('a lifetime above maxTokenTtlSeconds (default: tokenTtlSeconds) is refused; within it, accepted', async () => {
    const twoHours = await forged(iat + 7200);
    expect((await testService().handle(post(AUTO, CREDIT_BODY, twoHours))).status).toBe(401);
    expect((await testService({ maxTokenTtlSeconds: 7200 }).handle(post(AUTO, CREDIT_BODY, twoHours))).status).toBe(200);
    expect((await testService().handle(post(AUTO, CREDIT_BODY, await forged(iat + 3600)))).status).toBe(200);
  });

  it('signToken refuses to sign a lifetime it would not accept', async () => {
    const claims = { sub: 'app', scope: 'update', iat, nbf: iat, exp: iat + 90_000, jti: 'j' };
    await expect(signToken(keys, claims, rules)).rejects.toMatchObject({ codigoError: 'ERRESQ005', valorIncorrecto: 'exp' });
    await expect(signToken(keys, { ...claims, exp: iat + 600 }, { ...rules, maxLifetimeSeconds: 300 })).rejects.toBeInstanceOf(Error);
    expect((await signToken(keys, { ...claims, exp: iat + 600 }, rules)).split('.')).toHaveLength(3);
  });

  it('verifyToken tolerates at most 300 s of skew, whatever the rules say', async () => {
    const claims = { sub: 'app', scope: 'update', iat: iat - 1000, nbf: iat - 1000, exp: iat - 400, jti: 'j' };
    const token = await signToken(keys, claims, rules);
    const yearOfSkew = { ...rules, clockSkewSeconds: 365 * 86_400 };
    expect(await verifyToken(keys, token, NOW, yearOfSkew)).toEqual({ ok: false, reason: 'expired' });
    expect((await verifyToken(keys, token, new Date((iat - 200) * 1000), yearOfSkew)).ok).toBe(true);
  });
});

describe('configuration refused at creation, naming the key', () => {
  it.each([
    ['a 10-year token lifetime', { tokenTtlSeconds: 10 * 365 * 86_400 }, 'config.tokenTtlSeconds', 'tokenTtlSeconds cannot exceed 86400 s'],
    ['an unbounded maximum', { maxTokenTtlSeconds: 10 ** 9 }, 'config.maxTokenTtlSeconds', 'maxTokenTtlSeconds cannot exceed 86400 s'],
    [
      'a lifetime above the maximum',
      { tokenTtlSeconds: 7200, maxTokenTtlSeconds: 3600 },
      'config.tokenTtlSeconds',
      'tokenTtlSeconds (7200 s) cannot exceed maxTokenTtlSeconds (3600 s)',
    ],
    ['a one-year clock skew', { clockSkewSeconds: 365 * 86_400 }, 'config.clockSkewSeconds', 'clockSkewSeconds cannot exceed 300 s'],
    [
      "an HS256 secret of 'a' × 32",
      { tokenSecret: 'a'.repeat(32) },
      'config.tokenSecret',
      'tokenSecret is predictable: 0 estimated bits, at least 96 are required (length × entropy of its bytes); generate a random one',
    ],
    [
      'a repetitive previous secret',
      { tokenSecret: [SECRET, 'abcd'.repeat(8)] },
      'config.tokenSecret',
      'tokenSecret is predictable: 64 estimated bits, at least 96 are required (length × entropy of its bytes); generate a random one',
    ],
    [
      'an empty client secret',
      { clients: [{ ...CLIENT, clientSecret: '' }] },
      'config.clients[0].clientSecret',
      'clientSecret cannot be empty',
    ],
    [
      'a short client secret',
      { clients: [CLIENT, { clientId: 'b', clientSecret: 's3cret', scopes: [] }] },
      'config.clients[1].clientSecret',
      'clientSecret must have at least 12 characters',
    ],
    [
      'a predictable client secret',
      { clients: [{ ...CLIENT, clientSecret: 'abcabcabcabcabc' }] },
      'config.clients[0].clientSecret',
      'clientSecret is predictable: at least 32 estimated bits are required (length × entropy of its characters); generate a random one',
    ],
    [
      'duplicate client ids',
      { clients: [CLIENT, { ...CLIENT, clientSecret: 'another s3cret value' }] },
      'config.clients[1].clientId',
      'Two clients have the same clientId: app',
    ],
    [
      'a client id Basic cannot carry',
      { clients: [{ ...CLIENT, clientId: 'a:b' }] },
      'config.clients[0].clientId',
      "clientId must have 1 to 100 characters, without ':' or control characters",
    ],
    [
      'a scope with a space',
      { clients: [{ ...CLIENT, scopes: ['update read'] }] },
      'config.clients[0].scopes',
      'scopes must be a list of scopes without spaces, quotes or backslashes (RFC 6749 §3.3)',
    ],
    [
      'a secretChangedAt that is no date',
      { clients: [{ ...CLIENT, secretChangedAt: 'yesterday' }] },
      'config.clients[0].secretChangedAt',
      'secretChangedAt must be an instant: a date, ISO 8601 text with a zone, or milliseconds since 1970',
    ],
    [
      'a secretChangedAt in the future',
      { clients: [{ ...CLIENT, secretChangedAt: '2026-01-01T00:00:00Z' }] },
      'config.clients[0].secretChangedAt',
      'secretChangedAt cannot be in the future',
    ],
  ] as [string, Partial<ServiceConfig>, string, string][])('%s', (_name, config, field, english) => {
    const error = refusal(config);
    expect([error.codigoError, error.valorIncorrecto]).toEqual(['ERRESQ005', field]);
    expect(localizedMessage(error, 'en')).toBe(english);
    expect(error.mensaje).not.toBe(english); // and in Spanish by default
  });

  it('the bounds themselves are accepted: one day, five minutes, a 12-character secret of 32 bits', () => {
    expect(() => testService({ tokenTtlSeconds: 86_400, clockSkewSeconds: 300 })).not.toThrow();
    expect(() => testService({ clients: [{ ...CLIENT, clientSecret: 'reader-secret' }] })).not.toThrow();
    expect(() => createService({ clients: [], tokenSecret: 'corpus signing secret of at least 32 bytes' })).not.toThrow();
  });

  it('a lookup function returning an empty secret never authenticates `Basic e:` (the registry is broken: 500)', async () => {
    const service = testService({ clients: async (id) => ({ clientId: id, clientSecret: '', scopes: ['update'] }) });
    const res = await service.handle({
      method: 'POST',
      path: '/api/esb/ValidaCredenciales/accesstoken',
      headers: { authorization: `Basic ${btoa('e:')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect([res.status, json(res)['codigoError']]).toEqual([500, 'ERRSER002']);
    expect(json(res)['access_token']).toBeUndefined();
  });
});
