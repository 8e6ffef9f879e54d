/**
 * Issue 12 in process: the token URL authenticates before it reads or parses the form, forms
 * are capped, one issue is collected, bytes are strict UTF-8, parsed bodies are accepted, the
 * rate limit (429), the switches (503) and English answers.
 */
import { describe, expect, it, vi } from 'vitest';
import { AtmErrorBodySchema, ErrorEnvelopeSchema, OAuthErrorSchema, validateAutoEstrene, validateWith } from '../../src/entry/contracts.js';
import {
  createService,
  memoryRateLimitStore,
  type ServiceRequest,
  type ServiceResponse,
  type ServiceWarning,
} from '../../src/entry/service.js';
import { QuoteError } from '../../src/errors/quoteError.js';
import { accessToken, basic, CLIENT, CREDIT_BODY, json, NOW, post, SECRET, testService, tokenRequest } from './helpers.js';

const AUTO = '/api/esb/Cotizador/v1/AutoEstrene';
const TOKEN = '/api/esb/ValidaCredenciales/accesstoken';
const ATM_TOKEN = '/open-banking/oauth2/v1/token';
const ATMS = '/open-banking/open-data/v2/atms';
const FORM = 'grant_type=client_credentials&scope=update';
const HOSTILE_FORM = Array.from({ length: 100_000 }, (_, i) => `f${i}=1`).join('&');

function expectEnvelope(res: ServiceResponse, status: number, code: string): Record<string, unknown> {
  const body = json(res);
  expect(res.status, res.body).toBe(status);
  expect(validateWith(ErrorEnvelopeSchema, body).success).toBe(true);
  expect(body).toMatchObject({ status, codigoError: code });
  return body;
}

function tokenHead(headers: Record<string, string>): ServiceRequest {
  return { method: 'POST', path: TOKEN, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } };
}

describe('the token URL authenticates before it reads the form', () => {
  it('a wrong or malformed Basic header is a 401 decided from the head alone', async () => {
    const service = testService();
    for (const authorization of [basic('app', 'wrong'), basic('nobody', 'x'), 'Basic ???', 'Bearer abc']) {
      const reception = await service.receive(tokenHead({ authorization, 'content-length': String(HOSTILE_FORM.length) }));
      expect('response' in reception && reception.response.status).toBe(401);
    }
  });

  it('with a wrong Basic header a 100,000-field form is a 401, not 100,000 issues', async () => {
    const res = await tokenRequest(testService(), HOSTILE_FORM, { authorization: basic('app', 'wrong') });
    expectEnvelope(res, 401, 'ERRSEG001');
  });

  it('without credentials in a header, a declared form above maxFormBytes is refused from the head', async () => {
    const service = testService();
    const reception = await service.receive(tokenHead({ 'content-length': String(HOSTILE_FORM.length) }));
    expect('response' in reception).toBe(true);
    if ('response' in reception) expectEnvelope(reception.response, 400, 'ERRESQ004');
    // The same form handed over whole (no Content-Length): still one refusal by size.
    expectEnvelope(await tokenRequest(service, HOSTILE_FORM), 400, 'ERRESQ004');
  });

  it('a form of more than maxFormFields fields is refused before any field is decoded', async () => {
    const form = `${FORM}&${Array.from({ length: 7 }, (_, i) => `x${i}=1`).join('&')}`;
    const body = expectEnvelope(await tokenRequest(testService(), form, { authorization: basic('app', 's3cret-value') }), 400, 'ERRESQ004');
    expect(body['detalles']).toMatchObject({ valorIncorrecto: 'body', propiedad: 'El formulario tiene más de 8 campos' });
  });

  it('with form credentials, an unknown field is reported only after they check out', async () => {
    const service = testService();
    expectEnvelope(await tokenRequest(service, `${FORM}&client_id=app&client_secret=wrong&extra=1`), 401, 'ERRSEG001');
    const body = expectEnvelope(await tokenRequest(service, `${FORM}&client_id=app&client_secret=s3cret-value&extra=1`), 400, 'ERRESQ003');
    expect(body['detalles']).toMatchObject({ valorIncorrecto: 'extra' });
  });

  it('every legal form fits maxFormBytes: four fields of 100 characters, each percent-encoded 4-byte UTF-8', () => {
    const longest = new URLSearchParams({
      grant_type: 'client_credentials',
      scope: '😀'.repeat(25),
      client_id: '😀'.repeat(50),
      client_secret: '😀'.repeat(50),
    }).toString();
    expect(Buffer.byteLength(longest)).toBeLessThanOrEqual(testService().limits.maxFormBytes);
  });
});

