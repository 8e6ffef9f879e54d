/**
 * Issue 21, item 3: a shutdown loses nothing it has received. With 200 keep-alive clients
 * looping, 50 bodies still arriving and 50 receipts in the worker pool (300 requests in flight),
 * every request written gets exactly one answer: the loops' next answers close their connections
 * (`Connection: close`, never a reset), what finishes within the grace is answered as usual, and
 * what is still owed at the grace's end gets 503 ERRSER003. A second call cuts the grace short
 * the same way.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, shutdownNodeServer, type WorkerPool } from '../../src/entry/node.js';
import { stateOf } from '../../src/node/exchange.js';
import { CREDIT_BODY } from '../service/helpers.js';
import { AUTO, bearer, head, listen, parseAnswers, post, RECEIPT, type Running } from './raw.js';

/** What a group of clients saw. */
interface Tally {
  /** Requests written. */
  sent: number;
  /** Answers read (interim 1xx excluded), by status. */
  statuses: Map<number, number>;
  /** Requests whose connection ended (a reset, or a close) before their answer. */
  lost: number;
  /** Answers that closed their connection. */
  closing: number;
  /** Connections that ended in a socket error. */
  errors: number;
  /** Connections answered at least once. */
  started: number;
}

const tally = (): Tally => ({ sent: 0, statuses: new Map(), lost: 0, closing: 0, errors: 0, started: 0 });
const answered = (t: Tally) => [...t.statuses.values()].reduce((a, b) => a + b, 0);

/**
 * A client on its own connection: writes `opening` once connected, then after each answer `next()`
 * (undefined: nothing more) until an answer closes the connection. `ended` resolves when the
 * connection is closed.
 */
function client(
  port: number,
  opening: string,
  next: () => string | undefined,
  t: Tally,
): { socket: Socket; ended: Promise<void>; heard: () => boolean } {
  const socket = connect(port, '127.0.0.1');
  let raw = '';
  let heard = false;
  let first = true;
  let outstanding = 0;
  const write = (bytes: string) => {
    outstanding++;
    t.sent++;
    socket.write(bytes);
  };
  socket.on('data', (chunk: Buffer) => {
    heard = true;
    const parsed = parseAnswers(raw + chunk.toString('latin1'));
    raw = parsed.rest;
    for (const answer of parsed.answers) {
      if (answer.status < 200) continue;
      outstanding--;
      if (first) t.started++;
      first = false;
      t.statuses.set(answer.status, (t.statuses.get(answer.status) ?? 0) + 1);
      if (answer.headers['connection'] === 'close') {
        t.closing++;
        continue;
      }
      const more = next();
      if (more !== undefined) write(more);
    }
  });
  const ended = new Promise<void>((resolve) => {
    socket.on('error', () => {
      t.errors++;
    });
    socket.on('close', () => {
      t.lost += outstanding;
      resolve();
    });
  });
  socket.once('connect', () => write(opening));
  return { socket, ended, heard: () => heard };
}

const pools: WorkerPool[] = [];
const servers: Running[] = [];
const timers: NodeJS.Timeout[] = [];
afterEach(async () => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const running of servers.splice(0)) await shutdownNodeServer(running.server, 0);
  for (const pool of pools.splice(0)) await pool.close();
});

/** Waits (at most 20 s) until `ready` holds. */
async function until(ready: () => boolean): Promise<void> {
  for (let waited = 0; !ready(); waited += 10) {
    if (waited > 20_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A server with a one-thread pool and no receipt cache (each receipt is rendered), and 300 requests in flight on it. */
async function busyServer() {
  const pool = createWorkerPool({ threads: 1, queue: 100 });
  pools.push(pool);
  const running = await listen({ executor: pool, receiptCacheBytes: 0, requestTimeoutMs: 60_000 });
  servers.push(running);
  const token = await bearer(running.port);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const credit = post(AUTO, JSON.stringify(CREDIT_BODY), auth);
  const loops = tally();
  const slowBodies = tally();
  const receipts = tally();
  const ended: Promise<void>[] = [];
  // 200 keep-alive clients looping on AutoEstrene.
  for (let i = 0; i < 200; i++) ended.push(client(running.port, credit, () => credit, loops).ended);
  // 50 bodies arriving a byte every 100 ms whose last byte never comes: still arriving at any grace
  // here, however slowly a busy machine runs this test.
  const body = JSON.stringify(CREDIT_BODY);
  for (let i = 0; i < 50; i++) {
    const {
      socket,
      ended: done,
      heard,
    } = client(
      running.port,
      `${head('POST', AUTO, { ...auth, 'content-length': body.length })}${body.slice(0, 10)}`,
      () => undefined,
      slowBodies,
    );
    let at = 10;
    timers.push(
      setInterval(() => {
        // A client stops sending once answered, as a real one would.
        if (at < body.length - 1 && !heard() && !socket.destroyed) socket.write(body.slice(at, ++at));
      }, 100),
    );
    ended.push(done);
  }
  // 50 receipts, each rendered on the pool's one thread (a second or more in all).
  const receipt = post(RECEIPT, '{"lineaCaptura":"0124ABCD5678EFGH9012"}', auth);
  for (let i = 0; i < 50; i++) ended.push(client(running.port, receipt, () => undefined, receipts).ended);
  // In flight: the server holds all 300 connections, every loop has been answered once and loops on.
  const state = stateOf(running.server);
  await until(() => state?.connections.size === 300 && loops.started === 200);
  return { running, pool, ended, loops, slowBodies, receipts };
}

function expectNoneLost(...groups: Tally[]): void {
  for (const t of groups) {
    expect(t.lost).toBe(0);
    expect(t.errors).toBe(0);
    expect(answered(t)).toBe(t.sent);
  }
}

describe('shutdownNodeServer with 300 requests in flight', () => {
  it('answers every request it received; what is owed at the grace gets 503', async () => {
    const { running, ended, loops, slowBodies, receipts } = await busyServer();
    expect(loops.sent - answered(loops) + slowBodies.sent + receipts.sent - answered(receipts)).toBeGreaterThanOrEqual(200);
    await shutdownNodeServer(running.server, 1500);
    await Promise.all(ended);
    expectNoneLost(loops, slowBodies, receipts);
    // Each loop's last answer closed its connection.
    expect(loops.closing).toBe(200);
    expect([...loops.statuses.keys()]).toEqual([200]);
    // The bodies could not finish: 503 at the grace, each closing its connection.
    expect(slowBodies.statuses).toEqual(new Map([[503, 50]]));
    expect(receipts.sent).toBe(50);
    expect([...receipts.statuses.keys()].every((status) => status === 200 || status === 503)).toBe(true);
    expect(running.server.listening).toBe(false);
  });

  it('a second call with no grace answers what is owed at once', async () => {
    const { running, ended, loops, slowBodies, receipts } = await busyServer();
    const first = shutdownNodeServer(running.server, 10 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = shutdownNodeServer(running.server, 0);
    await Promise.all([first, second]);
    await Promise.all(ended);
    expectNoneLost(loops, slowBodies, receipts);
    expect(slowBodies.statuses).toEqual(new Map([[503, 50]]));
  });
});
