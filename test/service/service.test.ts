import { describe, expect, it } from 'vitest';
import {
  AtmListResponseSchema,
  AutoEstreneResponseSchema,
  ErrorEnvelopeSchema,
  ObtenerDocumentoResponseSchema,
  SegAutoVendorResponseSchema,
  validateWith,
} from '../../src/entry/contracts.js';
import { SAMPLE_LINEA_CAPTURA, samplePayments } from '../../src/entry/documents.js';
import { quoteCredit } from '../../src/entry/credit.js';
import { createService, mexicoCityDate, keySet, signToken, type ServiceRequest, type ServiceResponse } from '../../src/entry/service.js';
import { accessToken, CLIENT, CREDIT_BODY, json, NOW, POLICY_BODY, post, SECRET, testService } from './helpers.js';

const AUTO = '/api/esb/Cotizador/v1/AutoEstrene';
const SEG = '/api/esb/Cotizador/v1/SegAutoVendor';
const DOC = '/api/esb/ServiciosContribuyentes/obtenerDocumento';

function expectEnvelope(res: ServiceResponse, status: number, code: string) {
  const body = json(res);
  expect(res.status).toBe(status);
  expect(validateWith(ErrorEnvelopeSchema, body).success).toBe(true);
  expect(body).toMatchObject({ status, codigoRespuesta: '0', codigoError: code });
  return body;
}

