/**
 * The lingering close of a refused connection. A server that answers before it has read the
 * request (a 401 decided from the head, a body over the limit, a request node:http cannot parse)
 * and then closes at once leaves the client's unread bytes in its socket: the kernel answers them
 * with a reset, and a client that is still sending — or merely busy — loses the answer it had not
 * read yet. So after such an answer the server half-closes (its FIN follows the answer), keeps
 * reading and discarding what the client still sends — at most {@link LINGER_BYTES}, for at most
 * {@link LINGER_MS} — and closes when the client closes its side, the body is complete, or a
 * bound is reached (the lingering close of Apache and nginx).
 *
 * The draining is paced: a server's lingering connections together read at most
 * {@link LINGER_RATE} bytes a second ({@link DrainBudget}); one past its share waits, paused (its
 * client's sends then wait in the kernels' buffers, costing the server nothing). Unpaced, 8
 * clients sending 1 MB bodies to be refused made the server read ~1 GB/s only to drop it, and
 * legitimate throughput fell to 0.18–0.26 of quiet (the attack benchmark's profile). The price: a
 * client that writes a large body to the end before it reads anything, refused while a flood of
 * others is drained too, can miss its answer (a client that reads while it sends — browsers,
 * fetch, curl, node:http — never does).
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * The longest a refused connection is drained after its answer, ms: time for a busy client to
 * read the answer before the connection is closed under it.
 *
 * @example
 * ```ts
 * LINGER_MS; // 2000
 * ```
 */
export const LINGER_MS = 2000;

/**
 * The most a refused connection reads (and discards) after its answer, bytes: what a client and
 * the two kernels hold in flight, with room to spare; a client that sends more is cut off.
 *
 * @example
 * ```ts
 * LINGER_BYTES; // 16777216
 * ```
 */
export const LINGER_BYTES = 16 * 1024 * 1024;

/**
 * How fast a server's lingering connections are drained together, bytes a second: one refused
 * client alone reads its {@link LINGER_BYTES} in a second, well within {@link LINGER_MS}.
 *
 * @example
 * ```ts
 * LINGER_RATE; // 16777216
 * ```
 */
export const LINGER_RATE = 16 * 1024 * 1024;

/**
 * The bytes a server's lingering connections may still read, refilled at `bytesPerSecond` up to
 * a tenth of a second's worth (a token bucket). Time comes in as `now` (ms).
 *
 * @example
 * ```ts
 * const budget = new DrainBudget(1000, () => 0);
 * budget.charge(50); // 0 (within the 100 bytes a tenth of a second allows)
 * budget.charge(100); // 50 (ms before the 50 bytes overspent are refilled)
 * ```
 */
export class DrainBudget {
  readonly #rate: number;
  readonly #burst: number;
  readonly #now: () => number;
  #tokens: number;
  #last: number;

  constructor(bytesPerSecond: number, now: () => number = () => performance.now()) {
    this.#rate = bytesPerSecond / 1000;
    this.#burst = bytesPerSecond / 10;
    this.#now = now;
    this.#tokens = this.#burst;
    this.#last = now();
  }

  /** Charges `bytes` read; the ms the reader should wait before reading again (0: none). */
  charge(bytes: number): number {
    const now = this.#now();
    // A clock that goes backwards refills nothing (as the rate limit's buckets).
    this.#tokens = Math.min(this.#burst, this.#tokens + Math.max(0, now - this.#last) * this.#rate) - bytes;
    this.#last = now;
    return this.#tokens >= 0 ? 0 : Math.ceil(-this.#tokens / this.#rate);
  }
}

interface Lingering {
  /** The socket's bytesRead when its answer was written. */
  readonly from: number;
  /** The socket's bytesRead already charged to the budget. */
  counted: number;
  /** Waiting for the budget (the socket is paused). */
  paused: boolean;
  readonly budget: DrainBudget | undefined;
  /** The request whose body is being drained: paused with the socket (else it resumes the socket to read on). */
  readonly message: IncomingMessage | undefined;
  readonly close: () => void;
}

const LINGERING = new WeakMap<Duplex, Lingering>();

