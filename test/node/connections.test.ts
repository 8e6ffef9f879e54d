/**
 * `Connections`, the bookkeeping behind `createNodeServer`'s connection caps, on stand-in sockets
 * (an address and a `close` event are all it reads): refusals count in the total until they close,
 * and room is made in a fixed order — the oldest refusal, then the connection answered and closing
 * for longest, then the one idle for longest — never a connection owing an answer.
 */
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Connections } from '../../src/node/connections.js';

/** A stand-in socket from `address`; `close()` emits its `close` as a socket's end would. */
function socket(address: string): Socket & { close(): void } {
  const fake = new EventEmitter() as unknown as Socket & { close(): void };
  Object.assign(fake, { remoteAddress: address, close: () => fake.emit('close', false) });
  return fake;
}

describe('Connections', () => {
  it('counts a refusal in the total until it closes', () => {
    const connections = new Connections({ maxConnections: 3, maxConnectionsPerAddress: 1 });
    const closed: Socket[] = [];
    const close = (victim: Socket) => closed.push(victim);
    const taken = socket('10.0.0.1');
    expect(connections.admit(taken, close)).toBe('taken');
    const refused = socket('10.0.0.1');
    expect(connections.admit(refused, close)).toBe('address');
    expect([connections.size, connections.refusing]).toEqual([1, 1]);
    refused.close();
    expect([connections.size, connections.refusing]).toEqual([1, 0]);
    expect(closed).toEqual([]);
  });

  it('at the total, closes the oldest refusal first, then the oldest closing, then the oldest idle; never one owing an answer', () => {
    const connections = new Connections({ maxConnections: 4, maxConnectionsPerAddress: 2 });
    const closed: Socket[] = [];
    const closing = new Set<Socket>();
    const admit = (s: Socket) =>
      connections.admit(
        s,
        (victim) => {
          closed.push(victim);
          (victim as Socket & { close(): void }).close();
        },
        (x) => closing.has(x),
      );
    const idle = socket('10.0.0.1');
    const busy = socket('10.0.0.2');
    const answered = socket('10.0.0.2');
    expect([admit(idle), admit(busy), admit(answered)]).toEqual(['taken', 'taken', 'taken']);
    connections.begin(busy); // owes an answer: never closed to make room
    closing.add(answered); // answered, closing
    const refusedA = socket('10.0.0.2');
    expect(admit(refusedA)).toBe('address'); // the total (4) is reached with it
    // The next arrival closes the refusal, and is refused by its own address's share in turn.
    const refusedB = socket('10.0.0.2');
    expect(admit(refusedB)).toBe('address');
    expect(closed).toEqual([refusedA]);
    // A new address: the refusal again (the oldest), then the connection closing, then the idle one.
    expect(admit(socket('10.0.0.3'))).toBe('taken');
    expect(closed).toEqual([refusedA, refusedB]);
    expect(admit(socket('10.0.0.4'))).toBe('taken');
    expect(closed).toEqual([refusedA, refusedB, answered]);
    expect(admit(socket('10.0.0.5'))).toBe('taken');
    expect(closed).toEqual([refusedA, refusedB, answered, idle]);
    // Only connections owing an answer, or taken later and idle: the oldest idle goes, `busy` never.
    expect(closed).not.toContain(busy);
    expect(connections.size + connections.refusing).toBe(4);
  });

  it('with every connection owing an answer, refuses as full (counted until it closes)', () => {
    const connections = new Connections({ maxConnections: 1, maxConnectionsPerAddress: 0 });
    const busy = socket('10.0.0.1');
    expect(connections.admit(busy, () => {})).toBe('taken');
    connections.begin(busy);
    const late = socket('10.0.0.2');
    expect(connections.admit(late, () => {})).toBe('full');
    expect(connections.refusing).toBe(1);
  });
});
