/**
 * Quoting a grid on worker threads: the grid is cut into chunks of consecutive scenario indices,
 * each worker seeks its own cursor (`GridCursor.seek`) to a chunk's first scenario, quotes and
 * formats the chunk's rows, and the main thread yields the formatted chunks back in grid order
 * (one string per chunk is far cheaper to pass between threads than the rows' objects). A bounded
 * window of chunks in flight keeps memory flat however slow the consumer is.
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';
import type { CreditRequest } from '../entry/credit.js';
import { GridCursor, type GridOptions } from '../entry/analysis.js';
import { CliError, EXIT_INTERNAL } from './errors.js';
import { GRID_WORKER_KIND } from './gridWorker.js';
import { gridWriter, type GridWriterSpec } from './gridFormat.js';
import { cliMessage } from './messages.js';

interface WorkerInput {
  readonly kind: typeof GRID_WORKER_KIND;
  readonly base: CreditRequest;
  readonly options: GridOptions;
  readonly spec: GridWriterSpec;
}
interface Task {
  readonly id: number;
  readonly from: number;
  readonly to: number;
}
type Reply = { readonly id: number; readonly text: string; readonly count: number } | { readonly id: number; readonly fatal: string };

/**
 * The worker's loop: quote each task's scenarios and post their summaries.
 *
 * @example
 * ```ts
 * import { isGridWorker } from './gridWorker.js';
 * if (isGridWorker()) serveGridWorker();
 * ```
 */
export function serveGridWorker(): void {
  const input = workerData as WorkerInput;
  const port = parentPort;
  if (port === null) return;
  const writer = gridWriter(input.spec);
  const cursor = new GridCursor(input.base, input.spec.variations, input.options);
  port.on('message', (task: Task) => {
    try {
      let text = '';
      cursor.seek(task.from);
      for (let i = task.from; i < task.to; i++) {
        text += writer.row(i, cursor.at, cursor.quote());
        cursor.next();
      }
      port.postMessage({ id: task.id, text, count: task.to - task.from } satisfies Reply);
    } catch (error) {
      port.postMessage({ id: task.id, fatal: error instanceof Error ? error.message : String(error) } satisfies Reply);
    }
  });
}

/** How the pool runs. */
export interface PoolOptions {
  /** The writer each worker formats its rows with. */
  readonly spec: GridWriterSpec;
  /** The engine options of every quote. */
  readonly engine?: GridOptions;
  readonly workers: number;
  readonly chunkSize: number;
  /** The script each worker runs (the CLI's own entry). */
  readonly script: string;
  /** Extra `execArgv` for the workers (the parent's by default). */
  readonly execArgv?: readonly string[];
}

/**
 * The grid's rows, formatted, in grid order, one piece per chunk, quoted on `options.workers` threads.
 *
 * @example
 * ```ts
 * // Twelve scenarios on 2 worker threads running the built CLI (`npm run build`), 4 a chunk, in grid order.
 * const variations = [parseVariation('plazo=12:36:12'), parseVariation('tasa=10:13:1')];
 * const spec = { format: 'csv', variations, lang: 'es', csv: {} } as const;
 * let csv = '';
 * for await (const chunk of parallelGrid(solicitud, 12, { spec, workers: 2, chunkSize: 4, script: './dist/cli.js' })) {
 *   csv += chunk.text;
 * }
 * csv.split('\r\n').length; // 13 (12 lines and the empty string after the last CRLF)
 * csv.startsWith('12,10.00,'); // true
 * ```
 */
export async function* parallelGrid(
  base: CreditRequest,
  total: number,
  options: PoolOptions,
): AsyncGenerator<{ readonly text: string; readonly count: number }> {
  const chunks = Math.ceil(total / options.chunkSize);
  const input: WorkerInput = { kind: GRID_WORKER_KIND, base, options: options.engine ?? {}, spec: options.spec };
  const pool = Array.from(
    { length: options.workers },
    () => new Worker(options.script, { workerData: input, ...(options.execArgv ? { execArgv: [...options.execArgv] } : {}) }),
  );
  const ready = new Map<number, { text: string; count: number }>();
  const load = new Array<number>(pool.length).fill(0);
  const window = pool.length * 4;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  let nextChunk = 0;
  let yielding = 0;
  let finished = false;

  const refill = (): void => {
    for (let w = 0; w < pool.length; w++) {
      while ((load[w] as number) < 2 && nextChunk < chunks && nextChunk < yielding + window) {
        const id = nextChunk++;
        (pool[w] as Worker).postMessage({
          id,
          from: id * options.chunkSize,
          to: Math.min(total, (id + 1) * options.chunkSize),
        } satisfies Task);
        load[w] = (load[w] as number) + 1;
      }
    }
  };
  pool.forEach((worker, w) => {
    worker.on('message', (reply: Reply) => {
      load[w] = (load[w] as number) - 1;
      if ('fatal' in reply) failure ??= new Error(reply.fatal);
      else ready.set(reply.id, { text: reply.text, count: reply.count });
      refill();
      wake?.();
    });
    worker.on('error', (error) => {
      failure ??= error;
      wake?.();
    });
    worker.on('exit', (code) => {
      if (!finished && code !== 0)
        failure ??= new CliError(cliMessage('errorInterno', { detail: cliMessage('hiloTerminado', { code }) }), EXIT_INTERNAL);
      wake?.();
    });
  });
  try {
    refill();
    for (; yielding < chunks; yielding++) {
      let chunk = ready.get(yielding);
      while (chunk === undefined) {
        if (failure !== undefined) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        chunk = ready.get(yielding);
      }
      ready.delete(yielding);
      refill();
      yield chunk;
    }
  } finally {
    finished = true;
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
}
