/**
 * Receipts, rendered once: a receipt's bytes depend only on the payment record and the issuer
 * (`src/documents/receipt.ts`), so the service keeps the base64 of the ones it rendered, keyed
 * by exactly those, within a bound in characters (`receiptCacheBytes`; the least recently used
 * leave first), and requests for a receipt being rendered wait for that one rendering.
 */
import type { PaymentRecord } from '../contracts/taxpayer.js';
import type { ReceiptIssuer } from '../documents/receipt.js';
import type { Executor } from './executor.js';

/**
 * Default bound of the receipt cache, in characters of base64 (one byte each): about 650 of the
 * sample receipts (25 KB each).
 *
 * @example
 * ```ts
 * DEFAULT_RECEIPT_CACHE_BYTES; // 16777216
 * ```
 */
export const DEFAULT_RECEIPT_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * The receipts of one service.
 *
 * @example
 * ```ts
 * const receipts = new ReceiptCache(1024 * 1024);
 * const documento = await receipts.get(samplePayments()[0]!, undefined, IN_PROCESS_EXECUTOR);
 * documento.slice(0, 8); // 'JVBERi0x'
 * [receipts.size, receipts.bytes > 0]; // [1, true]
 * ```
 */
export class ReceiptCache {
  readonly #maxBytes: number;
  readonly #kept = new Map<string, string>();
  readonly #rendering = new Map<string, Promise<string>>();
  #bytes = 0;

  /** `maxBytes`: the most characters kept in all (0: none; every receipt is rendered). */
  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** How many receipts are kept. */
  get size(): number {
    return this.#kept.size;
  }

  /** How many characters they hold. */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The receipt of `record` by `issuer` as base64: kept (after the executor's `turn`), being
   * rendered (that rendering), or rendered now by `executor` and kept. Rejects as the executor
   * does (`ExecutorBusy`, a rendering's error); a failure is not kept.
   */
  async get(record: PaymentRecord, issuer: ReceiptIssuer | undefined, executor: Executor): Promise<string> {
    // Every field the PDF prints comes from these two values; JSON of the same data is the same text.
    const key = JSON.stringify([record, issuer ?? null]);
    const kept = this.#kept.get(key);
    if (kept !== undefined) {
      await executor.turn();
      this.#kept.delete(key); // re-inserted: the map's order is recency of use
      this.#kept.set(key, kept);
      return kept;
    }
    const pending = this.#rendering.get(key);
    if (pending !== undefined) return pending;
    const rendering = executor.run({ kind: 'receipt', record, issuer });
    this.#rendering.set(key, rendering);
    try {
      const documento = await rendering;
      this.#keep(key, documento);
      return documento;
    } finally {
      this.#rendering.delete(key);
    }
  }

  #keep(key: string, documento: string): void {
    if (documento.length > this.#maxBytes || this.#kept.has(key)) return;
    this.#kept.set(key, documento);
    this.#bytes += documento.length;
    for (const [oldest, text] of this.#kept) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#kept.delete(oldest);
      this.#bytes -= text.length;
    }
  }
}
