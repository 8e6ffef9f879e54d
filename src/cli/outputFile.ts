/**
 * Writing an output file so that a run never lies about it: the bytes go to a temporary file
 * beside the target (same directory, so the same file system), which is flushed to disk and
 * renamed over the target only when the run completes. A failure (a full disk, a read-only file
 * system) or an interruption removes the temporary file and leaves the target as it was. A
 * batch's partial (`<file>.<key>.partial`, a documented name) is kept when the run stops before
 * its end, so `--resume` continues it. A target that is not a regular file (`/dev/full`, `/dev/null`, a FIFO)
 * cannot be renamed over and is written in place, every write still checked.
 */
import { randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { OutputFs } from './context.js';
import { CliError, EXIT_INTERNAL } from './errors.js';
import { cliMessage, ioReason } from './messages.js';
import type { CliRun, OpenFile } from './runScope.js';

/** Where a command writes: stdout, or the file of `--out` (`./io.ts` opens it). Text is buffered and written in blocks. */
export interface Output {
  /** The name messages use ('stdout' or the file). */
  readonly name: string;
  write(data: string | Uint8Array): Promise<void>;
  /** Writes what is buffered; a file is then flushed to disk and renamed into place. */
  end(): Promise<void>;
}

/** How an output file is written. */
export interface FileOutputOptions {
  /**
   * Write to the partial `<file>.<key>.partial` instead of a random temporary name (kept when the
   * run stops before its end); `from`: continue an existing partial after its first `from` bytes
   * (`--resume`).
   */
  readonly partial?: { readonly key: string; readonly from: number };
}

/**
 * The partial a resumable run writes before it is renamed to `file`: its name carries the run's
 * key (what shapes its bytes), so a run never continues another's.
 *
 * @example
 * ```ts
 * partialPath('resultados.csv', '3f9a1c2e'); // 'resultados.csv.3f9a1c2e.partial'
 * ```
 */
export function partialPath(file: string, key: string): string {
  return `${file}.${key}.partial`;
}

/** Text is gathered into blocks this large before it is written. */
const BLOCK = 64 * 1024;

/** Every file open in this process, so an exit that skips the run's cleanup still removes their temporary files. */
const OPEN = new Set<OpenFile>();

/**
 * Gives up every output file still open (a batch's partial kept): for a process that exits
 * without finishing its run (a closed stdout pipe, an uncaught error).
 *
 * @example
 * ```ts
 * process.on('exit', abandonOpenFiles);
 * ```
 */
export function abandonOpenFiles(): void {
  for (const file of [...OPEN]) file.abandon();
}

function failure(name: string, error: unknown, untouched: boolean): CliError {
  if (error instanceof CliError) return error;
  return new CliError(cliMessage(untouched ? 'escrituraFallida' : 'noSePuedeEscribir', { file: name, reason: ioReason(error) }));
}

function errno(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

/** Where an output file lands. */
export interface OutputTarget {
  /** The real path (a symlink's file is replaced, not the link). */
  readonly path: string;
  /** The file there now. */
  readonly stats: nodeFs.Stats | undefined;
  /** A device or a FIFO: written in place (nothing can be renamed over it). */
  readonly inPlace: boolean;
  /** How messages name the files beside it: as given, or the real path behind a symlink. */
  readonly shown: string;
}

/**
 * Where an output file lands (the directory must exist); a path that cannot be written is a
 * {@link CliError}.
 *
 * @example
 * ```ts
 * import * as fs from 'node:fs';
 * outputTarget('/dev/null', fs).inPlace; // true
 * outputTarget('nuevo.csv', fs).stats; // undefined
 * ```
 */
export function outputTarget(file: string, fs: OutputFs): OutputTarget {
  let stats: nodeFs.Stats | undefined;
  try {
    stats = fs.statSync(file);
  } catch (error) {
    if (errno(error) !== 'ENOENT') throw failure(file, error, true);
  }
  if (stats?.isDirectory() === true) throw failure(file, { code: 'EISDIR' }, true);
  if (stats !== undefined && !stats.isFile()) return { path: file, stats, inPlace: true, shown: file };
  try {
    const path = stats === undefined ? join(fs.realpathSync(dirname(file)), basename(file)) : fs.realpathSync(file);
    // A file the user cannot write is not replaced either (rename would only need the directory).
    if (stats !== undefined) fs.accessSync(path, nodeFs.constants.W_OK);
    const linked = stats !== undefined && fs.lstatSync(file).isSymbolicLink();
    return { path, stats, inPlace: false, shown: linked ? path : file };
  } catch (error) {
    throw failure(file, error, true);
  }
}

/**
 * Opens `file` for writing (the temporary file is created now, so a bad path fails before any
 * work), registered with `run` (refused if it is one of the run's inputs).
 *
 * @example
 * ```ts
 * import * as fs from 'node:fs';
 * const out = openFileOutput('quote.csv', undefined, fs);
 * await out.write('a,b\r\n');
 * await out.end();
 * fs.readFileSync('quote.csv', 'utf8'); // 'a,b\r\n'
 * ```
 */
export function openFileOutput(file: string, run: CliRun | undefined, fs: OutputFs = nodeFs, options: FileOutputOptions = {}): Output {
  const { path: target, stats, inPlace, shown } = outputTarget(file, fs);
  if (inPlace) return deviceOutput(file, run, fs);
  run?.noteOutput(file, target, stats);
  const partial = options.partial;
  const temp = partial === undefined ? undefined : partialPath(target, partial.key);
  let path = temp ?? '';
  let fd = -1;
  let position = partial?.from ?? 0;
  try {
    if (temp !== undefined && position > 0) {
      fd = fs.openSync(temp, 'r+');
      fs.ftruncateSync(fd, position);
    } else if (temp !== undefined) {
      try {
        fs.unlinkSync(temp);
      } catch (error) {
        if (errno(error) !== 'ENOENT') throw error;
      }
      fd = fs.openSync(temp, 'wx', 0o666);
    } else {
      // A unique name: the pid and random bytes, created exclusively (never another run's file).
      for (let attempt = 0; fd < 0; attempt++) {
        path = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
        try {
          fd = fs.openSync(path, 'wx', 0o666);
        } catch (error) {
          if (errno(error) !== 'EEXIST' || attempt > 8) throw error;
        }
      }
    }
    if (stats !== undefined) fs.fchmodSync(fd, stats.mode & 0o7777);
  } catch (error) {
    if (fd >= 0) fs.closeSync(fd);
    throw failure(file, error, true);
  }
  const from = position;
  let buffer = '';
  let open = true; // the descriptor
  let held = true; // by the run (until it ends or is given up)
  let failed: CliError | undefined;
  let foreign = false; // the partial on disk is another run's now
  const put = (data: string | Uint8Array): void => {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    for (let at = 0; at < bytes.length; ) {
      const n = fs.writeSync(fd, bytes, at, bytes.length - at, position);
      at += n;
      position += n;
    }
  };
  const closeFd = (): void => {
    if (!open) return;
    open = false;
    try {
      fs.closeSync(fd);
    } catch {
      // Closing a file whose writes failed may fail too; nothing more can be done with it.
    }
  };
  const release = (): void => {
    held = false;
    OPEN.delete(handle);
    run?.release(handle);
  };
  const remove = (): void => {
    try {
      fs.unlinkSync(path);
    } catch {
      // Already gone: nothing to remove.
    }
  };
  const fail = (error: unknown): CliError => {
    closeFd();
    // Give the space back now (a full disk stays full while the temporary file is there); a
    // batch's partial is kept for --resume when it holds something (the run gives it up).
    if (temp === undefined) {
      remove();
      release();
    }
    failed = failure(file, error, true);
    return failed;
  };
  // A write after a failure or after the end must not pass for one that was written.
  const usable = (): void => {
    if (failed !== undefined) throw failed;
    if (!open) throw new CliError(cliMessage('errorInterno', { detail: cliMessage('salidaCerrada', { file }) }), EXIT_INTERNAL);
    run?.checkStop();
  };
  const handle: OpenFile = {
    name: file,
    abandon() {
      if (!held) return undefined;
      release();
      if (temp === undefined || foreign) {
        closeFd();
        if (!foreign) remove();
        return undefined;
      }
      if (open && failed === undefined) {
        // Whole records only were handed to write(): what is buffered is complete, keep it too.
        try {
          put(buffer);
          fs.fsyncSync(fd);
        } catch {
          // A torn last record is cut off by --resume.
        }
        buffer = '';
      }
      closeFd();
      if (position === 0) {
        remove();
        return undefined;
      }
      // Named only when this run added to it (a partial refused unread is kept as it was, unnamed).
      return position > from ? partialPath(shown, partial?.key ?? '') : undefined;
    },
  };
  OPEN.add(handle);
  run?.hold(handle);
  return {
    name: file,
    async write(data) {
      usable();
      try {
        if (typeof data === 'string') {
          buffer += data;
          if (buffer.length < BLOCK) return;
        }
        const text = buffer;
        buffer = '';
        put(text);
        if (typeof data !== 'string') put(data);
      } catch (error) {
        throw fail(error);
      }
    },
    async end() {
      usable();
      try {
        put(buffer);
        buffer = '';
        fs.fsyncSync(fd);
        // Another run that wrote the same partial meanwhile: its file is not ours to rename.
        if (temp !== undefined && fs.statSync(temp).ino !== fs.fstatSync(fd).ino) {
          foreign = true;
          throw new CliError(cliMessage('parcialReemplazado', { file: partialPath(shown, partial?.key ?? '') }));
        }
        closeFd();
        fs.renameSync(path, target);
      } catch (error) {
        throw fail(error);
      }
      release();
      syncDirectory(fs, dirname(target));
    },
  };
}

/** Flushes a directory's entry list, so the rename survives a crash (where the system allows it). */
function syncDirectory(fs: OutputFs, directory: string): void {
  let fd = -1;
  try {
    fd = fs.openSync(directory, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some file systems refuse to sync a directory; the rename itself is done.
  } finally {
    if (fd >= 0) fs.closeSync(fd);
  }
}

/** A device or a FIFO: written in place (nothing to rename), every write checked. */
function deviceOutput(file: string, run: CliRun | undefined, fs: OutputFs): Output {
  let fd: number;
  try {
    fd = fs.openSync(file, 'w');
  } catch (error) {
    throw failure(file, error, false);
  }
  let buffer = '';
  let closed = false;
  let failed: CliError | undefined;
  const handle: OpenFile = {
    name: file,
    abandon() {
      if (!closed) close();
      return undefined;
    },
  };
  const close = (): void => {
    closed = true;
    OPEN.delete(handle);
    run?.release(handle);
    try {
      fs.closeSync(fd);
    } catch {
      // Nothing more can be told about a device that failed.
    }
  };
  const put = (data: string | Uint8Array): void => {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    try {
      for (let at = 0; at < bytes.length; ) at += fs.writeSync(fd, bytes, at, bytes.length - at);
    } catch (error) {
      close();
      failed = failure(file, error, false);
      throw failed;
    }
  };
  const usable = (): void => {
    if (failed !== undefined) throw failed;
    if (closed) throw new CliError(cliMessage('errorInterno', { detail: cliMessage('salidaCerrada', { file }) }), EXIT_INTERNAL);
    run?.checkStop();
  };
  OPEN.add(handle);
  run?.hold(handle);
  return {
    name: file,
    async write(data) {
      usable();
      if (typeof data === 'string') {
        buffer += data;
        if (buffer.length < BLOCK) return;
      }
      const text = buffer;
      buffer = '';
      put(text);
      if (typeof data !== 'string') put(data);
    },
    async end() {
      usable();
      put(buffer);
      buffer = '';
      close();
    },
  };
}
