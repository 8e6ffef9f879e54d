/**
 * The kept buffers answers' bodies are written into (`src/node/bodyBuffers.ts`): which sizes are
 * kept, the bound on how many, and, through a real server, that a buffer is reused only once its
 * answer is sent — bodies of many sizes at once, and answers held back by a client that does not
 * read while other clients are answered, each arrive byte for byte.
 */
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { shutdownNodeServer } from '../../src/entry/node.js';
import { BODY_BUFFER_BYTES, BodyBuffers, MAX_KEPT_BUFFERS } from '../../src/node/bodyBuffers.js';
import { head, parseAnswers, textServer } from './raw.js';

describe('BodyBuffers', () => {
  it('keeps buffers for bodies from 4 KiB to one buffer, and Node pools or allocates the rest', () => {
    const buffers = new BodyBuffers();
    expect(buffers.take(100).kept).toBeUndefined();
    expect(buffers.take(BODY_BUFFER_BYTES + 1).kept).toBeUndefined();
    const { bytes, kept } = buffers.take(20_000);
    expect(bytes.length).toBe(20_000);
    expect(kept?.length).toBe(BODY_BUFFER_BYTES);
    expect(kept?.buffer).toBe(bytes.buffer);
  });

  it('reuses a buffer given back, and keeps at most MAX_KEPT_BUFFERS', () => {
    const buffers = new BodyBuffers();
    const first = buffers.take(5_000).kept as Buffer;
    buffers.give(first);
    expect(buffers.take(6_000).kept).toBe(first);
    const taken = Array.from({ length: MAX_KEPT_BUFFERS + 8 }, () => buffers.take(10_000).kept as Buffer);
    expect(new Set(taken).size).toBe(taken.length);
    for (const kept of taken) buffers.give(kept);
    expect(buffers.free).toBe(MAX_KEPT_BUFFERS);
    buffers.give(Buffer.alloc(10));
    expect(buffers.free).toBe(MAX_KEPT_BUFFERS);
  });
});

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` characters that differ from every other seed's at every position. */
function bodyOf(length: number, seed: number): string {
  const shift = seed % ALPHABET.length;
  const unit = ALPHABET.slice(shift) + ALPHABET.slice(0, shift) + String(seed).padStart(6, '0');
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await shutdownNodeServer(server, 100);
});

/** A server answering `GET /body/<length>/<seed>` with {@link bodyOf} (a `ñ` first when `/utf8`). */
function bodyServer(): Promise<number> {
  return textServer((request) => {
    const [, , length, seed, utf8] = request.path.split('/');
    return (utf8 === undefined ? '' : 'ñ') + bodyOf(Number(length), Number(seed));
  }, servers);
}

describe('bodies written into kept buffers, through a server', () => {
  it('answers 120 requests at once, bodies of 1 to 80 KB (some not ASCII), each byte for byte', async () => {
    const port = await bodyServer();
    const cases = Array.from({ length: 120 }, (_, seed) => ({ length: 1_000 + ((seed * 7_919) % 79_000), seed, utf8: seed % 10 === 3 }));
    const bodies = await Promise.all(
      cases.map(async ({ length, seed, utf8 }) => {
        const response = await fetch(`http://127.0.0.1:${port}/body/${length}/${seed}${utf8 ? '/utf8' : ''}`);
        return response.text();
      }),
    );
    for (const [i, body] of bodies.entries()) {
      const { length, seed, utf8 } = cases[i] as (typeof cases)[number];
      expect(body === (utf8 ? 'ñ' : '') + bodyOf(length, seed), `body ${i}`).toBe(true);
    }
  });

  it('keeps the buffers of answers a client has not read yet while other clients are answered', async () => {
    const port = await bodyServer();
    // 80 pipelined requests for 60 KB bodies on a connection that reads nothing: its answers back
    // up in the server, holding their buffers, while 80 other requests take buffers of their own.
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.pause();
    const held = Array.from({ length: 80 }, (_, i) => 1_000 + i);
    socket.write(held.map((seed) => head('GET', `/body/60000/${seed}`)).join(''));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const others = await Promise.all(
      Array.from({ length: 80 }, async (_, i) => (await fetch(`http://127.0.0.1:${port}/body/50000/${2_000 + i}`)).text()),
    );
    for (const [i, body] of others.entries()) expect(body === bodyOf(50_000, 2_000 + i), `other ${i}`).toBe(true);
    const done = new Promise<void>((resolve) => {
      socket.on('data', () => {
        if (parseAnswers(Buffer.concat(chunks).toString('latin1')).answers.length >= held.length) resolve();
      });
    });
    socket.resume();
    await done;
    socket.destroy();
    const { answers } = parseAnswers(Buffer.concat(chunks).toString('latin1'));
    expect(answers.length).toBe(held.length);
    for (const [i, answer] of answers.entries()) expect(answer.body === bodyOf(60_000, held[i] as number), `held ${i}`).toBe(true);
  });
});
