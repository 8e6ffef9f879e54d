/**
 * `cotizador grid FILE --vary ...`: a scenario grid over a base solicitud, streamed row by row; the
 * output and the chart are written through temporary files renamed when complete (`../io.ts`).
 */
import { availableParallelism } from 'node:os';
import type { CreditRequest, CreditResult, Lang, QuoteError } from '../../entry/credit.js';
import { GridCursor, parseVariation, type Variation } from '../../entry/analysis.js';
import { choice, integerOption, parseCommand, singleFile, stringOption } from '../args.js';
import { BOM, CSV_FLAGS, csvSettings, IO_FLAGS, outFile, readOptionsOf } from '../common.js';
import { ENGINE_FLAGS, engineOptions, optionsFor } from '../engineOptions.js';
import { inputError, usageError } from '../errors.js';
import { openOutput, readJson, requestFromJson, type Output } from '../io.js';
import { sheetOf } from '../columns.js';
import { gridColumns, gridLiner, gridWriter, GRID_FORMATS, type GridWriter, type GridWriterSpec } from '../gridFormat.js';
import { helpText } from '../help/messages.js';
import { parallelGrid } from '../pool.js';
import { createProgress, type Progress } from '../progress.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { openWorkbook, XLSX_MAX_ROWS } from '../xlsx.js';
import { gridChartCollector, GRID_CHART_MEASURES, type GridChartCollector } from '../gridChart.js';
import { cliText } from '../messages.js';
import { currentRun } from '../runScope.js';

/**
 * Grids of at least this many scenarios run on worker threads by default, when the machine has
 * more than two cores (measured with `examples/grid-throughput.ts`; see docs/cli.md): on two
 * cores the pool does not pay for itself.
 */
export const WORKER_THRESHOLD = 50_000;
/** Scenarios per task sent to a worker. */
export const CHUNK_SIZE = 250;
/** The default cap on a grid's scenarios (`--max-scenarios`). */
export const DEFAULT_MAX_SCENARIOS = 10_000_000;

/**
 * The help of `cotizador grid`, in `lang`.
 *
 * @example
 * ```ts
 * gridHelp('en').startsWith('Usage: cotizador grid'); // true
 * ```
 */
export function gridHelp(lang: Lang = 'es'): string {
  return helpText('grid', lang, {
    maxScenarios: DEFAULT_MAX_SCENARIOS,
    workerThreshold: WORKER_THRESHOLD,
    chunkSize: CHUNK_SIZE,
    measures: GRID_CHART_MEASURES.join(', '),
  });
}

/**
 * The number of scenarios of the variations, or `Infinity` once it passes `limit` (never a
 * product too large to be exact).
 *
 * @example
 * ```ts
 * boundedCount([{ field: 'plazo', values: [12, 24] }, { field: 'tasa', values: ['1.00', '2.00', '3.00'] }], 100); // 6
 * boundedCount([{ field: 'plazo', values: [12, 24] }, { field: 'tasa', values: ['1.00', '2.00', '3.00'] }], 5); // Infinity
 * ```
 */
export function boundedCount(variations: readonly Variation[], limit: number): number {
  let n = 1;
  for (const v of variations) {
    n *= v.values.length;
    if (n > limit) return Number.POSITIVE_INFINITY;
  }
  return n;
}

/**
 * Runs `cotizador grid` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runGrid(['examples/autoestrene.json', '--vary', 'plazo=12:60:12', '--format', 'table']);
 * ```
 */
