/**
 * The bytes `createNodeServer` sends for a body: an ASCII body whole (the service's own), and a
 * body with characters beyond ASCII (a caller's service may answer one) as UTF-8, with its
 * `Content-Length` in bytes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { shutdownNodeServer } from '../../src/entry/node.js';
import { textServer } from './raw.js';

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) await shutdownNodeServer(server, 100);
});

/** A server whose service answers every request with `body`. */
function answering(body: string): Promise<number> {
  return textServer(() => body, servers);
}

describe('the bytes of a body', () => {
  for (const [name, body] of [
    ['ASCII', '{"mensaje":"Operaci\\u00f3n exitosa"}'],
    ['Latin-1', 'Cotización: año, señal'],
    ['beyond Latin-1', 'importe € 1,000 — ok 😀'],
    ['a lone surrogate', 'a\ud800b'],
    ['empty', ''],
  ] as const) {
    it(`${name}: UTF-8, Content-Length in bytes`, async () => {
      const port = await answering(body);
      const response = await fetch(`http://127.0.0.1:${port}/anything`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const expected = new TextEncoder().encode(body);
      expect(response.headers.get('content-length')).toBe(String(expected.length));
      expect(bytes).toEqual(expected);
    });
  }
});
