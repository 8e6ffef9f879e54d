/**
 * The Redis rate-limit store against a real redis-server: the same decisions as the memory store
 * for any sequence of takes, peeks and gives; atomic under concurrency; every key with an expiry
 * at the moment its bucket would be full, and gone once it is; and, with a redis-server of the
 * test's own stopped and started again, what it does while Redis is down (each `whenDown` mode),
 * its warnings and its health.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRedisRateLimitStore } from '../../src/entry/node.js';
import { memoryRateLimitStore, type ServiceWarning } from '../../src/entry/service.js';
import { freePort, freshPrefix, inspector, privateRedis, REDIS_URL, until } from './helpers.js';

const redis = await inspector();

describe('the Redis store', () => {
  it('decides as the memory store does, for any sequence of takes, peeks and gives', async () => {
    const store = await createRedisRateLimitStore({ url: REDIS_URL, keyPrefix: freshPrefix() });
    try {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          // Slow refills: a key's expiry is in Redis's real time, far beyond the test's own clock.
          fc.record({ capacity: fc.integer({ min: 1, max: 5 }), refillPerSecond: fc.constantFrom(0.001, 0.003, 0.01) }),
          fc.array(fc.tuple(fc.constantFrom('take', 'take', 'peek', 'give'), fc.integer({ min: 0, max: 400_000 })), { maxLength: 25 }),
          async (policy, steps) => {
            const key = `prop-${++run}`;
            const memory = memoryRateLimitStore();
            let now = 1_000_000;
            for (const [op, advance] of steps) {
              now += advance;
              if (op === 'give') {
                await store.give(key, policy, now);
                memory.give(key, policy, now);
              } else expect(await store[op](key, policy, now)).toEqual(memory[op](key, policy, now));
            }
          },
        ),
        { numRuns: 60 },
      );
    } finally {
      await store.close();
    }
  });

  it('is atomic: 200 concurrent takes from a bucket of 50 pass exactly 50 times', async () => {
    const store = await createRedisRateLimitStore({ url: REDIS_URL, keyPrefix: freshPrefix() });
    const policy = { capacity: 50, refillPerSecond: 0.001 };
    const answers = await Promise.all(Array.from({ length: 200 }, () => store.take('burst', policy, 5_000)));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(50);
    await store.close();
  });

  it('gives every key an expiry at the moment its bucket is full again, and deletes a bucket given back full', async () => {
    const prefix = freshPrefix();
    const store = await createRedisRateLimitStore({ url: REDIS_URL, keyPrefix: prefix });
    const policy = { capacity: 10, refillPerSecond: 2 }; // full 500 ms per missing token
    const now = Date.now();
    for (let i = 0; i < 4; i++) await store.take('ttl', policy, now);
    const ttl = await redis.pTTL(`${prefix}ttl`);
    expect(ttl).toBeGreaterThan(1500);
    expect(ttl).toBeLessThanOrEqual(2000);
    expect(await redis.hGetAll(`${prefix}ttl`)).toEqual({ t: '6', u: String(now) });
    for (let i = 0; i < 4; i++) await store.give('ttl', policy, now);
    expect(await redis.exists(`${prefix}ttl`)).toBe(0);
    // A peek writes nothing.
    await store.peek('never', policy, now);
    expect(await redis.exists(`${prefix}never`)).toBe(0);
    // And an expired key is a full bucket: nothing is lost when Redis drops it.
    await store.take('short', { capacity: 1, refillPerSecond: 20 }, Date.now());
    await until(async () => (await redis.exists(`${prefix}short`)) === 0, 2000);
    expect((await store.take('short', { capacity: 1, refillPerSecond: 20 }, Date.now())).allowed).toBe(true);
    await store.close();
  });

  it('refuses a bad mode, or both a URL and a client, naming the setting', async () => {
    await expect(createRedisRateLimitStore({ url: REDIS_URL, whenDown: 'maybe' as never })).rejects.toMatchObject({
      codigoError: 'ERRESQ005',
      valorIncorrecto: 'config.rateLimitStore.whenDown',
    });
    await expect(createRedisRateLimitStore({})).rejects.toMatchObject({ valorIncorrecto: 'config.rateLimitStore' });
  });
});

describe('while Redis is down', () => {
  const policy = { capacity: 2, refillPerSecond: 0.01 };

  it.each([
    ['local', [true, true, false]],
    ['open', [true, true, true]],
    ['closed', [false, false, false]],
  ] as const)('whenDown %s: unhealthy, one warning, answers %j; healthy again once Redis is back', async (mode, expected) => {
    const port = await freePort();
    const server = await privateRedis(port);
    const warnings: ServiceWarning[] = [];
    const store = await createRedisRateLimitStore({
      url: `redis://127.0.0.1:${port}`,
      keyPrefix: freshPrefix(),
      whenDown: mode,
      onWarning: (warning) => warnings.push(warning),
    });
    try {
      expect(store.healthy()).toBe(true);
      expect((await store.take('a', policy, 0)).allowed).toBe(true);
      await server.stop();
      await until(() => !store.healthy());
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await store.take('down', policy, 0)).allowed);
      expect(answers).toEqual(expected);
      expect(warnings.map((w) => w.code)).toEqual(['COTIZADOR_RATE_LIMIT_STORE_DOWN']);
      expect(warnings[0]?.message).toMatch(
        new RegExp(`^Redis does not answer \\(\\w+\\): the limits go on in ${mode} mode until it is back$`),
      );
      const again = await privateRedis(port);
      await until(() => store.healthy());
      expect(warnings.map((w) => w.code)).toEqual(['COTIZADOR_RATE_LIMIT_STORE_DOWN', 'COTIZADOR_RATE_LIMIT_STORE_UP']);
      expect((await store.take('back', policy, 0)).allowed).toBe(true);
      await again.stop();
    } finally {
      await store.close();
    }
  });

  it('a Redis that never answered: the store starts (unhealthy, warned) within its connect timeout', async () => {
    const port = await freePort();
    const warnings: ServiceWarning[] = [];
    const started = Date.now();
    const store = await createRedisRateLimitStore({
      url: `redis://127.0.0.1:${port}`,
      whenDown: 'closed',
      connectTimeoutMs: 300,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(store.healthy()).toBe(false);
    expect(await store.take('x', policy, 0)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(warnings).toHaveLength(1);
    await store.close();
  });
});
