/**
 * Credentials under attack (issue 21, item 4): failed authentications at both token URLs are
 * limited per client id and per address, 429 with `Retry-After` in each URL's shape, and a guess
 * past the limit is never tried; the real client, at its own address, still gets its token while
 * an attacker hammers wrong secrets from another. Also the memory store's bound (item 5): a
 * drained bucket is never given back full.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createNodeServer, shutdownNodeServer } from '../../src/entry/node.js';
import { memoryRateLimitStore, type ServiceConfig, type ServiceResponse } from '../../src/entry/service.js';
import { addressKey } from '../../src/service/authLimit.js';
import { isQuoteError } from '../../src/errors/quoteError.js';
import { basic, CLIENT, json, NOW, testService } from './helpers.js';

const TOKEN = '/api/esb/ValidaCredenciales/accesstoken';
const ATM_TOKEN = '/open-banking/oauth2/v1/token';
const FORM = 'grant_type=client_credentials&scope=update';
const ATTACKER = '203.0.113.66';
const REAL = '198.51.100.7';

type Service = ReturnType<typeof testService>;

/** A token request with Basic credentials, from `address`. */
function viaBasic(service: Service, secret: string, address: string | undefined, id = 'app', path = TOKEN): Promise<ServiceResponse> {
  return service.handle({
    method: 'POST',
    path,
    headers: { authorization: basic(id, secret), 'content-type': 'application/x-www-form-urlencoded' },
    body: FORM,
    remoteAddress: address,
  });
}

/** A token request with the credentials in the form, from `address`. */
function viaForm(service: Service, secret: string, address: string | undefined): Promise<ServiceResponse> {
  return service.handle({
    method: 'POST',
    path: TOKEN,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `${FORM}&client_id=app&client_secret=${encodeURIComponent(secret)}`,
    remoteAddress: address,
  });
}

async function statuses(count: number, send: () => Promise<ServiceResponse>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await send()).status);
  return out;
}

