/**
 * Reading a request body from a Node stream within the service's limits: at most `maxBytes`
 * (the reading stops at the first byte over, without waiting for the rest) and before a
 * deadline. Shared by the node:http listener and the framework adapters.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * The outcome of {@link readBody}: the bytes, or why they could not be read (`bodyTooLarge`:
 * more than the limit arrived; `timeout`: the deadline passed; `aborted`: the client went away).
 *
 * @example
 * ```ts
 * const outcome: BodyOutcome = { ok: false, reason: 'timeout' };
 * ```
 */
export type BodyOutcome =
  | { readonly ok: true; readonly bytes: Buffer }
  | { readonly ok: false; readonly reason: 'bodyTooLarge' | 'timeout' | 'aborted' };

/**
 * Reads `stream` to its end, or until more than `maxBytes` arrived, or until `timeoutMs` passed.
 * The stream is paused (not drained) when the reading stops early: the caller answers and
 * closes the connection.
 *
 * @example
 * ```ts
 * import { Readable } from 'node:stream';
 * const outcome = await readBody(Readable.from([Buffer.from('{"a":1}')]), 1024, 1000);
 * outcome.ok && outcome.bytes.toString(); // '{"a":1}'
 * ```
 */
export function readBody(stream: Readable, maxBytes: number, timeoutMs: number): Promise<BodyOutcome> {
  // A request's connection may close without its stream hearing of it (node:http forgets a
  // request once its answer is written, e.g. a refusal during a shutdown): its socket says so.
  const socket = (stream as Partial<IncomingMessage>).socket ?? undefined;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (outcome: BodyOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onAbort);
      stream.off('close', onClose);
      socket?.off('close', onClose);
      if (!outcome.ok) stream.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size > maxBytes) return finish({ ok: false, reason: 'bodyTooLarge' });
      chunks.push(buffer);
    };
    const onEnd = () => finish({ ok: true, bytes: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size) });
    const onAbort = () => finish({ ok: false, reason: 'aborted' });
    // 'close' after 'end' is normal; before it, the client went away.
    const onClose = () => setImmediate(() => finish({ ok: false, reason: 'aborted' }));
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), Math.max(0, timeoutMs));
    // The request's own time never keeps a process alive that has nothing else to do.
    timer.unref();
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onAbort);
    stream.once('close', onClose);
    socket?.once('close', onClose);
    if (stream.readableEnded) onEnd();
  });
}

/**
 * The body of a request that has already arrived whole, taken at once: a small body usually
 * comes in its head's packet, which node:http has parsed whole one turn of the event loop after
 * the request began (not before the listener's first `await` resumes: the parser calls back into
 * JavaScript between the head and the body, and the promises settle then). Then no timer,
 * listener or promise is needed.
 * Undefined when the body is still arriving, has been read already, or exceeds `maxBytes`:
 * read it with {@link readBody}, which enforces the limit and the deadline.
 *
 * @example
 * ```ts
 * import type { IncomingMessage } from 'node:http';
 * const pending = { complete: false } as IncomingMessage;
 * arrivedBody(pending, 1024); // undefined
 * ```
 */
export function arrivedBody(message: IncomingMessage, maxBytes: number): Buffer | undefined {
  if (!message.complete || message.readableEnded || message.readableFlowing === true || message.readableLength > maxBytes) return undefined;
  // In paused mode, read() without a size returns everything buffered (one Buffer), then null.
  const first = message.read() as Buffer | string | null;
  if (first === null) return Buffer.alloc(0);
  const chunks: Buffer[] = [typeof first === 'string' ? Buffer.from(first) : first];
  for (let chunk = message.read() as Buffer | string | null; chunk !== null; chunk = message.read() as Buffer | string | null) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  }
  // At most readableLength bytes, checked above: within the limit.
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}
