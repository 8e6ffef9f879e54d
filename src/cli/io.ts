/**
 * File input and buffered output for the CLI: the one place every command reads a file and opens
 * its output. Every read is capped (`--max-input-bytes`, 16 MiB by default) and noted as an input
 * of the run (so an `--out` naming it is refused); every output file is written through a
 * temporary file renamed into place when complete (`./outputFile.ts`); every failure of a read or
 * a write is a {@link CliError} with exit code 1 naming the file, in the run's language.
 */
import * as nodeFs from 'node:fs';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { CliError, inputError } from './errors.js';
import { findJsonError } from './jsonError.js';
import { cliMessage, ioReason } from './messages.js';
import { openFileOutput, type FileOutputOptions, type Output } from './outputFile.js';
import { currentRun } from './runScope.js';

/**
 * The default cap on an input file: 16 MiB.
 *
 * @example
 * ```ts
 * DEFAULT_MAX_INPUT_BYTES; // 16777216
 * ```
 */
export const DEFAULT_MAX_INPUT_BYTES = 16 * 1024 * 1024;

/**
 * How FILE is named in messages ('-' is stdin).
 *
 * @example
 * ```ts
 * displayName('-'); // 'stdin'
 * ```
 */
export function displayName(file: string): string {
  return file === '-' ? 'stdin' : file;
}

/**
 * Text without its leading byte-order mark (Excel and Notepad write one).
 *
 * @example
 * ```ts
 * stripBom('\uFEFF{"a":1}'); // '{"a":1}'
 * ```
 */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** How a command reads its input. */
export interface ReadOptions {
  /** All of stdin (for FILE '-'); the cap is checked on what it returns. */
  readonly readStdin?: (maxBytes: number) => string | Uint8Array;
  /** Refuse more than this many bytes (default {@link DEFAULT_MAX_INPUT_BYTES}). */
  readonly maxBytes?: number;
}

const CHUNK = 64 * 1024;

/** Reads fd to its end, refusing more than `max` bytes (a device like /dev/zero never ends). */
function readCapped(fd: number, file: string, max: number): Buffer {
  const stat = fstatSync(fd);
  if (stat.isFile() && stat.size > max) throw inputError('entradaExcede', { file: displayName(file), limit: max });
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.allocUnsafe(CHUNK);
    let n: number;
    try {
      n = readSync(fd, chunk, 0, CHUNK, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') continue;
      if ((error as NodeJS.ErrnoException).code === 'EOF') break;
      throw error;
    }
    if (n === 0) break;
    total += n;
    if (total > max) throw inputError('entradaExcede', { file: displayName(file), limit: max });
    chunks.push(n === CHUNK ? chunk : chunk.subarray(0, n));
  }
  return Buffer.concat(chunks, total);
}

/**
 * FILE ('-' for stdin) as text, its BOM removed; a missing or unreadable file, or one larger than
 * the cap, is a {@link CliError} (exit 1) naming it.
 *
 * @example
 * ```ts
 * readText('examples/autoestrene.json').startsWith('{'); // true
 * readText('examples/autoestrene.json', { maxBytes: 10 }); // throws CliError
 * ```
 */
export function readText(file: string, options: ReadOptions = {}): string {
  const max = options.maxBytes ?? DEFAULT_MAX_INPUT_BYTES;
  let bytes: Uint8Array | string;
  try {
    if (file === '-' && options.readStdin !== undefined) bytes = options.readStdin(max);
    else {
      const fd = file === '-' ? 0 : openSync(file, 'r');
      try {
        if (fd !== 0) currentRun()?.noteInput(file, fstatSync(fd));
        bytes = readCapped(fd, file, max);
      } finally {
        if (fd !== 0) closeSync(fd);
      }
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(cliMessage('noSePuedeLeer', { file: displayName(file), reason: ioReason(error) }));
  }
  const length = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  if (length > max) throw inputError('entradaExcede', { file: displayName(file), limit: max });
  return stripBom(typeof bytes === 'string' ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8'));
}

/**
 * Parses JSON text; a syntax error names the line and the column and never echoes the text.
 *
 * @example
 * ```ts
 * parseJsonText('{"a": 1}', 'x.json'); // { a: 1 }
 * parseJsonText('{"a": }', 'x.json'); // throws CliError
 * ```
 */
export function parseJsonText(text: string, file: string, firstLine = 1): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const where = findJsonError(text, firstLine) ?? { line: firstLine, column: 1, problem: 'caracterInesperado' as const };
    throw new CliError(
      cliMessage('jsonNoValido', { file: displayName(file), line: where.line, column: where.column, problem: cliMessage(where.problem) }),
    );
  }
}

