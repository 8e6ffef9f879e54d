/**
 * Running the CLI in tests: in-process (`main` on captured streams, the default: no process, no
 * build), or as a real process from the bundle `./bundle.ts` made, for what only a process shows
 * (the exit status, fd 0, worker threads).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import type { CliContext } from '../../src/cli/context.js';
import { main } from '../../src/cli/main.js';

/** The outcome of one CLI run. */
export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function sink(append: (text: string) => void): Writable {
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      append(String(chunk));
      done();
    },
  });
}

/** Runs `cotizador ...args` in this process, `input` as stdin, the context's parts given replacing the defaults; grid workers run the bundle. */
export async function cli(
  args: readonly string[],
  input?: string,
  options: { stdoutIsTTY?: boolean; context?: Partial<CliContext> } = {},
): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const out = sink((text) => {
    stdout += text;
  });
  if (options.stdoutIsTTY === true) Object.defineProperty(out, 'isTTY', { value: true });
  const status = await main(args, {
    stdout: out,
    stderr: sink((text) => {
      stderr += text;
    }),
    readStdin: () => {
      if (input === undefined) throw new Error('the test gave no stdin');
      return input;
    },
    workerScript: () => inject('cliBundle'),
    debug: false,
    ...options.context,
  });
  return { status, stdout, stderr };
}

/** Runs the bundled `cotizador ...args` as a child process, `input` as its stdin. */
export function spawnCli(args: readonly string[], input?: string): Run {
  const run = spawnSync(process.execPath, [inject('cliBundle'), ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, COTIZADOR_DEBUG: '' },
  });
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
