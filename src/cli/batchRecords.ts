/**
 * Reading a portfolio for `cotizador batch`: FILE's text in capped chunks as it arrives, its format
 * sniffed, its records (parsed by `./batchInput.ts`) turned into solicitudes, and the slice of
 * them `--shard I/N` names.
 */
import { createReadStream, statSync, type Stats } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { fieldParser, type FieldValue } from '../entry/analysis.js';
import type { CreditOptions, QuoteError } from '../entry/credit.js';
import { inputFormatOf, recordParser, type BatchInputFormat, type InputRecord } from './batchInput.js';
import type { CliContext } from './context.js';
import { optionsFromJson } from './engineOptions.js';
import { CliError, inputError } from './errors.js';
import { displayName, isRecord } from './io.js';
import { cliMessage, cliQuoteError, cliText, ioReason } from './messages.js';
import { withQuoteErrors } from './quoteError.js';
import { currentRun } from './runScope.js';

/**
 * The part `--shard I/N` names: records `[from, to)` of `total`, contiguous, the parts covering
 * every record once.
 *
 * @example
 * ```ts
 * shardRange(1, 3, 10); // { from: 0, to: 3 }
 * shardRange(3, 3, 10); // { from: 6, to: 10 }
 * ```
 */
export function shardRange(part: number, parts: number, total: number): { from: number; to: number } {
  return { from: Math.floor(((part - 1) * total) / parts), to: Math.floor((part * total) / parts) };
}

/**
 * Turns input records into solicitudes: a CSV record by the header's columns (each typed by the
 * request schema, read once), a JSON record as a solicitud or `{ solicitud, options }`; `--id`'s
 * column or key is taken out as the record's id.
 *
 * @example
 * ```ts
 * const reader = new RecordReader('csv', 'x.csv', 'id');
 * reader.header({ line: 1, value: ['id', 'plazo', 'montoSolicitado'] }); // true
 * reader.read({ line: 2, value: ['A-1', '36', '280000'] });
 * // { solicitud: { plazo: 36, montoSolicitado: '280000.00', generaTablaPagos: false }, options: undefined, id: 'A-1' }
 * ```
 */
export class RecordReader {
  #columns:
    | { readonly head: string; readonly key: string | undefined; readonly id: boolean; readonly parse: (text: string) => FieldValue }[]
    | undefined;
  readonly #format: BatchInputFormat;
  readonly #idKey: string | undefined;
  readonly #file: string;

  constructor(format: BatchInputFormat, file: string, idKey: string | undefined) {
    this.#format = format;
    this.#file = file;
    this.#idKey = idKey;
  }

