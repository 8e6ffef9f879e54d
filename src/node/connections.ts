/**
 * The connections of a server made by `createNodeServer`: how many there are in all and per
 * address (each holds a file descriptor, and a process has a limited number), which ones are
 * busy with a request and which idle (a keep-alive connection between requests, or one whose
 * head has not arrived: what a slowloris attack holds), and answers that must wait for the
 * connection's earlier answers (a bad request pipelined behind good ones).
 *
 * A refused connection holds its descriptor too, while its answer is read (a short lingering
 * close), so the total counts refusals as well: under a flood of refusals their descriptors would
 * otherwise run out, and libuv then accepts and closes new connections unseen and unanswered
 * (its EMFILE fallback). When the total is reached, room is made by closing, in this order, the
 * refusal answered longest ago, the answered connection closing for longest, the connection idle
 * for longest (a keep-alive one between requests, or one whose head has not arrived); when
 * nothing can be closed, or an address holds its share, the new one is refused.
 */
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';

/**
 * Limits on connections (0 for either: no limit).
 *
 * @example
 * ```ts
 * const limits: ConnectionLimits = { maxConnections: 960, maxConnectionsPerAddress: 256 };
 * ```
 */
export interface ConnectionLimits {
  readonly maxConnections: number;
  readonly maxConnectionsPerAddress: number;
}

/** What is known of one connection. */
interface Connection {
  readonly address: string;
  /** Requests received whose answer is not finished. */
  active: number;
  /** When it last became idle (connected, or its last answer finished), ms. */
  idleSince: number;
  /** What to do once every earlier answer is finished. */
  deferred: (() => void) | undefined;
}

/**
 * How a new connection is received: taken, or refused because its address holds its share
 * (`address`) or the server is full with no idle connection to close (`full`).
 *
 * @example
 * ```ts
 * const verdict: Admission = 'address';
 * ```
 */
export type Admission = 'taken' | 'address' | 'full';

/**
 * The open-file limit of this process (Linux's `/proc/self/limits`; undefined elsewhere).
 *
 * @example
 * ```ts
 * const limit = openFileLimit();
 * limit === undefined || limit > 0; // true
 * ```
 */
export function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line === null || line[1] === 'unlimited' ? undefined : Number(line[1]);
  } catch {
    return undefined;
  }
}

/**
 * File descriptors kept out of the connection limit for everything else a server opens (its
 * listening socket, files, worker threads, a database).
 *
 * @example
 * ```ts
 * RESERVED_FILES; // 64
 * ```
 */
export const RESERVED_FILES = 64;

/**
 * Default limits: every connection the open-file limit allows but {@link RESERVED_FILES} (10,000
 * when the limit cannot be read), and a quarter of that per address.
 *
 * @example
 * ```ts
 * defaultConnectionLimits(1024); // { maxConnections: 960, maxConnectionsPerAddress: 240 }
 * ```
 */
export function defaultConnectionLimits(fileLimit = openFileLimit()): ConnectionLimits {
  const maxConnections = fileLimit === undefined ? 10_000 : Math.max(16, fileLimit - RESERVED_FILES);
  return { maxConnections, maxConnectionsPerAddress: Math.max(1, Math.floor(maxConnections / 4)) };
}

/**
 * The connections of one server.
 *
 * @example
 * ```ts
 * import { Socket } from 'node:net';
 * const connections = new Connections({ maxConnections: 2, maxConnectionsPerAddress: 1 });
 * connections.size; // 0
 * ```
 */
export class Connections {
  readonly #limits: ConnectionLimits;
  readonly #open = new Map<Socket, Connection>();
  readonly #perAddress = new Map<string, number>();
  /** Refused connections still open (their answer being read), oldest first. */
  readonly #refused = new Set<Socket>();

  constructor(limits: ConnectionLimits) {
    this.#limits = limits;
  }

  /** How many connections are taken and open (refusals not counted). */
  get size(): number {
    return this.#open.size;
  }

  /** How many refused connections are still open (their answer being read). */
  get refusing(): number {
    return this.#refused.size;
  }

