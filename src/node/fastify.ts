/**
 * A Fastify plugin without a dependency on Fastify: `app.register(toFastifyPlugin(service))`.
 * In its own (encapsulated) context a catch-all route and an `onRequest` hook serve each request
 * exactly as the node:http listener does (`reply.hijack()`), before Fastify parses anything: the
 * service reads and validates the body itself (bad JSON is the interface's ERRESQ001, not
 * Fastify's error; an odd Content-Type is the interface's 400, not Fastify's 415).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveExchange, type NodeListenerOptions } from './server.js';
import type { Service } from '../service/service.js';

/**
 * What the plugin uses of a Fastify instance (Fastify 4 and 5 have all of it).
 *
 * @example
 * ```ts
 * const used: (keyof FastifyLike)[] = ['removeAllContentTypeParsers', 'addContentTypeParser', 'route'];
 * ```
 */
export interface FastifyLike {
  addHook(
    name: 'onRequest',
    hook: (request: { raw: IncomingMessage }, reply: { raw: ServerResponse; hijack(): unknown }) => Promise<void>,
  ): unknown;
  removeAllContentTypeParsers(): unknown;
  addContentTypeParser(
    contentType: string,
    parser: (request: unknown, payload: unknown, done: (error: Error | null, body?: unknown) => void) => void,
  ): unknown;
  route(options: {
    method: string[];
    url: string;
    handler: (request: { raw: IncomingMessage }, reply: { raw: ServerResponse; hijack(): unknown }) => void;
  }): unknown;
}

/** The methods Fastify routes without `addHttpMethod` (another method gets Fastify's own 404). */
const METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

/**
 * The service as a Fastify plugin. Register it without a prefix to serve the interface's paths
 * as they are; Fastify's other routes keep working beside it (its static routes win).
 *
 * @example
 * ```ts
 * import Fastify from 'fastify';
 * const service = createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const app = Fastify();
 * await app.register(toFastifyPlugin(service));
 * await app.listen({ port: 8080, host: '127.0.0.1' });
 * ```
 */
export function toFastifyPlugin(service: Service, options: NodeListenerOptions = {}): (fastify: FastifyLike) => Promise<void> {
  return async (fastify) => {
    // Served at onRequest, before Fastify looks at Content-Type or the body (it would answer an
    // odd media type with its own 415): the service reads the body within its own limits.
    fastify.addHook('onRequest', async (request, reply) => {
      reply.hijack();
      await serveExchange(service, request.raw, reply.raw, options);
    });
    // Never reached (the hook answers), but keeps Fastify from parsing a body on its own.
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const handler = () => undefined;
    fastify.route({ method: METHODS, url: '/', handler });
    fastify.route({ method: METHODS, url: '/*', handler });
  };
}
