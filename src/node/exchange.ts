/**
 * One node:http exchange answered by the service: head first, then the body only when the service
 * needs it (within its limit, the request's time and the server's bodies in flight), then the
 * answer, written once. Shared by the node:http listener and the framework adapters, so all of
 * them answer byte for byte alike. A server made by `createNodeServer` has a {@link ServerState}:
 * its connections, its bodies in flight, whether it is draining, and every exchange still owing
 * an answer, which its shutdown can answer at once.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { splitTarget } from '../http/protocol.js';
import type { RequestBody, ServiceRequest, ServiceResponse } from '../http/types.js';
import { declaresBody } from '../service/admission.js';
import type { Service, TransportFailure } from '../service/service.js';
import { BodyBuffers } from './bodyBuffers.js';
import type { Connections } from './connections.js';
import { type DrainBudget, isLingering, lingerAfterAnswer } from './linger.js';
import { arrivedBody, readBody } from './read.js';

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
 * Options of `toNodeListener` and `createNodeServer`.
 *
 * @example
 * ```ts
 * const options: NodeListenerOptions = { onResponse: (entry) => console.log(JSON.stringify(entry)) };
 * ```
 */
export interface NodeListenerOptions {
  /** Called once per answered request (a log line): the one place every answer is reported. */
  readonly onResponse?: ((entry: RequestLogEntry) => void) | undefined;
}

/**
 * What a server made by `createNodeServer` knows about itself.
 *
 * @example
 * ```ts
 * import { Connections } from './connections.js';
 * const state: ServerState = {
 *   draining: false,
 *   connections: new Connections({ maxConnections: 0, maxConnectionsPerAddress: 0 }),
 *   bodies: { inFlight: 0, max: 64 },
 *   owing: new Set(),
 * };
 * ```
 */
export interface ServerState {
  /** Shutting down: every answer closes its connection. */
  draining: boolean;
  readonly connections: Connections;
  /** Requests whose body is being read, and how many may be at once (0: no limit). */
  readonly bodies: { inFlight: number; readonly max: number };
  /** Exchanges owing an answer; each answers 503 `stopping` at once when called. */
  readonly owing: Set<() => void>;
  /** The pace of the server's lingering closes (unpaced without one). */
  readonly drain?: DrainBudget | undefined;
}

const STATES = new WeakMap<Server, ServerState>();

/**
 * Attaches `state` to `server` (the exchanges on its connections find it).
 *
 * @example
 * ```ts
 * import { Connections } from './connections.js';
 * const server = createNodeServer(createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' }));
 * attachState(server, { draining: true, connections: new Connections({ maxConnections: 0, maxConnectionsPerAddress: 0 }), bodies: { inFlight: 0, max: 64 }, owing: new Set() });
 * stateOf(server)?.draining; // true
 * ```
 */
export function attachState(server: Server, state: ServerState): void {
  STATES.set(server, state);
}

/**
 * The state of a server made by `createNodeServer` (undefined for any other).
 *
 * @example
 * ```ts
 * const server = createNodeServer(createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' }));
 * stateOf(server)?.bodies; // { inFlight: 0, max: 256 }
 * stateOf(undefined); // undefined
 * ```
 */
export function stateOf(server: Server | undefined): ServerState | undefined {
  return server === undefined ? undefined : STATES.get(server);
}

function socketServer(socket: Socket | null | undefined): Server | undefined {
  return (socket as (Socket & { server?: Server }) | null | undefined)?.server;
}

function logEntry(message: IncomingMessage, path: string, status: number, start: number, folio: string | undefined): RequestLogEntry {
  return {
    method: message.method ?? 'GET',
    path: splitTarget(path).pathname,
    status,
    ms: Math.round((performance.now() - start) * 100) / 100,
    folio,
  };
}

/**
 * The framing of an answer: its `Content-Length`, or none. A 304 has no content and says no
 * length (RFC 9110 §15.4.5). A HEAD answer is the GET's headers without the content: its length
 * is the GET's when the service gave that body, and none when the service left it out (a
 * `Content-Length: 0` there would say the GET's content is empty; RFC 9110 §8.6, §9.3.2).
 *
 * @example
 * ```ts
 * [contentLength('GET', 200, 15), contentLength('HEAD', 200, 0), contentLength('HEAD', 405, 312), contentLength('GET', 304, 0)];
 * // [15, undefined, 312, undefined]
 * ```
 */
export function contentLength(method: string | undefined, status: number, bodyBytes: number): number | undefined {
  if (status === 304 || status === 204 || (status >= 100 && status < 200)) return undefined;
  if (method === 'HEAD' && bodyBytes === 0) return undefined;
  return bodyBytes;
}

const ASCII_ENCODER = new TextEncoder();
/** The buffers bodies are written into, shared by every server of the process (bounded: ./bodyBuffers.ts). */
const BODY_BUFFERS = new BodyBuffers();

