import { defineConfig } from 'vitest/config';

/**
 * The API console's suite (test/console/): `cotizador serve` from the build (`dist/cli.js`, after
 * `npm run build`) with `/docs` opened in Debian's headless Chromium. Its files are `*.spec.ts`,
 * so the main suite (vitest.config.ts, `test/**\/*.test.ts`) never needs a browser; `npm run
 * test:console` runs it, and CI runs it as a step of its own after the build.
 */
export default defineConfig({
  test: {
    name: 'console',
    include: ['test/console/**/*.spec.ts'],
    pool: 'forks',
    // A browser, a 1.7 MB bundle and three exchanges through its UI: tens of seconds on a loaded machine.
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
