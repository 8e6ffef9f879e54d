import { QuoteError } from '../../src/errors/quoteError.js';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ErrorEnvelopeSchema,
  OAuthErrorSchema,
  OAuthTokenResponseSchema,
  TokenResponseSchema,
  validateWith,
} from '../../src/entry/contracts.js';
import { createService, keySet, signToken, verifyToken } from '../../src/entry/service.js';
import { accessToken, basic, CLIENT, json, NOW, SECRET, testService, tokenRequest } from './helpers.js';

const FORM = 'grant_type=client_credentials&scope=update';

describe('POST /api/esb/ValidaCredenciales/accesstoken', () => {
  it('issues a token with Basic credentials, exactly the interface fields and the five default headers', async () => {
    const res = await tokenRequest(testService(), FORM, { authorization: basic(CLIENT.clientId, CLIENT.clientSecret) });
    expect(res.status).toBe(200);
    expect(res.headers).toEqual({
      'Strict-Transport-Security': 'max-age=31536000',
      'Cache-Control': 'no-store',
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'application/json; charset=utf-8',
    });
    const body = json(res);
    expect(validateWith(TokenResponseSchema, body).success).toBe(true);
    expect(body).toMatchObject({
      status: 200,
      codigoRespuesta: '1',
      folio: 'folio-1',
      expires_in: '3600',
      scope: 'update',
      token_type: 'Bearer',
      issued_at: String(NOW.getTime()),
    });
  });

  it('accepts client_id and client_secret form fields instead of Basic', async () => {
    const res = await tokenRequest(testService(), `${FORM}&client_id=app&client_secret=s3cret-value`);
    expect(res.status).toBe(200);
  });

  it('grants every client scope when none is requested, and honours tokenTtlSeconds', async () => {
    const res = await tokenRequest(testService({ tokenTtlSeconds: 60 }), 'grant_type=client_credentials', {
      authorization: basic('app', 's3cret-value'),
    });
    expect(json(res)).toMatchObject({ scope: 'update read', expires_in: '60' });
  });

  it.each([
    ['wrong secret', FORM, { authorization: basic('app', 'nope') }, 401, 'ERRSEG001'],
    ['unknown client', FORM, { authorization: basic('other', 's3cret-value') }, 401, 'ERRSEG001'],
    ['no credentials', FORM, {}, 401, 'ERRSEG001'],
    ['not Basic', FORM, { authorization: 'Bearer abc' }, 401, 'ERRSEG001'],
    [
      'scope the client lacks',
      'grant_type=client_credentials&scope=admin',
      { authorization: basic('app', 's3cret-value') },
      403,
      'ERRSEG003',
    ],
    ['wrong grant_type', 'grant_type=password', { authorization: basic('app', 's3cret-value') }, 400, 'ERRESQ005'],
    ['missing grant_type', 'scope=update', { authorization: basic('app', 's3cret-value') }, 400, 'ERRESQ006'],
    ['empty body', '', { authorization: basic('app', 's3cret-value') }, 400, 'ERRESQ002'],
    ['Basic and form credentials', `${FORM}&client_id=app`, { authorization: basic('app', 's3cret-value') }, 400, 'ERRESQ003'],
    ['client_id without secret', `${FORM}&client_id=app`, {}, 400, 'ERRESQ006'],
    ['JSON content type', FORM, { authorization: basic('app', 's3cret-value'), 'content-type': 'application/json' }, 400, 'ERRESQ005'],
  ])('%s → %i %s with the full envelope', async (_name, body, headers, status, code) => {
    const res = await tokenRequest(testService(), body, headers as Record<string, string>);
    expect(res.status).toBe(status);
    const envelope = json(res);
    expect(validateWith(ErrorEnvelopeSchema, envelope).success).toBe(true);
    expect(envelope).toMatchObject({ status, codigoRespuesta: '0', codigoError: code });
    expect(envelope['detalles'].enlace).toBe(`https://cotizador.example/docs/errores#${code}`);
    if (status === 401) expect(res.headers['WWW-Authenticate']).toMatch(/^Basic/);
  });

  it('looks clients up through an async registry', async () => {
    const service = testService({ clients: async (id) => (id === 'app' ? CLIENT : undefined) });
    expect((await tokenRequest(service, FORM, { authorization: basic('app', 's3cret-value') })).status).toBe(200);
    expect((await tokenRequest(service, FORM, { authorization: basic('app', 'x') })).status).toBe(401);
  });

  it('uses config.helpUrl in detalles.enlace', async () => {
    const res = await tokenRequest(testService({ helpUrl: 'https://ayuda.example/e' }), FORM);
    expect(json(res)['detalles'].enlace).toBe('https://ayuda.example/e#ERRSEG001');
  });
});

