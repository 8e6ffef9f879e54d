/**
 * One CLI run's bookkeeping: the files it read, the files it is writing, how far it got and the
 * signal that stopped it. `main` holds it for the run in an AsyncLocalStorage, so every command
 * gets it without passing it along: `openOutput` (./io.ts) refuses an `--out` that is one of the
 * run's inputs and registers its temporary file here, and when the run fails or is interrupted its
 * temporary files are removed (a batch's resumable partial is kept on a signal) before the error
 * is printed. A command that never writes a file (`serve`) never subscribes to signals.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Stats } from 'node:fs';
import type { Lang, MessageRef } from '../entry/common.js';
import type { CliContext, OutputFs, StopSignal } from './context.js';
import { CliError, EXIT_INTERNAL, usageError } from './errors.js';
import { cliMessage, cliText, type CliMessageId } from './messages.js';

/**
 * The exit code of a run stopped by a signal: 128 + the signal's number, as a shell reports it.
 *
 * @example
 * ```ts
 * SIGNAL_EXIT.SIGINT; // 130
 * SIGNAL_EXIT.SIGTERM; // 143
 * ```
 */
export const SIGNAL_EXIT: Readonly<Record<StopSignal, number>> = { SIGINT: 130, SIGTERM: 143 };

/** A file the run is writing (through a temporary file until it is complete). */
export interface OpenFile {
  /** The output as the command line named it. */
  readonly name: string;
  /**
   * Gives the file up: closes it and removes its temporary file, or keeps a batch's partial that
   * holds something, whole to its last record. Returns the kept partial's path when this run
   * added to it (what a message names).
   */
  abandon(): string | undefined;
}

/** How far a run got: `done` of `total` items (`unit`: the catalog's name of them). */
export interface RunProgress {
  readonly done: number;
  readonly total: number | undefined;
  readonly unit: CliMessageId;
}

/** What identifies a file whatever path names it (a link, `./x`, a symlink): its device and inode. */
function identity(stats: Stats): string {
  return `${stats.dev}:${stats.ino}`;
}

/**
 * The bookkeeping of one run of a command.
 *
 * @example
 * ```ts
 * import { processContext } from './context.js';
 * const run = new CliRun('batch', processContext());
 * run.noteProgress(10, 40, 'unidadRegistros');
 * run.progress; // { done: 10, total: 40, unit: 'unidadRegistros' }
 * ```
 */
