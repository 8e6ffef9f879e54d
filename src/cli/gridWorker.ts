/**
 * Whether this thread is one of a grid's worker threads: the one thing the CLI's entry asks before
 * anything is loaded, so a run that is not a worker never loads the grid's pool and formats.
 */
import { parentPort, workerData } from 'node:worker_threads';

/** Marks the worker's `workerData`, so the CLI's entry knows it runs as a grid worker. */
export const GRID_WORKER_KIND = 'cotizador-grid-worker';

/**
 * True when this thread was started by the grid's pool (`parallelGrid`).
 *
 * @example
 * ```ts
 * isGridWorker(); // false (the main thread)
 * ```
 */
export function isGridWorker(): boolean {
  return parentPort !== null && (workerData as { readonly kind?: unknown } | undefined)?.kind === GRID_WORKER_KIND;
}
