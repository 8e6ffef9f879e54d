/**
 * node:http without any HTTP dependency: `toNodeListener(service)` for a server of your own, and
 * `createNodeServer(service)` with the limits a public server needs (header, request and
 * keep-alive timeouts; connections in total and per address; bodies in flight), the interface's
 * envelopes for everything node:http would answer on its own (a head it cannot parse, too large
 * or too slow, no `Host`, an `Expect` it cannot meet, `CONNECT`), and a graceful shutdown that
 * answers every request it has received. Bodies are read within the service's limits; a
 * connection refused while its client may still be sending is closed with a lingering close
 * (`linger.ts`), so the client reads its answer.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { rawRequestHead } from '../http/protocol.js';
import type { ServiceRequest, ServiceResponse } from '../http/types.js';
import type { Service } from '../service/service.js';
import { Connections, defaultConnectionLimits } from './connections.js';
import { attachState, contentLength, serveExchange, stateOf, type NodeListenerOptions, type ServerState } from './exchange.js';
import { DrainBudget, endLingering, isClosing, isLingering, LINGER_MS, LINGER_RATE } from './linger.js';

export type { NodeListenerOptions, RequestLogEntry } from './exchange.js';
// The framework adapters serve through the same exchange.
export { serveExchange } from './exchange.js';

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
 * Options of {@link createNodeServer}: the listener's, node:http's own limits, and the server's
 * capacity.
 *
 * @example
 * ```ts
 * const options: NodeServerOptions = { keepAliveTimeoutMs: 5000, maxHeaderBytes: 16384, maxConnectionsPerAddress: 64 };
 * ```
 */
export interface NodeServerOptions extends NodeListenerOptions {
  /** Idle time before a keep-alive connection is closed, ms. Default 5000. */
  readonly keepAliveTimeoutMs?: number | undefined;
  /** node:http's header limit (above it: 431 before the service sees the request). Default 16384. */
  readonly maxHeaderBytes?: number | undefined;
  /** How often node:http checks for requests past their time, ms. Default: a thirtieth of the request timeout, 50 to 1000. */
  readonly checkIntervalMs?: number | undefined;
  /**
   * Connections open at once, refused ones still closing included (0: no limit). Default: the
   * process's open-file limit less 64 (10,000 when unknown).
   */
  readonly maxConnections?: number | undefined;
  /** Connections open at once from one address (0: no limit). Default: a quarter of `maxConnections`. */
  readonly maxConnectionsPerAddress?: number | undefined;
  /** Request bodies being read at once (0: no limit); one more is refused from its head (503 ERRSER003). Default 256. */
  readonly maxBodiesInFlight?: number | undefined;
  /** During a shutdown, a connection owing no answer is closed once idle this long, ms. Default 1000. */
  readonly drainIdleMs?: number | undefined;
}

