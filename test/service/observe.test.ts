/**
 * The service's observing hooks: an event per answer (route, status, duration, folio, outcome),
 * an event per internal error with the thrown value, `/ready`, `/metrics`, CORS, and every such
 * setting checked when the service is created.
 */
import { describe, expect, it } from 'vitest';
import { isQuoteError, ROUTES, type InternalError, type RequestDone, type ServiceConfig } from '../../src/entry/service.js';
import { accessToken, basic, CLIENT, CREDIT_BODY, json, post, SECRET, testService, tokenRequest } from './helpers.js';

function observed(overrides: Partial<ServiceConfig> = {}) {
  const done: RequestDone[] = [];
  const errors: InternalError[] = [];
  const service = testService({
    observer: { requestDone: (event) => done.push(event), internalError: (event) => errors.push(event) },
    ...overrides,
  });
  return { service, done, errors };
}

const get = (path: string, headers: Record<string, string> = {}) => ({ method: 'GET', path, headers });

describe('the observer', () => {
  it('is told each answer with its route, status, folio and duration, never a token or a secret', async () => {
    const { service, done } = observed();
    const token = await accessToken(service);
    const quote = await service.handle(post(ROUTES.autoEstrene, CREDIT_BODY, token));
    await service.handle(get('/wp-admin?password=hunter2'));
    expect(done.map((event) => [event.method, event.route, event.path, event.status])).toEqual([
      ['POST', 'token', ROUTES.token, 200],
      ['POST', 'autoEstrene', ROUTES.autoEstrene, 200],
      ['GET', 'unknown', '/wp-admin', 400],
    ]);
    expect(done[1]?.folio).toBe(quote.folio);
    for (const event of done) {
      expect(event.durationMs).toBeGreaterThanOrEqual(0);
      expect(event.outcome).toBe('answered');
    }
    const told = JSON.stringify(done);
    for (const secret of [token, CLIENT.clientSecret, SECRET, 'hunter2', '280000.00']) expect(told).not.toContain(secret);
  });

  it('tells rate limits and switched-off APIs apart', async () => {
    const { service, done } = observed({ rateLimit: { capacity: 2, refillPerSecond: 0.001 }, switches: { off: ['taxpayer'] } });
    // The token request takes from the client's bucket too.
    const token = await accessToken(service);
    await service.handle(post(ROUTES.autoEstrene, CREDIT_BODY, token));
    const limited = await service.handle(post(ROUTES.autoEstrene, CREDIT_BODY, token));
    const off = await service.handle(post(ROUTES.obtenerDocumento, { lineaCaptura: 'X' }, token));
    expect([limited.status, off.status]).toEqual([429, 503]);
    expect(done.map((event) => event.outcome)).toEqual(['answered', 'answered', 'rateLimited', 'switchedOff']);
  });

  it('is told an internal exception with the folio the client sees and the thrown error (its stack)', async () => {
    const { service, done, errors } = observed({
      documents: async () => {
        throw new Error('the payments database is gone');
      },
    });
    const token = await accessToken(service);
    const answer = await service.handle(post(ROUTES.obtenerDocumento, { lineaCaptura: '0124ABCD5678EFGH9012' }, token));
    expect(answer.status).toBe(500);
    expect(json(answer)['codigoError']).toBe('ERRSER002');
    expect(answer.body).not.toContain('payments database');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.folio).toBe(answer.folio);
    expect(errors[0]?.route).toBe('obtenerDocumento');
    expect((errors[0]?.error as Error | undefined)?.stack).toMatch(/the payments database is gone\n\s+at /);
    expect(done.at(-1)).toMatchObject({ route: 'obtenerDocumento', status: 500, folio: answer.folio });
  });

  it('never changes an answer when it throws', async () => {
    const service = testService({
      observer: {
        requestDone: () => {
          throw new Error('observer broken');
        },
      },
    });
    expect((await service.handle(get('/health'))).status).toBe(200);
  });

  it('leaves every answer as it was when nothing is configured', async () => {
    const plain = await testService().handle(get('/health', { origin: 'https://app.example.com' }));
    const seen = await observed().service.handle(get('/health', { origin: 'https://app.example.com' }));
    expect(seen).toEqual(plain);
    expect(Object.keys(plain.headers).some((name) => name.startsWith('Access-Control') || name === 'Vary')).toBe(false);
  });
});

