import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The zones the date-bearing tests (`test/tz/`) run under: UTC, the library's home zone (west
 * of UTC) and a zone east of UTC, so a day that slips either way shows.
 */
export const ZONES = ['UTC', 'America/Mexico_City', 'Asia/Tokyo'] as const;

/** The rest of the suite runs once, in one pinned zone, so a run never depends on the machine's. */
export const SUITE_ZONE = 'America/Mexico_City';

/**
 * Only date-bearing code can depend on the zone: civil dates, schedules and quotes with dates,
 * policy receipts, the ATM API's timestamps, the receipt PDF's dates. The `test/tz/` files prove
 * those zone-independent, and the recorded corpus replays byte for byte, under every zone of
 * {@link ZONES}; each project's TZ is set in its worker processes' environment at start.
 */
const TZ_FILES = ['test/tz/**/*.test.ts', 'test/corpus/corpus.test.ts'];

/**
 * Files that need modules of their own: one replaces a module (`vi.mock`), one checks a warning
 * the service gives once per process. The rest of the suite
 * shares its modules across files in each worker (`isolate: false`): a file that changes global
 * state restores it, and no test depends on a module's first evaluation. That halves the time
 * spent importing.
 */
const ISOLATED_FILES = ['test/credit/insuredComposition.test.ts', 'test/service/hardening.test.ts'];

/**
 * The runtime smoke suite: the packed package under Bun, Deno and headless Chromium. It has its
 * own configuration (vitest.runtimes.config.ts, `npm run test:runtimes`; CI runs it after `npm
 * test`), so the suite here needs neither a browser nor another runtime.
 */
const RUNTIME_FILES = ['test/runtimes/**'];

/**
 * The real-Redis suite (`test/redis/`) needs a redis-server: it is a project only when
 * `COTIZADOR_TEST_REDIS_URL` names one, so `npm test` on a machine without Redis stays green,
 * and `vitest run --project redis` without it fails loudly (no such project). `.ci/run` starts a
 * server and runs it as its own step; `node scripts/with-redis.mjs` does the same locally.
 */
const REDIS_FILES = ['test/redis/**/*.test.ts'];
const REDIS_URL = process.env['COTIZADOR_TEST_REDIS_URL'];

export default defineConfig({
  test: {
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
    // Both cores (vitest's default leaves one idle on a 2-core machine).
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...TZ_FILES, ...ISOLATED_FILES, ...RUNTIME_FILES, ...REDIS_FILES],
          env: { TZ: SUITE_ZONE },
          globalSetup: ['test/cli/bundle.ts'],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED_FILES, env: { TZ: SUITE_ZONE } } },
      ...(REDIS_URL === undefined
        ? []
        : [
            {
              extends: true as const,
              // One file at a time: the files share one Redis (each under its own key prefix) and start servers.
              test: {
                name: 'redis',
                include: REDIS_FILES,
                env: { TZ: SUITE_ZONE },
                globalSetup: ['test/cli/bundle.ts'],
                fileParallelism: false,
              },
            },
          ]),
      ...ZONES.map((zone) => ({
        extends: true as const,
        // These files restore anything they change (the zone, through underZone), so each zone's
        // worker runs them one after another without a fresh process per file: half the time.
        test: { name: `tz ${zone}`, include: TZ_FILES, env: { TZ: zone }, isolate: false },
      })),
    ],
  },
});