describe('quoter operations', () => {
  it('AutoEstrene wraps the credit engine result, dated today in Mexico City', async () => {
    const service = testService();
    const res = await service.handle(post(AUTO, CREDIT_BODY, await accessToken(service)));
    expect(res.status).toBe(200);
    const body = json(res);
    expect(validateWith(AutoEstreneResponseSchema, body).success).toBe(true);
    expect(body).toMatchObject({ status: 200, codigoRespuesta: '1', mensaje: 'Operación exitosa', folio: 'folio-2' });
    expect(body['resultado']).toEqual(quoteCredit(CREDIT_BODY.solicitud, { fechaApertura: '2025-01-15' }));
    expect(body['resultado'].registros).toHaveLength(12);
  });

  it('the Mexico City date is the local one, not UTC', async () => {
    expect(mexicoCityDate(new Date('2025-01-16T03:00:00Z'))).toBe('2025-01-15');
    const service = testService({ now: () => new Date('2025-01-16T03:00:00Z') });
    const res = await service.handle(post(AUTO, CREDIT_BODY, await accessToken(service)));
    expect(json(res)['resultado'].fechaApertura).toBe('2025-01-15');
  });

  it('SegAutoVendor wraps the insurance engine result starting today', async () => {
    const service = testService();
    const res = await service.handle(post(SEG, POLICY_BODY, await accessToken(service)));
    expect(res.status).toBe(200);
    const body = json(res);
    expect(validateWith(SegAutoVendorResponseSchema, body).success).toBe(true);
    expect(body['resultado'].listaSeguroAuto[0].vigenciaInicial).toBe('15/01/2025');
  });

  it('validation issues become 400 envelopes naming the field', async () => {
    const service = testService();
    const token = await accessToken(service);
    const cases: [unknown, string, string][] = [
      ['{', 'ERRESQ001', 'body'],
      ['', 'ERRESQ002', 'body'],
      [{ solicitud: { ...CREDIT_BODY.solicitud, plazo: '12' } }, 'ERRESQ005', 'solicitud.plazo'],
      [{ solicitud: { ...CREDIT_BODY.solicitud, plazo: 1000 } }, 'ERRESQ004', 'solicitud.plazo'],
      [{ solicitud: { ...CREDIT_BODY.solicitud, otro: 1 } }, 'ERRESQ003', 'solicitud.otro'],
      [{ solicitud: { plazo: 12, valorFactura: '1.00' } }, 'ERRESQ006', 'solicitud.montoSolicitado'],
    ];
    for (const [body, code, field] of cases) {
      const envelope = expectEnvelope(await service.handle(post(AUTO, body, token)), 400, code);
      expect(envelope['detalles'].valorIncorrecto).toBe(field);
    }
  });

  it("an engine business error is a 400 ERRNEG001 (the interface: business error) with the engine's message and field", async () => {
    const service = testService();
    // The amount requested exceeds the vehicle's price: valid on its face, refused by the engine.
    const body = { solicitud: { ...CREDIT_BODY.solicitud, montoSolicitado: '999999.00', valorFactura: '1000.00' } };
    const res = await service.handle(post(AUTO, body, await accessToken(service)));
    const envelope = expectEnvelope(res, 400, 'ERRNEG001');
    expect(envelope).toMatchObject({
      mensaje: 'Error de negocio',
      detalles: { valorIncorrecto: 'solicitud.montoSolicitado', propiedad: 'El monto solicitado excede el precio del vehículo' },
    });
  });

  it('valorIncorrecto has one form on every route: the path from the body root, for schema and engine errors alike', async () => {
    const service = testService();
    const token = await accessToken(service);
    const refusal = async (path: string, body: unknown) => {
      const res = await service.handle(post(path, body, token));
      const envelope = json(res);
      expect(res.status).toBe(400);
      return `${envelope['codigoError']} ${envelope['detalles'].valorIncorrecto}`;
    };
    // The same field refused by the schema (ERRESQ004 above the interface's range) and by the engine (below its own).
    expect(await refusal(AUTO, { solicitud: { ...CREDIT_BODY.solicitud, plazo: 1000 } })).toBe('ERRESQ004 solicitud.plazo');
    expect(await refusal(AUTO, { solicitud: { ...CREDIT_BODY.solicitud, plazo: 0 } })).toBe('ERRESQ004 solicitud.plazo');
    expect(await refusal(AUTO, { solicitud: { ...CREDIT_BODY.solicitud, tipoSeguro: 1 } })).toBe('ERRESQ006 solicitud.informacionSeguro');
    expect(await refusal(SEG, { solicitud: { ...POLICY_BODY.solicitud, modelo: '2025' } })).toBe('ERRESQ005 solicitud.modelo');
    expect(await refusal(SEG, { solicitud: { ...POLICY_BODY.solicitud, idUsoAutomovil: 999 } })).toMatch(
      /^ERR\w+ solicitud\.idUsoAutomovil$/,
    );
    // The taxpayer body has no wrapper: its field is at the root.
    expect(await refusal(DOC, { lineaCaptura: 'X' })).toMatch(/^ERR\w+ lineaCaptura$/);
  });

  it('passes config.tariff and engine options through', async () => {
    const service = testService({
      engineOptions: { credit: { conventions: {} }, policy: { urlTemplate: 'https://q.example/{idCotizacion}' } },
    });
    const res = await service.handle(post(SEG, POLICY_BODY, await accessToken(service)));
    expect(json(res)['resultado'].listaSeguroAuto[0].urlCotizacion).toMatch(/^https:\/\/q\.example\/[0-9a-f]+$/);
  });
});

