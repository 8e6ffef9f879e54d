/**
 * One client's heavy requests (receipts), taking their turns: at most `perClient` of them at once
 * and at most `perSecond` started a second, in order, while every other client's requests go on.
 * A client waits in its own queue, never refused for waiting, up to `maxWaiting` requests; one past
 * that is refused (429 ERRSEG006, `Retry-After`).
 *
 * Why a pace and not only a count: a receipt served from the cache is quick, so four connections
 * asking for receipts one at a time got as many as four at once, and the load they put on the
 * machine (25 KB answers as fast as a client can read them) took the legitimate quotes to 0.62–0.68
 * of their quiet throughput (benchmarks/http/attacks.ts). Paced, a client asking faster than its
 * pace waits for its answers, and a client that waits sends no more.
 *
 * Time comes in as `now` (ms, monotonic) and the waits are timers of the runtime (`setTimeout`).
 * A client's lane lives while it has requests running or waiting, or a start still pacing the next
 * (clients are the configured ones, so the lanes are bounded by them).
 */

interface Lane {
  running: number;
  readonly waiting: ((release: () => void) => void)[];
  /** When the next request of the client may start (ms of `now`). */
  nextStart: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * Per-client queues of heavy work.
 *
 * @example
 * ```ts
 * const lanes = new ClientLanes(1, 8);
 * const first = await lanes.enter('client-a'); // a release: runs at once
 * const second = lanes.enter('client-a'); // waits for the first
 * first?.();
 * typeof (await second); // 'function'
 * ```
 */
export class ClientLanes {
  readonly #perClient: number;
  readonly #maxWaiting: number;
  readonly #interval: number;
  readonly #now: () => number;
  readonly #lanes = new Map<string, Lane>();

  /**
   * `perClient` requests of one client run at once (0: any number), at most `perSecond` start a
   * second (0: no pace); `maxWaiting` more may wait.
   */
  constructor(perClient: number, maxWaiting: number, perSecond = 0, now: () => number = () => performance.now()) {
    this.#perClient = perClient === 0 ? Number.POSITIVE_INFINITY : perClient;
    this.#maxWaiting = maxWaiting;
    this.#interval = perSecond === 0 ? 0 : 1000 / perSecond;
    this.#now = now;
  }

  /** Clients with a request running or waiting, or pacing. */
  get clients(): number {
    return this.#lanes.size;
  }

  /**
   * Resolves, once `client` may run one more, with the release to call when it is done (once;
   * a second call does nothing); resolves at once with `undefined` when `client` already has
   * `maxWaiting` waiting.
   */
  enter(client: string): Promise<(() => void) | undefined> {
    let lane = this.#lanes.get(client);
    if (lane === undefined) {
      lane = { running: 0, waiting: [], nextStart: Number.NEGATIVE_INFINITY, timer: undefined };
      this.#lanes.set(client, lane);
    }
    if (lane.waiting.length === 0 && lane.running < this.#perClient && this.#now() >= lane.nextStart) {
      return Promise.resolve(this.#start(client, lane));
    }
    if (lane.waiting.length >= this.#maxWaiting) return Promise.resolve(undefined);
    const own = lane;
    return new Promise((resolve) => {
      own.waiting.push(resolve);
      this.#schedule(client, own);
    });
  }

  #start(client: string, lane: Lane): () => void {
    lane.running++;
    lane.nextStart = Math.max(this.#now(), lane.nextStart) + this.#interval;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      lane.running--;
      this.#schedule(client, lane);
    };
  }

  /** Starts what may start now; sets a timer for the next start the pace holds back; forgets an idle lane. */
  #schedule(client: string, lane: Lane): void {
    while (lane.waiting.length > 0 && lane.running < this.#perClient) {
      const wait = lane.nextStart - this.#now();
      if (wait > 0) {
        if (lane.timer === undefined) {
          lane.timer = setTimeout(() => {
            lane.timer = undefined;
            this.#schedule(client, lane);
          }, Math.ceil(wait));
        } else {
          // The idle lane's timer, which did not keep the process alive: now requests wait on it.
          (lane.timer as { ref?: () => void }).ref?.();
        }
        return;
      }
      const next = lane.waiting.shift() as (release: () => void) => void;
      next(this.#start(client, lane));
    }
    if (lane.waiting.length > 0 || lane.running > 0 || lane.timer !== undefined) return;
    const wait = lane.nextStart - this.#now();
    if (wait <= 0) {
      this.#lanes.delete(client);
      return;
    }
    // Idle, but its last start still paces the next: forgotten once that time has come (a timer
    // that does not keep a process alive by itself, where the runtime has `unref`).
    lane.timer = setTimeout(() => {
      lane.timer = undefined;
      if (lane.waiting.length === 0 && lane.running === 0) this.#lanes.delete(client);
      else this.#schedule(client, lane);
    }, Math.ceil(wait));
    (lane.timer as { unref?: () => void }).unref?.();
  }
}