/** Starts draining `socket`, whose answer is written: it closes at the client's end of input or after `ms`. */
function linger(socket: Socket, ms = LINGER_MS, budget?: DrainBudget, message?: IncomingMessage): Lingering {
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, ms);
  timer.unref();
  socket.once('end', close);
  socket.once('close', () => clearTimeout(timer));
  const state: Lingering = { from: socket.bytesRead, counted: socket.bytesRead, paused: false, budget, message, close };
  LINGERING.set(socket, state);
  return state;
}

/** Closes a lingering socket that read more than LINGER_BYTES since its answer; pauses one past its budget. */
function bound(socket: Socket, state: Lingering): void {
  if (socket.bytesRead - state.from > LINGER_BYTES) {
    state.close();
    return;
  }
  if (state.budget === undefined) return;
  const wait = state.budget.charge(socket.bytesRead - state.counted);
  state.counted = socket.bytesRead;
  if (wait === 0 || state.paused) return;
  state.paused = true;
  state.message?.pause();
  socket.pause();
  setTimeout(() => {
    state.paused = false;
    if (socket.destroyed) return;
    socket.resume();
    state.message?.resume();
  }, wait).unref();
}

/**
 * Whether a connection is answered and closing, lingering (no side effect, unlike {@link isLingering}).
 *
 * @example
 * ```ts
 * import { Socket } from 'node:net';
 * isClosing(new Socket()); // false
 * ```
 */
export function isClosing(socket: Duplex): boolean {
  return LINGERING.has(socket);
}

/**
 * Whether a connection is lingering: answered and closing, what it still receives is discarded
 * (a parse error on it is no longer a request to answer). One past the byte bound is closed here.
 *
 * @example
 * ```ts
 * import { Socket } from 'node:net';
 * isLingering(new Socket()); // false
 * ```
 */
export function isLingering(socket: Duplex): boolean {
  const state = LINGERING.get(socket);
  if (state === undefined) return false;
  bound(socket as Socket, state);
  return true;
}

/**
 * Makes node:http close the connection of `message` with a lingering close once its answer (sent
 * with `Connection: close` while the request's body is still arriving) is written, instead of
 * closing it at once; paced by `budget` (its server's) when one is given.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * const listener = toNodeListener(createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' }));
 * createServer((message, response) => {
 *   if (message.headers.expect === undefined) return listener(message, response);
 *   // Refused from its head while its body may be on the way: close, lingering.
 *   lingerAfterAnswer(message);
 *   response.writeHead(417, { Connection: 'close' }).end();
 * }).listen(8080);
 * ```
 */
export function lingerAfterAnswer(message: IncomingMessage, budget?: DrainBudget): void {
  const socket: Socket = message.socket;
  let state: Lingering | undefined;
  // The body is consumed (and dropped) from now on. Left alone, node:http would "dump" it once the
  // answer is written: its parser then drops the body's bytes before any stream sees them, so the
  // byte bound below could never be checked and a client could be drained for LINGER_MS at full speed.
  message.on('data', () => {
    if (state !== undefined) bound(socket, state);
  });
  message.once('end', () => {
    if (state !== undefined) socket.destroy();
  });
  message.resume();
  // node:http ends a `Connection: close` exchange with socket.destroySoon() once the answer is
  // written (an end, then at once a destroy, which resets a connection holding unread bytes):
  // this one socket's destroySoon lingers instead, until the whole body is in or a bound is hit.
  socket.destroySoon = () => {
    socket.end();
    state = linger(socket, LINGER_MS, budget, message);
    if (message.readableEnded) socket.destroy();
  };
}

/**
 * Ends a connection with `answer` (raw HTTP, for a request node:http refused before any listener
 * ran, or a connection refused before its first request) and a lingering close of at most `ms`
 * (default {@link LINGER_MS}), paced by `budget` (its server's) when one is given; node:http's parser, in error, goes on reading (and discarding) what
 * arrives, each chunk another `clientError` to ignore while {@link isLingering}, and a request it
 * still parses is not answered.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * const server = createServer(toNodeListener(createService({ clients, tokenSecret: 'a shared secret of at least 32 bytes!!' })));
 * server.on('clientError', (error, socket) => {
 *   if (!isLingering(socket)) endLingering(socket, 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
 * });
 * server.listen(8080);
 * ```
 */
export function endLingering(socket: Duplex, answer: string, ms = LINGER_MS, budget?: DrainBudget): void {
  socket.end(answer);
  linger(socket as Socket, ms, budget);
}
