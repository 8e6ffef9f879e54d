/**
 * One client's heavy requests take their turns (src/service/clientLanes.ts): one at a time by
 * default and at a pace, in order, the other clients' going on; a client's queue is bounded;
 * nothing is kept for a client with nothing running, waiting or pacing.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ClientLanes } from '../../src/service/clientLanes.js';
import { createService, resolveConfig } from '../../src/entry/service.js';
import { IN_PROCESS_EXECUTOR } from '../../src/service/executor.js';
import { autoEstrene, beginOperation } from '../../src/service/operations.js';
import { HEAVY_BODY_BYTES, type Work } from '../../src/service/work.js';
import { workOf } from '../../src/service/work.js';
import { accessToken, CLIENT, NOW, SECRET } from './helpers.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ClientLanes', () => {
  it("runs one client's requests one at a time, in order, and another client's at once", async () => {
    const lanes = new ClientLanes(1, 8);
    const order: string[] = [];
    const first = await lanes.enter('a');
    const second = lanes.enter('a').then((release) => {
      order.push('a2');
      return release;
    });
    const third = lanes.enter('a').then((release) => {
      order.push('a3');
      return release;
    });
    const other = await lanes.enter('b');
    expect(other).toBeTypeOf('function');
    await settle();
    expect(order).toEqual([]);
    first?.();
    (await second)?.();
    (await third)?.();
    expect(order).toEqual(['a2', 'a3']);
    other?.();
    expect(lanes.clients).toBe(0);
  });

  it('refuses one past the waiting bound, and a release counts once', async () => {
    const lanes = new ClientLanes(2, 1);
    const one = await lanes.enter('a');
    const two = await lanes.enter('a');
    const waiting = lanes.enter('a');
    expect(await lanes.enter('a')).toBeUndefined();
    one?.();
    one?.(); // a second call hands on nothing more
    const three = await waiting;
    expect(lanes.clients).toBe(1);
    two?.();
    three?.();
    expect(lanes.clients).toBe(0);
  });
});

describe('the pace', () => {
  it("starts at most perSecond of a client's requests a second, the waiting ones in order, without counting other clients", async () => {
    let now = 0;
    const lanes = new ClientLanes(0, 8, 10, () => now); // 10 a second: one every 100 ms
    const order: number[] = [];
    const first = await lanes.enter('a');
    first?.();
    const waiting = [1, 2].map((i) =>
      lanes.enter('a').then((release) => {
        order.push(i);
        release?.();
      }),
    );
    expect(await lanes.enter('b')).toBeTypeOf('function'); // another client's pace is its own
    await settle();
    expect(order).toEqual([]);
    now = 100;
    await new Promise((resolve) => setTimeout(resolve, 120)); // the lane's timer, on the runtime's clock
    await settle();
    expect(order).toEqual([1]);
    now = 200;
    await new Promise((resolve) => setTimeout(resolve, 120));
    await Promise.all(waiting);
    expect(order).toEqual([1, 2]);
  });
});

describe('heavyPerClient and heavyPerSecond', () => {
  it('are 1 and 20 by default, both 0 turn the turns off, and a bad value is refused at creation naming it', () => {
    expect(workOf({ clients: [CLIENT] }).lanes).toBeInstanceOf(ClientLanes);
    expect(workOf({ clients: [CLIENT], heavyPerClient: 0 }).lanes).toBeInstanceOf(ClientLanes);
    expect(workOf({ clients: [CLIENT], heavyPerClient: 0, heavyPerSecond: 0 }).lanes).toBeUndefined();
    // A fraction is a pace (one every two seconds), so the message says a number, not an integer.
    expect(workOf({ clients: [CLIENT], heavyPerSecond: 0.5 }).lanes).toBeInstanceOf(ClientLanes);
    for (const bad of [-1, Number.POSITIVE_INFINITY, Number.NaN, '2' as never]) {
      expect(() => workOf({ clients: [CLIENT], heavyPerSecond: bad })).toThrow(
        expect.objectContaining({
          codigoError: 'ERRESQ005',
          valorIncorrecto: 'config.heavyPerSecond',
          message: expect.stringContaining('heavyPerSecond debe ser un número finito mayor o igual a cero'),
        }),
      );
    }
    for (const bad of [-1, 1.5, Number.NaN, '2' as never]) {
      expect(() => workOf({ clients: [CLIENT], heavyPerClient: bad })).toThrow(
        expect.objectContaining({ codigoError: 'ERRESQ005', valorIncorrecto: 'config.heavyPerClient' }),
      );
    }
  });
});

describe('a request waiting for the pace', () => {
  it('keeps the process alive until it starts (the idle lane timer it waits on is re-armed)', () => {
    const lanes = new URL('../../src/service/clientLanes.ts', import.meta.url).href;
    const script = `import { ClientLanes } from ${JSON.stringify(lanes)};
      const lanes = new ClientLanes(1, 8, 5);
      (await lanes.enter('a'))?.();
      (await lanes.enter('a'))?.();
      console.log('second started');`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.stdout.trim(), child.stderr).toBe('second started');
    expect(child.status).toBe(0);
  });
});

describe('a large body', () => {
  it("takes its client's turn before it is read (a small one does not), and past the queue is 429", async () => {
    const options = { clients: [CLIENT], tokenSecret: SECRET, now: () => NOW };
    const token = await accessToken(createService(options));
    const config = resolveConfig(options);
    let now = 0;
    // 1,000 a second on a clock that only moves when the test says: the second start waits for it.
    const work: Work = { executor: IN_PROCESS_EXECUTOR, lanes: new ClientLanes(0, 1, 1000, () => now) };
    const head = (bytes: number) => ({
      method: 'POST',
      path: '/api/esb/Cotizador/v1/AutoEstrene',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(bytes) },
    });
    const first = await beginOperation(autoEstrene, config, head(HEAVY_BODY_BYTES), work);
    expect('failure' in first).toBe(false);
    let waited = false;
    const second = beginOperation(autoEstrene, config, head(HEAVY_BODY_BYTES), work).then((step) => {
      waited = true;
      return step;
    });
    expect(await beginOperation(autoEstrene, config, head(HEAVY_BODY_BYTES), work)).toMatchObject({ failure: { status: 429 } });
    expect('failure' in (await beginOperation(autoEstrene, config, head(1000), work))).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(waited).toBe(false);
    now = 1;
    expect('failure' in (await second)).toBe(false);
  });
});
