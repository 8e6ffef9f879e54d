/**
 * `cotizador batch FILE`: a portfolio of credit solicitudes quoted record by record, streamed in
 * and out (memory flat in the input's size), one output record per input record with its line,
 * its key results or its error; `--shard I/N` takes a deterministic slice of the records. Reading
 * is `../batchRecords.ts`, writing `../batchOutput.ts`. A CSV or JSON lines output file is written
 * as `<out>.partial` (renamed when complete, kept when a signal stops the run) and `--resume`
 * continues it after its last complete record (`../batchResume.ts`).
 */
import { QuoteError, quoteCredit, type CreditRequest, type CreditResult, type Lang } from '../../entry/credit.js';
import { choice, parseCommand, singleFile, stringOption } from '../args.js';
import { BATCH_INPUT_FORMATS } from '../batchInput.js';
import * as nodeFs from 'node:fs';
import packageJson from '../../../package.json' with { type: 'json' };
import { BATCH_FORMATS, batchHeader, batchWriter, type BatchFormat, type BatchWriterOptions } from '../batchOutput.js';
import { eachRecord, RecordReader, shardRange, sniff, textChunks } from '../batchRecords.js';
import { foreignPartial, otherPartials, resumePoint, runKey, type ResumePoint } from '../batchResume.js';
import { CSV_FLAGS, csvSettings, IO_FLAGS, outFile, readOptionsOf } from '../common.js';
import { processContext, type CliContext } from '../context.js';
import { ENGINE_FLAGS, engineOptions, optionsFor, type EngineOptions } from '../engineOptions.js';
import { inputError, usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { openOutput } from '../io.js';
import { cliMessage, cliText } from '../messages.js';
import { outputTarget, partialPath } from '../outputFile.js';
import { createProgress, type Progress } from '../progress.js';
import { currentRun } from '../runScope.js';
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
    resume: { type: 'boolean' },
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
  const outPath = outFile(values) === '-' ? undefined : outFile(values);
  const resume = values.resume === true;
  if (resume && outPath === undefined) throw usageError('opcionesIncompatibles', { a: 'resume', b: 'stdout' }, 'batch');
  if (resume && format !== 'csv' && format !== 'jsonl')
    throw usageError('opcionesIncompatibles', { a: 'resume', b: `--format ${format}` }, 'batch');
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

  const first = shard === undefined || shard.part === 1;
  const writing: BatchWriterOptions = { format, withId: idKey !== undefined, lang, csv, bom };
  const run = currentRun();
  const files = run?.files ?? nodeFs;
  const say = (text: string): void => void context.stderr.write(`cotizador: ${text}\n`);
  // A CSV or JSON lines file is written as a partial a later run can continue: one with the same
  // key (the version, the input, the formats and every option that shapes the bytes).
  const target = outPath === undefined ? undefined : outputTarget(outPath, files);
  const key = runKey({
    version: packageJson.version,
    input: file === '-' ? '-' : nodeFs.realpathSync(file),
    inputFormat,
    shard: shard ?? null,
    ...writing,
    engine,
  });
  const partial =
    (format === 'csv' || format === 'jsonl') && target !== undefined && !target.inPlace ? partialPath(target.shown, key) : undefined;
  let point: ResumePoint | undefined;
  if (partial !== undefined && resume) {
    point = resumePoint(files, partial, first ? batchHeader(writing) : '', format as 'csv' | 'jsonl');
    const other = point === undefined ? otherPartials((target as { shown: string }).shown, key)[0] : undefined;
    if (other !== undefined) throw foreignPartial(other, 'parcialOpciones');
    if (point === undefined) say(cliText('sinParcial', lang, { file: partial }));
    if (point !== undefined && point.records > range.to - range.from)
      throw foreignPartial(partial, 'parcialExcede', { found: point.records, expected: range.to - range.from });
  } else if (partial !== undefined && nodeFs.existsSync(partial)) say(cliText('parcialDescartado', lang, { file: partial }));
  const skip = point?.records ?? 0;

  const out = openOutput(outPath, context.stdout, partial === undefined ? {} : { partial: { key, from: point?.bytes ?? 0 } });
  const writer = await batchWriter(out, writing);
  const rangeSize = total === undefined ? undefined : range.to - range.from;
  const progress: Progress = createProgress(rangeSize, context.stderr, { force: values.progress === true, lang });
  const reader = new RecordReader(inputFormat, file, idKey);
  const common = optionsFor(engine);
  let done = skip;
  let seen = 0;
  // Interrupted, the run says how many records its output holds.
  run?.watch();
  run?.noteProgress(done, rangeSize, 'unidadRegistros');
  await writer.start(first && (point?.bytes ?? 0) === 0);
  try {
    await eachRecord(
      file === '-' ? input.chunks : textChunks(file, context, max),
      file,
      inputFormat,
      (record, index) => {
        if (index < range.from || index >= range.to) return;
        if (++seen <= skip) {
          // The partial's last record must be this input's record at the same place.
          if (seen === skip) {
            if (record.line !== point?.lastLine)
              throw foreignPartial(partial as string, 'parcialLinea', { found: point?.lastLine ?? 0, expected: record.line });
            say(cliText('reanudando', lang, { file: partial as string, done: skip, line: record.line }));
          }
          return;
        }
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
      async () => {
        await writer.flush();
        run?.noteProgress(done, rangeSize, 'unidadRegistros');
      },
    );
  } finally {
    progress.done();
  }
  if (seen < skip) throw foreignPartial(partial as string, 'parcialExcede', { found: skip, expected: seen });
  await writer.end();
  await out.end();
}