describe('/ready', () => {
  it('is 200 ready, and 503 with its reasons while draining, with every API off, or with a shared store down', async () => {
    const ready = await testService().handle(get('/ready'));
    expect([ready.status, ready.body]).toEqual([200, '{"status":"ready"}']);
    expect(ready.headers['Cache-Control']).toBe('no-store');

    let draining = false;
    const store = {
      take: () => ({ allowed: true, retryAfterSeconds: 0 }),
      peek: () => ({ allowed: true, retryAfterSeconds: 0 }),
      give: () => {},
    };
    let healthy = true;
    const service = testService({
      draining: () => draining,
      rateLimit: { capacity: 10, refillPerSecond: 1, store: { ...store, healthy: () => healthy } },
    });
    expect((await service.handle(get('/ready'))).status).toBe(200);
    draining = true;
    healthy = false;
    const down = await service.handle(get('/ready'));
    expect([down.status, JSON.parse(down.body)]).toEqual([503, { status: 'notReady', reasons: ['draining', 'sharedStoreDown'] }]);
    expect((await service.handle({ method: 'HEAD', path: '/ready', headers: {} })).body).toBe('');

    const off = await testService({ switches: { off: ['token', 'quoter', 'taxpayer', 'atm'] } }).handle(get('/ready'));
    expect(JSON.parse(off.body)).toEqual({ status: 'notReady', reasons: ['apisOff'] });
    expect((await testService({ switches: { bankOffline: true } }).handle(get('/ready'))).status).toBe(503);
    // One API off: the others still answer, so the instance is ready.
    expect((await testService({ switches: { off: ['atm'] } }).handle(get('/ready'))).status).toBe(200);
    // /health stays the liveness answer.
    expect((await testService({ switches: { off: 'all' } }).handle(get('/health'))).status).toBe(200);
  });
});

describe('/metrics', () => {
  it('answers the configured exposition, and is an unknown path without it', async () => {
    const { service, done } = observed({ metrics: { contentType: 'text/plain; version=0.0.4', render: async () => 'up 1\n' } });
    const answer = await service.handle(get('/metrics'));
    expect([answer.status, answer.body, answer.headers['Content-Type']]).toEqual([200, 'up 1\n', 'text/plain; version=0.0.4']);
    expect(answer.headers['X-Content-Type-Options']).toBe('nosniff');
    expect(done[0]?.route).toBe('unknown');
    const none = await testService().handle(get('/metrics'));
    expect([none.status, json(none)['codigoError']]).toEqual([400, 'ERRNEG001']);
  });

  it('a failing exposition is a 500 told as an internal error', async () => {
    const { service, errors } = observed({
      metrics: {
        contentType: 'text/plain',
        render: () => Promise.reject(new Error('registry broken')),
      },
    });
    const answer = await service.handle(get('/metrics'));
    expect(answer.status).toBe(500);
    expect(errors.map((event) => [event.folio, (event.error as Error).message])).toEqual([[answer.folio, 'registry broken']]);
  });
});

