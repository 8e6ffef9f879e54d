import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema, OAuthErrorSchema, validateWith } from '../../src/entry/contracts.js';
import { defaultTariff } from '../../src/entry/insurance.js';
import { samplePayments } from '../../src/entry/documents.js';
import { createService, type ClientRecord, type ServiceRequest } from '../../src/entry/service.js';
import { CLIENT, CREDIT_BODY, NOW, POLICY_BODY, SECRET } from './helpers.js';

const PATHS = [
  '/api/esb/ValidaCredenciales/accesstoken',
  '/open-banking/oauth2/v1/token',
  '/api/esb/Cotizador/v1/AutoEstrene',
  '/api/esb/Cotizador/v1/SegAutoVendor',
  '/api/esb/ServiciosContribuyentes/obtenerDocumento',
] as const;
/** The service's own routes (issue 12). */
const OWN_PATHS = ['/openapi.json', '/.well-known/jwks.json', '/health'] as const;

const clients: ClientRecord[] = [{ ...CLIENT, scopes: [...CLIENT.scopes] }];
const config = { clients, tokenSecret: SECRET, now: () => NOW, tariff: defaultTariff(), folio: () => 'f' };
const snapshot = () => JSON.stringify({ clients, config, tariff: defaultTariff(), samples: samplePayments() });
const before = snapshot();
const service = createService(config);

const token = await (async () => {
  const res = await service.handle({
    method: 'POST',
    path: PATHS[0],
    headers: {},
    body: `grant_type=client_credentials&scope=update&client_id=${CLIENT.clientId}&client_secret=${CLIENT.clientSecret}`,
  });
  return (JSON.parse(res.body) as { access_token: string }).access_token;
})();

/** JSON values with the keys an attacker would pick mixed in. */
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'solicitud', 'lineaCaptura', 'toString', 'polluted');
const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(fc.oneof(hostileKey, fc.string()), tie('value'), { maxKeys: 5 }),
    fc.array(tie('value'), { maxLength: 4 }),
  ),
})).value;

/** Bodies: mutated valid requests, hostile JSON, raw text (JSON-ish and not), forms. */
const body = fc.oneof(
  hostileJson.map((value) => JSON.stringify(value) ?? ''),
  hostileJson.map((value) => JSON.stringify({ solicitud: value })),
  fc.record({ key: hostileKey, value: hostileJson }).map(({ key, value }) => {
    const base = JSON.stringify({ solicitud: { ...CREDIT_BODY.solicitud, ...POLICY_BODY.solicitud } });
    return `${base.slice(0, -2)},"${key}":${JSON.stringify(value) ?? 'null'}}}`;
  }),
  fc.string(),
  fc.string().map((text) => `{"solicitud":${text}`),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  fc
    .array(fc.tuple(fc.oneof(hostileKey, fc.constantFrom('grant_type', 'scope', 'client_id', 'client_secret')), fc.string()), {
      maxLength: 5,
    })
    .map((pairs) => new URLSearchParams(pairs).toString()),
);

const headerValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('application/json', 'text/html', '*/*;q=0', `Bearer ${token}`, 'Basic Og==', 'Bearer a.b.c'),
  fc.constantFrom('en_US', 'es_MX', 'en;q=0.5, es;q=0.9', '*;q=2', 'en-US,en;q=abc', '99999999999999999999', '-1', 'chunked'),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }).map((values) => values.join(', ')),
);
const request = fc.record({
  method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'HEAD', 'post', ''),
  path: fc.oneof(
    fc.constantFrom(...PATHS),
    fc.constantFrom(...OWN_PATHS),
    fc.constantFrom('/__proto__', '/constructor', '/', '/open-banking/open-data/v2/atms', '/.well-known/jwks.json?x=1'),
    fc.string(),
  ),
  headers: fc
    .dictionary(
      fc.oneof(
        fc.constantFrom(
          'authorization',
          'Authorization',
          'accept',
          'content-type',
          '__proto__',
          'constructor',
          'accept-language',
          'content-length',
          'transfer-encoding',
          'if-none-match',
        ),
        fc.string({ maxLength: 10 }),
      ),
      headerValue,
      { maxKeys: 4 },
    )
    .map((headers) => ({ authorization: `Bearer ${token}`, ...headers })),
  body: fc.oneof(
    body,
    body.map((text) => Buffer.from(text, 'utf8')),
    fc.uint8Array({ maxLength: 64 }),
    hostileJson,
  ),
}) as fc.Arbitrary<ServiceRequest>;

function wellFormed(path: string, status: number, text: string): boolean {
  const value: unknown = JSON.parse(text);
  if (path.startsWith('/open-banking/oauth2/v1/token')) return status === 200 || validateWith(OAuthErrorSchema, value).success;
  if (path.startsWith('/open-banking/open-data/v2')) return typeof value === 'object' && value !== null;
  // The service's own documents answer 200 with their JSON; their errors are envelopes.
  if ((OWN_PATHS as readonly string[]).includes(path.split('?')[0] ?? '') && status === 200)
    return typeof value === 'object' && value !== null;
  const envelope = value as { status?: unknown };
  return envelope.status === status && (status === 200 || validateWith(ErrorEnvelopeSchema, value).success);
}

describe('hostile input', () => {
  it('never throws, never answers 5xx, always answers a well-formed body', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (req) => {
        const res = await service.handle(req);
        expect(res.status).toBeLessThan(500);
        if (!(req.method === 'HEAD' && req.path.startsWith('/open-banking/open-data/v2')) && res.body !== '') {
          expect(wellFormed(req.path, res.status, res.body)).toBe(true);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('every operation answers arbitrary bodies with 200 or a coded 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS.slice(2)), body, async (path, text) => {
        const res = await service.handle({ method: 'POST', path, headers: { authorization: `Bearer ${token}` }, body: text });
        expect([200, 400]).toContain(res.status);
        expect(wellFormed(path, res.status, res.body)).toBe(true);
      }),
      { numRuns: 600 },
    );
  });

  it('pollutes no prototype and mutates no shared state', async () => {
    for (const path of PATHS) {
      await service.handle({
        method: 'POST',
        path,
        headers: { authorization: `Bearer ${token}`, ['__proto__']: 'x', constructor: 'y' },
        body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"solicitud":{"__proto__":{"polluted":true}}}',
      });
      await service.handle({
        method: 'POST',
        path,
        headers: {},
        body: '__proto__[polluted]=true&constructor[prototype][polluted]=true&grant_type=client_credentials',
      });
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(snapshot()).toBe(before);
  });
});
