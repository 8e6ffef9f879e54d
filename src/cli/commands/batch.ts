/**
 * `cotizador batch FILE`: a portfolio of credit solicitudes quoted record by record, streamed in
 * and out (memory flat in the input's size), one output record per input record with its line,
 * its key results or its error; `--shard I/N` takes a deterministic slice of the records. Reading
 * is `../batchRecords.ts`, writing `../batchOutput.ts`.
 */
import { QuoteError, quoteCredit, type CreditRequest, type CreditResult, type Lang } from '../../entry/credit.js';
import { choice, parseCommand, singleFile, stringOption } from '../args.js';
import { BATCH_INPUT_FORMATS } from '../batchInput.js';
import { BATCH_FORMATS, batchWriter, type BatchFormat } from '../batchOutput.js';
import { eachRecord, RecordReader, shardRange, sniff, textChunks } from '../batchRecords.js';
import { CSV_FLAGS, csvSettings, IO_FLAGS, outFile, readOptionsOf } from '../common.js';
import { processContext, type CliContext } from '../context.js';
import { ENGINE_FLAGS, engineOptions, optionsFor, type EngineOptions } from '../engineOptions.js';
import { inputError, usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { openOutput } from '../io.js';
import { cliMessage } from '../messages.js';
import { createProgress, type Progress } from '../progress.js';
import { XLSX_MAX_ROWS } from '../xlsx.js';

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
  const format: BatchFormat = choice('batch', 'format', values.format, BATCH_FORMATS, 'csv');
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
  const writer = await batchWriter(out, { format, withId, lang, csv, bom });
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
        if (request instanceof QuoteError) writer.row({ line: record.line, id: undefined, result: undefined, error: request });
        else {
          let result: CreditResult | undefined;
          let error: QuoteError | undefined;
          try {
            const options = request.options === undefined ? common : optionsFor(engine, request.options);
            const solicitud =
              request.solicitud.generaTablaPagos === false ? request.solicitud : { ...request.solicitud, generaTablaPagos: false };
            result = quoteCredit(solicitud as CreditRequest, options);
          } catch (thrown) {
            if (!(thrown instanceof QuoteError)) throw thrown;
            error = thrown;
          }
          writer.row({ line: record.line, id: request.id, result, error });
        }
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
