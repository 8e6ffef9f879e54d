/**
 * The lingering close over real HTTP on 127.0.0.1: a refusal sent while the client is still
 * sending reaches a client too busy to read it at once (without the lingering close the server's
 * close resets the connection and the answer is lost), and the draining that makes it so is
 * bounded in bytes and in time.
 */
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeServer, shutdownNodeServer } from '../../src/entry/node.js';
import { createService } from '../../src/entry/service.js';
import { DrainBudget, LINGER_BYTES, LINGER_MS, LINGER_RATE } from '../../src/node/linger.js';
import { basic, CLIENT, SECRET } from './helpers.js';

const TOKEN = '/api/esb/ValidaCredenciales/accesstoken';
const AUTO = '/api/esb/Cotizador/v1/AutoEstrene';
const MIB = 1024 * 1024;

let server: Server;
let port: number;
let bearer: string;
/** What each server-side connection read in all, once closed, by the client's port. */
const bytesRead = new Map<number, number>();

beforeAll(async () => {
  const service = createService({ clients: [CLIENT], tokenSecret: SECRET, maxBodyBytes: 16 * 1024, requestTimeoutMs: 30_000 });
  server = createNodeServer(service);
  server.on('connection', (socket: Socket) => {
    const remote = socket.remotePort ?? 0;
    socket.once('close', () => bytesRead.set(remote, socket.bytesRead));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const res = await fetch(`http://127.0.0.1:${port}${TOKEN}`, {
    method: 'POST',
    headers: { authorization: basic(CLIENT.clientId, CLIENT.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=update',
  });
  bearer = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await shutdownNodeServer(server, 100);
});

interface Outcome {
  /** The client's port (the server's remotePort). */
  readonly port: number;
  /** What the client read before the connection ended. */
  readonly raw: string;
  /** The socket error that ended it, if any (ECONNRESET, EPIPE). */
  readonly error: string | undefined;
}

/**
 * A busy client: it writes `head`, then `chunk` after `chunk` (one every `everyMs`, 0: as fast
 * as the connection takes them) without reading anything for `busyMs`; then it stops sending,
 * reads what arrived and waits for the connection to end.
 */
function busyClient(head: string, chunk: Buffer, busyMs: number, everyMs = 5): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    let sending = true;
    const pump = () => {
      if (sending && !socket.destroyed) socket.write(chunk, () => (everyMs === 0 ? setImmediate(pump) : setTimeout(pump, everyMs)));
    };
    socket.pause();
    socket.write(head, pump);
    setTimeout(() => {
      sending = false;
      socket.resume();
    }, busyMs);
    socket.on('data', (data: Buffer) => {
      raw += data.toString('latin1');
    });
    // The port as connected: a closed socket no longer knows it.
    let local = 0;
    socket.once('connect', () => {
      local = socket.localPort ?? 0;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ port: local, raw, error: error.code }));
    socket.on('close', () => resolve({ port: local, raw, error: undefined }));
  });
}