describe('bodies', () => {
  it('collects one issue for a body of many unknown fields (the one reported)', () => {
    const solicitud = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, 1]));
    const all = validateAutoEstrene({ solicitud });
    const one = validateAutoEstrene({ solicitud }, { maxIssues: 1 });
    expect(!all.success && all.issues.length).toBeGreaterThan(1000);
    expect(!one.success && one.issues).toEqual(!all.success && all.issues.slice(0, 1));
  });

  it('invalid UTF-8 is ERRESQ001, never decoded to U+FFFD and accepted', async () => {
    const service = testService();
    const token = await accessToken(service);
    const valid = Buffer.from(JSON.stringify({ solicitud: { ...CREDIT_BODY.solicitud, nombreModelo: 'Sedán' } }));
    expect((await service.handle({ ...post(AUTO, '', token), body: valid })).status).toBe(200);
    const at = valid.indexOf(Buffer.from('á'));
    for (const broken of [
      Buffer.concat([valid.subarray(0, at), Buffer.from([0xe1]), valid.subarray(at + 2)]), // Latin-1 á
      Buffer.concat([valid.subarray(0, at), Buffer.from([0xc0, 0xa1]), valid.subarray(at + 2)]), // overlong
      Buffer.concat([valid.subarray(0, at), Buffer.from([0xed, 0xa0, 0x80]), valid.subarray(at + 2)]), // a surrogate
    ]) {
      expect(json(await service.handle({ ...post(AUTO, '', token), body: broken }))['codigoError']).toBe('ERRESQ001');
    }
    const form = Buffer.concat([Buffer.from(`${FORM}&client_id=app&client_secret=`), Buffer.from([0xff])]);
    expectEnvelope(await service.handle({ ...tokenHead({}), body: form }), 400, 'ERRESQ001');
  });

  it('accepts a body a framework already parsed (express.json(), express.urlencoded())', async () => {
    const service = testService();
    const token = await accessToken(service);
    expect((await service.handle({ ...post(AUTO, '', token), body: CREDIT_BODY })).status).toBe(200);
    expectEnvelope(await service.handle({ ...post(AUTO, '', token), body: { solicitud: { plazo: 12 } } }), 400, 'ERRESQ006');
    const form = { grant_type: 'client_credentials', scope: 'update', client_id: 'app', client_secret: 's3cret-value' };
    expect((await service.handle({ ...tokenHead({}), body: form })).status).toBe(200);
    expectEnvelope(await service.handle({ ...tokenHead({}), body: { ...form, scope: ['update', 'read'] } }), 400, 'ERRESQ005');
  });
});

