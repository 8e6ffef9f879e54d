/**
 * Several `cotizador serve` processes (the CLI bundle) behind one real Redis: one combined rate
 * limit and one count of failed authentications across them, keys that expire, and a Redis that
 * cannot be reached: the documented behaviour of each `COTIZADOR_RATE_LIMIT_STORE_DOWN`, with a
 * warning in the log.
 */
import { describe, expect, it } from 'vitest';
import { BASIC, freePort, freshPrefix, inspector, REDIS_URL, type Serving, serve, tokenRequest, until } from './helpers.js';

const redis = await inspector();

async function bearer(base: string): Promise<string> {
  const res = await tokenRequest(base);
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A cheap authenticated request (the ATM list): its status. */
async function atmList(base: string, token: string): Promise<number> {
  const res = await fetch(`${base}/open-banking/open-data/v2/atms`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

async function both(env: Record<string, string>): Promise<[Serving, Serving]> {
  return Promise.all([serve(env), serve(env)]);
}

describe('two serve processes behind one Redis', () => {
  it('enforce one combined limit: capacity 60 → at most 60 + the refill pass across both', async () => {
    const prefix = freshPrefix();
    const [a, b] = await both({ COTIZADOR_REDIS_URL: REDIS_URL, COTIZADOR_REDIS_KEY_PREFIX: prefix, COTIZADOR_RATE_LIMIT: '60/0.5' });
    try {
      // Written just after the "listening" line, perhaps in a later chunk.
      await until(() => a.stderr().includes(`limits shared in Redis ${REDIS_URL} (when it does not answer: local)`));
      const started = Date.now();
      const token = await bearer(a.base); // the token request takes one of the 60
      const statuses: number[] = [];
      for (let i = 0; i < 80; i++) {
        statuses.push(...(await Promise.all([atmList(a.base, token), atmList(b.base, token)])));
      }
      const seconds = (Date.now() - started) / 1000;
      const passed = statuses.filter((status) => status === 200).length + 1;
      expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
      expect(passed).toBeGreaterThanOrEqual(60);
      expect(passed).toBeLessThanOrEqual(60 + Math.ceil(seconds * 0.5));
      // The bucket's key expires when it would be full again: (60 − tokens left) / 0.5 s from now.
      const ttl = await redis.pTTL(`${prefix}client:app`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(120_000);
      const keys = await redis.keys(`${prefix}*`);
      for (const key of keys) expect(await redis.pTTL(key), key).toBeGreaterThan(0);
      expect(keys.sort()).toEqual([`${prefix}auth:ok:app@127.0.0.1:${Math.floor(Date.now() / 86_400_000)}`, `${prefix}client:app`]);
    } finally {
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
    }
  });

  it('count failed authentications together: ten wrong secrets across both, then 429 on either', async () => {
    const prefix = freshPrefix();
    const [a, b] = await both({ COTIZADOR_REDIS_URL: REDIS_URL, COTIZADOR_REDIS_KEY_PREFIX: prefix });
    try {
      const wrong = `Basic ${Buffer.from('app:not-the-secret').toString('base64')}`;
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await tokenRequest(a.base, wrong)).status, (await tokenRequest(b.base, wrong)).status);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
      const limited = await tokenRequest(b.base, BASIC); // the right secret from the same address waits too
      expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '30']);
      expect(await redis.pTTL(`${prefix}auth:ca:app@127.0.0.1`)).toBeGreaterThan(0);
    } finally {
      await a.stop();
      await b.stop();
    }
  });
});

describe('Redis unreachable', () => {
  it.each([
    ['closed', 429],
    ['open', 200],
  ] as const)('COTIZADOR_RATE_LIMIT_STORE_DOWN=%s: the warning in the log, token requests %i', async (mode, status) => {
    const port = await freePort(); // nothing listens there
    const s = await serve({
      COTIZADOR_REDIS_URL: `redis://:pa55word@127.0.0.1:${port}`,
      COTIZADOR_RATE_LIMIT_STORE_DOWN: mode,
      COTIZADOR_RATE_LIMIT: '2/0.01',
    });
    try {
      expect(s.stderr()).toMatch(
        new RegExp(
          `\\[COTIZADOR_RATE_LIMIT_STORE_DOWN\\] Redis does not answer \\(\\w+\\): the limits go on in ${mode} mode until it is back`,
        ),
      );
      expect(s.stderr()).not.toContain('pa55word');
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await tokenRequest(s.base)).status);
      expect(statuses).toEqual(Array(4).fill(status));
    } finally {
      expect(await s.stop()).toBe(0);
    }
  });

  it('COTIZADOR_RATE_LIMIT_STORE_DOWN=local (the default): each instance keeps its own limit meanwhile', async () => {
    const port = await freePort();
    const s = await serve({ COTIZADOR_REDIS_URL: `redis://127.0.0.1:${port}`, COTIZADOR_RATE_LIMIT: '2/0.01' });
    try {
      expect(s.stderr()).toContain('[COTIZADOR_RATE_LIMIT_STORE_DOWN]');
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await tokenRequest(s.base)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await s.stop();
    }
  });
});