function request(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('')}\r\n`;
}

/** The status and `codigoError` of the one answer in `raw`. */
function answer(raw: string): [number, string] {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return [Number(head.split(' ')[1]), (JSON.parse(body) as { codigoError: string }).codigoError];
}

describe('a refusal reaches a client that is still sending and too busy to read it', () => {
  it('401 from the head on a 50 MB token form', async () => {
    const head = request('POST', TOKEN, {
      authorization: basic('intruder', 'x'),
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': 50 * MIB,
    });
    const outcome = await busyClient(head, Buffer.alloc(64 * 1024, 'a'), 300);
    expect(outcome.error, outcome.raw).toBeUndefined();
    expect(answer(outcome.raw)).toEqual([401, 'ERRSEG001']);
  });

  it('400 ERRESQ004 from the head on a token form above 4 KiB', async () => {
    const head = request('POST', TOKEN, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 50 * MIB });
    const outcome = await busyClient(head, Buffer.alloc(64 * 1024, 'a'), 300);
    expect(outcome.error, outcome.raw).toBeUndefined();
    expect(answer(outcome.raw)).toEqual([400, 'ERRESQ004']);
  });

  it('400 ERRESQ004 on a chunked body cut at the first byte over the limit', async () => {
    const head = request('POST', AUTO, {
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      'transfer-encoding': 'chunked',
    });
    const outcome = await busyClient(head, Buffer.from(`2000\r\n${'x'.repeat(0x2000)}\r\n`), 300);
    expect(outcome.error, outcome.raw).toBeUndefined();
    expect(answer(outcome.raw)).toEqual([400, 'ERRESQ004']);
  });

  it("431 from node:http's own header limit while the client still sends headers", async () => {
    const outcome = await busyClient(`POST ${AUTO} HTTP/1.1\r\nHost: a\r\nX-Big: `, Buffer.alloc(16 * 1024, 'x'), 300);
    expect(outcome.error, outcome.raw).toBeUndefined();
    expect(answer(outcome.raw)).toEqual([431, 'ERRSEG007']);
  });
});

describe('the draining is bounded', () => {
  it(`a client that sends without end and never reads is cut off after at most ${LINGER_BYTES} bytes`, async () => {
    const head = request('POST', TOKEN, { authorization: basic('intruder', 'x'), 'content-length': 1024 * MIB });
    // Busy for longer than the test may take: the server, not the client, ends the exchange.
    const outcome = await busyClient(head, Buffer.alloc(MIB, 'a'), 120_000, 0);
    expect(outcome.error).toBeDefined();
    while (!bytesRead.has(outcome.port)) await new Promise((resolve) => setTimeout(resolve, 10));
    const read = bytesRead.get(outcome.port) as number;
    expect(read).toBeGreaterThan(head.length);
    // What node:http buffered before the answer, plus the draining's bound, plus one read.
    expect(read).toBeLessThan(LINGER_BYTES + 4 * MIB);
  });

  it('a client that trickles without end is cut off after the lingering time', async () => {
    const head = request('POST', TOKEN, { authorization: basic('intruder', 'x'), 'content-length': 1024 * MIB });
    const socket = connect(port, '127.0.0.1');
    const ended = new Promise<string>((resolve) => {
      let raw = '';
      socket.on('data', (data: Buffer) => {
        raw += data.toString('latin1');
      });
      socket.on('error', () => {});
      socket.on('close', () => resolve(raw));
    });
    // One byte every 50 ms, and the client never closes its side: only the server's bound ends it.
    const timer = setInterval(() => socket.write('a'), 50);
    socket.write(head);
    try {
      expect(answer(await ended)).toEqual([401, 'ERRSEG001']);
    } finally {
      clearInterval(timer);
    }
  });

  it(`eight clients flooding refusals together are drained at most at ${LINGER_RATE} bytes a second`, async () => {
    const head = request('POST', TOKEN, { authorization: basic('intruder', 'x'), 'content-length': 1024 * MIB });
    const start = performance.now();
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => busyClient(head, Buffer.alloc(MIB, 'a'), 120_000, 0)));
    const elapsedSeconds = (performance.now() - start) / 1000;
    for (const outcome of outcomes) while (!bytesRead.has(outcome.port)) await new Promise((resolve) => setTimeout(resolve, 10));
    const read = outcomes.reduce((sum, outcome) => sum + (bytesRead.get(outcome.port) as number), 0);
    // Each is cut off by the lingering time, not by the byte bound: together they read no more than
    // the pace allows in that time, plus its burst, plus per connection what node:http buffered
    // before the answer and one read past the budget. (An upper bound: a busy machine reads less.)
    expect(elapsedSeconds).toBeGreaterThanOrEqual(LINGER_MS / 1000);
    expect(read).toBeLessThan(LINGER_RATE * elapsedSeconds + LINGER_RATE / 10 + 8 * 4 * MIB);
    expect(read).toBeLessThan(8 * LINGER_BYTES);
  });
});

describe('DrainBudget', () => {
  it('lets a tenth of a second of bytes through at once, then asks for the time the overspent bytes take', () => {
    let now = 0;
    const budget = new DrainBudget(10_000, () => now);
    expect(budget.charge(1000)).toBe(0);
    expect(budget.charge(500)).toBe(50);
    now = 50;
    expect(budget.charge(0)).toBe(0);
    now = 10_000; // a long wait refills no more than the burst
    expect(budget.charge(1000)).toBe(0);
    expect(budget.charge(1)).toBe(1);
  });
});
