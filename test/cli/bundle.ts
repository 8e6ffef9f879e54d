/**
 * Vitest global setup: bundles the CLI once per run with scripts/build-cli.mjs (esbuild, well under
 * a second), for the few CLI tests that need a real process (exit codes, stdin, worker threads).
 * Never builds dist/: the bundle goes to a fresh directory under node_modules/.cache, where it
 * resolves the package's dependencies exactly as dist/cli.js does, and is removed afterwards.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleCli } from '../../scripts/build-cli.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the CLI bundle (`inject('cliBundle')`). */
    cliBundle: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const cache = resolve('node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'cotizador-cli-'));
  const file = join(dir, 'cli.js');
  await bundleCli(file);
  project.provide('cliBundle', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
