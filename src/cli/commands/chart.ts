/** `cotizador chart FILE`: the amortization schedule as an SVG chart. */
import { quoteCredit } from '../../quotes/quoteCredit.js';
import type { CreditRequest } from '../../contracts/credit.js';
import { scheduleChartSvg } from '../../analysis/chart.js';
import { integerOption, parseCommand, singleFile, stringOption } from '../args.js';
import { displayName, openOutput, readSolicitud } from '../io.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';

export const CHART_HELP = `Usage: cotizador chart FILE --out FILE.svg [--title TEXT] [--width PX] [--height PX]

Draws the amortization schedule of an AutoEstrene quote as an SVG chart: stacked bars per
payment (capital, interest, IVA, insurance and commission when present) and the balance as a
line on a second axis, with axes, tick labels, a title and a legend.

FILE holds an AutoEstrene request body or a bare solicitud ('-' reads stdin); the quote is made
with generaTablaPagos: true.

Options:
  --out FILE.svg   write the SVG to this file (default: stdout)
  --title TEXT     chart title (default: amount, term, rate and CAT)
  --width PX       width in pixels (default 960)
  --height PX      height in pixels (default 540)
  -h, --help       this help
`;

/**
 * Runs `cotizador chart` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runChart(['examples/autoestrene.json', '--out', 'chart.svg']);
 * ```
 */
export async function runChart(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const { values, positionals } = parseCommand('chart', args, {
    out: { type: 'string' },
    title: { type: 'string' },
    width: { type: 'string' },
    height: { type: 'string' },
  });
  if (values.help === true) return void context.stdout.write(CHART_HELP);
  const file = singleFile('chart', positionals);
  const width = integerOption('chart', 'width', values.width, 200);
  const height = integerOption('chart', 'height', values.height, 200);
  const title = stringOption(values, 'title');
  const solicitud = { ...(readSolicitud(file, context.readStdin) as CreditRequest), generaTablaPagos: true };
  const result = withQuoteErrors(displayName(file), () => quoteCredit(solicitud));
  const svg = scheduleChartSvg(result, {
    ...(width === undefined ? {} : { width }),
    ...(height === undefined ? {} : { height }),
    ...(title === undefined ? {} : { title }),
  });
  const out = openOutput(stringOption(values, 'out'), context.stdout);
  await out.write(svg);
  await out.end();
}