  /**
   * Receives a new connection: `taken`, or refused (`address`, `full`: the caller answers it and
   * closes it; it counts until closed). At the total, room is made first (`close`): the oldest
   * refusal, else the idle connection `closing` (answered, lingering) for longest, else the
   * connection idle for longest.
   */
  admit(socket: Socket, close: (idle: Socket) => void, closing: (socket: Socket) => boolean = () => false): Admission {
    const address = socket.remoteAddress ?? '';
    const { maxConnections, maxConnectionsPerAddress } = this.#limits;
    if (maxConnections > 0 && this.#open.size + this.#refused.size >= maxConnections && !this.#makeRoom(close, closing)) {
      return this.#refuse(socket, 'full');
    }
    if (maxConnectionsPerAddress > 0 && (this.#perAddress.get(address) ?? 0) >= maxConnectionsPerAddress) {
      return this.#refuse(socket, 'address');
    }
    this.#open.set(socket, { address, active: 0, idleSince: performance.now(), deferred: undefined });
    this.#perAddress.set(address, (this.#perAddress.get(address) ?? 0) + 1);
    socket.once('close', () => this.#forget(socket));
    return 'taken';
  }

  /** Closes the oldest refusal, else the idle one answered and `closing` for longest, else the one idle for longest; false when none can be. */
  #makeRoom(close: (idle: Socket) => void, closing: (socket: Socket) => boolean): boolean {
    const oldest: Socket | undefined = this.#refused.values().next().value;
    const victim = oldest ?? this.longestIdle(closing) ?? this.longestIdle();
    if (victim === undefined) return false;
    this.#refused.delete(victim);
    this.#forget(victim);
    close(victim);
    return true;
  }

  #refuse(socket: Socket, verdict: 'address' | 'full'): Admission {
    this.#refused.add(socket);
    socket.once('close', () => this.#refused.delete(socket));
    return verdict;
  }

  #forget(socket: Socket): void {
    const connection = this.#open.get(socket);
    if (connection === undefined) return;
    this.#open.delete(socket);
    const left = (this.#perAddress.get(connection.address) ?? 1) - 1;
    if (left === 0) this.#perAddress.delete(connection.address);
    else this.#perAddress.set(connection.address, left);
  }

  /** A request arrived on `socket`. */
  begin(socket: Socket): void {
    const connection = this.#open.get(socket);
    if (connection !== undefined) connection.active++;
  }

  /** One of `socket`'s answers finished (or its request was dropped): a deferred answer runs once none is left. */
  end(socket: Socket): void {
    const connection = this.#open.get(socket);
    if (connection === undefined || connection.active === 0) return;
    connection.active--;
    if (connection.active > 0) return;
    connection.idleSince = performance.now();
    const deferred = connection.deferred;
    connection.deferred = undefined;
    deferred?.();
  }

  /**
   * Runs `then` once every answer `socket` owes is finished: at once when none is owed (true), or
   * later (false). A second deferral on the same connection is dropped.
   */
  afterAnswers(socket: Socket, then: () => void): boolean {
    const connection = this.#open.get(socket);
    if (connection === undefined || connection.active === 0) {
      then();
      return true;
    }
    connection.deferred ??= then;
    return false;
  }

  /** Whether `socket` owes no answer (between requests, or before its first). */
  isIdle(socket: Socket): boolean {
    return (this.#open.get(socket)?.active ?? 0) === 0;
  }

  /** The connections owing no answer and idle for at least `ms`. */
  idleFor(ms: number): Socket[] {
    const now = performance.now();
    const found: Socket[] = [];
    for (const [socket, connection] of this.#open) if (connection.active === 0 && now - connection.idleSince >= ms) found.push(socket);
    return found;
  }

  /** The connection owing no answer that has been idle for longest, if any (among those `among` takes). */
  longestIdle(among: (socket: Socket) => boolean = () => true): Socket | undefined {
    let oldest: Socket | undefined;
    let since = Number.POSITIVE_INFINITY;
    for (const [socket, connection] of this.#open) {
      if (connection.active === 0 && connection.idleSince < since && among(socket)) {
        oldest = socket;
        since = connection.idleSince;
      }
    }
    return oldest;
  }
}