describe('authentication of the operations', () => {
  const keys = keySet({ tokenSecret: SECRET });
  const rules = { issuer: 'cotizador', audience: 'cotizador-api', clockSkewSeconds: 30 };
  const iat = Math.floor(NOW.getTime() / 1000);
  const claims = (over: object) => ({ sub: 'app', scope: 'update', iat, nbf: iat, exp: iat + 60, jti: 'j', ...over });

  it.each([
    ['no Authorization', async () => undefined, 401, 'ERRSEG001'],
    ['garbage token', async () => 'not-a-jwt', 401, 'ERRSEG001'],
    ['another secret', () => signToken(keySet({ tokenSecret: `${SECRET}x` }), claims({}), rules), 401, 'ERRSEG001'],
    ['another issuer', () => signToken(keys, claims({}), { ...rules, issuer: 'otro' }), 401, 'ERRSEG001'],
    ['another audience', () => signToken(keys, claims({}), { ...rules, audience: 'otra' }), 401, 'ERRSEG001'],
    ['not yet valid', () => signToken(keys, claims({ nbf: iat + 120 }), rules), 401, 'ERRSEG001'],
    ['expired', () => signToken(keys, claims({ iat: iat - 120, nbf: iat - 120, exp: iat - 60 }), rules), 403, 'ERRSEG002'],
    ['no update scope', () => signToken(keys, claims({ scope: 'read' }), rules), 403, 'ERRSEG003'],
  ])('%s → %s %s', async (_name, makeToken, status, code) => {
    const token = await makeToken();
    for (const path of [AUTO, SEG, DOC]) {
      const res = await testService().handle(post(path, CREDIT_BODY, token));
      expectEnvelope(res, status, code);
      expect(res.headers['WWW-Authenticate']).toMatch(/^Bearer/);
    }
  });

  it('a token expires after tokenTtlSeconds', async () => {
    let now = NOW;
    const service = testService({ now: () => now, tokenTtlSeconds: 10, clockSkewSeconds: 0 });
    const token = await accessToken(service);
    now = new Date(NOW.getTime() + 9_000);
    expect((await service.handle(post(AUTO, CREDIT_BODY, token))).status).toBe(200);
    now = new Date(NOW.getTime() + 10_000);
    expectEnvelope(await service.handle(post(AUTO, CREDIT_BODY, token)), 403, 'ERRSEG002');
  });
});

