/**
 * The service's metrics in Prometheus's text format, with prom-client (an optional peer
 * dependency, loaded only when metrics are asked for): requests and their latency by route,
 * method and status, the rate-limited and switched-off answers and the internal errors by route,
 * the worker pool's queue depth and whether the server is draining, and the process's own
 * metrics (CPU, memory, event-loop lag). `createPrometheusMetrics()` gives the observer to pass
 * to `createService` and the exposition it answers at `/metrics`; `createMetricsServer` serves
 * the exposition alone on a port of its own.
 */
import { createServer, type Server } from 'node:http';
import type { MetricsEndpoint, RequestDone, ServiceObserver } from '../service/observe.js';
import { serviceError } from '../service/messages.js';

/**
 * Options of {@link createPrometheusMetrics}.
 *
 * @example
 * ```ts
 * const options: PrometheusMetricsOptions = { prefix: 'cotizador_', queueDepth: () => 0, draining: () => false };
 * ```
 */
export interface PrometheusMetricsOptions {
  /** Before every metric's name but the process's own. Default `cotizador_`. */
  readonly prefix?: string | undefined;
  /** The request latency histogram's buckets, seconds. Default 1 ms to 10 s. */
  readonly buckets?: readonly number[] | undefined;
  /** The process's metrics (prom-client's defaults). Default true. */
  readonly processMetrics?: boolean | undefined;
  /** Jobs waiting in the worker pool, read at each scrape. Default: none (the gauge says 0). */
  readonly queueDepth?: (() => number) | undefined;
  /** Whether the server is draining, read at each scrape. Default: never. */
  readonly draining?: (() => boolean) | undefined;
}

/**
 * The metrics: the observer that counts, and the exposition (`MetricsEndpoint`) that prints them.
 *
 * @example
 * ```ts
 * const metrics: PrometheusMetrics = await createPrometheusMetrics();
 * const service = createService({ clients, observer: metrics.observer, metrics });
 * ```
 */
export interface PrometheusMetrics extends MetricsEndpoint {
  readonly observer: ServiceObserver;
  /** prom-client's registry holding them (register your own metrics in it). */
  readonly registry: import('prom-client').Registry;
}

async function promClient(): Promise<typeof import('prom-client')> {
  try {
    return await import('prom-client');
  } catch {
    throw serviceError('ERRESQ005', 'metricasFalta', 'config.metrics', { package: 'prom-client' });
  }
}

/** Methods a label may name; any other is `other` (a client's method is any token: a label set must stay small). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'CONNECT', 'TRACE']);

const DEFAULT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The service's metrics in a registry of their own (never prom-client's global one). Throws a
 * `QuoteError` (ERRESQ005 naming `config.metrics` and the package) when prom-client is not
 * installed.
 *
 * @example
 * ```ts
 * const metrics = await createPrometheusMetrics({ processMetrics: false });
 * metrics.observer.requestDone?.({ method: 'GET', route: 'health', path: '/health', status: 200, durationMs: 0.4, folio: 'f-1', outcome: 'answered' });
 * (await metrics.render()).includes('cotizador_http_requests_total{route="health",method="GET",status="200"} 1'); // true
 * ```
 */
export async function createPrometheusMetrics(options: PrometheusMetricsOptions = {}): Promise<PrometheusMetrics> {
  const prom = await promClient();
  const prefix = options.prefix ?? 'cotizador_';
  const registry = new prom.Registry();
  const requests = new prom.Counter({
    name: `${prefix}http_requests_total`,
    help: 'Requests answered, by route, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const latency = new prom.Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'From the head received to the answer ready (the body read included), by route, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: [...(options.buckets ?? DEFAULT_BUCKETS)],
    registers: [registry],
  });
  const rateLimited = new prom.Counter({
    name: `${prefix}rate_limited_total`,
    help: 'Requests refused with 429 (the client rate limit, failed authentications, connections per address), by route',
    labelNames: ['route'],
    registers: [registry],
  });
  const switchedOff = new prom.Counter({
    name: `${prefix}switched_off_total`,
    help: 'Requests answered 503 because their API is switched off or the bank link is down, by route',
    labelNames: ['route'],
    registers: [registry],
  });
  const internalErrors = new prom.Counter({
    name: `${prefix}internal_errors_total`,
    help: 'Exceptions turned into a 500 ERRSER002 (each logged with its folio and stack), by route',
    labelNames: ['route'],
    registers: [registry],
  });
  const queueDepth = options.queueDepth;
  new prom.Gauge({
    name: `${prefix}pool_queue_depth`,
    help: 'Jobs waiting for a worker of the pool (receipts, large bodies)',
    registers: [registry],
    collect() {
      this.set(queueDepth === undefined ? 0 : queueDepth());
    },
  });
  const draining = options.draining;
  new prom.Gauge({
    name: `${prefix}draining`,
    help: '1 while the server is shutting down',
    registers: [registry],
    collect() {
      this.set(draining?.() === true ? 1 : 0);
    },
  });
  if (options.processMetrics !== false) prom.collectDefaultMetrics({ register: registry });

  const observer: ServiceObserver = {
    requestDone(event: RequestDone) {
      const labels = {
        route: event.route,
        method: METHODS.has(event.method) ? event.method : 'other',
        status: String(event.status),
      };
      requests.inc(labels);
      latency.observe(labels, event.durationMs / 1000);
      if (event.outcome === 'rateLimited') rateLimited.inc({ route: event.route });
      if (event.outcome === 'switchedOff') switchedOff.inc({ route: event.route });
    },
    internalError(event) {
      internalErrors.inc({ route: event.route });
    },
  };
  return { observer, registry, contentType: registry.contentType, render: () => registry.metrics() };
}

/**
 * A node:http server answering `GET /metrics` with the exposition and 404 to anything else: to
 * serve the metrics on a port of their own, away from the public one.
 *
 * @example
 * ```ts
 * const metrics = await createPrometheusMetrics();
 * const server = createMetricsServer(metrics); // then server.listen on a port of its own, e.g. 9464
 * server.listening; // false
 * ```
 */
export function createMetricsServer(endpoint: MetricsEndpoint): Server {
  return createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    endpoint.render().then(
      (text) => {
        response.writeHead(200, { 'Content-Type': endpoint.contentType, 'Cache-Control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal Server Error\n');
      },
    );
  });
}
