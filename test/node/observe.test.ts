/**
 * `cotizador/node`'s observing pieces: the log lines are pino's (compared with pino itself), the
 * service's events reach a real pino logger, a 5xx is logged with its folio and stack, and the
 * Prometheus metrics (real prom-client) count requests, latency, rate limits, switched-off APIs,
 * internal errors, the pool's queue and the drain, also on a port of their own.
 */
import { connect, type AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import fc from 'fast-check';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  createLogWriter,
  createMetricsServer,
  createNodeServer,
  createPrometheusMetrics,
  pinoObserver,
  shutdownNodeServer,
} from '../../src/entry/node.js';
import { createService, ROUTES, type ServiceConfig } from '../../src/entry/service.js';

const CLIENT = { clientId: 'app', clientSecret: 's3cret-value', scopes: ['update', 'read'] };
const SECRET = 'test secret of at least thirty-two bytes';
const basic = `Basic ${Buffer.from('app:s3cret-value').toString('base64')}`;

function collector(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return {
    stream,
    lines: () =>
      text
        .trim()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

function brokenService(config: Partial<ServiceConfig>) {
  return createService({
    clients: [CLIENT],
    tokenSecret: SECRET,
    documents: async () => {
      throw new TypeError('lookup exploded');
    },
    ...config,
  });
}

async function tokenOf(service: ReturnType<typeof createService>): Promise<string> {
  const answer = await service.handle({
    method: 'POST',
    path: ROUTES.token,
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=update',
  });
  return (JSON.parse(answer.body) as { access_token: string }).access_token;
}

describe('the log', () => {
  it("writes pino's lines: the same fields, in the same order, as pino itself", () => {
    const ours = collector();
    const theirs = collector();
    const writer = createLogWriter(ours.stream, { now: () => 1_700_000_000_000 });
    const logger = pino({ timestamp: () => ',"time":1700000000000' }, theirs.stream);
    const err = new RangeError('boom');
    err.stack = 'RangeError: boom\n    at x';
    for (const log of [writer, logger]) {
      log.info({ reqId: 'f-1', route: 'health', status: 200 }, 'request completed');
      log.error({ reqId: 'f-2', err }, 'internal error');
    }
    writer.flush();
    expect(JSON.stringify(ours.lines())).toBe(JSON.stringify(theirs.lines()));
  });

  it('logs every answer and every internal error through a real pino logger, the 5xx with its folio and stack', async () => {
    const out = collector();
    const service = brokenService({ observer: pinoObserver(pino(out.stream)) });
    const bearer = await tokenOf(service);
    const answer = await service.handle({
      method: 'POST',
      path: ROUTES.obtenerDocumento,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: '{"lineaCaptura":"0124ABCD5678EFGH9012"}',
    });
    expect(answer.status).toBe(500);
    await new Promise((resolve) => setImmediate(resolve));
    const lines = out.lines();
    expect(lines.map((line) => [line['level'], line['msg'], line['route'], line['status']])).toEqual([
      [30, 'request completed', 'token', 200],
      [50, 'internal error', 'obtenerDocumento', undefined],
      [50, 'request completed', 'obtenerDocumento', 500],
    ]);
    const [_, failure, done] = lines;
    expect(failure?.['reqId']).toBe(answer.folio);
    expect(done?.['reqId']).toBe(answer.folio);
    const err = failure?.['err'] as { type: string; stack: string } | undefined;
    expect(err?.type).toBe('TypeError');
    expect(err?.stack).toMatch(/^TypeError: lookup exploded\n\s+at /);
    const text = JSON.stringify(lines);
    for (const secret of [bearer, SECRET, 's3cret-value', '0124ABCD5678EFGH9012', basic.slice(6)]) expect(text).not.toContain(secret);
  });

  it('keeps to its level: warn writes 429s and errors only', () => {
    const out = collector();
    const writer = createLogWriter(out.stream, { level: 'warn' });
    const observer = pinoObserver(writer);
    const event = { method: 'GET', route: 'health', path: '/health', durationMs: 1, folio: 'f', outcome: 'answered' as const };
    observer.requestDone?.({ ...event, status: 200 });
    observer.requestDone?.({ ...event, status: 429, outcome: 'rateLimited' });
    observer.requestDone?.({ ...event, status: 503 });
    writer.flush();
    expect(out.lines().map((line) => [line['level'], line['status']])).toEqual([
      [40, 429],
      [50, 503],
    ]);
  });
});

describe('the metrics', () => {
  it('count requests and latency by route, method and status, rate limits, switched-off APIs and internal errors', async () => {
    let depth = 3;
    let draining = false;
    const metrics = await createPrometheusMetrics({ processMetrics: false, queueDepth: () => depth, draining: () => draining });
    const service = brokenService({
      observer: metrics.observer,
      metrics,
      rateLimit: { capacity: 3, refillPerSecond: 0.001 },
      switches: { off: ['atm'] },
    });
    const bearer = await tokenOf(service);
    const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
    const doc = { method: 'POST', path: ROUTES.obtenerDocumento, headers, body: '{"lineaCaptura":"0124ABCD5678EFGH9012"}' };
    await service.handle(doc);
    await service.handle(doc);
    await service.handle(doc);
    await service.handle({ method: 'GET', path: '/open-banking/open-data/v2/atms', headers: {} });
    await service.handle({ method: 'BREW', path: '/health', headers: {} });
    const text = await (await service.handle({ method: 'GET', path: '/metrics', headers: {} })).body;
    expect(text).toContain('cotizador_http_requests_total{route="token",method="POST",status="200"} 1');
    expect(text).toContain('cotizador_http_requests_total{route="obtenerDocumento",method="POST",status="500"} 2');
    expect(text).toContain('cotizador_http_requests_total{route="obtenerDocumento",method="POST",status="429"} 1');
    expect(text).toContain('cotizador_http_requests_total{route="atmList",method="GET",status="503"} 1');
    expect(text).toContain('cotizador_http_requests_total{route="health",method="other",status="405"} 1');
    expect(text).toContain('cotizador_rate_limited_total{route="obtenerDocumento"} 1');
    expect(text).toContain('cotizador_switched_off_total{route="atmList"} 1');
    expect(text).toContain('cotizador_internal_errors_total{route="obtenerDocumento"} 2');
    expect(text).toContain('cotizador_http_request_duration_seconds_count{route="obtenerDocumento",method="POST",status="500"} 2');
    expect(text).toContain('cotizador_pool_queue_depth 3');
    expect(text).toContain('cotizador_draining 0');
    depth = 0;
    draining = true;
    const later = await metrics.render();
    expect(later).toContain('cotizador_pool_queue_depth 0');
    expect(later).toContain('cotizador_draining 1');
    expect(metrics.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('are served alone on a port of their own', async () => {
    const metrics = await createPrometheusMetrics();
    const server = createMetricsServer(metrics);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const answer = await fetch(`${base}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('process_cpu_user_seconds_total');
      expect((await fetch(`${base}/other`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('/ready on a draining node:http server', () => {
  it('answers 503 notReady draining on a connection still open after shutdownNodeServer began', async () => {
    const server = createNodeServer(createService({ clients: [CLIENT], tokenSecret: SECRET }), { drainIdleMs: 5000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1');
    });
    const ask = async (path: string, until: string) => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      for (let waited = 0; !raw.includes(until); waited += 10) {
        if (waited > 10_000) throw new Error(`no answer: ${raw}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await ask('/ready', '{"status":"ready"}');
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    raw = '';
    const stopped = shutdownNodeServer(server, 10_000);
    await ask('/ready', '"reasons":["draining"]}');
    expect(raw).toMatch(/^HTTP\/1\.1 503 /);
    expect(raw).toContain('Connection: close');
    await stopped;
  });
});

describe("the log writer's lines", () => {
  it('are JSON.stringify of the fields, whatever the values (numbers, text of any kind, booleans, objects, errors)', () => {
    const value = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ maxLength: 40 }),
      fc.boolean(),
      fc.constant(null),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 }))),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 8 }), fc.string({ maxLength: 30 }), (fields, message) => {
        let text = '';
        const log = createLogWriter({ write: (chunk: string) => (text += chunk) }, { now: () => 1 });
        log.info(fields, message);
        log.flush();
        const expected = Object.entries(fields)
          .map(([key, field]) => `,${JSON.stringify(key)}:${JSON.stringify(field)}`)
          .join('');
        expect(text).toBe(
          `{"level":30,"time":1,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}${expected},"msg":${JSON.stringify(message)}}\n`,
        );
      }),
      { numRuns: 300 },
    );
  });
});