  /** True when the record is the CSV header (read here, not a record of the portfolio). */
  header(record: InputRecord): boolean {
    if (this.#format !== 'csv' || this.#columns !== undefined) return false;
    const names = (record.error === undefined ? record.value : []) as string[];
    const seen = new Set<string>();
    this.#columns = names.map((raw) => {
      const name = raw.trim();
      if (seen.has(name)) throw inputError('campoDosVeces', { field: name });
      seen.add(name);
      if (name === this.#idKey) return { head: name, key: undefined, id: true, parse: (text: string) => text };
      const parse = withQuoteErrors(displayName(this.#file), () => fieldParser(name));
      const dot = name.indexOf('.');
      return { head: dot < 0 ? name : name.slice(0, dot), key: dot < 0 ? undefined : name.slice(dot + 1), id: false, parse };
    });
    if (this.#idKey !== undefined && !seen.has(this.#idKey)) {
      throw new CliError(
        (lang) =>
          `${displayName(this.#file)}: ${cliText('opcionForma', lang, { option: 'id', shape: cliMessage('formaColumna'), value: this.#idKey as string })}`,
      );
    }
    return true;
  }

  /** The record's solicitud, options and id, or the error that keeps it from being quoted. */
  read(
    record: InputRecord,
  ): { solicitud: Record<string, unknown>; options: CreditOptions | undefined; id: string | undefined } | QuoteError {
    if (record.error !== undefined) return record.error;
    if (this.#format === 'csv') {
      const cells = record.value as string[];
      const columns = this.#columns ?? [];
      if (cells.length !== columns.length)
        return cliQuoteError('ERRESQ004', 'registroCampos', undefined, { found: cells.length, expected: columns.length });
      const solicitud: Record<string, unknown> = {};
      let id: string | undefined;
      for (let i = 0; i < columns.length; i++) {
        const c = columns[i] as (typeof columns)[number];
        const text = cells[i] as string;
        if (c.id) id = text;
        else if (text !== '') {
          if (c.key === undefined) solicitud[c.head] = c.parse(text);
          else {
            if (solicitud[c.head] === undefined) solicitud[c.head] = {};
            (solicitud[c.head] as Record<string, unknown>)[c.key] = c.parse(text);
          }
        }
      }
      solicitud.generaTablaPagos = false;
      return { solicitud, options: undefined, id };
    }
    const value = record.value;
    if (!isRecord(value)) return cliQuoteError('ERRESQ005', 'registroNoObjeto');
    let body = value;
    let id: string | undefined;
    if (this.#idKey !== undefined && Object.hasOwn(body, this.#idKey)) {
      const { [this.#idKey]: raw, ...rest } = body;
      id = typeof raw === 'string' ? raw : JSON.stringify(raw);
      body = rest;
    }
    if (!Object.hasOwn(body, 'solicitud')) return { solicitud: body, options: undefined, id };
    const inner = body.solicitud;
    if (!isRecord(inner)) return cliQuoteError('ERRESQ005', 'registroNoObjeto', 'solicitud');
    let options: CreditOptions | undefined;
    if (body.options !== undefined) {
      try {
        options = optionsFromJson(body.options, this.#file);
      } catch {
        return cliQuoteError('ERRESQ005', 'opcionesNoObjeto', 'options');
      }
    }
    return { solicitud: inner, options, id };
  }
}

/**
 * FILE's text ('-': stdin) in chunks as it is read, its BOM removed; more than `max` bytes, or a
 * failed read, is a CliError naming FILE.
 *
 * @example
 * ```ts
 * import { processContext } from './context.js';
 * let text = '';
 * for await (const chunk of textChunks('examples/cartera.csv', processContext(), 1 << 20)) text += chunk;
 * text.startsWith('id,fechaApertura'); // true
 * ```
 */
export async function* textChunks(file: string, context: CliContext, max: number): AsyncGenerator<string> {
  const whole = async function* (): AsyncGenerator<string | Uint8Array> {
    yield context.readStdin?.(max) ?? '';
  };
  if (file !== '-') {
    let stats: Stats | undefined;
    try {
      stats = statSync(file);
    } catch {
      // A missing or unreadable file is reported by the read below.
    }
    if (stats !== undefined) currentRun()?.noteInput(file, stats);
  }
  const source: AsyncIterable<string | Uint8Array> =
    file === '-' ? (context.stdinStream?.() ?? whole()) : (createReadStream(file, { highWaterMark: 64 * 1024 }) as Readable);
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  let first = true;
  try {
    for await (const chunk of source) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += buffer.length;
      if (bytes > max) throw inputError('entradaExcede', { file: displayName(file), limit: max });
      let text = decoder.write(Buffer.from(buffer.buffer, buffer.byteOffset, buffer.length));
      if (first && text !== '') {
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        first = false;
      }
      yield text;
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(cliMessage('noSePuedeLeer', { file: displayName(file), reason: ioReason(error) }));
  }
  yield decoder.end();
}

/**
 * The input's chunks with its format: from `--input-format`, the extension, or the first
 * characters (the chunks read to see them are given back).
 *
 * @example
 * ```ts
 * async function* chunks() { yield '  '; yield '[{"plazo": 12}]'; }
 * (await sniff(chunks(), '-', undefined)).format; // 'json'
 * ```
 */
export async function sniff(
  chunks: AsyncIterable<string>,
  file: string,
  given: BatchInputFormat | undefined,
): Promise<{ format: BatchInputFormat; chunks: AsyncIterable<string> }> {
  if (given !== undefined) return { format: given, chunks };
  if (/\.(csv|jsonl|ndjson|json)$/i.test(file)) return { format: inputFormatOf(file, ''), chunks };
  const iterator = chunks[Symbol.asyncIterator]();
  const seen: string[] = [];
  let head = '';
  while (head.trim() === '') {
    const next = await iterator.next();
    if (next.done === true) break;
    seen.push(next.value);
    head += next.value;
  }
  async function* replay(): AsyncGenerator<string> {
    yield* seen;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
  }
  return { format: inputFormatOf(file, head), chunks: replay() };
}

/**
 * Calls `visit` for each record of the chunks (the CSV header excluded) in order, and `flush`
 * after each chunk of input; returns their count.
 *
 * @example
 * ```ts
 * async function* chunks() { yield '{"plazo": 12}\n{"pla'; yield 'zo": 24}\n'; }
 * const lines: number[] = [];
 * await eachRecord(chunks(), 'x.jsonl', 'jsonl', (record) => lines.push(record.line), () => false); // 2
 * lines; // [1, 2]
 * ```
 */
export async function eachRecord(
  chunks: AsyncIterable<string>,
  file: string,
  format: BatchInputFormat,
  visit: (record: InputRecord, index: number) => void,
  header: (record: InputRecord) => boolean,
  flush: () => Promise<void> = async () => {},
): Promise<number> {
  const pending: InputRecord[] = [];
  const parser = recordParser(format, displayName(file), (record) => pending.push(record));
  let index = 0;
  const drain = async (): Promise<void> => {
    for (const record of pending) {
      if (header(record)) continue;
      visit(record, index++);
    }
    pending.length = 0;
    await flush();
  };
  for await (const text of chunks) {
    parser.push(text);
    await drain();
  }
  parser.end();
  await drain();
  return index;
}
