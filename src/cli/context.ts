/**
 * What a CLI run touches of its process: the standard streams, stdin, the debug switch and the
 * script the grid's worker threads run. The entry (`./bin.ts`) passes the real process; tests
 * pass their own and run the CLI in-process, without spawning or building anything.
 */
import { readFileSync, realpathSync } from 'node:fs';
import type { Writable } from 'node:stream';

/** The process as a CLI run sees it. */
export interface CliContext {
  readonly stdout: Writable;
  /** Errors and the grid's progress bar (drawn only when `isTTY`). */
  readonly stderr: Writable & { readonly isTTY?: boolean };
  /** All of stdin as text, for FILE '-'. */
  readonly readStdin: () => string;
  /** The script grid workers run: the CLI's own entry, which serves as a worker when started as one. */
  readonly workerScript: () => string;
  /** Print the stack of an unexpected error (`COTIZADOR_DEBUG`). */
  readonly debug: boolean;
}

/**
 * The running process: its streams, fd 0, `COTIZADOR_DEBUG`, and the script it was started with.
 *
 * @example
 * ```ts
 * processContext().stdout === process.stdout; // true
 * ```
 */
export function processContext(): CliContext {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    readStdin: () => readFileSync(0, 'utf8'),
    workerScript: () => {
      const script = process.argv[1];
      if (script === undefined) throw new Error('cannot locate the CLI script for the worker threads; use --workers 0');
      return realpathSync(script);
    },
    debug: Boolean(process.env.COTIZADOR_DEBUG),
  };
}
