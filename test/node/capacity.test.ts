/**
 * Issue 21, item 2, over raw sockets: connections capped per address (429 ERRSEG006 at once) and
 * in total (the connection idle longest makes room; with none idle, 503 ERRSER003), bodies being
 * read capped (503 ERRSER003 from the head, the body unread), refusals counted in the total while
 * their answer is read (the oldest closed first to make room), each refusal with `Retry-After`
 * and the interface's envelope, read by the client before the connection closes.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema, validateWith } from '../../src/entry/contracts.js';
import { shutdownNodeServer } from '../../src/entry/node.js';
import { CREDIT_BODY } from '../service/helpers.js';
import { AUTO, bearer, converse, head, listen, parseAnswers, post, type Answer, type Running } from './raw.js';

const servers: Running[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const running of servers.splice(0)) await shutdownNodeServer(running.server, 100);
});

async function start(...args: Parameters<typeof listen>): Promise<Running> {
  const running = await listen(...args);
  servers.push(running);
  return running;
}

/** An open connection that has sent nothing yet (or `first`), and what it has received so far. */
async function open(
  port: number,
  first = '',
  allowHalfOpen = false,
): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen });
  sockets.push(socket);
  let raw = '';
  socket.on('data', (chunk: Buffer) => {
    raw += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  if (first !== '') socket.write(first);
  return { socket, received: () => raw, closed };
}

/** Waits (at most 10 s) until `ready` holds. */
async function until(ready: () => boolean): Promise<void> {
  for (let waited = 0; !ready(); waited += 10) {
    if (waited > 10_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function refusal(answer: Answer | undefined, status: number, code: string): void {
  expect(answer?.status, answer?.body).toBe(status);
  expect(answer?.headers['retry-after']).toBe('1');
  expect(answer?.headers['connection']).toBe('close');
  const body = JSON.parse(answer?.body ?? '') as Record<string, unknown>;
  expect(validateWith(ErrorEnvelopeSchema, body).success).toBe(true);
  expect(body['codigoError']).toBe(code);
}

describe('connections per address', () => {
  it('one past the share gets 429 ERRSEG006 at once; the ones it holds still work', async () => {
    const running = await start({}, { maxConnections: 100, maxConnectionsPerAddress: 2 });
    const held = [await open(running.port), await open(running.port)];
    await until(() => running.server.listening);
    const third = await converse(running.port, head('GET', '/health'));
    refusal(third.answers[0], 429, 'ERRSEG006');
    expect(JSON.parse(third.answers[0]?.body ?? '{}')).toMatchObject({
      detalles: { propiedad: 'Demasiadas conexiones abiertas desde su direcci\u00f3n; reintente en 1 s' },
    });
    held[0]?.socket.write(head('GET', '/health'));
    await until(() => parseAnswers(held[0]?.received() ?? '').answers.length === 1);
    expect(parseAnswers(held[0]?.received() ?? '').answers[0]?.status).toBe(200);
  });
});

describe('connections in total', () => {
  it('at the cap, the connection idle longest is closed for a new one', async () => {
    const running = await start({}, { maxConnections: 2, maxConnectionsPerAddress: 0 });
    const oldest = await open(running.port);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const newer = await open(running.port);
    const answer = await converse(running.port, head('GET', '/health'), 1);
    expect(answer.answers[0]?.status).toBe(200);
    await oldest.closed;
    expect(oldest.received()).toBe('');
    newer.socket.write(head('GET', '/health'));
    await until(() => parseAnswers(newer.received()).answers.length === 1);
  });

  it('at the cap with every connection owing an answer, the new one gets 503 ERRSER003', async () => {
    const running = await start({ requestTimeoutMs: 30_000 }, { maxConnections: 2, maxConnectionsPerAddress: 0 });
    const token = await bearer(running.port);
    const body = JSON.stringify(CREDIT_BODY);
    // Two requests whose bodies are still on the way: both connections owe an answer.
    const slow = head('POST', AUTO, {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': body.length,
    });
    const busy = [await open(running.port, slow + body.slice(0, 5)), await open(running.port, slow + body.slice(0, 5))];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await converse(running.port, head('GET', '/health'));
    refusal(refused.answers[0], 503, 'ERRSER003');
    // The requests in flight are unaffected.
    for (const connection of busy) connection.socket.write(body.slice(5));
    await until(() => busy.every((connection) => parseAnswers(connection.received()).answers.length === 1));
    expect(busy.map((connection) => parseAnswers(connection.received()).answers[0]?.status)).toEqual([200, 200]);
  });
});

describe('refusals count in the total', () => {
  it('a flood of refused connections never holds more descriptors than the cap: the oldest refusal makes room, the connection taken is untouched', async () => {
    const running = await start({}, { maxConnections: 4, maxConnectionsPerAddress: 1 });
    const taken = await open(running.port);
    const held = async () => new Promise<number>((resolve) => running.server.getConnections((_, count) => resolve(count)));
    let most = 0;
    for (let i = 0; i < 20; i++) {
      // Each refused client reads its answer and keeps its side open (half-open, as a client still
      // sending): the server's lingering close holds the connection.
      const refused = await open(running.port, '', true);
      await until(() => parseAnswers(refused.received()).answers.length === 1);
      refusal(parseAnswers(refused.received()).answers[0], 429, 'ERRSEG006');
      most = Math.max(most, await held());
    }
    // Unbounded, the 20 refusals would be open together for their 250 ms (21 descriptors).
    expect(most).toBeLessThanOrEqual(5);
    taken.socket.write(head('GET', '/health'));
    await until(() => parseAnswers(taken.received()).answers.length === 1);
    expect(parseAnswers(taken.received()).answers[0]?.status).toBe(200);
  });
});

describe('bodies in flight', () => {
  it('one past the cap is refused from its head with 503 ERRSER003, its body unread; a body that has arrived is not held', async () => {
    const running = await start({ requestTimeoutMs: 30_000 }, { maxBodiesInFlight: 1 });
    const token = await bearer(running.port);
    const body = JSON.stringify(CREDIT_BODY);
    const slow = head('POST', AUTO, {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': body.length,
    });
    const reading = await open(running.port, slow + body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Its head alone: the body would have to be waited for.
    const refused = await converse(running.port, slow + body.slice(0, 5));
    refusal(refused.answers[0], 503, 'ERRSER003');
    expect(refused.error).toBeUndefined();
    // A whole request in one packet needs no wait.
    const whole = await converse(
      running.port,
      post(AUTO, body, { authorization: `Bearer ${token}`, 'content-type': 'application/json' }),
      1,
    );
    expect(whole.answers[0]?.status).toBe(200);
    reading.socket.write(body.slice(5));
    await until(() => parseAnswers(reading.received()).answers.length === 1);
    expect(parseAnswers(reading.received()).answers[0]?.status).toBe(200);
  });
});
