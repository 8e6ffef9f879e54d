/**
 * One client's heavy requests, one at a time. A receipt costs the server far more than a quote
 * (rendered on the executor, or a 25 KB answer from the cache), so a client asking for several at
 * once gets them one after the other, in order, while every other client's requests go on: with
 * four connections asking for receipts as fast as they could, one client took a fair share of the
 * server from the legitimate quotes (0.62–0.66 of their quiet throughput, benchmarks/http
 * attacks.ts). A client waits in its own queue, never refused for waiting, up to `maxWaiting`
 * requests; one past that is refused (429 ERRSEG006, `Retry-After`). A client with nothing running
 * or waiting holds no memory.
 */

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
  readonly #lanes = new Map<string, { running: number; readonly waiting: (() => void)[] }>();

  /** `perClient` requests of one client run at once; `maxWaiting` more may wait. */
  constructor(perClient: number, maxWaiting: number) {
    this.#perClient = perClient;
    this.#maxWaiting = maxWaiting;
  }

  /** Clients with a request running or waiting. */
  get clients(): number {
    return this.#lanes.size;
  }

  /**
   * Resolves, once `client` may run one more, with the release to call when it is done (exactly
   * once); resolves at once with `undefined` when `client` already has `maxWaiting` waiting.
   */
  enter(client: string): Promise<(() => void) | undefined> {
    let lane = this.#lanes.get(client);
    if (lane === undefined) {
      lane = { running: 0, waiting: [] };
      this.#lanes.set(client, lane);
    }
    const own = lane;
    const release = () => {
      const next = own.waiting.shift();
      if (next !== undefined) next();
      else if (--own.running === 0) this.#lanes.delete(client);
    };
    if (own.running < this.#perClient) {
      own.running++;
      return Promise.resolve(once(release));
    }
    if (own.waiting.length >= this.#maxWaiting) return Promise.resolve(undefined);
    // The one released hands its place on: `running` stays as it is.
    return new Promise((resolve) => own.waiting.push(() => resolve(once(release))));
  }
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}
