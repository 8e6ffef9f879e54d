/**
 * Issue 21 item 8 on the wire (127.0.0.1): HEAD carries the GET's headers and no body, never a
 * `Content-Length: 0` it would not have; 304 carries no `Content-Length` and no `Content-Type`;
 * every refusal on an ATM path, node:http's own included (duplicate Content-Length, TE.TE, a bad
 * chunk, a header overflow, a slow body), is the ATM error body in the request's language.
 */
import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtmErrorBodySchema, ErrorEnvelopeSchema, validateWith } from '../../src/entry/contracts.js';
import { createNodeServer, shutdownNodeServer } from '../../src/entry/node.js';
import { createService } from '../../src/entry/service.js';
import { CLIENT, SECRET } from '../service/helpers.js';

const ATM = '/open-banking/open-data/v2/atms';
let server: Server;
let port: number;

beforeAll(async () => {
  const service = createService({ clients: [CLIENT], tokenSecret: SECRET, requestTimeoutMs: 400, atmsPublic: true });
  server = createNodeServer(service, { checkIntervalMs: 50 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => shutdownNodeServer(server, 1000));

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Sends raw bytes, reads until the server closes (or 3 s), and parses the first answer (for a HEAD request: no body). */
function exchange(raw: string, head = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => socket.destroy(), 3000);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      const parsed = parse(text, head);
      if (parsed !== undefined) {
        clearTimeout(timer);
        socket.destroy();
        resolve(parsed);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const parsed = parse(text, head);
      if (parsed === undefined) reject(new Error(`no whole answer to ${JSON.stringify(raw.slice(0, 80))}: ${JSON.stringify(text)}`));
      else resolve(parsed);
    });
    socket.write(raw);
  });
}

function parse(raw: string, head: boolean): Answer | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(' ')[1]);
  if (head || status === 304) return { status, headers, body: raw.slice(end + 4) };
  const length = Number(headers['content-length'] ?? Number.NaN);
  const body = raw.slice(end + 4);
  if (!(body.length >= length)) return undefined;
  return { status, headers, body: body.slice(0, length) };
}

const request = (method: string, path: string, headers: readonly string[] = []) =>
  [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...headers, '', ''].join('\r\n');

/** Everything but the headers that describe one answer (its date, its framing). */
function describing(headers: Record<string, string>): Record<string, string> {
  const { date: _d, 'content-length': _l, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

describe('HEAD and 304 on the wire', () => {
  it("HEAD: the GET's status and headers, no body, no Content-Length it would not have", async () => {
    for (const path of [ATM, `${ATM}/api-version`, '/health', '/openapi.json']) {
      const get = await exchange(request('GET', path, ['Connection: close']));
      const head = await exchange(request('HEAD', path, ['Connection: close']), true);
      expect(head.status, path).toBe(get.status);
      expect(describing(head.headers), path).toEqual(describing(get.headers));
      expect(head.body, path).toBe('');
      // The service gave no body to measure: no length at all rather than a misleading 0.
      expect(head.headers['content-length'], path).toBeUndefined();
      expect(head.headers['transfer-encoding'], path).toBeUndefined();
    }
  });

  it('HEAD refused: the GET refusal’s headers and true length, no body', async () => {
    const get = await exchange(request('GET', '/api/esb/Cotizador/v1/AutoEstrene', ['Connection: close']));
    const head = await exchange(request('HEAD', '/api/esb/Cotizador/v1/AutoEstrene', ['Connection: close']), true);
    expect([head.status, get.status]).toEqual([405, 405]);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body).toBe('');
  });

  it('304: no Content-Length, no Content-Type, no body; the validators and caching headers', async () => {
    const get = await exchange(request('GET', ATM, ['Connection: close']));
    const etag = get.headers['etag'] ?? '';
    for (const method of ['GET', 'HEAD']) {
      const unchanged = await exchange(request(method, ATM, [`If-None-Match: ${etag}`, 'Connection: close']), method === 'HEAD');
      expect(unchanged.status).toBe(304);
      expect(unchanged.body).toBe('');
      expect(unchanged.headers['content-length']).toBeUndefined();
      expect(unchanged.headers['content-type']).toBeUndefined();
      expect(unchanged.headers['transfer-encoding']).toBeUndefined();
      expect([unchanged.headers['etag'], unchanged.headers['cache-control']]).toEqual([etag, get.headers['cache-control']]);
    }
  });
});

describe('every refusal on an ATM path is the ATM error body', () => {
  const atmError = (answer: Answer, status: number) => {
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(answer.status).toBe(status);
    expect(validateWith(AtmErrorBodySchema, body).success, answer.body).toBe(true);
    expect(body['status']).toBe(String(status));
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    return body;
  };

  it("node:http's malformed framings: duplicate Content-Length, TE.TE, CL with TE, a bad chunk", async () => {
    const framings: readonly (readonly string[])[] = [
      ['Content-Length: 1', 'Content-Length: 2'],
      ['Transfer-Encoding: chunked', 'Transfer-Encoding: xchunked'],
      ['Content-Length: 3', 'Transfer-Encoding: chunked', 'Connection: close'],
    ];
    for (const framing of framings) {
      const answer = await exchange(request('GET', ATM, ['Accept-Language: en_US', ...framing]));
      expect(answer.status, framing.join(', ')).toBe(400);
      const body = atmError(answer, 400);
      expect(body['description'], framing.join(', ')).toBe('request could not be understood');
    }
    // A final coding other than chunked: node:http waits for a body that never ends, then the ATM 408.
    atmError(await exchange(request('GET', ATM, ['Transfer-Encoding: xchunked'])), 408);
    // A bad chunk inside the body of a request being served: its exchange answers (400, or 408 once
    // its time is up), in the ATM shape either way.
    const chunk = await exchange(`${request('GET', `${ATM}/api-version`, ['Transfer-Encoding: chunked'])}zz\r\nabc\r\n`);
    expect([400, 408]).toContain(chunk.status);
    atmError(chunk, chunk.status);
  });

  it('a header overflow and a body past the time: 431 and 408 in the ATM shape', async () => {
    atmError(await exchange(request('GET', ATM, [`X-Big: ${'a'.repeat(20_000)}`])), 431);
    atmError(await exchange(request('GET', ATM, ['Content-Length: 10']).concat('ab')), 408);
  });

  it('the same refusals on an envelope path are envelopes', async () => {
    const answer = await exchange(request('POST', '/api/esb/Cotizador/v1/AutoEstrene', ['Content-Length: 1', 'Content-Length: 2']));
    expect(answer.status).toBe(400);
    expect(validateWith(ErrorEnvelopeSchema, JSON.parse(answer.body)).success, answer.body).toBe(true);
  });
});
