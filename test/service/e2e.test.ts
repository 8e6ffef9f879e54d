import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AtmListResponseSchema,
  AutoEstreneResponseSchema,
  ErrorEnvelopeSchema,
  ObtenerDocumentoResponseSchema,
  SegAutoVendorResponseSchema,
  TokenResponseSchema,
  validateWith,
} from '../../src/entry/contracts.js';
import { SAMPLE_LINEA_CAPTURA } from '../../src/entry/documents.js';
import { toNodeListener } from '../../src/entry/node.js';
import { createService } from '../../src/entry/service.js';
import { CLIENT, CREDIT_BODY, POLICY_BODY } from './helpers.js';

let server: Server;
let base: string;

beforeAll(async () => {
  const service = createService({ clients: [CLIENT], tokenSecret: 'e2e secret that is long enough for HS256', maxBodyBytes: 64 * 1024 });
  server = createServer(toNodeListener(service));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

async function token(scope: string): Promise<string> {
  const res = await fetch(`${base}/api/esb/ValidaCredenciales/accesstoken`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }),
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body: unknown = await res.json();
  expect(validateWith(TokenResponseSchema, body).success).toBe(true);
  return (body as { access_token: string }).access_token;
}

function postJson(path: string, body: unknown, bearer?: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('end to end over node:http', () => {
  it('gets a token, quotes credit and insurance, fetches a receipt', async () => {
    const bearer = await token('update');

    const credit = await postJson('/api/esb/Cotizador/v1/AutoEstrene', CREDIT_BODY, bearer);
    expect(credit.status).toBe(200);
    const creditBody = (await credit.json()) as { resultado: { registros: unknown[] } };
    expect(validateWith(AutoEstreneResponseSchema, creditBody).success).toBe(true);
    expect(creditBody.resultado.registros).toHaveLength(12);

    const policy = await postJson('/api/esb/Cotizador/v1/SegAutoVendor', POLICY_BODY, bearer);
    expect(policy.status).toBe(200);
    expect(validateWith(SegAutoVendorResponseSchema, await policy.json()).success).toBe(true);

    const doc = await postJson('/api/esb/ServiciosContribuyentes/obtenerDocumento', { lineaCaptura: SAMPLE_LINEA_CAPTURA }, bearer);
    expect(doc.status).toBe(200);
    const docBody = (await doc.json()) as { Resultado: { documento: string } };
    expect(validateWith(ObtenerDocumentoResponseSchema, docBody).success).toBe(true);
    expect(Buffer.from(docBody.Resultado.documento, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers errors with envelopes whose status is the HTTP status', async () => {
    const bearer = await token('update');
    const cases: [Promise<Response>, number, string][] = [
      [postJson('/api/esb/Cotizador/v1/AutoEstrene', CREDIT_BODY), 401, 'ERRSEG001'],
      [postJson('/api/esb/Cotizador/v1/AutoEstrene', CREDIT_BODY, await token('read')), 403, 'ERRSEG003'],
      [postJson('/api/esb/Cotizador/v1/AutoEstrene', '{"solicitud":', bearer), 400, 'ERRESQ001'],
      [postJson('/api/esb/Cotizador/v1/AutoEstrene', { solicitud: {} }, bearer), 400, 'ERRESQ006'],
      [postJson('/api/esb/ServiciosContribuyentes/obtenerDocumento', { lineaCaptura: 'ZZZZ0000000000000000' }, bearer), 400, 'ERRNEG001'],
      [postJson('/api/esb/Cotizador/v1/AutoEstrene', CREDIT_BODY, bearer, { accept: 'text/html' }), 406, 'ERRSEG007'],
      [postJson('/api/esb/Cotizador/v1/AutoEstrene', CREDIT_BODY, bearer, { 'x-padding': 'x'.repeat(9000) }), 431, 'ERRSEG007'],
      [postJson('/api/esb/Cotizador/v1/AutoEstrene', 'x'.repeat(70 * 1024), bearer), 400, 'ERRESQ004'],
      [fetch(`${base}/api/esb/Cotizador/v1/AutoEstrene`), 405, 'ERRSEG006'],
      [fetch(`${base}/no/such/path`), 400, 'ERRNEG001'],
    ];
    for (const [pending, status, code] of cases) {
      const res = await pending;
      const body: unknown = await res.json();
      expect(res.status).toBe(status);
      expect(validateWith(ErrorEnvelopeSchema, body).success).toBe(true);
      expect(body).toMatchObject({ status, codigoRespuesta: '0', codigoError: code });
    }
  });

  it('serves the ATM API with a token from the ATM token URL', async () => {
    const tokenRes = await fetch(`${base}/open-banking/oauth2/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        scope: 'read',
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
      }),
    });
    expect(tokenRes.status).toBe(200);
    const { access_token } = (await tokenRes.json()) as { access_token: string };

    expect((await fetch(`${base}/open-banking/open-data/v2/atms`)).status).toBe(401);
    const list = await fetch(`${base}/open-banking/open-data/v2/atms`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(list.status).toBe(200);
    expect(validateWith(AtmListResponseSchema, await list.json()).success).toBe(true);
    // A strong validator: the quoted SHA-256 of the body.
    const etag = list.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9+/_=-]{20,}"$/);

    const head = await fetch(`${base}/open-banking/open-data/v2/atms`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect([head.status, head.headers.get('etag'), await head.text()]).toEqual([200, etag, '']);
    const unchanged = await fetch(`${base}/open-banking/open-data/v2/atms`, {
      headers: { authorization: `Bearer ${access_token}`, 'if-none-match': etag },
    });
    expect([unchanged.status, await unchanged.text()]).toEqual([304, '']);
    const version = await fetch(`${base}/open-banking/open-data/v2/atms/api-version`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(await version.json()).toEqual({ version: '1.0.0' });
  });
});
