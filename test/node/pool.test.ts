/**
 * Issue 21, item 1: the worker pool of `cotizador/node`. Its jobs give the same output as in the
 * calling thread (the receipt's bytes, a validation's first issue); at most `queue` wait while
 * every thread is busy, one more is refused (`ExecutorBusy`); `close()` refuses what waits and
 * what runs. Behind `createNodeServer`, a full pool answers 503 ERRSER003 with `Retry-After`,
 * never a stalled server: a health check is answered while receipts render.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { samplePayments } from '../../src/entry/documents.js';
import { createWorkerPool, ExecutorBusy, runJob, shutdownNodeServer, type WorkerPool } from '../../src/entry/node.js';
import { bearer, converse, head, listen, post, RECEIPT, type Running } from './raw.js';

const pools: WorkerPool[] = [];
const servers: Running[] = [];
afterEach(async () => {
  for (const running of servers.splice(0)) await shutdownNodeServer(running.server, 100);
  for (const pool of pools.splice(0)) await pool.close();
});

function pool(options: Parameters<typeof createWorkerPool>[0]): WorkerPool {
  const made = createWorkerPool(options);
  pools.push(made);
  return made;
}

const [RECORD, OTHER] = samplePayments() as [
  NonNullable<ReturnType<typeof samplePayments>[0]>,
  NonNullable<ReturnType<typeof samplePayments>[0]>,
];

describe('createWorkerPool', () => {
  it('renders a receipt on a thread: the same bytes as here', async () => {
    const threads = pool({ threads: 1 });
    const [there, here] = await Promise.all([
      threads.run({ kind: 'receipt', record: RECORD, issuer: undefined }),
      runJob({ kind: 'receipt', record: RECORD, issuer: undefined }),
    ]);
    expect(there).toBe(here);
  });

  it('validates bytes on a thread (moved, not copied): the same first issue as here', async () => {
    const threads = pool({ threads: 1 });
    const text = '{"solicitud":{"montoSolicitado":"x"}}';
    const there = await threads.run({ kind: 'validate', operation: 'autoEstrene', body: new Uint8Array(Buffer.from(text)) });
    expect(there).toEqual(await runJob({ kind: 'validate', operation: 'autoEstrene', body: text }));
  });

  it('holds at most `queue` jobs while every thread is busy; one more is refused at once', async () => {
    const threads = pool({ threads: 1, queue: 1 });
    const running = threads.run({ kind: 'receipt', record: RECORD, issuer: undefined });
    const waiting = threads.run({ kind: 'receipt', record: OTHER, issuer: undefined });
    expect([threads.running, threads.waiting]).toEqual([1, 1]);
    expect(threads.busy()).toBeGreaterThanOrEqual(1);
    await expect(threads.run({ kind: 'receipt', record: RECORD, issuer: undefined })).rejects.toBeInstanceOf(ExecutorBusy);
    await expect(running).resolves.toMatch(/^JVBERi0x/);
    await expect(waiting).resolves.toMatch(/^JVBERi0x/);
    expect(threads.busy()).toBeUndefined();
  });

  it('close() refuses what waits and what runs', async () => {
    const threads = pool({ threads: 1, queue: 4 });
    const jobs = [RECORD, OTHER, RECORD].map((record) => threads.run({ kind: 'receipt', record, issuer: undefined }));
    const outcomes = Promise.allSettled([...jobs, threads.turn()]);
    await threads.close();
    for (const outcome of await outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ExecutorBusy);
    }
    await expect(threads.run({ kind: 'receipt', record: RECORD, issuer: undefined })).rejects.toBeInstanceOf(ExecutorBusy);
  });

  it("a job's error is the job's (a record the receipt cannot print)", async () => {
    const threads = pool({ threads: 1 });
    await expect(threads.run({ kind: 'receipt', record: { ...RECORD, importe: 'x' }, issuer: undefined })).rejects.toThrow();
    await expect(threads.run({ kind: 'receipt', record: RECORD, issuer: undefined })).resolves.toMatch(/^JVBERi0x/);
  });
});

describe('behind createNodeServer', () => {
  it('a full pool answers 503 ERRSER003 with Retry-After; health is answered meanwhile', async () => {
    const threads = pool({ threads: 1, queue: 0 });
    // One client asks both: without its turns (heavyPerClient and heavyPerSecond 0), its second meets the full pool.
    const running = await listen({
      executor: threads,
      receiptCacheBytes: 0,
      heavyPerClient: 0,
      heavyPerSecond: 0,
      requestTimeoutMs: 30_000,
    });
    servers.push(running);
    const token = await bearer(running.port);
    const ask = (linea: string) =>
      converse(
        running.port,
        post(RECEIPT, JSON.stringify({ lineaCaptura: linea }), { authorization: `Bearer ${token}`, 'content-type': 'application/json' }),
        1,
      );
    const first = ask(RECORD.lineaCaptura);
    // The first is on the thread (the pool's running count says so) before the second is asked.
    for (let waited = 0; threads.running === 0; waited += 5) {
      if (waited > 10_000) throw new Error('the first receipt never reached the pool');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const second = await ask(OTHER.lineaCaptura);
    expect(second.answers[0]?.status).toBe(503);
    expect(second.answers[0]?.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(JSON.parse(second.answers[0]?.body ?? '{}')).toMatchObject({ status: 503, codigoError: 'ERRSER003' });
    const health = await converse(running.port, head('GET', '/health'), 1);
    expect(health.answers[0]?.status).toBe(200);
    expect((await first).answers[0]?.status).toBe(200);
  });
});
