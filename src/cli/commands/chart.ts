/** `cotizador chart FILE...`: the amortization schedule, or the balances of several quotes, as an SVG chart. */
import { basename } from 'node:path';
import { quoteCredit, type Lang } from '../../entry/credit.js';
import { balanceChartSvg, scheduleChartSvg } from '../../entry/analysis.js';
import { choice, integerOption, parseCommand, singleFile, stringOption } from '../args.js';
import { IO_FLAGS, outFile } from '../common.js';
import { ENGINE_FLAGS, readCreditRequest } from '../engineOptions.js';
import { usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { displayName, openOutput } from '../io.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';

/**
 * The help of `cotizador chart`, in `lang`.
 *
 * @example
 * ```ts
 * chartHelp('en').startsWith('Usage: cotizador chart'); // true
 * ```
 */
export function chartHelp(lang: Lang = 'es'): string {
  return helpText('chart', lang);
}

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
  if (values.help === true) return void context.stdout.write(chartHelp(lang));
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