describe('CORS', () => {
  const origin = 'https://app.example.com';
  const cors = { allowedOrigins: [origin] };

  it('answers a preflight from an allowed origin with the route methods and the allowed headers', async () => {
    const service = testService({ cors });
    const head = { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' };
    const answer = await service.handle({ method: 'OPTIONS', path: ROUTES.autoEstrene, headers: head });
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect(answer.headers).toMatchObject({
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, Accept-Language',
      'Access-Control-Max-Age': '600',
      Vary: 'Origin',
    });
    const stranger = await service.handle({
      method: 'OPTIONS',
      path: ROUTES.autoEstrene,
      headers: { ...head, origin: 'https://evil.example' },
    });
    expect(stranger.status).toBe(204);
    expect(stranger.headers['Access-Control-Allow-Origin']).toBeUndefined();
    const wrongMethod = await service.handle({
      method: 'OPTIONS',
      path: ROUTES.autoEstrene,
      headers: { ...head, 'access-control-request-method': 'DELETE' },
    });
    expect(wrongMethod.headers['Access-Control-Allow-Methods']).toBeUndefined();
  });

  it('adds the allowed origin to every answer (refusals too), and Vary: Origin always', async () => {
    const service = testService({ cors });
    const refused = await service.handle(post(ROUTES.autoEstrene, CREDIT_BODY, undefined, { origin }));
    expect(refused.status).toBe(401);
    expect(refused.headers['Access-Control-Allow-Origin']).toBe(origin);
    expect(refused.headers['Access-Control-Expose-Headers']).toBe('Retry-After, ETag, Last-Modified');
    const token = await tokenRequest(service, 'grant_type=client_credentials', {
      authorization: basic('app', 's3cret-value'),
      origin: 'https://evil.example',
    });
    expect(token.status).toBe(200);
    expect(token.headers['Access-Control-Allow-Origin']).toBeUndefined();
    expect(token.headers['Vary']).toBe('Origin');
    const any = await testService({ cors: { allowedOrigins: '*' } }).handle(get('/health', { origin: 'https://x.example' }));
    expect(any.headers['Access-Control-Allow-Origin']).toBe('*');
  });

  it('without CORS, OPTIONS is a method the routes do not allow', async () => {
    const answer = await testService().handle({
      method: 'OPTIONS',
      path: ROUTES.autoEstrene,
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(405);
  });
});

describe('the observing settings are checked when the service is created', () => {
  const refused = (config: Partial<ServiceConfig>): string | undefined => {
    try {
      testService(config);
      return undefined;
    } catch (error) {
      return isQuoteError(error) ? `${error.codigoError} ${error.valorIncorrecto}` : String(error);
    }
  };

  it('names the bad key', () => {
    expect(refused({ cors: { allowedOrigins: ['https://app.example.com/'] } })).toBe('ERRESQ005 config.cors.allowedOrigins');
    expect(refused({ cors: { allowedOrigins: ['https://app.example.com/path'] } })).toBe('ERRESQ005 config.cors.allowedOrigins');
    expect(refused({ cors: { allowedOrigins: ['ftp://app.example.com'] } })).toBe('ERRESQ005 config.cors.allowedOrigins');
    expect(refused({ cors: { allowedOrigins: [] } })).toBe('ERRESQ005 config.cors.allowedOrigins');
    expect(refused({ cors: { allowedOrigins: '*', allowCredentials: true } })).toBe('ERRESQ005 config.cors.allowCredentials');
    expect(refused({ cors: { allowedOrigins: '*', maxAgeSeconds: 86_401 } })).toBe('ERRESQ005 config.cors.maxAgeSeconds');
    expect(refused({ cors: { allowedOrigins: '*', allowedHeaders: ['Bad Header'] } })).toBe('ERRESQ005 config.cors.allowedHeaders');
    expect(refused({ observer: { requestDone: 'log' as never } })).toBe('ERRESQ005 config.observer.requestDone');
    expect(refused({ metrics: { contentType: 'text/plain' } as never })).toBe('ERRESQ005 config.metrics');
    expect(refused({ draining: true as never })).toBe('ERRESQ005 config.draining');
    expect(refused({ cors: { allowedOrigins: ['http://localhost:5173'] } })).toBeUndefined();
  });
});

describe('trusted proxies', () => {
  const limit = { perAddress: { capacity: 2, refillPerSecond: 0.001 } };
  const wrong = (service: ReturnType<typeof testService>, remoteAddress: string, forwarded?: string) =>
    service.handle({
      method: 'POST',
      path: ROUTES.token,
      headers: {
        authorization: basic('nobody', 'wrong-secret'),
        'content-type': 'application/x-www-form-urlencoded',
        ...(forwarded === undefined ? {} : { 'x-forwarded-for': forwarded }),
      },
      body: 'grant_type=client_credentials',
      remoteAddress,
    });

  it('counts the failed authentications of the client behind a trusted proxy, not of the proxy', async () => {
    const service = testService({ authFailureLimit: limit, trustProxy: ['10.0.0.1'] });
    // Two clients behind the same proxy: each has its own bucket.
    expect((await wrong(service, '::ffff:10.0.0.1', '203.0.113.7')).status).toBe(401);
    expect((await wrong(service, '10.0.0.1', '198.51.100.9, 10.0.0.1')).status).toBe(401);
    expect((await wrong(service, '10.0.0.1', '203.0.113.7')).status).toBe(401);
    expect((await wrong(service, '10.0.0.1', '198.51.100.9')).status).toBe(401);
    expect((await wrong(service, '10.0.0.1', '203.0.113.7')).status).toBe(429);
    // Without trusting it, every client is the proxy.
    const plain = testService({ authFailureLimit: limit });
    expect((await wrong(plain, '10.0.0.1', '203.0.113.7')).status).toBe(401);
    expect((await wrong(plain, '10.0.0.1', '198.51.100.9')).status).toBe(401);
    expect((await wrong(plain, '10.0.0.1', '192.0.2.1')).status).toBe(429);
  });

  it('ignores X-Forwarded-For from an address it does not trust (a client cannot pick its address)', async () => {
    const service = testService({ authFailureLimit: limit, trustProxy: ['10.0.0.1'] });
    expect((await wrong(service, '198.51.100.9', '192.0.2.1')).status).toBe(401);
    expect((await wrong(service, '198.51.100.9', '192.0.2.2')).status).toBe(401);
    expect((await wrong(service, '198.51.100.9', '192.0.2.3')).status).toBe(429);
  });

  it('refuses anything but IP addresses at creation', () => {
    for (const bad of [['proxy.internal'], [], ['10.0.0.1:8080']]) {
      expect(() => testService({ trustProxy: bad })).toThrow(expect.objectContaining({ valorIncorrecto: 'config.trustProxy' }));
    }
  });
});