function send(message: IncomingMessage, response: ServerResponse, answer: ServiceResponse, close: boolean): void {
  if (response.headersSent || response.destroyed) return;
  // Speed: the service's bodies are ASCII (non-ASCII characters escaped), so one `encodeInto` a
  // buffer of the text's length writes them whole (a text it cannot write whole is encoded again, as
  // UTF-8), instead of `Buffer.byteLength` (a UTF-8 count over the text) then a Latin-1 copy; buys
  // 2–3 µs of 14–17 µs per 60-payment AutoEstrene body and 4–7 µs of 8–14 µs per 25 KB receipt body
  // (A/B of the two, interleaved, text making included, 2026-11-26). `Buffer.byteLength` was 15 % of
  // serve's CPU in its profile under load (it flattens the body's string, then counts). The buffer
  // is a kept one, given back when the answer finished (why: ./bodyBuffers.ts).
  const text = answer.body;
  const { bytes: ascii, kept } = BODY_BUFFERS.take(text.length);
  const { read, written } = ASCII_ENCODER.encodeInto(text, ascii);
  const whole = read === text.length && written === text.length;
  const bytes = whole ? ascii : Buffer.from(text, 'utf8');
  const length = bytes.length;
  const headers: Record<string, string | number> = { ...answer.headers };
  const framed = contentLength(message.method, answer.status, length);
  if (framed !== undefined) headers['Content-Length'] = framed;
  if (close) headers['Connection'] = 'close';
  response.writeHead(answer.status, headers);
  // node:http sends no content for HEAD or 304 (and no chunked framing without a length).
  const sent = message.method !== 'HEAD' && framed !== undefined;
  response.end(sent ? bytes : undefined);
  if (kept === undefined) return;
  if (!sent || !whole) BODY_BUFFERS.give(kept);
  else response.once('finish', () => BODY_BUFFERS.give(kept));
}

const DRAINING: Readonly<Record<string, string>> = {
  '/health': '{"status":"draining"}',
  '/ready': '{"status":"notReady","reasons":["draining"]}',
};

/**
 * How one exchange is served: the path to route on (a framework may have rewritten `url`), a
 * body a framework already read or parsed (then nothing is read from the stream), the log; a
 * refusal decided before the service is asked (`refuse`: an `Expect` it cannot meet); whether
 * the client waits for `100 Continue` before it sends its body (`expectsContinue`).
 */
export interface ExchangeOptions extends NodeListenerOptions {
  readonly path?: string | undefined;
  readonly parsedBody?: { readonly value: RequestBody } | undefined;
  readonly refuse?: TransportFailure | undefined;
  readonly expectsContinue?: boolean | undefined;
}

/**
 * Answers one node:http exchange with the service: head first, then the body only when the
 * service needs it (within its limit, the request's time and the server's bodies in flight),
 * then the answer. A request on a connection already refused and closing is not answered again.
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
  const socket = message.socket as Socket | null;
  if (socket !== null && isLingering(socket)) return;
  const state = stateOf(socketServer(socket));
  const head: ServiceRequest = {
    method: message.method ?? 'GET',
    path: options.path ?? message.url ?? '/',
    headers: message.headers,
    remoteAddress: socket?.remoteAddress,
  };
  let answered = false;
  /** Writes the answer (once: a later one, after the shutdown answered, is dropped). */
  const answer = (reply: ServiceResponse, close: boolean): void => {
    if (answered) return;
    answered = true;
    if (owing !== undefined) state?.owing.delete(owing);
    response.once('finish', () => options.onResponse?.(logEntry(message, head.path, reply.status, start, reply.folio)));
    // Closing while the client still sends its body would reset the connection under the answer.
    if (close && !message.complete) lingerAfterAnswer(message, state?.drain);
    // A server that began draining while this request ran closes its connection after it.
    send(message, response, reply, close || state?.draining === true);
  };
  /** The body is not needed: closing is cheaper than reading it to keep the connection. */
  const unread = () => declaresBody(head) && !message.complete;
  let owing: (() => void) | undefined;
  if (state !== undefined && socket !== null) {
    state.connections.begin(socket);
    response.once('close', () => state.connections.end(socket));
    owing = () => answer(service.transportFailure('stopping', head, 1), true);
    state.owing.add(owing);
  }
  try {
    // A head this broken ends its connection: what follows it cannot be trusted to frame a request.
    if (options.refuse !== undefined) return answer(service.transportFailure(options.refuse, head), true);
    if (message.httpVersion === '1.1' && message.headers.host === undefined)
      return answer(service.transportFailure('missingHost', head), true);
    // Draining: /health and /ready say so from here, whether or not the service was told (its `draining` hook).
    const probe = state?.draining === true && /^(GET|HEAD)$/i.test(head.method) ? DRAINING[splitTarget(head.path).pathname] : undefined;
    if (probe !== undefined) {
      return answer(
        { status: 503, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }, body: probe },
        true,
      );
    }
    if (options.parsedBody !== undefined) return answer(await service.handle({ ...head, body: options.parsedBody.value }), false);
    const reception = await service.receive(head);
    if ('response' in reception) return answer(reception.response, unread());
    // node:http runs this function's continuation between a packet's head and its body (the
    // parser calls back into JavaScript for each): one turn of the event loop lets it parse the rest.
    let arrived = arrivedBody(message, reception.maxBodyBytes);
    if (arrived === undefined && !message.complete && options.expectsContinue !== true) {
      await new Promise((resolve) => setImmediate(resolve));
      arrived = arrivedBody(message, reception.maxBodyBytes);
    }
    if (arrived !== undefined) return answer(await reception.complete(arrived), false);
    if (state !== undefined && state.bodies.max > 0 && state.bodies.inFlight >= state.bodies.max) {
      return answer(service.transportFailure('busy', head, 1), true);
    }
    if (options.expectsContinue === true) response.writeContinue();
    if (state !== undefined) state.bodies.inFlight++;
    let outcome: Awaited<ReturnType<typeof readBody>>;
    try {
      outcome = await readBody(message, reception.maxBodyBytes, service.limits.requestTimeoutMs - (performance.now() - start));
    } finally {
      if (state !== undefined) state.bodies.inFlight--;
    }
    if (outcome.ok) return answer(await reception.complete(outcome.bytes), false);
    if (outcome.reason === 'aborted') {
      answered = true;
      if (owing !== undefined) state?.owing.delete(owing);
      response.destroy();
      return;
    }
    return answer(reception.fail(outcome.reason), true);
  } catch {
    if (owing !== undefined) state?.owing.delete(owing);
    response.destroy();
  }
}