describe('failed authentications are limited per client id and address', () => {
  it('Basic: ten wrong secrets from one address, then 429 with Retry-After; the real client elsewhere still gets its token', async () => {
    const service = testService();
    expect(await statuses(10, () => viaBasic(service, 'guess', ATTACKER))).toEqual(Array(10).fill(401));
    const limited = await viaBasic(service, 'guess', ATTACKER);
    expect([limited.status, json(limited)['codigoError'], limited.headers['Retry-After']]).toEqual([429, 'ERRSEG006', '30']);
    expect(json(limited)['detalles'].propiedad).toBe('Demasiadas autenticaciones fallidas; reintente en 30 s');
    // Past the limit a guess is not tried: even the right secret from that address waits.
    expect((await viaBasic(service, CLIENT.clientSecret, ATTACKER)).status).toBe(429);
    expect((await viaBasic(service, CLIENT.clientSecret, REAL)).status).toBe(200);
  });

  it('form credentials count the same way, and the ATM token URL answers temporarily_unavailable', async () => {
    let now = NOW;
    const service = testService({ now: () => now });
    expect(await statuses(10, () => viaForm(service, 'guess', ATTACKER))).toEqual(Array(10).fill(401));
    expect((await viaForm(service, 'guess', ATTACKER)).status).toBe(429);
    const oauth = await viaBasic(service, 'guess', ATTACKER, 'app', ATM_TOKEN);
    expect([oauth.status, json(oauth)['error'], oauth.headers['Retry-After']]).toEqual([429, 'temporarily_unavailable', '30']);
    expect(json(oauth)['error_description']).toMatch(/^Demasiadas autenticaciones fallidas/);
    // One attempt comes back every 30 s.
    now = new Date(NOW.getTime() + 30_000);
    expect((await viaForm(service, 'guess', ATTACKER)).status).toBe(401);
    expect((await viaForm(service, 'guess', ATTACKER)).status).toBe(429);
  });

  it('an address spraying client ids waits after 30 failures, whatever the id', async () => {
    const service = testService();
    let n = 0;
    const sprayed = await statuses(31, async () => viaBasic(service, 'guess', ATTACKER, `id-${++n}`));
    expect(sprayed.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(sprayed[30]).toBe(429);
    expect((await viaBasic(service, CLIENT.clientSecret, ATTACKER)).status).toBe(429);
    expect((await viaBasic(service, CLIENT.clientSecret, REAL)).status).toBe(200);
  });

  it('many addresses against one id: once its 100 failures are spent only addresses it succeeded from may try', async () => {
    const service = testService();
    expect((await viaBasic(service, CLIENT.clientSecret, REAL)).status).toBe(200); // REAL is now trusted for app
    let n = 0;
    const guesses = await statuses(101, async () => viaBasic(service, 'guess', `203.0.${Math.floor(++n / 200)}.${n % 200}`));
    expect(guesses.filter((status) => status === 401)).toHaveLength(100);
    expect(guesses.at(-1)).toBe(429);
    expect((await viaBasic(service, 'guess', '192.0.2.1')).status).toBe(429); // a fresh address
    expect((await viaBasic(service, CLIENT.clientSecret, '192.0.2.1')).status).toBe(429); // even with the secret (documented)
    expect((await viaBasic(service, CLIENT.clientSecret, REAL)).status).toBe(200); // the real client is not locked out
  });

  it('trust lasts from a success to the end of the next period, and a success each period keeps it', async () => {
    let now = NOW;
    const period = 100;
    const service = testService({
      now: () => now,
      authFailureLimit: { perClient: { capacity: 1, refillPerSecond: 1 / 3600 }, trustSeconds: period },
    });
    const at = (seconds: number) => {
      now = new Date(NOW.getTime() + seconds * 1000);
    };
    expect((await viaBasic(service, CLIENT.clientSecret, REAL)).status).toBe(200);
    expect((await viaBasic(service, 'guess', ATTACKER)).status).toBe(401); // spends the per-id bucket
    expect((await viaBasic(service, 'guess', '192.0.2.1')).status).toBe(429);
    at(150);
    expect((await viaBasic(service, CLIENT.clientSecret, REAL)).status).toBe(200); // trusted (last period), renews
    at(290);
    expect((await viaBasic(service, CLIENT.clientSecret, REAL)).status).toBe(200); // trusted through the renewal
    at(500);
    expect((await viaBasic(service, CLIENT.clientSecret, REAL)).status).toBe(429); // no success for two periods
  });

  it('without an address only the per-id bucket applies', async () => {
    const service = testService({ authFailureLimit: { perClient: { capacity: 3, refillPerSecond: 0.01 } } });
    expect(await statuses(4, () => viaBasic(service, 'guess', undefined))).toEqual([401, 401, 401, 429]);
    expect((await viaBasic(service, 'guess', undefined, 'other')).status).toBe(401);
  });

  it('counts IPv6 addresses by their /64 and IPv4-mapped ones as IPv4', async () => {
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    const service = testService({ authFailureLimit: { perClientAddress: { capacity: 2, refillPerSecond: 0.01 } } });
    expect(await statuses(2, () => viaBasic(service, 'guess', '2001:db8:1:2::1'))).toEqual([401, 401]);
    expect((await viaBasic(service, 'guess', '2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await viaBasic(service, CLIENT.clientSecret, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('is off with authFailureLimit: false', async () => {
    const service = testService({ authFailureLimit: false });
    expect(new Set(await statuses(150, () => viaBasic(service, 'guess', ATTACKER)))).toEqual(new Set([401]));
  });

  it('refuses an unusable setting at creation, naming it', () => {
    const field = (config: Partial<ServiceConfig>) => {
      try {
        testService(config);
      } catch (error) {
        if (isQuoteError(error)) return error.valorIncorrecto;
      }
      return undefined;
    };
    expect(field({ authFailureLimit: { perAddress: { capacity: 0, refillPerSecond: 1 } } })).toBe(
      'config.authFailureLimit.perAddress.capacity',
    );
    expect(field({ authFailureLimit: { trustSeconds: -1 } })).toBe('config.authFailureLimit.trustSeconds');
    expect(field({ authFailureLimit: { store: { take: () => ({ allowed: true, retryAfterSeconds: 0 }) } } })).toBe(
      'config.authFailureLimit.store',
    );
  });
});

describe("over the wire: the address is the connection's", () => {
  it('an attacker on 127.0.0.2 is limited while the real client on 127.0.0.3 gets its token', async () => {
    const server = createNodeServer(testService());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const send = (secret: string, localAddress: string) =>
      new Promise<number>((resolve, reject) => {
        const body = FORM;
        const req = request(
          {
            host: '127.0.0.1',
            port,
            localAddress,
            method: 'POST',
            path: TOKEN,
            headers: {
              authorization: basic('app', secret),
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': body.length,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      const attack = await Promise.all(Array.from({ length: 12 }, () => send('guess', '127.0.0.2')));
      expect(attack.filter((status) => status === 401)).toHaveLength(10);
      expect(attack.filter((status) => status === 429)).toHaveLength(2);
      expect(await send(CLIENT.clientSecret, '127.0.0.3')).toBe(200);
      expect(await send(CLIENT.clientSecret, '127.0.0.2')).toBe(429);
    } finally {
      await shutdownNodeServer(server, 100);
    }
  });
});

describe('the memory store never gives a drained bucket back full', () => {
  const policy = { capacity: 1, refillPerSecond: 1 };

  it('after 1,000 other keys a drained bucket is still drained: full ones leave first', () => {
    const store = memoryRateLimitStore({ maxKeys: 1000 });
    const slow = { capacity: 1, refillPerSecond: 0.001 };
    expect(store.take('a', slow, 0).allowed).toBe(true);
    for (let i = 0; i < 999; i++) store.take(`k${i}`, policy, 0);
    expect(store.size()).toBe(1000);
    // At 1 s every k bucket is full again: they make room for 999 new keys, 'a' stays.
    for (let i = 0; i < 999; i++) expect(store.take(`n${i}`, policy, 1000).allowed).toBe(true);
    expect(store.size()).toBe(1000);
    expect(store.take('n999', policy, 1000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(store.take('a', slow, 1000)).toEqual({ allowed: false, retryAfterSeconds: 999 });
  });

  it('when every bucket is partly drained, a new key is refused until one is full, never the bound exceeded', () => {
    const store = memoryRateLimitStore({ maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) store.take(key, { capacity: 2, refillPerSecond: 0.5 }, 0);
    expect(store.take('d', policy, 0)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(store.size()).toBe(3);
    expect(store.take('d', policy, 2000).allowed).toBe(true);
    expect(store.size()).toBe(1);
  });

  it('a clock going back refills nothing, and peek takes nothing', () => {
    const store = memoryRateLimitStore();
    expect(store.take('a', policy, 1000).allowed).toBe(true);
    expect(store.take('a', policy, 0).allowed).toBe(false);
    expect(store.peek('a', policy, 1500).allowed).toBe(false);
    expect(store.peek('a', policy, 2000).allowed).toBe(true);
    expect(store.peek('a', policy, 2000).allowed).toBe(true);
    expect(store.take('a', policy, 2000).allowed).toBe(true);
    expect(store.peek('a', policy, 2000)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});
