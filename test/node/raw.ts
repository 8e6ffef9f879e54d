/**
 * Raw HTTP/1.1 over a socket for the node:http tests: write bytes, read every answer back
 * (Content-Length framed, `100 Continue` included), know whether the connection ended in a reset.
 * Bounded by the tests' own timeouts; everything on 127.0.0.1.
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createNodeServer, type NodeServerOptions, type ServiceOptions } from '../../src/entry/node.js';
import { createService, type Service } from '../../src/entry/service.js';
import { basic, CLIENT, SECRET } from '../service/helpers.js';

export const AUTO = '/api/esb/Cotizador/v1/AutoEstrene';
export const TOKEN = '/api/esb/ValidaCredenciales/accesstoken';
export const RECEIPT = '/api/esb/ServiciosContribuyentes/obtenerDocumento';
export const ATMS = '/open-banking/open-data/v2/atms';

/** One answer read off the wire. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Every complete answer at the start of `raw` (interim `1xx` included), and the bytes after them. */
export function parseAnswers(raw: string): { answers: Answer[]; rest: string } {
  const answers: Answer[] = [];
  let rest = raw;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = end + 4;
    if (Buffer.byteLength(rest.slice(bodyStart), 'latin1') < length) break;
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(bodyStart, bodyStart + length) });
    rest = rest.slice(bodyStart + length);
  }
  return { answers, rest };
}

/** What a connection gave: its answers, and how it ended (`error`: the socket error, e.g. ECONNRESET). */
export interface Conversation {
  readonly answers: Answer[];
  readonly raw: string;
  readonly error: string | undefined;
}

/**
 * Opens a connection, writes `bytes` (one write: pipelined requests arrive together), and
 * resolves when the server closed it, or once `until` answers arrived (then it is closed here).
 */
export function converse(port: number, bytes: string | Buffer, until = Number.POSITIVE_INFINITY): Promise<Conversation> {
  return new Promise((resolve) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let raw = '';
    let error: string | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve({ answers: parseAnswers(raw).answers, raw, error });
    };
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1');
      if (parseAnswers(raw).answers.length >= until) {
        finish();
        socket.destroy();
      }
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code;
    });
    socket.on('close', finish);
    socket.write(bytes);
  });
}

/** A request's raw head (with `Host` unless `host` is false). */
export function head(method: string, path: string, headers: Record<string, string | number> = {}, host = true): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${method} ${path} HTTP/1.1\r\n${host ? 'Host: 127.0.0.1\r\n' : ''}${lines.join('')}\r\n`;
}

/** A whole POST with a JSON or form body. */
export function post(path: string, body: string, headers: Record<string, string | number> = {}): string {
  return head('POST', path, { 'content-length': Buffer.byteLength(body), ...headers }) + body;
}

/** A server made by `createNodeServer` on 127.0.0.1, listening. */
export interface Running {
  readonly server: Server;
  readonly port: number;
  readonly statuses: number[];
}

export async function listen(config: Partial<ServiceOptions> = {}, options: NodeServerOptions = {}): Promise<Running> {
  const statuses: number[] = [];
  const service = createService({ clients: [CLIENT], tokenSecret: SECRET, ...config });
  const server = createNodeServer(service, { onResponse: (entry) => statuses.push(entry.status), ...options });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, statuses };
}

/** A bearer token of the test client from the server on `port`. */
export async function bearer(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}${TOKEN}`, {
    method: 'POST',
    headers: {
      authorization: basic(CLIENT.clientId, CLIENT.clientSecret),
      'content-type': 'application/x-www-form-urlencoded',
      connection: 'close',
    },
    body: 'grant_type=client_credentials&scope=update',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * A server made by `createNodeServer` on 127.0.0.1 whose service answers every request with
 * `answer(request)` as a 200 `text/plain` body, listening; its port.
 */
export async function textServer(answer: (request: { path: string }) => string, servers: Server[]): Promise<number> {
  // The service is frozen: the answering one inherits from it, with its own `receive`.
  const service = Object.create(createService({ clients: [CLIENT], tokenSecret: SECRET }), {
    receive: {
      value: async (request: { path: string }) => ({
        response: { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: answer(request) },
      }),
    },
  }) as Service;
  const server = createNodeServer(service);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
