/**
 * An Express (4 or 5) handler without a dependency on Express: `app.use(toExpressHandler(service))`
 * (no route pattern, so Express 5's path syntax never applies). Without a body parser in front,
 * it serves each request exactly as the node:http listener does (the service reads the body
 * within its limits); after `express.json()`, `express.urlencoded()`, `express.text()` or
 * `express.raw()`, it takes the body they produced.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveExchange, type NodeListenerOptions } from './server.js';
import type { Service } from '../service/service.js';

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
 * The service as an Express handler for every method and path it is mounted on (use it last,
 * or on the interface's paths only). The path routed on is `originalUrl`, so mounting under a
 * prefix does not change what the service sees.
 *
 * @example
 * ```ts
 * import express from 'express';
 * const service = createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * const app = express();
 * app.use(toExpressHandler(service));
 * app.listen(8080);
 * ```
 */
export function toExpressHandler(service: Service, options: NodeListenerOptions = {}): ExpressHandler {
  return (request, response) => {
    // Express announces itself on every answer; the service's answers are the interface's own.
    response.removeHeader('X-Powered-By');
    const parsed = request.body !== undefined ? { value: request.body as never } : undefined;
    void serveExchange(service, request, response, { ...options, path: request.originalUrl ?? request.url, parsedBody: parsed });
  };
}