describe('429: a per-client token bucket', () => {
  it('refuses past the burst with Retry-After, refills with time, and counts per client', async () => {
    let now = NOW;
    const service = testService({ now: () => now, rateLimit: { capacity: 3, refillPerSecond: 1 } });
    const token = await accessToken(service); // the first token of the bucket
    expect((await service.handle(post(AUTO, CREDIT_BODY, token))).status).toBe(200);
    expect((await service.handle(post(AUTO, CREDIT_BODY, token))).status).toBe(200);
    const refused = await service.handle(post(AUTO, CREDIT_BODY, token));
    expectEnvelope(refused, 429, 'ERRSEG006');
    expect(refused.headers['Retry-After']).toBe('1');
    expectEnvelope(await tokenRequest(service, FORM, { authorization: basic('app', 's3cret-value') }), 429, 'ERRSEG006');
    now = new Date(NOW.getTime() + 1000);
    expect((await service.handle(post(AUTO, CREDIT_BODY, token))).status).toBe(200);
  });

  it('the ATM API and the ATM token URL answer 429 in their own shapes', async () => {
    const service = testService({ rateLimit: { capacity: 1, refillPerSecond: 0.5 } });
    const token = await accessToken(service, 'read');
    const atm = await service.handle({ method: 'GET', path: ATMS, headers: { authorization: `Bearer ${token}` } });
    expect(atm.status).toBe(429);
    expect(validateWith(AtmErrorBodySchema, json(atm)).success).toBe(true);
    expect(json(atm)).toMatchObject({ status: '429', title: 'Demasiadas peticiones' });
    expect(atm.headers['Retry-After']).toBe('2');
    const oauth = await service.handle({ ...tokenHead({ authorization: basic('app', 's3cret-value') }), path: ATM_TOKEN, body: FORM });
    expect(oauth.status).toBe(429);
    expect(json(oauth)).toMatchObject({ error: 'temporarily_unavailable' });
    expect(oauth.headers['Retry-After']).toBe('2');
  });

  it('is off by default, and takes a shared store', async () => {
    const service = testService();
    const token = await accessToken(service);
    for (let i = 0; i < 30; i++) expect((await service.handle(post(AUTO, CREDIT_BODY, token))).status).toBe(200);
    const store = memoryRateLimitStore();
    const a = testService({ rateLimit: { capacity: 2, refillPerSecond: 1, store } });
    const b = testService({ rateLimit: { capacity: 2, refillPerSecond: 1, store } });
    await accessToken(a);
    await accessToken(b);
    expectEnvelope(await tokenRequest(a, FORM, { authorization: basic('app', 's3cret-value') }), 429, 'ERRSEG006');
  });

  it('the memory store keeps a drained bucket when full (issue 21: the LRU gave it back full), and a clock going back refills nothing', () => {
    const store = memoryRateLimitStore({ maxKeys: 2 });
    const policy = { capacity: 1, refillPerSecond: 1 };
    expect(store.take('a', policy, 1000).allowed).toBe(true);
    expect(store.take('a', policy, 0).allowed).toBe(false);
    store.take('b', policy, 1000);
    expect(store.take('c', policy, 1000)).toEqual({ allowed: false, retryAfterSeconds: 1 }); // no room: 'a' stays
    expect(store.take('a', policy, 1000).allowed).toBe(false);
  });

  it('refuses an unusable setting at creation', () => {
    expect(() => testService({ rateLimit: { capacity: 0, refillPerSecond: 1 } })).toThrow(QuoteError);
    expect(() => testService({ rateLimit: { capacity: 1, refillPerSecond: 1, store: {} as never } })).toThrow(QuoteError);
  });
});

describe('503: switches', () => {
  it('one API off is ERROFF001 there only; all off is ERROFF002 everywhere; bank offline ERRSER003', async () => {
    let switches: object = { off: ['quoter'] };
    const service = testService({ switches: () => switches });
    const token = await accessToken(service);
    const body = expectEnvelope(await service.handle(post(AUTO, CREDIT_BODY, token)), 503, 'ERROFF001');
    expect(body['detalles']).toMatchObject({ propiedad: 'La API quoter está apagada' });
    expect((await service.handle({ method: 'GET', path: '/health', headers: {} })).status).toBe(200);

    switches = { off: 'all' };
    expectEnvelope(await tokenRequest(service, FORM, { authorization: basic('app', 's3cret-value') }), 503, 'ERROFF002');
    const atm = await service.handle({ method: 'GET', path: ATMS, headers: {} });
    expect(atm.status).toBe(503);
    expect(json(atm)).toMatchObject({ status: '503', title: 'Servicio temporalmente no disponible.' });
    const oauth = await service.handle({ ...tokenHead({}), path: ATM_TOKEN, body: FORM });
    expect(oauth.status).toBe(503);
    expect(validateWith(OAuthErrorSchema, json(oauth)).success).toBe(true);

    switches = { bankOffline: true };
    expectEnvelope(await service.handle(post(AUTO, CREDIT_BODY, token)), 503, 'ERRSER003');
    switches = {};
    expect((await service.handle(post(AUTO, CREDIT_BODY, token))).status).toBe(200);
  });

  it('an unknown API name is refused at creation (or, from a function, answered 500)', async () => {
    expect(() => testService({ switches: { off: ['quoters' as never] } })).toThrow(QuoteError);
    const service = testService({ switches: () => ({ off: ['x' as never] }) });
    expectEnvelope(await service.handle(post(AUTO, CREDIT_BODY)), 500, 'ERRSER002');
  });
});