describe('obtenerDocumento', () => {
  it('returns the sample receipt as a base64 PDF by default', async () => {
    const service = testService();
    const res = await service.handle(post(DOC, { lineaCaptura: SAMPLE_LINEA_CAPTURA }, await accessToken(service)));
    expect(res.status).toBe(200);
    const body = json(res);
    expect(validateWith(ObtenerDocumentoResponseSchema, body).success).toBe(true);
    expect(Buffer.from(body['Resultado'].documento, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('an unknown line is a business error, not a 500', async () => {
    const service = testService();
    const res = await service.handle(post(DOC, { lineaCaptura: 'ZZZZ0000000000000000' }, await accessToken(service)));
    expect(expectEnvelope(res, 400, 'ERRNEG001')['detalles'].valorIncorrecto).toBe('lineaCaptura');
  });

  it('uses the injected lookup; a failing or malformed lookup is a 500 without details', async () => {
    const record = { ...samplePayments()[0]!, lineaCaptura: 'ABCDEFGHIJKLMNOPQRST' };
    const custom = testService({ documents: async (line) => (line === record.lineaCaptura ? record : undefined) });
    expect((await custom.handle(post(DOC, { lineaCaptura: record.lineaCaptura }, await accessToken(custom)))).status).toBe(200);

    const failing = testService({
      documents: async () => {
        throw new Error('db down at 10.0.0.1');
      },
    });
    const res = await failing.handle(post(DOC, { lineaCaptura: SAMPLE_LINEA_CAPTURA }, await accessToken(failing)));
    expectEnvelope(res, 500, 'ERRSER002');
    expect(res.body).not.toContain('10.0.0.1');

    const malformed = testService({ documents: async () => ({ ...samplePayments()[0]!, importe: '1,000' }) });
    expectEnvelope(
      await malformed.handle(post(DOC, { lineaCaptura: SAMPLE_LINEA_CAPTURA }, await accessToken(malformed))),
      500,
      'ERRSER002',
    );
  });
});

describe('protocol errors', () => {
  it('405 with Allow for another method', async () => {
    const res = await testService().handle({ method: 'GET', path: AUTO, headers: {} });
    expectEnvelope(res, 405, 'ERRSEG006');
    expect(res.headers['Allow']).toBe('POST');
  });

  it('406 when Accept excludes JSON; media ranges and q-values are honoured', async () => {
    const service = testService();
    const token = await accessToken(service);
    expectEnvelope(await service.handle(post(AUTO, CREDIT_BODY, token, { accept: 'text/html' })), 406, 'ERRSEG007');
    expectEnvelope(await service.handle(post(AUTO, CREDIT_BODY, token, { accept: 'application/json;q=0, */*' })), 406, 'ERRSEG007');
    for (const accept of ['application/json', '*/*', 'text/html, application/*;q=0.2', 'application/json; charset=utf-8']) {
      expect((await service.handle(post(AUTO, CREDIT_BODY, token, { accept }))).status).toBe(200);
    }
  });

  it('431 past maxHeaderBytes', async () => {
    const service = testService({ maxHeaderBytes: 512 });
    expectEnvelope(await service.handle(post(AUTO, CREDIT_BODY, undefined, { 'x-big': 'x'.repeat(600) })), 431, 'ERRSEG007');
    expectEnvelope(await testService().handle(post(AUTO, CREDIT_BODY, undefined, { 'x-big': 'x'.repeat(9000) })), 431, 'ERRSEG007');
  });

  it('400 ERRNEG001 for an unknown path (query strings ignored for routing)', async () => {
    expectEnvelope(await testService().handle(post('/api/esb/Cotizador/v1/Otro', {})), 400, 'ERRNEG001');
    expectEnvelope(await testService().handle({ method: 'GET', path: '/__proto__', headers: {} }), 400, 'ERRNEG001');
    const service = testService();
    expect((await service.handle(post(`${AUTO}?x=1`, CREDIT_BODY, await accessToken(service)))).status).toBe(200);
  });

  it('400 for a non-JSON Content-Type and for a body over maxBodyBytes', async () => {
    const service = testService({ maxBodyBytes: 64 });
    const token = await accessToken(service);
    expectEnvelope(await service.handle(post(AUTO, CREDIT_BODY, token, { 'content-type': 'text/plain' })), 400, 'ERRESQ005');
    expectEnvelope(await service.handle(post(AUTO, CREDIT_BODY, token)), 400, 'ERRESQ004');
  });

  it('a broken clock or folio source never escapes handle', async () => {
    const clockless = testService({ now: () => new Date(Number.NaN) });
    expectEnvelope(await clockless.handle(post(AUTO, CREDIT_BODY, 'x.y.z')), 500, 'ERRSER002');
    const res = await createService({
      clients: [CLIENT],
      now: () => {
        throw new Error('no clock');
      },
    }).handle({
      method: 'POST',
      path: '/api/esb/ValidaCredenciales/accesstoken',
      headers: {},
      body: 'grant_type=client_credentials&client_id=app&client_secret=s3cret-value',
    });
    expectEnvelope(res, 500, 'ERRSER002');
    const folioless = createService({
      clients: [CLIENT],
      folio: () => {
        throw new Error('x');
      },
    });
    const body = json(await folioless.handle({ method: 'GET', path: '/', headers: {} }));
    expect(body['folio']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('every default config value is documented and usable', async () => {
    const service = createService({ clients: [CLIENT] });
    expect(service.limits).toEqual({ maxHeaderBytes: 8192, maxBodyBytes: 1048576, maxFormBytes: 4096, requestTimeoutMs: 30000 });
    const res = await service.handle({
      method: 'POST',
      path: '/api/esb/ValidaCredenciales/accesstoken',
      headers: {},
      body: 'grant_type=client_credentials&client_id=app&client_secret=s3cret-value',
    });
    expect(json(res)['folio']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('ATM API mount', () => {
  const list: ServiceRequest = { method: 'GET', path: '/open-banking/open-data/v2/atms', headers: {} };

  it('needs a bearer token with read or atms:read', async () => {
    const service = testService();
    expect((await service.handle(list)).status).toBe(401);
    expect((await service.handle({ ...list, headers: { authorization: `Bearer ${await accessToken(service, 'update')}` } })).status).toBe(
      401,
    );
    const res = await service.handle({ ...list, headers: { authorization: `Bearer ${await accessToken(service, 'read')}` } });
    expect(res.status).toBe(200);
    expect(validateWith(AtmListResponseSchema, json(res)).success).toBe(true);
  });

  it('is public with atmsPublic and serves config.atms', async () => {
    const atms = { LastUpdated: '2025-01-15T06:00:00Z', data: [] };
    const res = await testService({ atmsPublic: true, atms }).handle(list);
    expect(res.status).toBe(200);
    expect(json(res)['meta'].TotalResults).toBe(0);
  });
});
