/**
 * node:http without any HTTP dependency: `toNodeListener(service)` for a server of your own, and
 * `createNodeServer(service)` with the limits a public server needs (header, request and
 * keep-alive timeouts, the interface's 408 and 431 envelopes for what node:http refuses before
 * a listener runs, a graceful shutdown). Bodies are read within the service's limits: a request
 * the service can answer from its head (a 401, a declared size over the limit) is answered
 * without reading its body, and such a connection is closed with a lingering close (`linger.ts`).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { splitTarget } from '../http/protocol.js';
import type { RequestBody, ServiceRequest, ServiceResponse } from '../http/types.js';
import { declaresBody } from '../service/admission.js';
import { endLingering, isLingering, lingerAfterAnswer } from './linger.js';
import { arrivedBody, readBody } from './read.js';
import type { Service } from '../service/service.js';

/**
 * One line of the request log: never a header, a token or a body.
 *
 * @example
 * ```ts
 * const entry: RequestLogEntry = { method: 'POST', path: '/api/esb/Cotizador/v1/AutoEstrene', status: 200, ms: 1.8, folio: 'f-1' };
 * ```
 */
export interface RequestLogEntry {
  readonly method: string;
  /** The path without its query string. */
  readonly path: string;
  readonly status: number;
  /** Milliseconds from the request's arrival to the end of the answer. */
  readonly ms: number;
  readonly folio: string | undefined;
}

/**
 * Options of {@link toNodeListener} and {@link createNodeServer}.
 *
 * @example
 * ```ts
 * const options: NodeListenerOptions = { onResponse: (entry) => console.log(JSON.stringify(entry)) };
 * ```
 */
export interface NodeListenerOptions {
  /** Called once per answered request (a log line). */
  readonly onResponse?: ((entry: RequestLogEntry) => void) | undefined;
}

/** What a server built by {@link createNodeServer} knows about itself. */
interface ServerState {
  draining: boolean;
}
const STATES = new WeakMap<Server, ServerState>();

function logEntry(message: IncomingMessage, path: string, status: number, start: number, folio: string | undefined): RequestLogEntry {
  return {
    method: message.method ?? 'GET',
    path: splitTarget(path).pathname,
    status,
    ms: Math.round((performance.now() - start) * 100) / 100,
    folio,
  };
}

function send(message: IncomingMessage, response: ServerResponse, answer: ServiceResponse, close: boolean): void {
  if (response.headersSent || response.destroyed) return;
  const length = Buffer.byteLength(answer.body);
  // The service's bodies are ASCII (non-ASCII characters escaped): as Latin-1 they are copied
  // byte for byte, instead of encoded as UTF-8 inside the socket write.
  const bytes = length === answer.body.length ? Buffer.from(answer.body, 'latin1') : Buffer.from(answer.body, 'utf8');
  const headers: Record<string, string | number> = { ...answer.headers, 'Content-Length': length };
  if (close) headers['Connection'] = 'close';
  response.writeHead(answer.status, headers);
  response.end(message.method === 'HEAD' ? undefined : bytes);
}

const DRAINING_HEALTH = '{"status":"draining"}';

/**
 * How one exchange is served: the path to route on (a framework may have rewritten `url`), a
 * body a framework already read or parsed (then nothing is read from the stream), the log.
 */
interface ExchangeOptions extends NodeListenerOptions {
  readonly path?: string | undefined;
  readonly parsedBody?: { readonly value: RequestBody } | undefined;
}

/**
 * Answers one node:http exchange with the service: head first, then the body only when the
 * service needs it (within its limit and the request's time), then the answer. Shared by the
 * node:http listener and the framework adapters, so all of them answer byte for byte alike.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * const service = createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * createServer((message, response) => void serveExchange(service, message, response, {})).listen(8080);
 * ```
 */
export async function serveExchange(
  service: Service,
  message: IncomingMessage,
  response: ServerResponse,
  options: ExchangeOptions,
): Promise<void> {
  const start = performance.now();
  try {
    const head: ServiceRequest = {
      method: message.method ?? 'GET',
      path: options.path ?? message.url ?? '/',
      headers: message.headers,
      remoteAddress: message.socket?.remoteAddress,
    };
    const state = STATES.get((message.socket as (Socket & { server?: Server }) | undefined)?.server as Server);
    let answer: ServiceResponse;
    let close = state?.draining === true;
    if (state?.draining === true && splitTarget(head.path).pathname === '/health' && /^(GET|HEAD)$/i.test(head.method)) {
      answer = {
        status: 503,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
        body: DRAINING_HEALTH,
      };
    } else if (options.parsedBody !== undefined) {
      answer = await service.handle({ ...head, body: options.parsedBody.value });
    } else {
      const reception = await service.receive(head);
      if ('response' in reception) {
        answer = reception.response;
        // The body, if any, was not read: closing is cheaper than reading it to keep the connection.
        close ||= declaresBody(head) && !message.complete;
      } else {
        const arrived = arrivedBody(message, reception.maxBodyBytes);
        const outcome =
          arrived !== undefined
            ? { ok: true as const, bytes: arrived }
            : await readBody(message, reception.maxBodyBytes, service.limits.requestTimeoutMs - (performance.now() - start));
        if (outcome.ok) answer = await reception.complete(outcome.bytes);
        else if (outcome.reason === 'aborted') {
          response.destroy();
          return;
        } else {
          answer = reception.fail(outcome.reason);
          close = true;
        }
      }
    }
    response.once('finish', () => options.onResponse?.(logEntry(message, head.path, answer.status, start, answer.folio)));
    // Closing while the client still sends its body would reset the connection under the answer.
    if (close && !message.complete) lingerAfterAnswer(message);
    // A server that began draining while this request ran closes its connection after it.
    send(message, response, answer, close || state?.draining === true);
  } catch {
    response.destroy();
  }
}

