/** `cotizador grid FILE --vary ...`: a scenario grid over a base solicitud, streamed row by row. */
import { availableParallelism } from 'node:os';
import type { CreditRequest } from '../../contracts/credit.js';
import { countScenarios, parseVariation, scenarioGrid, summarizeGridRow, type Variation } from '../../analysis/grid.js';
import { choice, integerOption, parseCommand, singleFile, stringOption } from '../args.js';
import { usageError } from '../errors.js';
import { openOutput, readSolicitud } from '../io.js';
import { gridWriter, GRID_FORMATS, type GridWriter } from '../gridFormat.js';
import { parallelGrid } from '../pool.js';
import { createProgress } from '../progress.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';

/**
 * Grids of at least this many scenarios run on worker threads by default (measured with
 * `examples/grid-throughput.ts`; see docs/cli.md): below it, starting the workers costs more
 * than they save.
 */
export const WORKER_THRESHOLD = 25_000;
/** Scenarios per task sent to a worker. */
export const CHUNK_SIZE = 250;

export const GRID_HELP = `Usage: cotizador grid FILE --vary FIELD=V1,V2,... [--vary FIELD=FROM:TO:STEP ...]
                     [--format csv|table|json] [--workers N] [--out FILE]

Quotes every combination of the variations over the base AutoEstrene solicitud in FILE and
writes one line per scenario: the varied fields, then pagoMensual, totalPagar,
importeInteresTotal and cat. A scenario the engine rejects is a line with codigoError,
valorIncorrecto (the field) and mensaje instead.

FILE holds an AutoEstrene request body or a bare solicitud ('-' reads stdin). The scenarios are
quoted without the amortization table (generaTablaPagos: false); the summary is the same.

Options:
  --vary FIELD=V1,V2,...       a list of values (repeat --vary for more fields)
  --vary FIELD=FROM:TO:STEP    an exact decimal range, TO included when a step lands on it
                               (tasa=10:20:0.5, plazo=12:60:12)
                               FIELD is a solicitud field or informacionSeguro.<field>;
                               integer fields (plazo) stay numbers, amounts and rates
                               (montoSolicitado, tasa) strings with two or more decimals
  --format csv                 RFC 4180 CSV (default)
  --format table               aligned columns for a terminal
  --format json                a JSON array of { index, scenario, result | error }
  --workers N                  worker threads (0: quote on the main thread); default: one per
                               available core when the grid has ${WORKER_THRESHOLD} scenarios or more
  --chunk-size N               scenarios per task sent to a worker (default ${CHUNK_SIZE})
  --out FILE                   write to FILE instead of stdout
  -h, --help                   this help

Output is streamed; a progress bar is drawn on stderr when stderr is a terminal.
`;

/**
 * Runs `cotizador grid` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runGrid(['examples/autoestrene.json', '--vary', 'plazo=12:60:12', '--format', 'table']);
 * ```
 */
export async function runGrid(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const { values, positionals } = parseCommand('grid', args, {
    vary: { type: 'string', multiple: true },
    format: { type: 'string' },
    workers: { type: 'string' },
    'chunk-size': { type: 'string' },
    out: { type: 'string' },
  });
  if (values.help === true) return void context.stdout.write(GRID_HELP);
  const format = choice('grid', 'format', values.format, GRID_FORMATS, 'csv');
  const file = singleFile('grid', positionals);
  const workersOption = integerOption('grid', 'workers', values.workers);
  const chunkSize = integerOption('grid', 'chunk-size', values['chunk-size'], 1) ?? CHUNK_SIZE;
  const variations = ((values.vary ?? []) as string[]).map((text) => withQuoteErrors('--vary', () => parseVariation(text), 2));
  const fields = variations.map((v) => v.field);
  const duplicate = fields.find((f, i) => fields.indexOf(f) !== i);
  if (duplicate !== undefined) throw usageError(`field '${duplicate}' is varied twice`, 'grid');
  const base = { ...(readSolicitud(file, context.readStdin) as CreditRequest), generaTablaPagos: false };
  const total = countScenarios(variations);
  const workers = Math.min(workersOption ?? (total >= WORKER_THRESHOLD ? availableParallelism() : 0), Math.ceil(total / chunkSize));

  const out = openOutput(stringOption(values, 'out'), context.stdout);
  const writer = gridWriter(format, variations);
  const progress = createProgress(total, context.stderr);
  await out.write(writer.header);
  let count = 0;
  try {
    const chunks =
      workers > 1 || (workersOption !== undefined && workers === 1)
        ? parallelGrid(base, variations, total, { format, workers, chunkSize, script: context.workerScript() })
        : sequentialChunks(base, variations, writer, chunkSize);
    for await (const chunk of chunks) {
      await out.write(chunk.text);
      count += chunk.count;
      progress.update(count);
    }
  } finally {
    progress.done();
  }
  await out.write(writer.footer);
  await out.end();
}

/** The grid quoted on this thread, formatted in chunks like the workers' output. */
function* sequentialChunks(
  base: CreditRequest,
  variations: readonly Variation[],
  writer: GridWriter,
  chunkSize: number,
): Generator<{ text: string; count: number }> {
  let text = '';
  let count = 0;
  for (const row of scenarioGrid(base, variations)) {
    text += writer.row(summarizeGridRow(row));
    if (++count === chunkSize) {
      yield { text, count };
      text = '';
      count = 0;
    }
  }
  if (count > 0) yield { text, count };
}