describe('Accept-Language', () => {
  const en = { 'accept-language': 'en_US' };

  it('en_US gives English mensaje and detalles.propiedad; es_MX and anything else the default', async () => {
    const service = testService();
    const token = await accessToken(service);
    const ok = json(await service.handle(post(AUTO, CREDIT_BODY, token, en)));
    expect(ok['mensaje']).toBe('Successful operation');
    const missing = expectEnvelope(await service.handle(post(AUTO, { solicitud: { plazo: 12 } }, token, en)), 400, 'ERRESQ006');
    expect(missing).toMatchObject({
      mensaje: 'Required fields were not sent',
      detalles: { propiedad: 'A required field is missing' },
    });
    const engine = expectEnvelope(
      await service.handle(post(AUTO, { solicitud: { ...CREDIT_BODY.solicitud, plazo: 0 } }, token, en)),
      400,
      'ERRESQ004',
    );
    expect(engine['detalles']).toMatchObject({ propiedad: 'The term must have at least one payment' });
    for (const language of ['en-US', 'en', 'fr, en;q=0.5', 'EN_us']) {
      expect(json(await service.handle(post(AUTO, CREDIT_BODY, token, { 'accept-language': language })))['mensaje']).toBe(
        'Successful operation',
      );
    }
    for (const language of ['es_MX', 'es-MX,en;q=0.9', '*', 'fr', 'x'.repeat(300)]) {
      expect(json(await service.handle(post(AUTO, CREDIT_BODY, token, { 'accept-language': language })))['mensaje']).toBe(
        'Operación exitosa',
      );
    }
    expect(json(await service.handle({ method: 'GET', path: AUTO, headers: en }))).toMatchObject({
      mensaje: 'Method other than the specified one',
      detalles: { propiedad: 'Only the POST method is accepted' },
    });
    expect(json(await tokenRequest(service, FORM, en))['detalles']).toMatchObject({ propiedad: 'The client credentials are missing' });
  });

  it('en_US gives the ATM API and the ATM token URL their English texts', async () => {
    const service = testService();
    expect(json(await service.handle({ method: 'GET', path: ATMS, headers: en }))).toEqual({
      status: '401',
      title: 'Token de acceso no válido',
      description: 'the service could not authenticate the request',
    });
    expect(json(await service.handle({ method: 'GET', path: ATMS, headers: {} }))['description']).toBe(
      'El servicio no pudo autenticar la solicitud',
    );
    const oauth = await service.handle({ ...tokenHead({ ...en, authorization: basic('app', 'x') }), path: ATM_TOKEN, body: FORM });
    expect(json(oauth)).toEqual({ error: 'invalid_client', error_description: 'Invalid client credentials' });
  });
});

describe('own routes', () => {
  it('health, and the JWKS (empty for HS256); GET and HEAD only', async () => {
    const service = testService();
    const health = await service.handle({ method: 'GET', path: '/health', headers: {} });
    expect([health.status, json(health)]).toEqual([200, { status: 'ok' }]);
    expect(json(await service.handle({ method: 'GET', path: '/.well-known/jwks.json', headers: {} }))).toEqual({ keys: [] });
    expect((await service.handle({ method: 'HEAD', path: '/health', headers: {} })).body).toBe('');
    const post405 = await service.handle({ method: 'POST', path: '/health', headers: {}, body: '{}' });
    expectEnvelope(post405, 405, 'ERRSEG006');
    expect(post405.headers['Allow']).toBe('GET, HEAD');
  });

  it('says once, on console.warn by default, that tokens are signed with a per-instance secret when none is configured', async () => {
    // A fresh copy of the module: what this process told before does not count.
    vi.resetModules();
    const fresh = (await import('../../src/service/service.js')).createService;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      fresh({ clients: [CLIENT] });
      fresh({ clients: [CLIENT] });
      fresh({ clients: [CLIENT], tokenSecret: SECRET });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/^\[COTIZADOR_EPHEMERAL_KEY\] .*random secret of this process/);
    } finally {
      warn.mockRestore();
    }
  });

  it('tells onWarning, when given, on every creation that needs it, and never the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const told: ServiceWarning[] = [];
    try {
      createService({ clients: [CLIENT], onWarning: (warning) => told.push(warning) });
      createService({ clients: [CLIENT], onWarning: (warning) => told.push(warning) });
      createService({ clients: [CLIENT], tokenSecret: SECRET, onWarning: (warning) => told.push(warning) });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
    expect(told.map((w) => w.code)).toEqual(['COTIZADOR_EPHEMERAL_KEY', 'COTIZADOR_EPHEMERAL_KEY']);
    expect(told[0]?.message).toMatch(/random secret of this process/);
    expect(() => createService({ clients: [CLIENT], onWarning: 'log' as never })).toThrow(
      expect.objectContaining({ codigoError: 'ERRESQ005', valorIncorrecto: 'config.onWarning' }),
    );
  });
});
