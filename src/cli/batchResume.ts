/**
 * `batch --resume`: where a kept partial (`<out>.partial`) stops. The partial holds the output's
 * bytes up to some record, perhaps with a torn last record (a run killed mid-write, SIGKILL
 * included): its header is checked against this run's, its complete records are counted (a CSV
 * record ends at a line feed outside quotes, a JSON line at a line feed; UTF-8 never puts either
 * byte inside a character) and the torn tail is cut off. The first field of the last complete
 * record is the input line it came from, checked against the input when the run gets there, so
 * a partial of another input is refused rather than continued. The partial's name carries the
 * run's key (a hash of what shapes the output's bytes: the version, the input, the formats, the
 * options), so a run with other options never continues it.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { OutputFs } from './context.js';
import { CliError } from './errors.js';
import { cliMessage, ioReason, type CliMessageId } from './messages.js';
import type { MessageParams } from '../entry/common.js';

/**
 * The key of a run: eight hex digits of a SHA-256 of what shapes its output's bytes.
 *
 * @example
 * ```ts
 * runKey({ format: 'csv', lang: 'es' }); // 'bd74de5b'
 * runKey({ format: 'csv', lang: 'en' }) === runKey({ format: 'csv', lang: 'es' }); // false
 * ```
 */
export function runKey(shape: unknown): string {
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 8);
}

/**
 * The partials beside `file` of runs with another key (`<file>.<key>.partial`).
 *
 * @example
 * ```ts
 * otherPartials('resultados.csv', 'bd74de5b'); // []
 * ```
 */
export function otherPartials(file: string, key: string): string[] {
  const base = `${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return [];
  }
  return names
    .filter((name) => {
      const middle = name.slice(base.length, -'.partial'.length);
      return name.startsWith(base) && name.endsWith('.partial') && middle !== key && /^[0-9a-f]{8}$/.test(middle);
    })
    .map((name) => join(dirname(file), name));
}

/** Where a partial stops: its whole records and the bytes they end at. */
export interface ResumePoint {
  /** The bytes to keep: the header and every complete record (0: start afresh). */
  readonly bytes: number;
  /** The complete records after the header. */
  readonly records: number;
  /** The input line of the last complete record (undefined without one). */
  readonly lastLine: number | undefined;
}

const CHUNK = 1024 * 1024;
const LF = 0x0a;
const QUOTE = 0x22;
/** Enough of a record's first bytes to hold its line: `{"linea":` and ten digits. */
const HEAD = 32;

/**
 * The refusal of a partial that is not this run's.
 *
 * @example
 * ```ts
 * foreignPartial('x.csv.partial', 'parcialEncabezado').render('en'); // 'x.csv.partial is not from this run (its header differs); delete it or run without --resume'
 * ```
 */
export function foreignPartial(file: string, why: CliMessageId, params?: MessageParams): CliError {
  return new CliError(cliMessage('parcialAjeno', { file, why: cliMessage(why, params) }));
}

/** The input line a record's first bytes name, or undefined. */
function lineOf(head: string, format: 'csv' | 'jsonl'): number | undefined {
  const comma = head.indexOf(',');
  const text = format === 'csv' ? (comma < 0 ? '' : head.slice(0, comma)) : head.startsWith('{"linea":') ? head.slice(9) : '';
  let digits = 0;
  while (digits < text.length && text.charCodeAt(digits) >= 48 && text.charCodeAt(digits) <= 57) digits++;
  if (digits === 0 || digits > 15) return undefined;
  const after = text[digits];
  if (format === 'jsonl' ? after !== ',' && after !== '}' : digits !== text.length) return undefined;
  return Number(text.slice(0, digits));
}

/**
 * Where the partial `path` stops, for an output whose header is `header`; undefined when there is
 * no partial. A partial whose header differs, or whose records do not start with their line, is
 * refused.
 *
 * @example
 * ```ts
 * import * as fs from 'node:fs';
 * fs.writeFileSync('r.csv.partial', 'linea,x\r\n2,a\r\n3,"b\r\nc"\r\n4,d');
 * resumePoint(fs, 'r.csv.partial', 'linea,x\r\n', 'csv'); // { bytes: 24, records: 2, lastLine: 3 }
 * ```
 */
export function resumePoint(fs: OutputFs, path: string, header: string, format: 'csv' | 'jsonl'): ResumePoint | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path, 'r');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return undefined;
    throw new CliError(cliMessage('noSePuedeLeer', { file: path, reason: ioReason(error) }));
  }
  try {
    const expected = Buffer.from(header);
    const buffer = Buffer.allocUnsafe(Math.max(CHUNK, expected.length));
    let size = 0;
    while (size < expected.length) {
      const n = fs.readSync(fd, buffer, size, expected.length - size, size);
      if (n === 0) break;
      size += n;
    }
    // A header cut short is a partial with nothing in it yet: start afresh.
    if (size < expected.length) {
      if (!buffer.subarray(0, size).equals(expected.subarray(0, size))) throw foreignPartial(path, 'parcialEncabezado');
      return { bytes: 0, records: 0, lastLine: undefined };
    }
    if (!buffer.subarray(0, size).equals(expected)) throw foreignPartial(path, 'parcialEncabezado');
    let position = expected.length;
    let quoted = false;
    let records = 0;
    let bytes = position;
    let head: number[] = [];
    let lastHead: number[] = [];
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, CHUNK, position);
      if (n === 0) break;
      for (let i = 0; i < n; i++) {
        const byte = buffer[i] as number;
        if (head.length < HEAD) head.push(byte);
        if (byte === QUOTE && format === 'csv') quoted = !quoted;
        else if (byte === LF && !quoted) {
          records++;
          bytes = position + i + 1;
          lastHead = head;
          head = [];
        }
      }
      position += n;
    }
    if (records === 0) return { bytes, records, lastLine: undefined };
    const lastLine = lineOf(Buffer.from(lastHead).toString('latin1'), format);
    if (lastLine === undefined) throw foreignPartial(path, 'parcialRegistro');
    return { bytes, records, lastLine };
  } finally {
    fs.closeSync(fd);
  }
}
