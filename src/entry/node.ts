/**
 * `cotizador/node`: the Node.js-only pieces, for a server on node:http: the listener and the
 * server with a public server's limits and a graceful shutdown, the pool of worker threads for
 * the service's heavy work, the Express and Fastify adapters (they speak node:http too), and the
 * rate-limit store over Redis. Everything else of the package is Web-standard and runs on any
 * runtime; this entry alone imports `node:` modules.
 *
 * @module cotizador/node
 */
export * from './common.js';
export { toNodeListener, createNodeServer, shutdownNodeServer } from '../node/server.js';
export type { NodeListenerOptions, NodeServerOptions, RequestLogEntry } from '../node/server.js';
export { createWorkerPool } from '../node/pool.js';
export type { WorkerPool, WorkerPoolOptions } from '../node/pool.js';
export { ExecutorBusy, IN_PROCESS_EXECUTOR, runJob } from '../service/executor.js';
export type { Executor, Job, JobOutput, ValidatedOperation } from '../service/executor.js';
export { DEFAULT_RECEIPT_CACHE_BYTES } from '../service/receiptCache.js';
export type { ServiceOptions } from '../service/work.js';
export { toFastifyPlugin } from '../node/fastify.js';
export type { FastifyLike } from '../node/fastify.js';
export { toExpressHandler } from '../node/express.js';
export type { ExpressHandler } from '../node/express.js';
export { withApiConsole, API_CONSOLE_PATH, API_CONSOLE_CSP } from '../node/apiConsole.js';
export { createRedisRateLimitStore, DEFAULT_REDIS_KEY_PREFIX } from '../node/redisStore.js';
export type { RedisRateLimitStore, RedisRateLimitStoreOptions, RedisCommandClient, StoreDownMode } from '../node/redisStore.js';
export { createLogWriter, pinoObserver, serializeError } from '../node/log.js';
export type { LogLevel, LogWriterOptions, PinoLike } from '../node/log.js';
export { createMetricsServer, createPrometheusMetrics } from '../node/metrics.js';
export type { PrometheusMetrics, PrometheusMetricsOptions } from '../node/metrics.js';
export { staticSite, withStaticSite, SIMULATOR_ROUTES, STATIC_CSP } from '../node/assets.js';
export type { StaticSite } from '../node/assets.js';