/** The raw HTTP of an answer for a connection that closes after it (one node:http never got to answer); to HEAD, without its content. */
function rawResponse(answer: ServiceResponse, method?: string): string {
  const lines = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`];
  for (const [name, value] of Object.entries(answer.headers)) lines.push(`${name}: ${value}`);
  const length = contentLength(method, answer.status, Buffer.byteLength(answer.body));
  if (length !== undefined) lines.push(`Content-Length: ${length}`);
  lines.push('Connection: close', '', method === 'HEAD' || length === undefined ? '' : answer.body);
  return lines.join('\r\n');
}

/**
 * The head of the request node:http refused, so the refusal is said in its API's shape: the
 * request whose body it was reading (a bad chunk, a body past the time), else the one read back
 * from the bytes it refused (a malformed framing, a header overflow). Undefined when neither is
 * known (a head that never completed before its timeout).
 */
function refusedHead(error: NodeJS.ErrnoException & { rawPacket?: Uint8Array }, socket: Duplex): ServiceRequest | undefined {
  const incoming = (socket as Socket & { parser?: { incoming?: IncomingMessage | null } | null }).parser?.incoming;
  if (incoming !== undefined && incoming !== null && !incoming.complete && incoming.url !== undefined) {
    return { method: incoming.method ?? 'GET', path: incoming.url, headers: incoming.headers };
  }
  return rawRequestHead(error.rawPacket);
}

/** What a server's shutdown holds: its end, and how to end its grace early. */
interface Stopping {
  readonly closed: Promise<void>;
  readonly hurry: (graceMs: number) => void;
}
const STOPPING = new WeakMap<Server, Stopping>();
const DRAIN_IDLE = new WeakMap<Server, number>();

/**
 * A node:http server for the service with the limits a public server needs: headers and body
 * must arrive within the service's `requestTimeoutMs` (408 ERRSER001), headers above
 * `maxHeaderBytes` get the interface's 431, idle keep-alive connections close after
 * `keepAliveTimeoutMs`; connections are capped in total (at the cap the one idle longest is
 * closed for a new one; with none idle the new one gets 503 ERRSER003) and per address (429
 * ERRSEG006), both with `Retry-After: 1` sent at once and a short lingering close; request bodies
 * being read are capped (503 ERRSER003 from the head). Answers node:http would give itself (no
 * `Host`, an unknown `Expect`, `CONNECT`, a request it cannot parse, also when pipelined behind
 * good ones, which are answered first) are the interface's envelopes (the ATM API's shape on its
 * paths) with the security headers. Stop it with {@link shutdownNodeServer}.
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
  const defaults = defaultConnectionLimits();
  const maxConnections = options.maxConnections ?? defaults.maxConnections;
  const state: ServerState = {
    draining: false,
    connections: new Connections({
      maxConnections,
      maxConnectionsPerAddress:
        options.maxConnectionsPerAddress ?? (maxConnections === 0 ? 0 : Math.max(1, Math.floor(maxConnections / 4))),
    }),
    bodies: { inFlight: 0, max: options.maxBodiesInFlight ?? 256 },
    owing: new Set(),
    drain: new DrainBudget(LINGER_RATE),
  };
  const server = createServer(
    {
      // node:http's own clock is the backstop; the listener answers first with the envelope.
      requestTimeout: timeout + 1000,
      headersTimeout: timeout,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 5000,
      maxHeaderSize: options.maxHeaderBytes ?? 16384,
      connectionsCheckingInterval: options.checkIntervalMs ?? Math.min(1000, Math.max(50, Math.floor(timeout / 30))),
      // The listener answers a request without Host with the interface's 400 (node:http's has no body).
      requireHostHeader: false,
    },
    toNodeListener(service, options),
  );
  attachState(server, state);
  DRAIN_IDLE.set(server, options.drainIdleMs ?? 1000);
  const report = (answer: ServiceResponse) =>
    options.onResponse?.({ method: '-', path: '-', status: answer.status, ms: 0, folio: answer.folio });

  /** Refuses a connection before any request: the answer at once, then a short lingering close. */
  const refuseConnection = (socket: Socket, answer: ServiceResponse) => {
    endLingering(socket, rawResponse(answer), 250, state.drain);
    report(answer);
  };
  server.on('connection', (socket: Socket) => {
    if (state.draining) return;
    const verdict = state.connections.admit(socket, (idle) => idle.destroy(), isClosing);
    if (verdict === 'address') refuseConnection(socket, service.transportFailure('tooManyConnections', undefined, 1));
    else if (verdict === 'full') refuseConnection(socket, service.transportFailure('busy', undefined, 1));
  });
  // Expect: 100-continue: the head is decided first, and `100 Continue` sent only when the body is wanted.
  server.on('checkContinue', (message: IncomingMessage, response: ServerResponse) => {
    void serveExchange(service, message, response, { ...options, expectsContinue: true });
  });
  server.on('checkExpectation', (message: IncomingMessage, response: ServerResponse) => {
    void serveExchange(service, message, response, { ...options, refuse: 'badExpectation' });
  });
  server.on('connect', (message: IncomingMessage, socket: Duplex) => {
    // Routed like any request: no route takes CONNECT (405, or 400 for a target that is no path).
    void service
      .handle({
        method: 'CONNECT',
        path: message.url ?? '',
        headers: message.headers,
        remoteAddress: message.socket.remoteAddress,
        body: '',
      })
      .then((answer) => {
        // node:http let go of this connection: what it still sends is read and dropped here.
        socket.on('data', () => {});
        endLingering(socket, rawResponse(answer), LINGER_MS, state.drain);
        report(answer);
      });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // Answered already: what still arrives is drained, not parsed as another request.
    if (isLingering(socket)) return;
    const code = error.code ?? '';
    if (!socket.writable || code === 'ECONNRESET' || code === 'EPIPE') {
      socket.destroy();
      return;
    }
    const reason = code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'timeout' : code === 'HPE_HEADER_OVERFLOW' ? 'headersTooLarge' : 'malformed';
    const head = refusedHead(error, socket);
    // A bad request pipelined behind good ones is answered after theirs, never instead of them.
    state.connections.afterAnswers(socket as Socket, () => {
      if (socket.destroyed || socket.writableEnded || isLingering(socket)) return;
      const answer = service.transportFailure(reason, head);
      endLingering(socket, rawResponse(answer, head?.method.toUpperCase()), LINGER_MS, state.drain);
      report(answer);
    });
  });
  return server;
}

/** The last step of a shutdown: every exchange owing an answer answers 503 now, every connection closes. */
function hardStop(server: Server, state: ServerState | undefined): void {
  if (state !== undefined) {
    for (const answer of [...state.owing]) answer();
    // After the poll phase, as in the drain's sweep: a request already received is answered (503, as owed) first.
    setImmediate(() => {
      for (const answer of [...state.owing]) answer();
      for (const socket of state.connections.idleFor(0)) if (!isLingering(socket)) endLingering(socket, '');
    });
  }
  // What the lingering closes leave is closed once they are over.
  setTimeout(() => server.closeAllConnections(), LINGER_MS + 100).unref();
}

/**
 * Stops a server made by {@link createNodeServer} gracefully: it stops accepting connections,
 * answers `GET /health` with 503 `draining`, answers every request it has received (each answer
 * closes its connection with `Connection: close`), closes connections that owe no answer once
 * they have been idle for `drainIdleMs` (1 s: a client looping on a keep-alive connection gets
 * its next request answered rather than a reset), and after `graceMs` answers every request still
 * owed 503 ERRSER003 (`Retry-After: 1`) and closes what is left with a lingering close. Resolves
 * when the server is closed. Called again during the drain, it shortens the grace to the new
 * `graceMs` (0: at once) and resolves with the first call.
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
  const running = STOPPING.get(server);
  if (running !== undefined) {
    running.hurry(graceMs);
    return running.closed;
  }
  const state = stateOf(server);
  if (state !== undefined) state.draining = true;
  let timer: NodeJS.Timeout | undefined;
  let deadline = performance.now() + graceMs;
  let sweep: NodeJS.Timeout | undefined;
  const closed = new Promise<void>((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      clearInterval(sweep);
      resolve();
    };
    // node:http's close() also closes every idle keep-alive connection at once, under a request
    // its client may be sending: this server stops listening only, and closes idle ones itself.
    if (state === undefined) server.close(done);
    else NetServer.prototype.close.call(server, done);
  });
  const stopAt = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(
      () => {
        clearInterval(sweep);
        hardStop(server, state);
      },
      Math.max(0, ms),
    );
    timer.unref();
  };
  stopAt(graceMs);
  if (state !== undefined) {
    const idleMs = DRAIN_IDLE.get(server) ?? 1000;
    // Looked at after the event loop's poll phase (setImmediate), not from a timer: a request the
    // kernel already holds for an idle connection is read (and counted) in that phase, so it is
    // answered instead of being closed under. Only a request still on its way can meet the close,
    // the keep-alive race every HTTP/1.1 client retries.
    const closeIdle = () =>
      setImmediate(() => {
        for (const socket of state.connections.idleFor(idleMs)) if (!isLingering(socket)) endLingering(socket, '');
      });
    closeIdle();
    sweep = setInterval(closeIdle, Math.max(50, Math.min(250, idleMs / 4)));
    sweep.unref();
  } else {
    server.closeIdleConnections();
  }
  STOPPING.set(server, {
    closed,
    hurry: (ms: number) => {
      const at = performance.now() + ms;
      if (at >= deadline) return;
      deadline = at;
      stopAt(ms);
    },
  });
  return closed;
}