describe('POST /open-banking/oauth2/v1/token (ATM)', () => {
  const atmToken = (body: string, headers: Record<string, string> = {}) =>
    testService().handle({ method: 'POST', path: '/open-banking/oauth2/v1/token', headers, body });

  it('answers RFC 6749 JSON', async () => {
    const res = await atmToken('grant_type=client_credentials&scope=read', { authorization: basic('app', 's3cret-value') });
    expect(res.status).toBe(200);
    expect(validateWith(OAuthTokenResponseSchema, json(res)).success).toBe(true);
    expect(json(res)).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'read' });
  });

  it.each([
    ['grant_type=password', { authorization: basic('app', 's3cret-value') }, 400, 'unsupported_grant_type'],
    ['grant_type=password', {}, 401, 'invalid_client'],
    ['grant_type=client_credentials', { authorization: basic('app', 'bad') }, 401, 'invalid_client'],
    ['grant_type=client_credentials&scope=atms:read', { authorization: basic('app', 's3cret-value') }, 400, 'invalid_scope'],
    ['', { authorization: basic('app', 's3cret-value') }, 400, 'invalid_request'],
    ['', {}, 400, 'invalid_request'],
  ])('%s → %i %s', async (body, headers, status, error) => {
    const res = await atmToken(body, headers as Record<string, string>);
    expect(res.status).toBe(status);
    expect(validateWith(OAuthErrorSchema, json(res)).success).toBe(true);
    expect(json(res)['error']).toBe(error);
  });
});

describe('JWT signing and verification', () => {
  const keys = keySet({ tokenSecret: SECRET });
  const rules = { issuer: 'cotizador', audience: 'cotizador-api', clockSkewSeconds: 30 };
  const iat = Math.floor(NOW.getTime() / 1000);
  const claims = { sub: 'app', scope: 'update', iat, nbf: iat, exp: iat + 60, jti: 'f' };
  const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

  it('round-trips and checks exp (with the skew), iat and scope', async () => {
    const token = await signToken(keys, claims, rules);
    expect(await verifyToken(keys, token, NOW, rules, ['update'])).toEqual({ ok: true, claims });
    expect((await verifyToken(keys, token, later(89), rules, ['update'])).ok).toBe(true);
    expect(await verifyToken(keys, token, later(90), rules, ['update'])).toEqual({ ok: false, reason: 'expired' });
    expect(await verifyToken(keys, token, NOW, rules, ['read'])).toEqual({ ok: false, reason: 'forbidden' });
    const future = await signToken(keys, { ...claims, iat: iat + 3600, nbf: iat, exp: iat + 7200 }, rules);
    expect(await verifyToken(keys, future, NOW, rules)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses alg none, another algorithm, tampering and another key', async () => {
    const token = await signToken(keys, claims, rules);
    const [head, payload, sig] = token.split('.');
    const header = (alg: string) => Buffer.from(JSON.stringify({ alg, typ: 'JWT', kid: keys.signing.kid })).toString('base64url');
    expect((await verifyToken(keys, `${header('none')}.${payload}.`, NOW, rules)).ok).toBe(false);
    expect((await verifyToken(keys, `${header('HS512')}.${payload}.${sig}`, NOW, rules)).ok).toBe(false);
    const forged = Buffer.from(JSON.stringify({ ...claims, scope: 'update read admin' })).toString('base64url');
    expect((await verifyToken(keys, `${head}.${forged}.${sig}`, NOW, rules)).ok).toBe(false);
    expect((await verifyToken(keySet({ tokenSecret: `${SECRET}!` }), token, NOW, rules)).ok).toBe(false);
    expect((await verifyToken(keys, 'a.b', NOW, rules)).ok).toBe(false);
    expect((await verifyToken(keys, '...', NOW, rules)).ok).toBe(false);
  });

  it('signs RS256 with tokenKeys and refuses an HS256 token made with the public key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rs = keySet({ tokenKeys: { privateKey, publicKey } });
    const token = await signToken(rs, claims, rules);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'RS256',
      typ: 'JWT',
      kid: rs.signing.kid,
    });
    expect((await verifyToken(rs, token, NOW, rules)).ok).toBe(true);
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const confused = await signToken(keySet({ tokenSecret: { kid: rs.signing.kid, secret: pem } }), claims, rules);
    expect((await verifyToken(rs, confused, NOW, rules)).ok).toBe(false);
  });

  it('rejects weak or conflicting configurations at creation', () => {
    expect(() => keySet({ tokenSecret: 'short' })).toThrow(QuoteError);
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(() => createService({ clients: [], tokenSecret: SECRET, tokenKeys: { privateKey, publicKey } })).toThrow(QuoteError);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() => keySet({ tokenKeys: ec })).toThrow(QuoteError);
  });

  it('a service with RS256 keys issues tokens its operations accept', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const service = testService({
      tokenSecret: undefined,
      tokenKeys: { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey },
    });
    const token = await accessToken(service);
    expect(token.split('.')).toHaveLength(3);
  });
});
