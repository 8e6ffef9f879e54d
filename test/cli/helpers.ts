/** Runs the BUILT CLI (`node dist/cli.js`), building it once if dist/cli.js is missing. */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CLI = 'dist/cli.js';

/** Builds the package when the binary is missing (CI builds before testing). */
export function ensureBuilt(): void {
  if (!existsSync(CLI)) execSync('npx tsup', { stdio: 'ignore' });
}

/** The outcome of one CLI run. */
export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `cotizador ...args` with optional stdin. */
export function cli(args: readonly string[], input?: string): Run {
  const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input, env: { ...process.env, COTIZADOR_DEBUG: '' } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** A fresh temporary directory. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'cotizador-cli-'));
}

/** True when stderr looks like a stack trace. */
export function hasStackTrace(stderr: string): boolean {
  return /^\s+at .+\(.*:\d+:\d+\)$/m.test(stderr) || /^\s+at /m.test(stderr);
}