/**
 * Reads FILE ('-' for stdin) as JSON, or throws a {@link CliError} naming the file.
 *
 * @example
 * ```ts
 * Object.keys(readJson('examples/autoestrene.json') as object); // ['solicitud']
 * ```
 */
export function readJson(file: string, options: ReadOptions = {}): unknown {
  return parseJsonText(readText(file, options), file);
}

/**
 * True for a plain JSON object.
 *
 * @example
 * ```ts
 * isRecord({}); // true
 * isRecord([]); // false
 * ```
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What a request FILE holds: the `solicitud`, and the engine options the file carries next to it
 * (`{ "solicitud": {...}, "options": {...} }`; a bare solicitud carries none).
 *
 * @example
 * ```ts
 * const body = { solicitud: { plazo: 12 }, options: { grace: { periods: 2 } } };
 * requestFromJson(body, 'x.json'); // { solicitud: { plazo: 12 }, options: { grace: { periods: 2 } } }
 * requestFromJson({ plazo: 12 }, 'x.json'); // { solicitud: { plazo: 12 }, options: undefined }
 * ```
 */
export function requestFromJson(
  body: unknown,
  file: string,
): { solicitud: Record<string, unknown>; options: Record<string, unknown> | undefined } {
  const name = displayName(file);
  if (!isRecord(body)) throw inputError('esperabaObjeto', { file: name });
  if (!Object.hasOwn(body, 'solicitud')) return { solicitud: body, options: undefined };
  const inner = body.solicitud;
  if (!isRecord(inner)) throw inputError('campoObjeto', { file: name, field: 'solicitud' });
  const options = body.options;
  if (options !== undefined && !isRecord(options)) throw inputError('campoObjeto', { file: name, field: 'options' });
  return { solicitud: inner, options };
}

/**
 * The request's `solicitud`: FILE holds either a request body `{ "solicitud": { ... } }` or a bare
 * solicitud object.
 *
 * @example
 * ```ts
 * readSolicitud('examples/autoestrene.json').plazo; // 36
 * ```
 */
export function readSolicitud(file: string, options: ReadOptions = {}): Record<string, unknown> {
  return requestFromJson(readJson(file, options), file).solicitud;
}

export type { Output } from './outputFile.js';

const BLOCK = 64 * 1024;

function writeFailure(name: string, error: unknown): CliError {
  return new CliError(cliMessage('noSePuedeEscribir', { file: name, reason: ioReason(error) }));
}

/**
 * Opens the output: stdout for `undefined` or '-', else the file, written to a temporary file
 * beside it (created now, so a bad path fails before any work is done) that replaces it only when
 * {@link Output.end} completes. A failed write (a full disk, a closed device) is a
 * {@link CliError} with exit code 1, the file as it was; an `--out` that is one of the run's
 * inputs is refused (exit 2).
 *
 * @example
 * ```ts
 * const out = openOutput('quote.csv');
 * await out.write('a,b\r\n');
 * await out.end();
 * ```
 */
export function openOutput(out: string | undefined, stdout: Writable = process.stdout, options: FileOutputOptions = {}): Output {
  const run = currentRun();
  if (out === undefined || out === '-') return streamOutput(stdout);
  return openFileOutput(out, run, run?.files ?? nodeFs, options);
}

function streamOutput(stream: Writable): Output {
  const run = currentRun();
  let buffer = '';
  let failure: unknown;
  let wake: (() => void) | undefined;
  const onError = (error: unknown): void => {
    failure ??= error;
    wake?.();
  };
  stream.on('error', onError);
  const check = (): void => {
    if (failure !== undefined) throw writeFailure('stdout', failure);
    run?.checkStop();
  };
  const put = async (data: string | Uint8Array): Promise<void> => {
    check();
    let ok: boolean;
    try {
      ok = stream.write(data);
    } catch (error) {
      throw writeFailure('stdout', error);
    }
    if (!ok) {
      // A reader that stops reading would hold the run here forever: a signal ends the wait.
      let cancel: (() => void) | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        stream.once('drain', resolve);
        cancel = run?.onStop(resolve);
      });
      cancel?.();
      wake = undefined;
    }
    check();
  };
  const flush = async (): Promise<void> => {
    const text = buffer;
    buffer = '';
    if (text !== '') await put(text);
  };
  return {
    name: 'stdout',
    async write(data) {
      if (typeof data === 'string') {
        buffer += data;
        if (buffer.length >= BLOCK) await flush();
        return;
      }
      await flush();
      await put(data);
    },
    async end() {
      await flush();
      stream.off('error', onError);
    },
  };
}
