/**
 * Receipts, rendered once: a receipt's bytes depend only on the payment record and the issuer
 * (`src/documents/receipt.ts`), so the service keeps the base64 of the ones it rendered (and its
 * JSON text, what an answer carries), keyed
 * by exactly those, within a bound in characters (`receiptCacheBytes`; the least recently used
 * leave first), and requests for a receipt being rendered wait for that one rendering.
 */
import type { PaymentRecord } from '../contracts/taxpayer.js';
import type { ReceiptIssuer } from '../documents/receipt.js';
import type { Executor } from './executor.js';
import { asciiJson } from '../http/json.js';

/**
 * A receipt as the service answers it: its base64, and that text as JSON (what the answer's
 * envelope carries, written once when the receipt is kept instead of on every answer).
 *
 * @example
 * ```ts
 * const receipt: KeptReceipt = { documento: 'JVBERi0x', json: '"JVBERi0x"' };
 * ```
 */
export interface KeptReceipt {
  readonly documento: string;
  readonly json: string;
}

/**
 * Default bound of the receipt cache, in characters (one byte each) of base64 and its JSON: about
 * 325 of the sample receipts (25 KB each).
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
 * const { documento, json } = await receipts.get(samplePayments()[0]!, undefined, IN_PROCESS_EXECUTOR);
 * documento.slice(0, 8); // 'JVBERi0x'
 * json === JSON.stringify(documento); // true
 * [receipts.size, receipts.bytes > 0]; // [1, true]
 * ```
 */
export class ReceiptCache {
  readonly #maxBytes: number;
  readonly #kept = new Map<string, KeptReceipt>();
  readonly #rendering = new Map<string, Promise<KeptReceipt>>();
  #bytes = 0;

  /** `maxBytes`: the most characters kept in all (0: none; every receipt is rendered). */
  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** How many receipts are kept. */
  get size(): number {
    return this.#kept.size;
  }

  /** How many characters they hold (the base64 and its JSON). */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The receipt of `record` by `issuer`: kept (after the executor's `turn`), being rendered (that
   * rendering), or rendered now by `executor` and kept. Rejects as the executor does
   * (`ExecutorBusy`, a rendering's error); a failure is not kept.
   *
   * Speed: the JSON of the 25 KB base64 is written once, when kept: `asciiJson` of it on every
   * answer was the largest function of `serve`'s profile under the receipts attack (1.3 s of a
   * 30 s run, ~25 µs an answer).
   */
  async get(record: PaymentRecord, issuer: ReceiptIssuer | undefined, executor: Executor): Promise<KeptReceipt> {
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
    const rendering = executor.run({ kind: 'receipt', record, issuer }).then((documento) => ({ documento, json: asciiJson(documento) }));
    this.#rendering.set(key, rendering);
    try {
      const receipt = await rendering;
      this.#keep(key, receipt);
      return receipt;
    } finally {
      this.#rendering.delete(key);
    }
  }

  #keep(key: string, receipt: KeptReceipt): void {
    const size = receipt.documento.length + receipt.json.length;
    if (size > this.#maxBytes || this.#kept.has(key)) return;
    this.#kept.set(key, receipt);
    this.#bytes += size;
    for (const [oldest, kept] of this.#kept) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#kept.delete(oldest);
      this.#bytes -= kept.documento.length + kept.json.length;
    }
  }
}
