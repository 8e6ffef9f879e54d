import { defineConfig } from 'vitest/config';

/**
 * The browser suite (test/browser/): the simulator page built from simulator/, served by the
 * same static-site code as `cotizador serve`, driven in Debian's headless Chromium
 * (/usr/bin/chromium, or COTIZADOR_CHROMIUM) by playwright-core. Its files end in `.browser.ts`, so
 * `npm test` (test/**\/*.test.ts) needs no browser; `npm run test:browser` runs it, and CI runs it
 * as a step of its own after `npm test`.
 */
export default defineConfig({
  test: {
    name: 'browser',
    include: ['test/browser/**/*.browser.ts'],
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
    // One browser at a time: two Chromiums on a loaded 2-core machine only slow each other.
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
    env: { TZ: 'America/Mexico_City' },
  },
});