/**
 * Turns a service into a node:http request listener. The body is read only when the service
 * needs it, up to the route's limit and within `requestTimeoutMs` (later: 408 ERRSER001; larger:
 * 400 ERRESQ004, both without reading further, and the connection is closed).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * const service = createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' });
 * createServer(toNodeListener(service)).listen(8080);
 * ```
 */
export function toNodeListener(
  service: Service,
  options: NodeListenerOptions = {},
): (message: IncomingMessage, response: ServerResponse) => void {
  return (message, response) => {
    void serveExchange(service, message, response, options);
  };
}

/**
 * Options of {@link createNodeServer}: the listener's, and node:http's own limits.
 *
 * @example
 * ```ts
 * const options: NodeServerOptions = { keepAliveTimeoutMs: 5000, maxHeaderBytes: 16384 };
 * ```
 */
export interface NodeServerOptions extends NodeListenerOptions {
  /** Idle time before a keep-alive connection is closed, ms. Default 5000. */
  readonly keepAliveTimeoutMs?: number | undefined;
  /** node:http's header limit (above it: 431 before the service sees the request). Default 16384. */
  readonly maxHeaderBytes?: number | undefined;
  /** How often node:http checks for requests past their time, ms. Default: a thirtieth of the request timeout, 50 to 1000. */
  readonly checkIntervalMs?: number | undefined;
}

function rawResponse(answer: ServiceResponse): string {
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`];
  for (const [name, value] of Object.entries(answer.headers)) lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${Buffer.byteLength(answer.body)}`, 'Connection: close', '', answer.body);
  return lines.join('\r\n');
}

/**
 * A node:http server for the service with the limits a public server needs: headers and body
 * must arrive within the service's `requestTimeoutMs` (408 ERRSER001), headers above
 * `maxHeaderBytes` get the interface's 431, idle keep-alive connections close after
 * `keepAliveTimeoutMs`. Answers that node:http itself must give before any listener runs are the
 * interface's envelopes too. Stop it with {@link shutdownNodeServer}.
 *
 * @example
 * ```ts
 * const server = createNodeServer(createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!', requestTimeoutMs: 10_000 }));
 * [server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]; // [10000, 11000, 5000]
 * // Serve it with server.listen on a port; drain it with shutdownNodeServer(server).
 * ```
 */
export function createNodeServer(service: Service, options: NodeServerOptions = {}): Server {
  const timeout = service.limits.requestTimeoutMs;
  const server = createServer(
    {
      // node:http's own clock is the backstop; the listener answers first with the envelope.
      requestTimeout: timeout + 1000,
      headersTimeout: timeout,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 5000,
      maxHeaderSize: options.maxHeaderBytes ?? 16384,
      connectionsCheckingInterval: options.checkIntervalMs ?? Math.min(1000, Math.max(50, Math.floor(timeout / 30))),
    },
    toNodeListener(service, options),
  );
  STATES.set(server, { draining: false });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Answered already: what still arrives is drained, not parsed as another request.
    if (isLingering(socket)) return;
    const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (!socket.writable || pending?.headersSent) {
      socket.destroy();
      return;
    }
    const code = error.code ?? '';
    if (code === 'ECONNRESET' || code === 'EPIPE') {
      socket.destroy();
      return;
    }
    const reason = code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'timeout' : code === 'HPE_HEADER_OVERFLOW' ? 'headersTooLarge' : 'malformed';
    const answer = service.transportFailure(reason);
    endLingering(socket, rawResponse(answer));
    options.onResponse?.({ method: '-', path: '-', status: answer.status, ms: 0, folio: answer.folio });
  });
  return server;
}

/**
 * Stops a server made by {@link createNodeServer} gracefully: it stops accepting connections,
 * answers `GET /health` with 503 `draining` and closes each keep-alive connection after its
 * current answer, lets the requests in flight finish, and after `graceMs` closes whatever is left.
 * Resolves when the server is closed.
 *
 * @example
 * ```ts
 * const server = createNodeServer(createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' }));
 * // …after serving with server.listen, on SIGTERM:
 * await shutdownNodeServer(server, 10_000);
 * server.listening; // false
 * ```
 */
export function shutdownNodeServer(server: Server, graceMs = 10_000): Promise<void> {
  const state = STATES.get(server);
  if (state !== undefined) state.draining = true;
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}
