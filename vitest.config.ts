import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // Bundles the CLI once (esbuild, to a temporary directory) for the CLI tests that spawn it.
    globalSetup: ['test/cli/bundle.ts'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
