import { defineConfig } from 'vitest/config';

/**
 * The runtime smoke suite (test/runtimes/): the packed package under Node, Bun, Deno and headless
 * Chromium. Not a project of vitest.config.ts, so `npm test` needs no browser nor other runtime;
 * `npm run test:runtimes` runs it, and CI runs it as a step of its own (.ci/run).
 */
export default defineConfig({
  test: {
    name: 'runtimes',
    include: ['test/runtimes/**/*.test.ts'],
    pool: 'forks',
    // Packing and installing, then a browser: minutes on a loaded machine, not seconds.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
