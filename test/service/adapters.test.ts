/**
 * The framework adapters against real Fastify 5 and Express 5 (devDependencies), over HTTP on
 * 127.0.0.1: every route, bad JSON and the edge cases answer exactly as the node:http listener
 * does (status, the service's headers, body).
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_LINEA_CAPTURA } from '../../src/entry/documents.js';
import { toExpressHandler, toFastifyPlugin, toNodeListener } from '../../src/entry/node.js';
import { createService } from '../../src/entry/service.js';
import { basic, CLIENT, CREDIT_BODY, NOW, POLICY_BODY, SECRET } from './helpers.js';

const config = { clients: [CLIENT], tokenSecret: SECRET, now: () => NOW, folio: () => 'folio-fijo', maxBodyBytes: 32 * 1024 };

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = res.headers;
        resolve({ status: res.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

let nodeServer: Server;
let expressServer: Server;
let expressJsonServer: Server;
let fastify: FastifyInstance;
const ports: Record<'node' | 'fastify' | 'express', number> = { node: 0, fastify: 0, express: 0 };
let expressJsonPort = 0;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  nodeServer = createServer(toNodeListener(createService(config)));
  ports.node = await listen(nodeServer);

  fastify = Fastify();
  fastify.get('/otra-ruta', async () => ({ propia: true }));
  await fastify.register(toFastifyPlugin(createService(config)));
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  ports.fastify = (fastify.server.address() as AddressInfo).port;

  const app = express();
  app.use(toExpressHandler(createService(config)));
  expressServer = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => expressServer.once('listening', () => resolve()));
  ports.express = (expressServer.address() as AddressInfo).port;

  const parsed = express();
  parsed.use(express.json(), express.urlencoded({ extended: false }));
  parsed.use(toExpressHandler(createService(config)));
  expressJsonServer = parsed.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => expressJsonServer.once('listening', () => resolve()));
  expressJsonPort = (expressJsonServer.address() as AddressInfo).port;
});

afterAll(async () => {
  await fastify?.close();
  for (const server of [nodeServer, expressServer, expressJsonServer]) {
    if (server === undefined) continue;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const auth = { authorization: basic(CLIENT.clientId, CLIENT.clientSecret) };
let bearer = '';

/** [name, method, path, headers, body] — every route and the cases frameworks tend to take over. */
function cases(): [string, string, string, Record<string, string>, string | Buffer | undefined][] {
  const b = { authorization: `Bearer ${bearer}` };
  const bad = Buffer.concat([Buffer.from('{"solicitud":{"nombreModelo":"Sed'), Buffer.from([0xe1]), Buffer.from('n"}}')]);
  return [
    ['token', 'POST', '/api/esb/ValidaCredenciales/accesstoken', { ...form, ...auth }, 'grant_type=client_credentials&scope=update'],
    [
      'token, form credentials',
      'POST',
      '/api/esb/ValidaCredenciales/accesstoken',
      form,
      `grant_type=client_credentials&client_id=app&client_secret=${CLIENT.clientSecret}`,
    ],
    ['token, no credentials', 'POST', '/api/esb/ValidaCredenciales/accesstoken', form, 'grant_type=client_credentials'],
    ['token, JSON body', 'POST', '/api/esb/ValidaCredenciales/accesstoken', { ...json, ...auth }, '{"grant_type":"client_credentials"}'],
    ['ATM token', 'POST', '/open-banking/oauth2/v1/token', { ...form, ...auth }, 'grant_type=client_credentials&scope=read'],
    ['AutoEstrene', 'POST', '/api/esb/Cotizador/v1/AutoEstrene', { ...json, ...b }, JSON.stringify(CREDIT_BODY)],
    ['AutoEstrene, bad JSON', 'POST', '/api/esb/Cotizador/v1/AutoEstrene', { ...json, ...b }, '{"solicitud":'],
    ['AutoEstrene, empty body', 'POST', '/api/esb/Cotizador/v1/AutoEstrene', { ...json, ...b }, ''],
    ['AutoEstrene, no Content-Type', 'POST', '/api/esb/Cotizador/v1/AutoEstrene', b, JSON.stringify(CREDIT_BODY)],
    [
      'AutoEstrene, text/plain',
      'POST',
      '/api/esb/Cotizador/v1/AutoEstrene',
      { 'content-type': 'text/plain', ...b },
      JSON.stringify(CREDIT_BODY),
    ],
    [
      'AutoEstrene, latin1 charset',
      'POST',
      '/api/esb/Cotizador/v1/AutoEstrene',
      { 'content-type': 'application/json; charset=latin1', ...b },
      '{}',
    ],
    ['AutoEstrene, odd Content-Type', 'POST', '/api/esb/Cotizador/v1/AutoEstrene', { 'content-type': 'foo', ...b }, '{}'],
    ['AutoEstrene, invalid UTF-8', 'POST', '/api/esb/Cotizador/v1/AutoEstrene', { ...json, ...b }, bad],
    [
      'AutoEstrene, over the limit',
      'POST',
      '/api/esb/Cotizador/v1/AutoEstrene',
      { ...json, ...b },
      JSON.stringify({ x: 'y'.repeat(40_000) }),
    ],
    ['AutoEstrene, no token', 'POST', '/api/esb/Cotizador/v1/AutoEstrene', json, JSON.stringify(CREDIT_BODY)],
    [
      'AutoEstrene, English',
      'POST',
      '/api/esb/Cotizador/v1/AutoEstrene',
      { ...json, ...b, 'accept-language': 'en_US' },
      '{"solicitud":{}}',
    ],
    ['AutoEstrene, 406', 'POST', '/api/esb/Cotizador/v1/AutoEstrene', { ...json, ...b, accept: 'text/html' }, JSON.stringify(CREDIT_BODY)],
    ['AutoEstrene, GET', 'GET', '/api/esb/Cotizador/v1/AutoEstrene', b, undefined],
    ['AutoEstrene, PUT', 'PUT', '/api/esb/Cotizador/v1/AutoEstrene', { ...json, ...b }, '{}'],
    ['AutoEstrene, OPTIONS', 'OPTIONS', '/api/esb/Cotizador/v1/AutoEstrene', {}, undefined],
    ['AutoEstrene, query string', 'POST', '/api/esb/Cotizador/v1/AutoEstrene?x=1', { ...json, ...b }, JSON.stringify(CREDIT_BODY)],
    ['SegAutoVendor', 'POST', '/api/esb/Cotizador/v1/SegAutoVendor', { ...json, ...b }, JSON.stringify(POLICY_BODY)],
    [
      'obtenerDocumento',
      'POST',
      '/api/esb/ServiciosContribuyentes/obtenerDocumento',
      { ...json, ...b },
      JSON.stringify({ lineaCaptura: SAMPLE_LINEA_CAPTURA }),
    ],
    ['ATM list', 'GET', '/open-banking/open-data/v2/atms?service=ATST', b, undefined],
    ['ATM list, HEAD', 'HEAD', '/open-banking/open-data/v2/atms', b, undefined],
    ['ATM list, no token', 'GET', '/open-banking/open-data/v2/atms', {}, undefined],
    ['ATM api-version', 'GET', '/open-banking/open-data/v2/atms/api-version', b, undefined],
    ['ATM, POST', 'POST', '/open-banking/open-data/v2/atms', { ...json, ...b }, '{}'],
    ['ATM, unknown', 'GET', '/open-banking/open-data/v2/otra', b, undefined],
    ['openapi.json', 'GET', '/openapi.json', {}, undefined],
    ['jwks', 'GET', '/.well-known/jwks.json', {}, undefined],
    ['health', 'GET', '/health', {}, undefined],
    ['root', 'GET', '/', {}, undefined],
    ['unknown path', 'POST', '/no/such/route', json, '{}'],
    ['long path', 'GET', `/${'a'.repeat(600)}`, {}, undefined],
    ['header size', 'POST', '/api/esb/Cotizador/v1/AutoEstrene', { ...json, 'x-big': 'x'.repeat(9000) }, '{}'],
  ];
}

