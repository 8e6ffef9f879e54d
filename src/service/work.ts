/**
 * Where the service's heavy work runs, as `createService` is told: the executor (receipts, large
 * bodies' validation) and the receipt cache's bound, checked when the service is created.
 */
import { configError } from './configError.js';
import { nonNegativeInteger, type ServiceConfig } from './config.js';
import { IN_PROCESS_EXECUTOR, isExecutor, type Executor } from './executor.js';
import { ClientLanes } from './clientLanes.js';
import { DEFAULT_RECEIPT_CACHE_BYTES, ReceiptCache } from './receiptCache.js';

/**
 * How many requests of one client a heavy route (a receipt) serves at once, by default: the
 * others wait their turn (`heavyPerClient`; 0: no limit).
 *
 * @example
 * ```ts
 * DEFAULT_HEAVY_PER_CLIENT; // 1
 * ```
 */
export const DEFAULT_HEAVY_PER_CLIENT = 1;

/**
 * How many of one client's heavy requests (receipts) start a second at most, by default: the
 * others wait their turn (`heavyPerSecond`; 0: no pace).
 *
 * @example
 * ```ts
 * DEFAULT_HEAVY_PER_SECOND; // 20
 * ```
 */
export const DEFAULT_HEAVY_PER_SECOND = 20;

/**
 * A request body this large is heavy work (read, parsed and validated, on the pool when there is
 * one) and takes its client's turn, as a receipt does. No request of the interface comes near it
 * (an AutoEstrene is about 1 KB); a client sending many large bodies is paced.
 *
 * @example
 * ```ts
 * HEAVY_BODY_BYTES; // 8192
 * ```
 */
export const HEAVY_BODY_BYTES = 8 * 1024;

/**
 * How many more of one client's heavy requests may wait their turn; one past that is refused
 * (429 ERRSEG006 with `Retry-After`).
 *
 * @example
 * ```ts
 * HEAVY_WAITING_PER_CLIENT; // 64
 * ```
 */
export const HEAVY_WAITING_PER_CLIENT = 64;

/**
 * Where an operation's heavy work runs: the service's executor, for receipts its cache (none:
 * every receipt rendered), and the per-client turns of heavy routes (none: no limit).
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
  readonly lanes?: ClientLanes | undefined;
}

/**
 * `createService`'s configuration: the service's settings ({@link ServiceConfig}) and where its
 * heavy work runs: `executor` (default: in the caller's thread; `createWorkerPool()` of
 * `cotizador/node` runs it on worker threads), `receiptCacheBytes`, the bound of the receipt
 * cache in characters (default 16 MiB; 0 keeps none), and `heavyPerClient`, how many of one
 * client's receipts are served at once ({@link DEFAULT_HEAVY_PER_CLIENT}; 0: no limit) and
 * `heavyPerSecond`, how many of them start a second ({@link DEFAULT_HEAVY_PER_SECOND}; 0: no pace).
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
  readonly heavyPerClient?: number | undefined;
  readonly heavyPerSecond?: number | undefined;
}

/**
 * The executor, the receipt cache and the heavy routes' turns of the options, checked: a
 * `QuoteError` (`ERRESQ005`, `config.executor`, `config.receiptCacheBytes` or
 * `config.heavyPerClient`, `config.heavyPerSecond`) for an unusable one.
 *
 * @example
 * ```ts
 * workOf({ clients, receiptCacheBytes: 0 }).receipts; // undefined
 * ```
 */
export function workOf(options: ServiceOptions): Work {
  const executor = options.executor ?? IN_PROCESS_EXECUTOR;
  if (!isExecutor(executor)) throw configError('configEjecutor', 'executor');
  const bytes = nonNegativeInteger(options.receiptCacheBytes, DEFAULT_RECEIPT_CACHE_BYTES, 'receiptCacheBytes');
  const perClient = nonNegativeInteger(options.heavyPerClient, DEFAULT_HEAVY_PER_CLIENT, 'heavyPerClient');
  const perSecond = options.heavyPerSecond ?? DEFAULT_HEAVY_PER_SECOND;
  if (typeof perSecond !== 'number' || !Number.isFinite(perSecond) || perSecond < 0)
    throw configError('configNumeroNoNegativo', 'heavyPerSecond', { name: 'heavyPerSecond' });
  const work: Work = {
    executor,
    receipts: bytes === 0 ? undefined : new ReceiptCache(bytes),
    lanes: perClient === 0 && perSecond === 0 ? undefined : new ClientLanes(perClient, HEAVY_WAITING_PER_CLIENT, perSecond),
  };
  return Object.freeze(work);
}
