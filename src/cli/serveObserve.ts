/**
 * What `cotizador serve` lets an operator see: the request log in pino's shape on stdout, the
 * Prometheus metrics (`--metrics`, on the server's port or on one of their own with
 * `--metrics-port`), `/ready` told of the drain; and `--dev`'s demo client with ready-to-paste
 * `curl` lines.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { createLogWriter, createMetricsServer, createPrometheusMetrics, pinoObserver, type LogLevel } from '../entry/node.js';
import { isQuoteError, localizedMessage, observers, type ClientRecord, type ServiceConfig } from '../entry/service.js';
import { CliError } from './errors.js';
import { fail } from './serveLimits.js';

/**
 * `serve`'s observing settings.
 *
 * @example
 * ```ts
 * const settings: ObserveSettings = { logLevel: 'info', metrics: true, metricsPort: undefined };
 * ```
 */
export interface ObserveSettings {
  readonly logLevel: LogLevel;
  readonly metrics: boolean;
  readonly metricsPort: number | undefined;
}

/**
 * What `serve` hands the service and keeps for itself: the service's observing configuration,
 * the metrics' own server (with `--metrics-port`), and the log's flush for the exit.
 *
 * @example
 * ```ts
 * const quiet: Observing = await observing({ logLevel: 'silent', metrics: false, metricsPort: undefined }, process.stdout, { draining: () => false });
 * quiet.config.observer === undefined; // true
 * ```
 */
export interface Observing {
  readonly config: Pick<ServiceConfig, 'observer' | 'metrics' | 'draining'>;
  readonly metricsServer: Server | undefined;
  readonly flush: () => void;
}

/**
 * The log (unless `silent`) and the metrics (when asked for) as the service's observer; `/ready`
 * and the `draining` gauge read `server.draining`, the pool gauge `server.queueDepth`.
 *
 * @example
 * ```ts
 * const { config, flush } = await observing({ logLevel: 'info', metrics: false, metricsPort: undefined }, process.stdout, { draining: () => false });
 * typeof config.observer?.requestDone; // 'function'
 * flush();
 * ```
 */
export async function observing(
  settings: ObserveSettings,
  stdout: { write(chunk: string): unknown },
  server: { readonly draining: () => boolean; readonly queueDepth?: (() => number) | undefined },
): Promise<Observing> {
  const writer = settings.logLevel === 'silent' ? undefined : createLogWriter(stdout, { level: settings.logLevel });
  const wanted = settings.metrics || settings.metricsPort !== undefined;
  let metrics: Awaited<ReturnType<typeof createPrometheusMetrics>> | undefined;
  try {
    metrics = wanted ? await createPrometheusMetrics({ draining: server.draining, queueDepth: server.queueDepth }) : undefined;
  } catch (error) {
    throw isQuoteError(error) ? new CliError((lang) => localizedMessage(error, lang), 2) : error;
  }
  return {
    config: {
      observer: observers(writer === undefined ? undefined : pinoObserver(writer), metrics?.observer),
      // On a port of their own, the metrics stay off the public one.
      metrics: settings.metricsPort === undefined ? metrics : undefined,
      draining: server.draining,
    },
    metricsServer: metrics !== undefined && settings.metricsPort !== undefined ? createMetricsServer(metrics) : undefined,
    flush: () => writer?.flush(),
  };
}

/**
 * `--dev` without clients: one demo client with a random secret, so the server can be tried at
 * once.
 *
 * @example
 * ```ts
 * devClient().clientId; // 'demo'
 * ```
 */
export function devClient(): ClientRecord {
  return { clientId: 'demo', clientSecret: randomBytes(24).toString('base64url'), scopes: ['update', 'read'] };
}

/**
 * The lines `serve --dev` prints for its demo client: a token, then an AutoEstrene quote with it.
 *
 * @example
 * ```ts
 * tryLines('http://127.0.0.1:8080', { clientId: 'demo', clientSecret: 'x', scopes: ['update'] })[0]?.startsWith('TOKEN=$(curl'); // true
 * ```
 */
export function tryLines(base: string, client: ClientRecord): string[] {
  const solicitud = JSON.stringify({
    solicitud: { montoSolicitado: '280000.00', valorFactura: '350000.00', tasa: '13.50', plazo: 12, comisiones: '2.00' },
  });
  return [
    `TOKEN=$(curl -s -u '${client.clientId}:${client.clientSecret}' -d grant_type=client_credentials ${base}/api/esb/ValidaCredenciales/accesstoken | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`,
    `curl -s -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d '${solicitud}' ${base}/api/esb/Cotizador/v1/AutoEstrene`,
  ];
}

/**
 * The base URL a `curl` on this machine reaches a server listening on `host`:`port` at
 * (an address of every interface is reached on the loopback).
 *
 * @example
 * ```ts
 * localBase('0.0.0.0', 8080); // 'http://127.0.0.1:8080'
 * localBase('::', 8080); // 'http://[::1]:8080'
 * ```
 */
export function localBase(host: string, port: number): string {
  if (host === '0.0.0.0') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

const LOG_LEVELS: readonly LogLevel[] = ['info', 'warn', 'error', 'silent'];

/**
 * The log level a setting names (default `info`); another text stops the start naming it.
 *
 * @example
 * ```ts
 * logLevelOf(undefined); // 'info'
 * logLevelOf('warn'); // 'warn'
 * ```
 */
export function logLevelOf(value: unknown): LogLevel {
  if (value === undefined) return 'info';
  if (!LOG_LEVELS.includes(value as LogLevel)) fail('ajusteNivelLog', { where: 'logLevel', value: String(value) });
  return value as LogLevel;
}

/**
 * CORS from the configuration file's `cors` object or `COTIZADOR_CORS_ORIGINS` (`*`, or origins
 * separated by commas; it replaces the file's origins). `createService` checks it.
 *
 * @example
 * ```ts
 * corsSetting(undefined, 'https://a.example, https://b.example'); // { allowedOrigins: ['https://a.example', 'https://b.example'] }
 * corsSetting({ allowedOrigins: '*' }, undefined); // { allowedOrigins: '*' }
 * ```
 */
export function corsSetting(value: unknown, fromEnv: string | undefined): ServiceConfig['cors'] {
  if (fromEnv === undefined || fromEnv.trim() === '') return value as ServiceConfig['cors'];
  const origins = fromEnv.split(',').map((origin) => origin.trim());
  const file = typeof value === 'object' && value !== null ? value : {};
  return { ...file, allowedOrigins: origins.length === 1 && origins[0] === '*' ? '*' : origins };
}

/**
 * The trusted proxies from the configuration file's `trustProxy` list or `COTIZADOR_TRUST_PROXY`
 * (addresses separated by commas; it wins). `createService` checks them.
 *
 * @example
 * ```ts
 * trustProxySetting(undefined, '10.0.0.1, 10.0.0.2'); // ['10.0.0.1', '10.0.0.2']
 * trustProxySetting(undefined, undefined); // undefined
 * ```
 */
export function trustProxySetting(value: unknown, fromEnv: string | undefined): ServiceConfig['trustProxy'] {
  if (fromEnv === undefined || fromEnv.trim() === '') return value as ServiceConfig['trustProxy'];
  return fromEnv.split(',').map((address) => address.trim());
}
