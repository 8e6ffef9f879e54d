/**
 * `cotizador/node`: the Node.js-only pieces, for a server on node:http: the listener and the
 * server with a public server's limits and a graceful shutdown, and the Express and Fastify
 * adapters (they speak node:http too), and the rate-limit store over Redis. Everything else of the package is Web-standard and runs on
 * any runtime; this entry alone imports `node:` modules.
 *
 * @module cotizador/node
 */
export * from './common.js';
export { toNodeListener, createNodeServer, shutdownNodeServer } from '../node/server.js';
export type { NodeListenerOptions, NodeServerOptions, RequestLogEntry } from '../node/server.js';
export { toFastifyPlugin } from '../node/fastify.js';
export type { FastifyLike } from '../node/fastify.js';
export { toExpressHandler } from '../node/express.js';
export type { ExpressHandler } from '../node/express.js';
export { createRedisRateLimitStore, DEFAULT_REDIS_KEY_PREFIX } from '../node/redisStore.js';
export type { RedisRateLimitStore, RedisRateLimitStoreOptions, RedisCommandClient, StoreDownMode } from '../node/redisStore.js';
export { staticSite, withStaticSite, SIMULATOR_ROUTES, STATIC_CSP } from '../node/assets.js';
export type { StaticSite } from '../node/assets.js';
