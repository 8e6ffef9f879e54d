/** `cotizador chart FILE...`: the amortization schedule, or the balances of several quotes, as an SVG chart. */
import { basename } from 'node:path';
import { quoteCredit } from '../../entry/credit.js';
import { balanceChartSvg, scheduleChartSvg } from '../../entry/analysis.js';
import { choice, integerOption, parseCommand, singleFile, stringOption } from '../args.js';
import { IO_FLAGS, outFile } from '../common.js';
import { ENGINE_FLAGS } from '../engineOptions.js';
import { usageError } from '../errors.js';
import { ENGINE_OPTIONS_HELP, IO_OPTIONS_HELP, type Help } from '../help.js';
import { displayName, openOutput } from '../io.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { readCreditRequest } from './credit.js';

export const CHART_HELP: Help = {
  es: `Uso: cotizador chart ARCHIVO [--kind schedule] [--out ARCHIVO.svg] [opciones]
       cotizador chart ARCHIVO ARCHIVO... --kind balance [--label TEXTO ...] [--out ARCHIVO.svg]

Dibuja una gráfica SVG (ejes, etiquetas, título y leyenda; se abre en un navegador).

  --kind schedule              la tabla de amortización de una cotización: barras apiladas
                               por pago (capital, interés, IVA, seguros y comisión si los hay)
                               y el saldo como línea en un segundo eje (por omisión)
  --kind balance               el saldo insoluto de varias cotizaciones superpuesto, una línea
                               por ARCHIVO (con y sin pago anticipado, dos plazos...); cada
                               archivo puede llevar sus "options" junto a la solicitud
  --label TEXTO                nombre de cada línea de balance, en el orden de los archivos
                               (repetible; por omisión el nombre del archivo)
  --title TEXTO                título (por omisión: monto, plazo, tasa y CAT)
  --width PX                   ancho en píxeles (por omisión 960)
  --height PX                  alto en píxeles (por omisión 540)
${IO_OPTIONS_HELP.es}
${ENGINE_OPTIONS_HELP.es}
Cada ARCHIVO lleva una solicitud AutoEstrene ('-' lee stdin); se cotiza con la tabla.
`,
  en: `Usage: cotizador chart FILE [--kind schedule] [--out FILE.svg] [options]
       cotizador chart FILE FILE... --kind balance [--label TEXT ...] [--out FILE.svg]

Draws an SVG chart (axes, labels, a title and a legend; opens in a browser).

  --kind schedule              the amortization table of one quote: stacked bars per payment
                               (capital, interest, IVA, insurance and commission when present)
                               and the balance as a line on a second axis (default)
  --kind balance               the outstanding balance of several quotes overlaid, one line
                               per FILE (with and without a prepayment, two terms...); each
                               file may carry its own "options" beside the solicitud
  --label TEXT                 the name of each balance line, in the files' order
                               (repeatable; default: the file's name)
  --title TEXT                 chart title (default: amount, term, rate and CAT)
  --width PX                   width in pixels (default 960)
  --height PX                  height in pixels (default 540)
${IO_OPTIONS_HELP.en}
${ENGINE_OPTIONS_HELP.en}
Each FILE holds an AutoEstrene solicitud ('-' reads stdin); it is quoted with its table.
`,
};

const KINDS = ['schedule', 'balance'] as const;

/**
 * Runs `cotizador chart` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runChart(['examples/autoestrene.json', '--out', 'chart.svg']);
 * await runChart(['examples/autoestrene.json', 'examples/autoestrene.json', '--kind', 'balance', '--prepay', '12:50000', '--out', 'balance.svg']);
 * ```
 */
export async function runChart(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const lang = context.lang ?? 'es';
  const { values, positionals } = parseCommand('chart', args, {
    kind: { type: 'string' },
    label: { type: 'string', multiple: true },
    title: { type: 'string' },
    width: { type: 'string' },
    height: { type: 'string' },
    ...IO_FLAGS,
    ...ENGINE_FLAGS,
  });
  if (values.help === true) return void context.stdout.write(CHART_HELP[lang]);
  const kind = choice('chart', 'kind', values.kind, KINDS, 'schedule');
  const width = integerOption('chart', 'width', values.width, 200);
  const height = integerOption('chart', 'height', values.height, 200);
  const title = stringOption(values, 'title');
  const size = { ...(width === undefined ? {} : { width }), ...(height === undefined ? {} : { height }) };
  let svg: string;
  if (kind === 'schedule') {
    const file = singleFile('chart', positionals);
    const { solicitud, options } = readCreditRequest('chart', file, values, context);
    const result = withQuoteErrors(displayName(file), () => quoteCredit({ ...solicitud, generaTablaPagos: true }, options));
    svg = scheduleChartSvg(result, { ...size, lang, ...(title === undefined ? {} : { title }) });
  } else {
    if (positionals.length === 0) throw usageError('sinArchivo', {}, 'chart');
    const labels = (values.label ?? []) as string[];
    const quotes = positionals.map((file, i) => {
      const { solicitud, options } = readCreditRequest('chart', file, values, context);
      const result = withQuoteErrors(displayName(file), () => quoteCredit({ ...solicitud, generaTablaPagos: true }, options));
      return { label: labels[i] ?? (file === '-' ? 'stdin' : basename(file)), result };
    });
    svg = balanceChartSvg(quotes, { ...size, lang, ...(title === undefined ? {} : { title }) });
  }
  const out = openOutput(outFile(values), context.stdout);
  await out.write(svg);
  await out.end();
}