export class CliRun {
  readonly command: string;
  readonly #context: CliContext;
  readonly #inputs = new Map<string, string>();
  readonly #targets = new Map<string, string>();
  readonly #paths = new Set<string>();
  readonly #open = new Set<OpenFile>();
  readonly #kept: string[] = [];
  readonly #untouched: string[] = [];
  readonly #wakers = new Set<() => void>();
  #progress: RunProgress | undefined;
  #signal: StopSignal | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(command: string, context: CliContext) {
    this.command = command;
    this.#context = context;
  }

  /** How far the run got, as last noted. */
  get progress(): RunProgress | undefined {
    return this.#progress;
  }

  /** The signal that stopped the run, if one did. */
  get signal(): StopSignal | undefined {
    return this.#signal;
  }

  /** Notes that `done` of `total` items are written (what an interruption reports). */
  noteProgress(done: number, total: number | undefined, unit: CliMessageId): void {
    this.#progress = { done, total, unit };
  }

  /** Notes a regular file the run reads; refused when the run is writing it. */
  noteInput(name: string, stats: Stats): void {
    if (!stats.isFile()) return;
    const id = identity(stats);
    const output = this.#targets.get(id);
    if (output !== undefined) throw usageError('salidaEsEntrada', { file: output, input: name }, this.command);
    this.#inputs.set(id, name);
  }

  /**
   * Notes a file the run will write (`stats`: the file it replaces, if it exists; `path`: its real
   * path); refused when it is one of the run's inputs or another of its outputs.
   */
  noteOutput(name: string, path: string, stats: Stats | undefined): void {
    if (this.#paths.has(path)) throw usageError('salidaRepetida', { file: name }, this.command);
    if (stats?.isFile() === true) {
      const id = identity(stats);
      const input = this.#inputs.get(id);
      if (input !== undefined) throw usageError('salidaEsEntrada', { file: name, input }, this.command);
      this.#targets.set(id, name);
    }
    this.#paths.add(path);
  }

  /** Holds `file` until it is finished or given up (and subscribes to signals, to clean up). */
  hold(file: OpenFile): void {
    this.#open.add(file);
    this.watch();
  }

  /** Lets go of a finished file. */
  release(file: OpenFile): void {
    this.#open.delete(file);
  }

  /**
   * Subscribes to SIGINT and SIGTERM (once): the first stops the run at its next write, a second
   * one ends the process at once, its temporary files removed.
   */
  watch(): void {
    if (this.#unsubscribe !== undefined || this.#context.onSignal === undefined) return;
    this.#unsubscribe = this.#context.onSignal((signal) => {
      if (this.#signal === undefined) {
        this.#signal = signal;
        for (const wake of this.#wakers) wake();
        this.#wakers.clear();
        return;
      }
      this.#abandonAll();
      this.#context.stderr.write(`cotizador: ${this.#interruptionText(this.#context.lang ?? 'es', signal)}\n`);
      this.#context.exit?.(SIGNAL_EXIT[signal]);
    });
  }

  /**
   * Lets the event loop turn, so a signal that arrived is seen: a loop of pure computation whose
   * writes resolve at once (a file's) would otherwise never let it in.
   */
  async breathe(): Promise<void> {
    if (this.#unsubscribe !== undefined) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Throws the interruption when a signal arrived. */
  checkStop(): void {
    if (this.#signal !== undefined) throw this.#interruption(this.#signal);
  }

  /** Calls `wake` when a signal arrives (for a wait that might otherwise never end, like a full pipe); returns the cancel. */
  onStop(wake: () => void): () => void {
    if (this.#signal !== undefined) {
      wake();
      return () => {};
    }
    this.#wakers.add(wake);
    return () => this.#wakers.delete(wake);
  }

  /** The file system the run's outputs are written with (the context's; default node:fs). */
  get files(): OutputFs | undefined {
    return this.#context.files;
  }

  /**
   * Ends the run: gives up every file still open and unsubscribes. A run that succeeded with a
   * file still open has a bug: its file is removed and the run fails with an internal error.
   */
  finish(failed: boolean): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    const open = [...this.#open];
    this.#abandonAll();
    if (!failed && open.length > 0) {
      throw new CliError(
        cliMessage('errorInterno', { detail: cliMessage('salidaSinTerminar', { file: open.map((f) => f.name).join(', ') }) }),
        EXIT_INTERNAL,
      );
    }
  }

  /**
   * The error a failed run reports: a failure that left a batch's partial behind says where it
   * is (an interruption's message says it already).
   */
  explain(error: unknown): unknown {
    if (!(error instanceof CliError) || this.#kept.length === 0 || this.#signal !== undefined) return error;
    const kept = [...this.#kept];
    return new CliError(
      (lang) => error.render(lang) + kept.map((file) => cliText('parcialConservado', lang, { file })).join(''),
      error.exitCode,
    );
  }

  #abandonAll(): void {
    for (const file of this.#open) {
      const kept = file.abandon();
      if (kept !== undefined) this.#kept.push(kept);
      else this.#untouched.push(file.name);
    }
    this.#open.clear();
  }

  #interruption(signal: StopSignal): CliError {
    // Rendered when printed: by then the run's files are given up and the message can say where.
    return new CliError((lang) => this.#interruptionText(lang, signal), SIGNAL_EXIT[signal]);
  }

  #interruptionText(lang: Lang, signal: StopSignal): string {
    const p = this.#progress;
    const reached: MessageRef | string =
      p === undefined
        ? ''
        : p.total === undefined
          ? cliMessage('avance', { done: p.done, unit: cliMessage(p.unit) })
          : cliMessage('avanceDe', { done: p.done, total: p.total, unit: cliMessage(p.unit) });
    let text = cliText('interrumpido', lang, { signal, reached });
    for (const file of this.#kept) text += cliText('parcialConservado', lang, { file });
    for (const file of this.#untouched) text += cliText('salidaIntacta', lang, { file });
    return text;
  }
}

const storage = new AsyncLocalStorage<CliRun>();

/**
 * The run this code is part of (undefined outside a run of `main`, as in a script calling the
 * CLI's functions directly).
 *
 * @example
 * ```ts
 * currentRun(); // undefined
 * ```
 */
export function currentRun(): CliRun | undefined {
  return storage.getStore();
}

/**
 * Takes the rest of this process out of the runs' scope, for a command that serves for as long as
 * the process lives and writes no file (`serve`): `currentRun()` is `undefined` from then on.
 * Speed: while an AsyncLocalStorage holds a store, Node 20 runs a hook on every promise the
 * process creates; the profile of `serve` under load showed `promiseInitHook` and its callers at
 * 5–10 % of the server's CPU, for a store `serve` never reads.
 *
 * @example
 * ```ts
 * leaveRunScope();
 * currentRun(); // undefined
 * ```
 */
export function leaveRunScope(): void {
  storage.disable();
}

/**
 * Runs a command's `body` as a run of its own, and ends the run however the body ends.
 *
 * @example
 * ```ts
 * import { processContext } from './context.js';
 * await runCommand('credit', processContext(), async () => {
 *   currentRun()?.command; // 'credit'
 * });
 * ```
 */
export async function runCommand(command: string, context: CliContext, body: () => Promise<void>): Promise<void> {
  const run = new CliRun(command, context);
  try {
    await storage.run(run, body);
  } catch (error) {
    run.finish(true);
    throw run.explain(error);
  }
  run.finish(false);
}
