/**
 * The buffers answers' bodies are written into, reused once an answer is sent. A body of a few
 * kilobytes and up allocated afresh per answer is a `malloc` of its size; freed in bulk after a
 * collection, the top of the C heap is given back to the system (glibc trims it past 128 KiB) and
 * taken again by the next answers, each new page a fault and a zeroing. Under load that was a
 * third of `cotizador serve`'s CPU in its slow runs (perf: page faults in `encodeInto` writing the
 * body, `brk` shrinking the heap), and whether a run fell into it decided whether it answered 12 or
 * 15 thousand requests a second. Kept buffers stay mapped.
 *
 * Bounded: at most {@link MAX_KEPT_BUFFERS} buffers of {@link BODY_BUFFER_BYTES} each are kept
 * (2 MiB); a body larger than one, or an answer while none is free, gets a buffer of its own.
 * A buffer is given back only when its answer finished (every byte handed to the system); an
 * answer whose connection closed first leaves its buffer to the collector.
 */

/** The size of a kept buffer: a 60-payment AutoEstrene answer is 19.5 KB, a receipt about 25 KB. */
export const BODY_BUFFER_BYTES = 64 * 1024;
/** How many free buffers are kept at most. */
export const MAX_KEPT_BUFFERS = 32;
/** Bodies this small come from Node's own shared pool (`Buffer.allocUnsafe` below 4 KiB). */
const POOLED_BY_NODE = 4 * 1024;

/**
 * Free buffers for answers' bodies.
 *
 * @example
 * ```ts
 * const buffers = new BodyBuffers();
 * const { bytes, kept } = buffers.take(20_000);
 * bytes.length; // 20000
 * buffers.give(kept!);
 * buffers.free; // 1
 * ```
 */
export class BodyBuffers {
  readonly #free: Buffer[] = [];

  /** How many free buffers are kept now. */
  get free(): number {
    return this.#free.length;
  }

  /**
   * `length` bytes to write a body into (their content is not cleared), and the kept buffer they
   * are part of (to {@link give} back when the answer finished), if any.
   */
  take(length: number): { readonly bytes: Buffer; readonly kept: Buffer | undefined } {
    if (length < POOLED_BY_NODE || length > BODY_BUFFER_BYTES) return { bytes: Buffer.allocUnsafe(length), kept: undefined };
    const kept = this.#free.pop() ?? Buffer.allocUnsafeSlow(BODY_BUFFER_BYTES);
    return { bytes: kept.subarray(0, length), kept };
  }

  /** Gives back a buffer {@link take} returned, once nothing reads it any more. */
  give(kept: Buffer): void {
    if (this.#free.length < MAX_KEPT_BUFFERS && kept.length === BODY_BUFFER_BYTES) this.#free.push(kept);
  }
}