describe('framework adapters answer exactly as node:http', () => {
  beforeAll(async () => {
    const res = await send(
      ports.node,
      'POST',
      '/api/esb/ValidaCredenciales/accesstoken',
      { ...form, ...auth },
      'grant_type=client_credentials&scope=update read',
    );
    bearer = (JSON.parse(res.body) as { access_token: string }).access_token;
  });

  it('on every route and edge case (Fastify 5, Express 5)', async () => {
    // A path the service does not answer is the host's (test/node/mount.test.ts).
    const unknown = ['root', 'unknown path', 'long path'];
    for (const [name, method, path, headers, body] of cases().filter(([n]) => !unknown.includes(n))) {
      const expected = await send(ports.node, method, path, headers, body);
      for (const framework of ['fastify', 'express'] as const) {
        const got = await send(ports[framework], method, path, headers, body);
        expect(got, `${framework}: ${name}`).toEqual(expected);
      }
    }
  });

  it('bad JSON is the interface envelope, not the framework error', async () => {
    for (const port of [ports.fastify, ports.express]) {
      const res = await send(
        port,
        'POST',
        '/api/esb/Cotizador/v1/AutoEstrene',
        { ...json, authorization: `Bearer ${bearer}` },
        '{"solicitud":',
      );
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ codigoError: 'ERRESQ001', status: 400 });
    }
  });

  it("Fastify's own routes keep working beside the plugin", async () => {
    const res = await send(ports.fastify, 'GET', '/otra-ruta', {});
    expect([res.status, JSON.parse(res.body)]).toEqual([200, { propia: true }]);
  });

  it('after express.json() and express.urlencoded(), valid bodies get the same answers', async () => {
    for (const [name, method, path, headers, body] of cases().filter(([n]) =>
      [
        'token',
        'token, form credentials',
        'ATM token',
        'AutoEstrene',
        'SegAutoVendor',
        'obtenerDocumento',
        'AutoEstrene, English',
      ].includes(n),
    )) {
      const expected = await send(ports.node, method, path, headers, body);
      expect(await send(expressJsonPort, method, path, headers, body), name).toEqual(expected);
    }
  });
});
