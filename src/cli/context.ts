/**
 * What a CLI run touches of its process: the standard streams, stdin, the debug switch, the
 * language, the script the grid's worker threads run, the signals that stop a run and the file
 * system outputs are written with. The entry (`./bin.ts`) passes the real process; tests pass
 * their own and run the CLI in-process, without spawning or building anything.
 */
import * as fs from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { isLang, type Lang } from '../entry/common.js';
import { CliError, EXIT_INTERNAL } from './errors.js';
import { cliMessage } from './messages.js';

/**
 * The signals that stop a run cleanly.
 *
 * @example
 * ```ts
 * const signal: StopSignal = 'SIGTERM';
 * ```
 */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/**
 * The calls of node:fs an output file is written with: a test passes its own to make a write fail
 * (a full disk) without one.
 *
 * @example
 * ```ts
 * import * as fs from 'node:fs';
 * const files: OutputFs = fs;
 * ```
 */
export type OutputFs = Pick<
  typeof fs,
  | 'openSync'
  | 'writeSync'
  | 'fsyncSync'
  | 'closeSync'
  | 'renameSync'
  | 'unlinkSync'
  | 'statSync'
  | 'lstatSync'
  | 'fstatSync'
  | 'realpathSync'
  | 'accessSync'
  | 'ftruncateSync'
  | 'fchmodSync'
  | 'readSync'
>;

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
  /**
   * Subscribes to SIGINT and SIGTERM for a run that writes files or counts its progress; returns
   * the unsubscribe (none: the signals keep their default action).
   */
  readonly onSignal?: (listener: (signal: StopSignal) => void) => () => void;
  /** Ends the process at once (a second signal during a stop). */
  readonly exit?: (code: number) => void;
  /** The file system outputs are written with (default node:fs). */
  readonly files?: OutputFs;
}

/**
 * The running process: its streams, fd 0, its signals, `COTIZADOR_DEBUG`, `COTIZADOR_LANG` and the
 * script it was started with.
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
      return fs.realpathSync(script);
    },
    debug: Boolean(process.env.COTIZADOR_DEBUG),
    ...(isLang(lang) ? { lang } : {}),
    onSignal: (listener) => {
      const onInt = (): void => listener('SIGINT');
      const onTerm = (): void => listener('SIGTERM');
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
      return () => {
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
      };
    },
    exit: (code) => process.exit(code),
  };
}
