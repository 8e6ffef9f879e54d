/**
 * Issue 21, item 9: the adapters share the host's app. With real Express 5 and Fastify 5 over
 * HTTP on 127.0.0.1, each mounted at the root and under a prefix, with host routes registered
 * before and after it: the service answers its own paths (the same bytes as node:http, the prefix
 * taken off), and every other path reaches the host's routes or the host's own 404.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toExpressHandler, toFastifyPlugin, toNodeListener } from '../../src/entry/node.js';
import { createService } from '../../src/entry/service.js';
import { servesPath, servicePatterns, withoutPrefix } from '../../src/node/mount.js';
import { basic, CLIENT, NOW, SECRET } from '../service/helpers.js';

const config = { clients: [CLIENT], tokenSecret: SECRET, now: () => NOW, folio: () => 'folio-fijo' };

interface Answer {
  readonly status: number;
  readonly type: string | undefined;
  readonly body: string;
}

function send(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** The four mounts of each framework: at the root or under /cotizador. */
const PREFIXES = ['', '/cotizador'] as const;
type Prefix = (typeof PREFIXES)[number];

const servers: Server[] = [];
const apps: FastifyInstance[] = [];
const ports: Record<'express' | 'fastify', Record<Prefix, number>> = {
  express: { '': 0, '/cotizador': 0 },
  fastify: { '': 0, '/cotizador': 0 },
};
let nodePort = 0;

beforeAll(async () => {
  const node = createServer(toNodeListener(createService(config)));
  servers.push(node);
  nodePort = await listen(node);

  for (const prefix of PREFIXES) {
    const app = express();
    // A host route before the service, and routes after it.
    app.get(`${prefix}/antes`, (_request, response) => void response.json({ ruta: 'antes' }));
    if (prefix === '') app.use(toExpressHandler(createService(config)));
    else app.use(prefix, toExpressHandler(createService(config)));
    app.get(`${prefix}/despues`, (_request, response) => void response.json({ ruta: 'despues' }));
    app.post('/pedidos', (_request, response) => void response.status(201).json({ ruta: 'pedidos' }));
    app.use((_request, response) => void response.status(404).json({ host: 'express', error: 'no encontrado' }));
    const server = createServer(app);
    servers.push(server);
    ports.express[prefix] = await listen(server);

    const fastify = Fastify();
    fastify.get(`${prefix}/antes`, async () => ({ ruta: 'antes' }));
    await fastify.register(toFastifyPlugin(createService(config)), { prefix });
    fastify.get(`${prefix}/despues`, async () => ({ ruta: 'despues' }));
    fastify.post('/pedidos', async (_request, reply) => reply.code(201).send({ ruta: 'pedidos' }));
    fastify.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ host: 'fastify', error: 'no encontrado' }));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    apps.push(fastify);
    ports.fastify[prefix] = (fastify.server.address() as AddressInfo).port;
  }
});

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

const form = { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(CLIENT.clientId, CLIENT.clientSecret) };

describe.each(['express', 'fastify'] as const)('%s', (framework) => {
  describe.each(PREFIXES)('mounted at "%s"', (prefix) => {
    const port = () => ports[framework][prefix];

    it("answers the service's paths under the mount exactly as node:http answers them at the root", async () => {
      for (const [method, path, headers, body] of [
        ['GET', '/health', {}, undefined],
        ['HEAD', '/health', {}, undefined],
        ['GET', '/openapi.json', {}, undefined],
        ['POST', '/api/esb/ValidaCredenciales/accesstoken', form, 'grant_type=client_credentials&scope=update'],
        ['POST', '/api/esb/Cotizador/v1/AutoEstrene', { 'content-type': 'application/json' }, '{}'],
        ['GET', '/api/esb/Cotizador/v1/AutoEstrene', {}, undefined],
        ['GET', '/open-banking/open-data/v2/atms', {}, undefined],
        ['GET', '/open-banking/open-data/v2/otra?x=1', {}, undefined],
      ] as [string, string, Record<string, string>, string | undefined][]) {
        const expected = await send(nodePort, method, path, headers, body);
        const got = await send(port(), method, `${prefix}${path}`, headers, body);
        expect(got, `${method} ${prefix}${path}`).toEqual(expected);
      }
    });

    it('leaves every other path to the host: its routes before and after the service, and its own 404', async () => {
      expect(JSON.parse((await send(port(), 'GET', `${prefix}/antes`)).body)).toEqual({ ruta: 'antes' });
      expect(JSON.parse((await send(port(), 'GET', `${prefix}/despues`)).body)).toEqual({ ruta: 'despues' });
      const pedidos = await send(port(), 'POST', '/pedidos', { 'content-type': 'application/json' }, '{}');
      expect([pedidos.status, JSON.parse(pedidos.body)]).toEqual([201, { ruta: 'pedidos' }]);
      for (const path of [`${prefix}/no/such/route`, `${prefix}/`, '/otra/cosa', `${prefix}/healthz`]) {
        const res = await send(port(), 'GET', path);
        expect([res.status, JSON.parse(res.body)], path).toEqual([404, { host: framework, error: 'no encontrado' }]);
      }
    });

    if (prefix !== '') {
      it('answers nothing at the root when mounted under a prefix (the root is the host’s)', async () => {
        const res = await send(port(), 'GET', '/health');
        expect([res.status, JSON.parse(res.body)]).toEqual([404, { host: framework, error: 'no encontrado' }]);
      });
    }
  });
});

describe('the mount helpers', () => {
  it('know the service’s paths, with or without a query, and nothing else', () => {
    expect(servesPath('/health?full=1')).toBe(true);
    expect(servesPath('/open-banking/open-data/v2')).toBe(true);
    expect(servesPath('/open-banking/open-data/v2x')).toBe(false);
    expect(servesPath('/health/')).toBe(false);
    expect(servicePatterns()).toContain('/api/esb/Cotizador/v1/AutoEstrene');
    expect(servicePatterns().some((pattern) => pattern.includes(':'))).toBe(false);
  });
  it('take a prefix off only at a segment boundary', () => {
    expect(withoutPrefix('/cotizador/health', '/cotizador/')).toBe('/health');
    expect(withoutPrefix('/cotizador?x=1', '/cotizador')).toBe('/?x=1');
    expect(withoutPrefix('/health', '')).toBe('/health');
  });
});
