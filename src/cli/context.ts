/**
 * What a CLI run touches of its process: the standard streams, stdin, the debug switch, the
 * language and the script the grid's worker threads run. The entry (`./bin.ts`) passes the real
 * process; tests pass their own and run the CLI in-process, without spawning or building anything.
 */
import { realpathSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { isLang, type Lang } from '../entry/common.js';
import { CliError, EXIT_INTERNAL } from './errors.js';
import { cliMessage } from './messages.js';

/** The process as a CLI run sees it. */
export interface CliContext {
  readonly stdout: Writable & { readonly isTTY?: boolean };
  /** Errors and progress (drawn in place only when `isTTY`). */
  readonly stderr: Writable & { readonly isTTY?: boolean };
  /** All of stdin, for FILE '-' (the caller checks the cap on what it returns; default: fd 0, read up to the cap). */
  readonly readStdin?: (maxBytes: number) => string | Uint8Array;
  /** Stdin as a stream, for `batch -` (default: `readStdin` as one chunk). */
  readonly stdinStream?: () => Readable | AsyncIterable<string | Uint8Array>;
  /** The script grid workers run: the CLI's own entry, which serves as a worker when started as one. */
  readonly workerScript: () => string;
  /** Print the stack of an unexpected error (`COTIZADOR_DEBUG`). */
  readonly debug: boolean;
  /** The language of help, messages and errors when `--lang` is not given (`COTIZADOR_LANG`; default `es`). */
  readonly lang?: Lang;
}

/**
 * The running process: its streams, fd 0, `COTIZADOR_DEBUG`, `COTIZADOR_LANG` and the script it was started with.
 *
 * @example
 * ```ts
 * processContext().stdout === process.stdout; // true
 * ```
 */
export function processContext(): CliContext {
  const lang = process.env.COTIZADOR_LANG;
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdinStream: () => process.stdin,
    workerScript: () => {
      const script = process.argv[1];
      if (script === undefined) throw new CliError(cliMessage('errorInterno', { detail: cliMessage('sinScriptDeHilos') }), EXIT_INTERNAL);
      return realpathSync(script);
    },
    debug: Boolean(process.env.COTIZADOR_DEBUG),
    ...(isLang(lang) ? { lang } : {}),
  };
}
