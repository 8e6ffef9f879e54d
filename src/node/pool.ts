/**
 * The service's heavy work on worker threads: `createWorkerPool()` is an `Executor` (the
 * interface `src/service/executor.ts` defines) whose jobs (a receipt's PDF, a large body's
 * validation) run on a few threads of this process, at a lower scheduling priority where the
 * system allows it (Linux: each thread's nice value, {@link WORKER_NICE_STEP} above the process's),
 * so the event loop answering everything else keeps its core. At most `queue` jobs wait; one more is refused at once (`ExecutorBusy`: the
 * client gets 503 ERRSER003 with `Retry-After`), so a flood of receipts costs a bounded queue,
 * never a stalled server. Cheap answers to heavy routes (a cached receipt) take their `turn`: one
 * per turn of the event loop, after the requests already read.
 *
 * A worker runs this very module (the file it was loaded from: the package's entry or chunk, or
 * the sources under tsx), which starts serving jobs when it finds itself on a pool's thread.
 */
import { readlinkSync } from 'node:fs';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { ExecutorBusy, runJob, type Executor, type Job, type JobOutput } from '../service/executor.js';

/** Marks the `workerData` of a pool's thread. */
const POOL_WORKER_KIND = 'cotizador-pool-worker';

/**
 * Options of {@link createWorkerPool}.
 *
 * @example
 * ```ts
 * const options: WorkerPoolOptions = { threads: 1, queue: 32 };
 * ```
 */
export interface WorkerPoolOptions {
  /** Worker threads. Default: the cores but one, at least 1 (started on the first job). */
  readonly threads?: number | undefined;
  /** Jobs (and turns) that may wait while every thread is busy; one more is refused with `ExecutorBusy`. Default 64. */
  readonly queue?: number | undefined;
  /** Bodies of at least this many bytes are validated on the pool. Default 8192; `Infinity`: none. */
  readonly offloadBodyBytes?: number | undefined;
  /** Run the threads {@link WORKER_NICE_STEP} nice steps below the process's priority (Linux). Default true. */
  readonly lowPriority?: boolean | undefined;
}

/**
 * A pool of worker threads for the service's heavy work; `close()` refuses what waits, stops the
 * threads (a job still running is refused too) and resolves once they are gone.
 *
 * @example
 * ```ts
 * const pool: WorkerPool = createWorkerPool({ threads: 1 });
 * [pool.waiting, pool.running]; // [0, 0]
 * await pool.close();
 * ```
 */
export interface WorkerPool extends Executor {
  /** The seconds a new job would be told to wait, or undefined when it would be taken. */
  busy(): number | undefined;
  /** Jobs and turns waiting. */
  readonly waiting: number;
  /** Jobs running on a thread. */
  readonly running: number;
  close(): Promise<void>;
}

interface Task {
  readonly id: number;
  readonly job: Job;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker | undefined;
  task: Task | undefined;
  /** When its task was posted, ms. */
  started: number;
}

type Reply = { readonly id: number; readonly value: unknown } | { readonly id: number; readonly error: string };

/** This module's own file, for the workers to load (ESM, CommonJS, or the sources under tsx). */
function ownFile(): string {
  return typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
}

/** The bytes a job moves to its thread without a copy (the body's buffer, when the body owns all of it). */
function transferOf(job: Job): ArrayBuffer[] {
  if (job.kind !== 'validate' || typeof job.body === 'string') return [];
  const { buffer, byteOffset, byteLength } = job.body;
  return buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength ? [buffer] : [];
}

/**
 * A pool of worker threads running the service's heavy work, for `createService({ executor })`.
 *
 * @example
 * ```ts
 * const pool = createWorkerPool({ threads: 1, queue: 16 });
 * const service = createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!', executor: pool });
 * // …serve; when the server has stopped:
 * await pool.close();
 * ```
 */
