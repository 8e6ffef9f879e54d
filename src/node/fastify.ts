/**
 * A Fastify plugin without a dependency on Fastify: `app.register(toFastifyPlugin(service))`, or
 * with `{ prefix: '/cotizador' }`. In its own (encapsulated) context it registers the service's
 * routes only (every other path stays the host's, its 404 included), and an `onRequest` hook
 * serves each of them exactly as the node:http listener does (`reply.hijack()`), before Fastify
 * parses anything: the service reads and validates the body itself (bad JSON is the interface's
 * ERRESQ001, not Fastify's error; an odd Content-Type is the interface's 400, not Fastify's 415).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveExchange, type NodeListenerOptions } from './server.js';
import type { Service } from '../service/service.js';
import { servicePatterns, withoutPrefix } from './mount.js';

/**
 * What the plugin uses of a Fastify instance (Fastify 4 and 5 have all of it).
 *
 * @example
 * ```ts
 * const used: (keyof FastifyLike)[] = ['removeAllContentTypeParsers', 'addContentTypeParser', 'route'];
 * ```
 */
export interface FastifyLike {
  /** The prefix the plugin is registered under (`register(plugin, { prefix })`), `''` at the root. */
  readonly prefix?: string;
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
 * The service as a Fastify plugin: its routes (and every path under the ATM API's base), in every
 * method Fastify routes (the service answers a method it does not take, 405 in its shape); under
 * the prefix it is registered with, which the service does not see. Any other path is the host's.
 *
 * @example
 * ```ts
 * import Fastify from 'fastify';
 * const service = createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const app = Fastify();
 * app.get('/pedidos', async () => []); // still reached, as is Fastify's own 404
 * await app.register(toFastifyPlugin(service)); // or register(…, { prefix: '/cotizador' })
 * await app.listen({ port: 8080, host: '127.0.0.1' });
 * ```
 */
export function toFastifyPlugin(service: Service, options: NodeListenerOptions = {}): (fastify: FastifyLike) => Promise<void> {
  return async (fastify) => {
    const prefix = fastify.prefix ?? '';
    // Served at onRequest, before Fastify looks at Content-Type or the body (it would answer an
    // odd media type with its own 415): the service reads the body within its own limits. The
    // hook is this context's, so it runs for the routes below only.
    fastify.addHook('onRequest', async (request, reply) => {
      reply.hijack();
      await serveExchange(service, request.raw, reply.raw, { ...options, path: withoutPrefix(request.raw.url ?? '/', prefix) });
    });
    // Never reached (the hook answers), but keeps Fastify from parsing a body on its own.
    fastify.removeAllContentTypeParsers();
    fastify.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    const handler = () => undefined;
    for (const url of servicePatterns()) fastify.route({ method: METHODS, url, handler });
  };
}
