/** File input and buffered output for the CLI: the only place it touches the file system. */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { CliError } from './errors.js';

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
 * Reads FILE ('-' for stdin) as JSON, or throws a {@link CliError} naming the file.
 *
 * @example
 * ```ts
 * Object.keys(readJson('examples/autoestrene.json') as object); // ['solicitud']
 * ```
 */
export function readJson(file: string, readStdin: () => string = () => readFileSync(0, 'utf8')): unknown {
  let text: string;
  try {
    text = file === '-' ? readStdin() : readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    throw new CliError(`cannot read ${file}: ${reason}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError(`${displayName(file)} is not valid JSON: ${(error as Error).message}`);
  }
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
export function readSolicitud(file: string, readStdin?: () => string): Record<string, unknown> {
  const body = readJson(file, readStdin);
  if (!isRecord(body))
    throw new CliError(`${displayName(file)}: expected a JSON object (a request body { "solicitud": {...} } or a bare solicitud)`);
  if (Object.hasOwn(body, 'solicitud')) {
    const inner = body.solicitud;
    if (!isRecord(inner)) throw new CliError(`${displayName(file)}: field 'solicitud' must be a JSON object`);
    return inner;
  }
  return body;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where a command writes: stdout, or the file of `--out`. Text is buffered and flushed in blocks. */
export interface Output {
  write(text: string): Promise<void>;
  end(): Promise<void>;
}

const BLOCK = 64 * 1024;

/**
 * Opens the output (the file is created now, so a bad path fails before any work is done).
 *
 * @example
 * ```ts
 * const out = openOutput('quote.csv');
 * await out.write('a,b\r\n');
 * await out.end();
 * ```
 */
export function openOutput(out: string | undefined, stdout: Writable = process.stdout): Output {
  if (out === undefined || out === '-') return streamOutput(stdout);
  let fd: number;
  try {
    fd = openSync(out, 'w');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(
      `cannot write ${out}: ${code === 'ENOENT' ? 'no such directory' : code === 'EISDIR' ? 'is a directory' : (error as Error).message}`,
    );
  }
  let buffer = '';
  const flush = (): void => {
    if (buffer !== '') writeSync(fd, buffer);
    buffer = '';
  };
  return {
    async write(text) {
      buffer += text;
      if (buffer.length >= BLOCK) flush();
    },
    async end() {
      flush();
      closeSync(fd);
    },
  };
}

function streamOutput(stream: Writable): Output {
  let buffer = '';
  const flush = async (): Promise<void> => {
    const text = buffer;
    buffer = '';
    if (text !== '' && !stream.write(text)) await once(stream, 'drain');
  };
  return {
    async write(text) {
      buffer += text;
      if (buffer.length >= BLOCK) await flush();
    },
    async end() {
      await flush();
    },
  };
}