export function createWorkerPool(options: WorkerPoolOptions = {}): WorkerPool {
  const threads = Math.max(1, Math.floor(options.threads ?? availableParallelism() - 1));
  const limit = Math.max(0, Math.floor(options.queue ?? 64));
  const lowPriority = options.lowPriority ?? true;
  const slots: Slot[] = Array.from({ length: threads }, () => ({ worker: undefined, task: undefined, started: 0 }));
  const queue: Task[] = [];
  const turns: { resolve(): void; reject(error: unknown): void }[] = [];
  let turning = false;
  let nextId = 0;
  let closed = false;
  /** A running average of a job's time, ms: what a refused client is told to wait. */
  let averageMs = 50;

  const wait = () => ((queue.length + 1) * averageMs) / threads / 1000;
  /** No thread is free and the queue holds its limit: one more job would be refused. */
  const full = () => closed || (queue.length >= limit && slots.every((slot) => slot.task !== undefined));

  function start(slot: Slot): Worker {
    const file = ownFile();
    const data = { kind: POOL_WORKER_KIND, lowPriority };
    const worker = file.endsWith('.ts')
      ? // The sources (tests, tsx): a thread does not inherit tsx's loader, so it registers it, then loads this module.
        new Worker(`import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(pathToFileURL(file).href)}); })`, {
          eval: true,
          workerData: data,
        })
      : new Worker(file, { workerData: data });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const task = slot.task;
      if (task === undefined || task.id !== reply.id) return;
      slot.task = undefined;
      averageMs = averageMs * 0.8 + (performance.now() - slot.started) * 0.2;
      if ('error' in reply) task.reject(new Error(reply.error));
      else task.resolve(reply.value);
      dispatch();
    });
    const lost = (why: string) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      const task = slot.task;
      slot.task = undefined;
      task?.reject(closed ? new ExecutorBusy(1) : new Error(`worker thread ${why}`));
      if (!closed) dispatch();
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`exited with ${code}`));
    return worker;
  }

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.task !== undefined) continue;
      const task = queue.shift();
      if (task === undefined) return;
      slot.worker ??= start(slot);
      slot.task = task;
      slot.started = performance.now();
      slot.worker.postMessage({ id: task.id, job: task.job }, transferOf(task.job));
    }
  }

  function releaseTurn(): void {
    turning = false;
    turns.shift()?.resolve();
    if (turns.length > 0) {
      turning = true;
      setImmediate(releaseTurn);
    }
  }

  return {
    offloadBodyBytes: options.offloadBodyBytes ?? 8192,
    get waiting() {
      return queue.length + turns.length;
    },
    get running() {
      return slots.filter((slot) => slot.task !== undefined).length;
    },
    busy() {
      return full() ? Math.max(1, Math.ceil(wait())) : undefined;
    },
    run<J extends Job>(job: J): Promise<JobOutput<J>> {
      if (full()) return Promise.reject(new ExecutorBusy(wait()));
      return new Promise<JobOutput<J>>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve: resolve as (value: unknown) => void, reject });
        dispatch();
      });
    },
    turn() {
      if (closed || turns.length >= limit) return Promise.reject(new ExecutorBusy(1));
      return new Promise<void>((resolve, reject) => {
        turns.push({ resolve, reject });
        if (!turning) {
          turning = true;
          // After the I/O of this turn of the event loop: the requests already read go first.
          setImmediate(releaseTurn);
        }
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new ExecutorBusy(1));
      for (const waiter of turns.splice(0)) waiter.reject(new ExecutorBusy(1));
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          if (worker === undefined) return;
          const task = slot.task;
          slot.worker = undefined;
          slot.task = undefined;
          task?.reject(new ExecutorBusy(1));
          await worker.terminate();
        }),
      );
    },
  };
}

/**
 * How much lower than the process the pool's threads run (Linux nice steps, at most 19): the event
 * loop gets about nine tenths of a core the threads compete for, while a thread still gets a share
 * beside other programs at the process's own priority. (At the lowest priority, nice 19, a thread
 * got ~1 % of a core beside four busy programs: a receipt's first rendering, which loads the PDF
 * and barcode libraries, then took more than a minute.)
 *
 * @example
 * ```ts
 * WORKER_NICE_STEP; // 10
 * ```
 */
export const WORKER_NICE_STEP = 10;

/** Serves jobs on a pool's thread: each message is one job, answered with its output or its error's message. */
function serveJobs(port: NonNullable<typeof parentPort>, lowPriority: boolean): void {
  if (lowPriority) {
    try {
      // Linux: /proc/thread-self names this thread's id, and a thread id sets that thread's nice value.
      const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
      if (Number.isSafeInteger(tid) && tid > 0) setPriority(tid, Math.min(19, getPriority(tid) + WORKER_NICE_STEP));
    } catch {
      // Elsewhere the threads run at the process's priority.
    }
  }
  port.on('message', (message: { id: number; job: Job }) => {
    runJob(message.job).then(
      (value) => port.postMessage({ id: message.id, value } satisfies Reply),
      (error: unknown) =>
        port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) } satisfies Reply),
    );
  });
}

if (!isMainThread && parentPort !== null && (workerData as { kind?: unknown } | undefined)?.kind === POOL_WORKER_KIND) {
  serveJobs(parentPort, (workerData as { lowPriority: boolean }).lowPriority);
}