export async function runGrid(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const lang = context.lang ?? 'es';
  const { values, positionals } = parseCommand('grid', args, {
    vary: { type: 'string', multiple: true },
    format: { type: 'string' },
    workers: { type: 'string' },
    'chunk-size': { type: 'string' },
    'max-scenarios': { type: 'string' },
    chart: { type: 'string' },
    'chart-y': { type: 'string' },
    progress: { type: 'boolean' },
    ...IO_FLAGS,
    ...CSV_FLAGS,
    ...ENGINE_FLAGS,
  });
  if (values.help === true) return void context.stdout.write(gridHelp(lang));
  const format = choice('grid', 'format', values.format, GRID_FORMATS, 'csv');
  const { bom, csv } = csvSettings('grid', values, format);
  const file = singleFile('grid', positionals);
  const workersOption = integerOption('grid', 'workers', values.workers);
  const chunkSize = integerOption('grid', 'chunk-size', values['chunk-size'], 1) ?? CHUNK_SIZE;
  const maxScenarios = integerOption('grid', 'max-scenarios', values['max-scenarios'], 1) ?? DEFAULT_MAX_SCENARIOS;
  const chartFile = stringOption(values, 'chart');
  const measure = choice('grid', 'chart-y', values['chart-y'], GRID_CHART_MEASURES, 'pagoMensual');
  const variations = ((values.vary ?? []) as string[]).map((text) => withQuoteErrors('--vary', () => parseVariation(text), 2));
  const fields = variations.map((v) => v.field);
  const duplicate = fields.find((f, i) => fields.indexOf(f) !== i);
  if (duplicate !== undefined) throw usageError('campoDosVeces', { field: duplicate }, 'grid');
  // Every bound before any work: the number of scenarios, the rows of a sheet, the chart's points.
  const total = boundedCount(variations, maxScenarios);
  if (total === Number.POSITIVE_INFINITY) {
    const count = variations.reduce((n, v) => n * BigInt(v.values.length), 1n);
    throw inputError('escenariosExceden', { count: count.toString(), limit: maxScenarios });
  }
  if (format === 'xlsx' && total > XLSX_MAX_ROWS) throw inputError('filasXlsxExceden', { count: total, limit: XLSX_MAX_ROWS });
  if (format === 'xlsx' && outFile(values) === undefined && context.stdout.isTTY === true) throw usageError('xlsxEnTerminal', {}, 'grid');
  const chart = chartFile === undefined ? undefined : gridChartCollector(variations, measure);
  const read = readOptionsOf('grid', values, context);
  const engine = engineOptions('grid', values, read);
  const request = requestFromJson(readJson(file, read), file);
  const options = optionsFor(engine, request.options);
  const base = { ...(request.solicitud as CreditRequest), generaTablaPagos: false };
  const cursor = withQuoteErrors(file, () => new GridCursor(base, variations, options), 2);
  // More threads than cores only add memory (64 reached 2 GB): at most one per core.
  const cores = availableParallelism();
  if (workersOption !== undefined && workersOption > cores)
    context.stderr.write(`cotizador: ${cliText('trabajadoresTope', lang, { value: workersOption, max: cores })}\n`);
  const workers = Math.min(
    workersOption === undefined ? (total >= WORKER_THRESHOLD && cores > 2 ? cores : 0) : Math.min(workersOption, cores),
    Math.ceil(total / chunkSize),
  );

  const pooled = format !== 'xlsx' && (workers > 1 || (workersOption !== undefined && workers === 1));
  if (pooled && chart !== undefined) throw usageError('opcionesIncompatibles', { a: 'chart', b: '--workers' }, 'grid');

  const out = openOutput(outFile(values), context.stdout);
  // The chart's file too is opened before any work: a bad path fails at once.
  const chartOut = chartFile === undefined ? undefined : openOutput(chartFile, context.stdout);
  const progress = createProgress(total, context.stderr, { force: values.progress === true, lang });
  const run = currentRun();
  // Interrupted, the run says how many scenarios its output holds.
  run?.watch();
  run?.noteProgress(0, total, 'unidadEscenarios');
  try {
    if (format === 'xlsx') await writeXlsx(cursor, out, progress, lang, chart);
    else {
      const spec: GridWriterSpec = { format, variations, lang, csv };
      const writer = gridWriter(spec);
      await out.write((bom ? BOM : '') + writer.header);
      const chunks = pooled
        ? parallelGrid(base, total, { spec, engine: options, workers, chunkSize, script: context.workerScript() })
        : sequentialChunks(cursor, writer, chunkSize, chart);
      let count = 0;
      for await (const chunk of chunks) {
        await out.write(chunk.text);
        count += chunk.count;
        progress.update(count);
        run?.noteProgress(count, total, 'unidadEscenarios');
        await run?.breathe();
      }
      await out.write(writer.footer);
    }
  } finally {
    progress.done();
  }
  await out.end();
  if (chart !== undefined && chartOut !== undefined) {
    await chartOut.write(chart.svg(lang));
    await chartOut.end();
  }
}

/** The grid quoted on this thread, formatted in chunks like the workers' output. */
function* sequentialChunks(
  cursor: GridCursor,
  writer: GridWriter,
  chunkSize: number,
  chart: GridChartCollector | undefined,
): Generator<{ text: string; count: number }> {
  let text = '';
  let count = 0;
  for (let index = 0; index < cursor.total; index++) {
    const outcome: CreditResult | QuoteError = cursor.quote();
    text += writer.row(index, cursor.at, outcome);
    chart?.add(cursor.at, outcome);
    cursor.next();
    if (++count === chunkSize) {
      yield { text, count };
      text = '';
      count = 0;
    }
  }
  if (count > 0) yield { text, count };
}

async function writeXlsx(
  cursor: GridCursor,
  out: Output,
  progress: Progress,
  lang: Lang,
  chart: GridChartCollector | undefined,
): Promise<void> {
  const book = await openWorkbook(out);
  const spec = sheetOf(gridColumns(cursor.variations, lang), lang);
  const sheet = book.addSheet('Escenarios', spec.columns);
  const liner = gridLiner();
  for (let index = 0; index < cursor.total; index++) {
    const outcome = cursor.quote();
    sheet.addRow(spec.row(liner(cursor.at, outcome)));
    chart?.add(cursor.at, outcome);
    cursor.next();
    if (index % CHUNK_SIZE === 0) {
      progress.update(index);
      await book.drain();
      currentRun()?.noteProgress(index, cursor.total, 'unidadEscenarios');
      await currentRun()?.breathe();
    }
  }
  await book.end();
}
