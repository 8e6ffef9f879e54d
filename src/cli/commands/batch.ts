/**
 * `cotizador batch FILE`: a portfolio of credit solicitudes quoted record by record, streamed in
 * and out (memory flat in the input's size), one output record per input record with its line,
 * its key results or its error; `--shard I/N` takes a deterministic slice of the records.
 */
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import {
  localizedMessage,
  QuoteError,
  quoteCredit,
  type CreditOptions,
  type CreditRequest,
  type CreditResult,
  type Lang,
} from '../../entry/credit.js';
import { csvField, csvLine, fieldParser, type CsvOptions, type FieldValue } from '../../entry/analysis.js';
import { choice, parseCommand, singleFile, stringOption } from '../args.js';
import { BOM, CSV_FLAGS, csvSettings, IO_FLAGS, outFile, readOptionsOf } from '../common.js';
import { ENGINE_FLAGS, engineOptions, optionsFor, optionsFromJson, type EngineOptions } from '../engineOptions.js';
import { CliError, inputError, usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { displayName, isRecord, openOutput, type Output } from '../io.js';
import { cliMessage, cliQuoteError, cliText, ioReason } from '../messages.js';
import { createProgress, type Progress } from '../progress.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { formatHeader, formatRow, type TextColumn } from '../text.js';
import { openWorkbook, XLSX_MAX_ROWS, type XlsxColumn, type XlsxSheet } from '../xlsx.js';
import { BATCH_INPUT_FORMATS, inputFormatOf, recordParser, type BatchInputFormat, type InputRecord } from '../batchInput.js';

/**
 * The help of `cotizador batch`, in `lang`.
 *
 * @example
 * ```ts
 * batchHelp('en').startsWith('Usage: cotizador batch'); // true
 * ```
 */
export function batchHelp(lang: Lang = 'es'): string {
  return helpText('batch', lang);
}

const FORMATS = ['csv', 'jsonl', 'xlsx', 'table'] as const;
type BatchFormat = (typeof FORMATS)[number];

/**
 * The results `batch` writes for a quoted record.
 *
 * @example
 * ```ts
 * BATCH_RESULT_COLUMNS[3]; // 'pagoMensual'
 * ```
 */
export const BATCH_RESULT_COLUMNS = [
  'montoSolicitado',
  'plazo',
  'tasa',
  'pagoMensual',
  'totalPagar',
  'importeInteresTotal',
  'impIVAInteresTotal',
  'cat',
] as const satisfies readonly (keyof CreditResult)[];

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

/** One output record: the line, the id, and the quote or its error. */
interface Outcome {
  readonly line: number;
  readonly id: string | undefined;
  readonly result: CreditResult | QuoteError;
}

/** A writer of output records: rows are added as they are quoted and flushed once per chunk of input. */
interface BatchWriter {
  start(first: boolean): Promise<void>;
  row(outcome: Outcome): void;
  flush(): Promise<void>;
  end(): Promise<void>;
}

function textWriter(
  out: Output,
  format: 'csv' | 'jsonl' | 'table',
  withId: boolean,
  lang: Lang,
  csv: CsvOptions,
  bom: boolean,
): BatchWriter {
  const columns = ['linea', ...(withId ? ['id'] : []), ...BATCH_RESULT_COLUMNS, 'codigoError', 'valorIncorrecto', 'mensaje'];
  const cells = (o: Outcome): string[] => {
    const row = [String(o.line), ...(withId ? [o.id ?? ''] : [])];
    if (o.result instanceof QuoteError) {
      row.push(
        ...BATCH_RESULT_COLUMNS.map(() => ''),
        o.result.codigoError,
        o.result.valorIncorrecto ?? '',
        localizedMessage(o.result, lang),
      );
    } else {
      const r = o.result;
      for (const c of BATCH_RESULT_COLUMNS) row.push(String(r[c]));
      row.push('', '', '');
    }
    return row;
  };
  let text = '';
  const flush = async (): Promise<void> => {
    const chunk = text;
    text = '';
    await out.write(chunk);
  };
  if (format === 'csv') {
    return {
      start: (first) => out.write(first ? (bom ? BOM : '') + csvLine(columns, csv) : ''),
      row: (o) => {
        if (o.result instanceof QuoteError) {
          text += csvLine(cells(o), csv);
          return;
        }
        // The engine's amounts, term, rate and CAT are plain decimals: nothing to quote or neutralise.
        const r = o.result;
        const id = withId ? `${csvField(o.id, csv)},` : '';
        text += `${o.line},${id}${r.montoSolicitado},${r.plazo},${r.tasa},${r.pagoMensual},${r.totalPagar},${r.importeInteresTotal},${r.impIVAInteresTotal},${r.cat},,,\r\n`;
      },
      flush,
      end: flush,
    };
  }
  if (format === 'jsonl') {
    return {
      start: async () => {},
      row: (o) => {
        const head = { linea: o.line, ...(withId ? { id: o.id ?? null } : {}) };
        const body =
          o.result instanceof QuoteError
            ? {
                error: {
                  codigoError: o.result.codigoError,
                  valorIncorrecto: o.result.valorIncorrecto,
                  mensaje: localizedMessage(o.result, lang),
                },
              }
            : { resultado: Object.fromEntries(BATCH_RESULT_COLUMNS.map((c) => [c, (o.result as CreditResult)[c]])) };
        text += `${JSON.stringify({ ...head, ...body })}\n`;
      },
      flush,
      end: flush,
    };
  }
  // Fixed widths, so a row is written as soon as it is quoted (and parts concatenate).
  const widthOf: Record<string, number> = { linea: 6, id: 12, plazo: 5, tasa: 6, cat: 5 };
  const textColumns: TextColumn[] = columns.map((c) => ({
    header: c,
    align: c === 'id' || c === 'codigoError' || c === 'valorIncorrecto' || c === 'mensaje' ? 'left' : 'right',
    width: widthOf[c] ?? (c === 'codigoError' || c === 'valorIncorrecto' || c === 'mensaje' ? 0 : 12),
  }));
  const widths = textColumns.map((c) => Math.max(c.header.length, c.width ?? 0));
  return {
    start: (first) => out.write(first ? formatHeader(textColumns, widths) : ''),
    row: (o) => {
      text += formatRow(textColumns, widths, cells(o));
    },
    flush,
    end: flush,
  };
}

async function xlsxWriter(out: Output, withId: boolean, lang: Lang): Promise<BatchWriter> {
  const book = await openWorkbook(out);
  const columns: XlsxColumn[] = [
    { header: 'linea', kind: 'integer' },
    ...(withId ? [{ header: 'id', kind: 'text' } as const] : []),
    { header: 'montoSolicitado', kind: 'amount' },
    { header: 'plazo', kind: 'integer' },
    { header: 'tasa', kind: 'rate' },
    { header: 'pagoMensual', kind: 'amount' },
    { header: 'totalPagar', kind: 'amount' },
    { header: 'importeInteresTotal', kind: 'amount' },
    { header: 'impIVAInteresTotal', kind: 'amount' },
    { header: 'cat', kind: 'tenth' },
    { header: 'codigoError', kind: 'text' },
    { header: 'valorIncorrecto', kind: 'text', width: 24 },
    { header: 'mensaje', kind: 'text', width: 48 },
  ];
  let sheet: XlsxSheet | undefined;
  let rows = 0;
  return {
    async start() {
      sheet = book.addSheet('Cartera', columns);
    },
    row(o) {
      if (++rows > XLSX_MAX_ROWS) throw inputError('filasXlsxExceden', { count: `> ${XLSX_MAX_ROWS}`, limit: XLSX_MAX_ROWS });
      const head = [o.line, ...(withId ? [o.id] : [])];
      if (o.result instanceof QuoteError) {
        sheet?.addRow([
          ...head,
          ...BATCH_RESULT_COLUMNS.map(() => undefined),
          o.result.codigoError,
          o.result.valorIncorrecto,
          localizedMessage(o.result, lang),
        ]);
      } else {
        const r = o.result;
        sheet?.addRow([...head, ...BATCH_RESULT_COLUMNS.map((c) => r[c]), undefined, undefined, undefined]);
      }
    },
    // Let the workbook's stream drain once per chunk of input: memory stays flat.
    flush: () => book.drain(),
    end: () => book.end(),
  };
}

/** Turns input records into solicitudes: the CSV header's columns, or JSON objects. */
class RecordReader {
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

/** The input as text chunks, capped at `max` bytes. */
async function* textChunks(file: string, context: CliContext, max: number): AsyncGenerator<string> {
  const whole = async function* (): AsyncGenerator<string | Uint8Array> {
    yield context.readStdin?.(max) ?? '';
  };
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

/** The input's chunks with its format: from `--input-format`, the extension, or the first characters. */
async function sniff(
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

/** Calls `visit` for each record of FILE (the CSV header excluded) in order, and `flush` after each chunk of input; returns their count. */
async function eachRecord(
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

/**
 * Runs `cotizador batch` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runBatch(['examples/cartera.csv', '--id', 'id', '--format', 'table']);
 * ```
 */
export async function runBatch(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const lang = context.lang ?? 'es';
  const { values, positionals } = parseCommand('batch', args, {
    format: { type: 'string' },
    'input-format': { type: 'string' },
    shard: { type: 'string' },
    id: { type: 'string' },
    progress: { type: 'boolean' },
    ...IO_FLAGS,
    ...CSV_FLAGS,
    ...ENGINE_FLAGS,
  });
  if (values.help === true) return void context.stdout.write(batchHelp(lang));
  const format: BatchFormat = choice('batch', 'format', values.format, FORMATS, 'csv');
  const { bom, csv } = csvSettings('batch', values, format);
  const file = singleFile('batch', positionals);
  const shardText = stringOption(values, 'shard');
  let shard: { part: number; parts: number } | undefined;
  if (shardText !== undefined) {
    const m = /^(\d{1,6})\/(\d{1,6})$/.exec(shardText);
    const part = Number(m?.[1]);
    const parts = Number(m?.[2]);
    if (m === null || part < 1 || parts < 1 || part > parts)
      throw usageError('opcionForma', { option: 'shard', shape: cliMessage('formaParte'), value: shardText }, 'batch');
    if (file === '-') throw usageError('opcionesIncompatibles', { a: 'shard', b: 'stdin' }, 'batch');
    shard = { part, parts };
  }
  if (format === 'xlsx' && outFile(values) === undefined && context.stdout.isTTY === true) throw usageError('xlsxEnTerminal', {}, 'batch');
  const read = readOptionsOf('batch', values, context);
  const max = read.maxBytes as number;
  const engine: EngineOptions = engineOptions('batch', values, read);
  const given =
    values['input-format'] === undefined ? undefined : choice('batch', 'input-format', values['input-format'], BATCH_INPUT_FORMATS, 'csv');
  const input = await sniff(textChunks(file, context, max), file, given);
  const inputFormat = input.format;
  const idKey = stringOption(values, 'id');

  // A file is read twice: first to count its records (for --shard and for the time left).
  let total: number | undefined;
  if (file !== '-') {
    const counter = new RecordReader(inputFormat, file, idKey);
    total = await eachRecord(
      input.chunks,
      file,
      inputFormat,
      () => {},
      (r) => counter.header(r),
    );
  }
  const range =
    shard === undefined || total === undefined
      ? { from: 0, to: total ?? Number.POSITIVE_INFINITY }
      : shardRange(shard.part, shard.parts, total);
  if (format === 'xlsx' && range.to - range.from > XLSX_MAX_ROWS)
    throw inputError('filasXlsxExceden', { count: range.to - range.from, limit: XLSX_MAX_ROWS });

  const out = openOutput(outFile(values), context.stdout);
  const withId = idKey !== undefined;
  const writer = format === 'xlsx' ? await xlsxWriter(out, withId, lang) : textWriter(out, format, withId, lang, csv, bom);
  const progress: Progress = createProgress(total === undefined ? undefined : range.to - range.from, context.stderr, {
    force: values.progress === true,
    lang,
  });
  const reader = new RecordReader(inputFormat, file, idKey);
  const common = optionsFor(engine);
  let done = 0;
  await writer.start(shard === undefined || shard.part === 1);
  try {
    await eachRecord(
      file === '-' ? input.chunks : textChunks(file, context, max),
      file,
      inputFormat,
      (record, index) => {
        if (index < range.from || index >= range.to) return;
        const request = reader.read(record);
        let result: CreditResult | QuoteError;
        if (request instanceof QuoteError) result = request;
        else {
          try {
            const options = request.options === undefined ? common : optionsFor(engine, request.options);
            const solicitud =
              request.solicitud.generaTablaPagos === false ? request.solicitud : { ...request.solicitud, generaTablaPagos: false };
            result = quoteCredit(solicitud as CreditRequest, options);
          } catch (error) {
            if (!(error instanceof QuoteError)) throw error;
            result = error;
          }
        }
        writer.row({ line: record.line, id: request instanceof QuoteError ? undefined : request.id, result });
        progress.update(++done);
      },
      (r) => reader.header(r),
      () => writer.flush(),
    );
  } finally {
    progress.done();
  }
  await writer.end();
  await out.end();
}
