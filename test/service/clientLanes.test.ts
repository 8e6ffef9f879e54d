/**
 * One client's heavy requests take their turns (src/service/clientLanes.ts): one at a time by
 * default, in order, the others clients' going on; a client's queue is bounded; nothing is kept
 * for a client with nothing running or waiting.
 */
import { describe, expect, it } from 'vitest';
import { ClientLanes } from '../../src/service/clientLanes.js';
import { workOf } from '../../src/service/work.js';
import { CLIENT } from './helpers.js';

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

describe('heavyPerClient', () => {
  it('is 1 by default, 0 turns the turns off, and a bad value is refused at creation naming it', () => {
    expect(workOf({ clients: [CLIENT] }).lanes).toBeInstanceOf(ClientLanes);
    expect(workOf({ clients: [CLIENT], heavyPerClient: 0 }).lanes).toBeUndefined();
    for (const bad of [-1, 1.5, Number.NaN, '2' as never]) {
      expect(() => workOf({ clients: [CLIENT], heavyPerClient: bad })).toThrow(
        expect.objectContaining({ codigoError: 'ERRESQ005', valorIncorrecto: 'config.heavyPerClient' }),
      );
    }
  });
});
