/**
 * An Express (4 or 5) handler without a dependency on Express: `app.use(toExpressHandler(service))`
 * or `app.use('/prefix', toExpressHandler(service))` (no route pattern, so Express 5's path syntax
 * never applies). It answers the service's paths only and passes every other request on
 * (`next()`), so the host's routes before and after it keep working. Without a body parser in
 * front, it serves each request exactly as the node:http listener does (the service reads the body
 * within its limits); after `express.json()`, `express.urlencoded()`, `express.text()` or
 * `express.raw()`, it takes the body they produced.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveExchange, type NodeListenerOptions } from './server.js';
import type { Service } from '../service/service.js';
import { servesPath } from './mount.js';

/**
 * An Express request handler (middleware) signature.
 *
 * @example
 * ```ts
 * const handler: ExpressHandler = toExpressHandler(createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' }));
 * ```
 */
export type ExpressHandler = (
  request: IncomingMessage & { originalUrl?: string; body?: unknown },
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * The service as an Express handler: the service's paths (its routes, and everything under the
 * ATM API's base) are answered by the service, any other path goes on to the app's next route.
 * The path routed on is `url`, which Express gives a mounted handler without its mount path, so
 * `app.use('/cotizador', handler)` serves `/cotizador/health` as `/health`.
 *
 * @example
 * ```ts
 * import express from 'express';
 * const service = createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const app = express();
 * app.use(toExpressHandler(service)); // or app.use('/cotizador', toExpressHandler(service))
 * app.get('/pedidos', (_request, response) => void response.json([])); // still reached
 * app.listen(8080);
 * ```
 */
export function toExpressHandler(service: Service, options: NodeListenerOptions = {}): ExpressHandler {
  return (request, response, next) => {
    const path = request.url ?? '/';
    if (!servesPath(path)) return next();
    // Express announces itself on every answer; the service's answers are the interface's own.
    response.removeHeader('X-Powered-By');
    const parsed = request.body !== undefined ? { value: request.body as never } : undefined;
    void serveExchange(service, request, response, { ...options, path, parsedBody: parsed });
  };
}
