/**
 * Where the service's heavy work runs, as `createService` is told: the executor (receipts, large
 * bodies' validation) and the receipt cache's bound, checked when the service is created.
 */
import { configError } from './configError.js';
import type { ServiceConfig } from './config.js';
import { IN_PROCESS_EXECUTOR, isExecutor, type Executor } from './executor.js';
import { DEFAULT_RECEIPT_CACHE_BYTES, ReceiptCache } from './receiptCache.js';

/**
 * Where an operation's heavy work runs: the service's executor and, for receipts, its cache
 * (none: every receipt rendered).
 *
 * @example
 * ```ts
 * import { ReceiptCache } from './receiptCache.js';
 * const work: Work = { executor: IN_PROCESS_EXECUTOR, receipts: new ReceiptCache(1024 * 1024) };
 * ```
 */
export interface Work {
  readonly executor: Executor;
  readonly receipts?: ReceiptCache | undefined;
}

/**
 * `createService`'s configuration: the service's settings ({@link ServiceConfig}) and where its
 * heavy work runs: `executor` (default: in the caller's thread; `createWorkerPool()` of
 * `cotizador/node` runs it on worker threads) and `receiptCacheBytes`, the bound of the receipt
 * cache in characters of base64 (default 16 MiB; 0 keeps none).
 *
 * @example
 * ```ts
 * const options: ServiceOptions = { clients, tokenSecret: 'a shared secret of at least 32 bytes!!', receiptCacheBytes: 0 };
 * createService(options).limits.maxBodyBytes; // 1048576
 * ```
 */
export interface ServiceOptions extends ServiceConfig {
  readonly executor?: Executor | undefined;
  readonly receiptCacheBytes?: number | undefined;
}

/**
 * The executor and the receipt cache of the options, checked: a `QuoteError` (`ERRESQ005`,
 * `config.executor` or `config.receiptCacheBytes`) for an unusable one.
 *
 * @example
 * ```ts
 * workOf({ clients, receiptCacheBytes: 0 }).receipts; // undefined
 * ```
 */
export function workOf(options: ServiceOptions): Work {
  const executor = options.executor ?? IN_PROCESS_EXECUTOR;
  if (!isExecutor(executor)) throw configError('configEjecutor', 'executor');
  const bytes = options.receiptCacheBytes ?? DEFAULT_RECEIPT_CACHE_BYTES;
  if (!Number.isSafeInteger(bytes) || bytes < 0)
    throw configError('configEnteroNoNegativo', 'receiptCacheBytes', { name: 'receiptCacheBytes' });
  const work: Work = { executor, receipts: bytes === 0 ? undefined : new ReceiptCache(bytes) };
  return Object.freeze(work);
}
