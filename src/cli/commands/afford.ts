/**
 * `cotizador afford FILE... --income AMOUNT --share PCT`: what an income affords with each offer
 * (`affordability`): the largest amount financed — or, with `--down-payment`, the largest vehicle
 * price — whose payment fits the share of the income, exact to the cent, the offers ranked from
 * the one that affords the most. CSV, a terminal table, JSON or a workbook, and with `--chart`
 * the balances of each offer at its answer as SVG.
 */
import {
  affordability,
  localizedMessage,
  QuoteError,
  type AffordabilityProblem,
  type AffordabilityResult,
  type AffordUnknown,
  type DownPaymentRule,
  type Lang,
} from '../../entry/credit.js';
import { amountToCents } from '../../entry/analysis.js';
import { choice, parseCommand, stringList, stringOption } from '../args.js';
import type { Column } from '../columns.js';
import { CSV_FLAGS, csvSettings, IO_FLAGS, outFile } from '../common.js';
import { processContext, type CliContext } from '../context.js';
import { ENGINE_FLAGS, readCreditRequest } from '../engineOptions.js';
import { CliError, EXIT_USAGE, usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { openOutput } from '../io.js';
import { cliMessage, cliText } from '../messages.js';
import { errorColumns, offerLabels, refusedLines, writeBalanceChart, writeRows } from '../offersOutput.js';
import { describeQuoteError } from '../quoteError.js';

/**
 * The help of `cotizador afford`, in `lang`.
 *
 * @example
 * ```ts
 * affordHelp('en').startsWith('Usage: cotizador afford'); // true
 * ```
 */
export function affordHelp(lang: Lang = 'es'): string {
  return helpText('afford', lang);
}

const FORMATS = ['table', 'csv', 'json', 'xlsx'] as const;

/** The option of the command line that sets each field of the problem (its errors are usage errors). */
const PROBLEM_OPTIONS: Readonly<Record<string, string>> = {
  income: '--income',
  maxShare: '--share',
  incomePeriodicity: '--income-period',
  downPayment: '--down-payment',
  'downPayment.percent': '--down-payment',
  'downPayment.amount': '--down-payment',
};

/**
 * The problem the options state: `--income`, `--share` (`30` or `30%`), `--income-period` and
 * `--down-payment` (`20%` of the price, or an amount).
 *
 * @example
 * ```ts
 * affordProblem({ income: '30000', share: '30%', 'down-payment': '20%' });
 * // { income: '30000', maxShare: '30', downPayment: { percent: '20' } }
 * affordProblem({ income: '30000', share: '30', 'income-period': 'Q', 'down-payment': '70000.00' });
 * // { income: '30000', maxShare: '30', incomePeriodicity: 'Q', downPayment: { amount: '70000.00' } }
 * ```
 */
export function affordProblem(values: Record<string, unknown>): AffordabilityProblem {
  const read = (name: string) => stringOption(values as Record<string, string>, name);
  const income = read('income');
  if (income === undefined) throw usageError('opcionSinValor', { option: '--income' }, 'afford');
  const share = read('share');
  if (share === undefined) throw usageError('opcionSinValor', { option: '--share' }, 'afford');
  const period = read('income-period');
  const down = read('down-payment');
  const downPayment: DownPaymentRule | undefined =
    down === undefined ? undefined : down.endsWith('%') ? { percent: down.slice(0, -1) } : { amount: down };
  return {
    income,
    maxShare: share.endsWith('%') ? share.slice(0, -1) : share,
    ...(period === undefined ? {} : { incomePeriodicity: period }),
    ...(downPayment === undefined ? {} : { downPayment }),
  };
}

/**
 * One line of the answer: an offer with what the income affords, or one refused.
 *
 * @example
 * ```ts
 * const line: AffordLine = { rank: 1, label: 'x.json', result: affordability(solicitud, { income: '30000.00', maxShare: '30' }) };
 * ```
 */
export interface AffordLine {
  readonly rank?: number;
  readonly label: string;
  readonly result?: AffordabilityResult;
  readonly error?: QuoteError;
}

/**
 * The answer's columns, one row per offer (the one that affords the most first, then the refused
 * ones): the rank and label, the payment limit and the payment, the amounts, the terms, one cent
 * more (its payment, or the code and field of its refusal) and the error of a refused offer. The
 * terminal's table shows the rank, the label, the terms, the limit, the payment and the amounts.
 *
 * @example
 * ```ts
 * affordColumns('es').filter((c) => c.formats === undefined).map((c) => (typeof c.header === 'string' ? c.header : c.header.id)).slice(2, 6);
 * // ['plazo', 'periodicidad', 'tasa', 'limitePago']
 * ```
 */
export function affordColumns(lang: Lang): Column<AffordLine>[] {
  const only = ['csv', 'xlsx'] as const;
  const next = (l: AffordLine) => l.result?.next;
  const quote = (l: AffordLine) => l.result?.quote;
  return [
    { header: cliMessage('rango'), tableHeader: '#', cell: (l) => l.rank, align: 'right', kind: 'integer' },
    { header: cliMessage('oferta'), cell: (l) => l.label, align: 'left', kind: 'text', sheetWidth: 28 },
    { header: 'plazo', cell: (l) => quote(l)?.plazo, align: 'right', kind: 'integer' },
    { header: 'periodicidad', tableHeader: 'per', cell: (l) => quote(l)?.periodicidad, align: 'left', kind: 'text' },
    { header: 'tasa', cell: (l) => quote(l)?.tasa, align: 'right', kind: 'rate', plain: true },
    { header: cliMessage('limitePago'), cell: (l) => l.result?.paymentLimit, align: 'right', kind: 'amount', plain: true },
    { header: 'pagoMensual', cell: (l) => quote(l)?.pagoMensual, align: 'right', kind: 'amount', plain: true },
    { header: 'montoSolicitado', cell: (l) => l.result?.montoSolicitado, align: 'right', kind: 'amount', plain: true },
    { header: 'enganche', cell: (l) => l.result?.downPayment, align: 'right', kind: 'amount', plain: true },
    { header: 'valorFactura', cell: (l) => l.result?.valorFactura, align: 'right', kind: 'amount', plain: true },
    { header: 'cat', cell: (l) => quote(l)?.cat, align: 'right', kind: 'tenth', plain: true },
    { header: 'totalPagar', cell: (l) => quote(l)?.totalPagar, align: 'right', kind: 'amount', plain: true, formats: only },
    { header: cliMessage('siguiente'), cell: (l) => next(l)?.value, align: 'right', kind: 'amount', plain: true, formats: only },
    {
      header: cliMessage('pagoSiguiente'),
      cell: (l) => {
        const n = next(l);
        return n !== undefined && 'pagoMensual' in n ? n.pagoMensual : undefined;
      },
      align: 'right',
      kind: 'amount',
      plain: true,
      formats: only,
    },
    {
      header: cliMessage('rechazoSiguiente'),
      cell: (l) => {
        const n = next(l);
        return n !== undefined && 'error' in n ? `${n.error.codigoError} ${n.error.valorIncorrecto ?? ''}`.trimEnd() : undefined;
      },
      align: 'left',
      kind: 'text',
      formats: only,
    },
    ...errorColumns<AffordLine>((l) => l.error, lang),
  ];
}

/**
 * The answer as JSON: the problem, the offers (their quote without the table, one cent more with
 * its payment or its refusal) and the refused ones with their error in `lang`.
 *
 * @example
 * ```ts
 * const problem = { income: '30000.00', maxShare: '30' };
 * const json = affordJson(problem, 'montoSolicitado', [{ rank: 1, label: 'a', result: affordability(solicitud, problem) }], 'es');
 * [json.unknown, json.offers[0]?.value, json.offers[0]?.next]; // ['montoSolicitado', '245220.86', { value: '245220.87', pagoMensual: '9000.01' }]
 * ```
 */
export function affordJson(problem: AffordabilityProblem, unknown: AffordUnknown, lines: readonly AffordLine[], lang: Lang) {
  const refusal = (error: QuoteError) => ({
    codigoError: error.codigoError,
    valorIncorrecto: error.valorIncorrecto ?? null,
    mensaje: localizedMessage(error, lang),
  });
  return {
    unknown,
    ...problem,
    offers: lines.flatMap((l) => {
      const r = l.result;
      if (r === undefined) return [];
      const { registros: _table, ...quote } = r.quote;
      const next = r.next === undefined ? null : 'error' in r.next ? { value: r.next.value, ...refusal(r.next.error) } : r.next;
      const { quote: _quote, next: _next, unknown: _unknown, ...figures } = r;
      return [{ rank: l.rank, label: l.label, ...figures, next, quote }];
    }),
    failed: lines.filter((l) => l.error !== undefined).map((l) => ({ label: l.label, ...refusal(l.error as QuoteError) })),
  };
}

/**
 * Runs `cotizador afford` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runAfford(['examples/autoestrene.json', '--income', '30000', '--share', '30']);
 * ```
 */
export async function runAfford(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const lang = context.lang ?? 'es';
  const { values, positionals } = parseCommand('afford', args, {
    format: { type: 'string' },
    income: { type: 'string' },
    share: { type: 'string' },
    'income-period': { type: 'string' },
    'down-payment': { type: 'string' },
    label: { type: 'string', multiple: true },
    chart: { type: 'string' },
    ...IO_FLAGS,
    ...CSV_FLAGS,
    ...ENGINE_FLAGS,
  });
  if (values.help === true) return void context.stdout.write(affordHelp(lang));
  const format = choice('afford', 'format', values.format, FORMATS, 'table');
  const { bom, csv } = csvSettings('afford', values, format);
  const problem = affordProblem(values);
  if (positionals.length === 0) throw usageError('sinArchivo', {}, 'afford');
  if (format === 'xlsx' && outFile(values) === undefined && context.stdout.isTTY === true) throw usageError('xlsxEnTerminal', {}, 'afford');
  const chartFile = stringOption(values, 'chart');
  const labels = offerLabels(positionals, stringList(values, 'label'));
  const answers = positionals.map((file, i): AffordLine => {
    const label = labels[i] as string;
    const { solicitud, options } = readCreditRequest('afford', file, values, context);
    try {
      // The chart draws each offer's balances, so its quotes carry their tables.
      const at = chartFile === undefined ? { ...solicitud, generaTablaPagos: false } : { ...solicitud, generaTablaPagos: true };
      return { label, result: affordability(at, problem, options) };
    } catch (error) {
      if (!(error instanceof QuoteError)) throw error;
      // A malformed --income, --share… is the command line's, not the offer's.
      const option = PROBLEM_OPTIONS[error.valorIncorrecto ?? ''];
      if (option !== undefined && error.codigoError !== 'ERRNEG001') {
        throw new CliError((l) => describeQuoteError(option, error, l), EXIT_USAGE);
      }
      return { label, error };
    }
  });
  // The offer that affords the most first; ties in the order of the files.
  const ranked = answers
    .filter((a) => a.result !== undefined)
    .sort((a, b) => amountToCents((b.result as AffordabilityResult).value) - amountToCents((a.result as AffordabilityResult).value))
    .map((a, i) => ({ ...a, rank: i + 1 }));
  const refused = answers.filter((a) => a.error !== undefined);
  const unknown: AffordUnknown = problem.downPayment === undefined ? 'montoSolicitado' : 'valorFactura';
  const out = openOutput(outFile(values), context.stdout);
  if (format === 'json') await out.write(`${JSON.stringify(affordJson(problem, unknown, [...ranked, ...refused], lang), null, 2)}\n`);
  else {
    const head = cliText(problem.downPayment === undefined ? 'tituloCapacidadMonto' : 'tituloCapacidadPrecio', lang, {
      income: problem.income,
      share: problem.maxShare,
      period: problem.incomePeriodicity ?? 'M',
    });
    await writeRows(out, {
      format,
      columns: affordColumns(lang),
      rows: format === 'table' ? ranked : [...ranked, ...refused],
      sheet: 'Capacidad',
      lang,
      bom,
      csv,
      head: `${head}\n\n`,
      tail: refusedLines(
        refused.map((r) => ({ label: r.label, error: r.error as QuoteError })),
        lang,
      ),
    });
  }
  await out.end();
  if (chartFile !== undefined) {
    writeBalanceChart(
      chartFile,
      ranked.map((a) => ({ label: `${a.rank}. ${a.label}`, result: (a.result as AffordabilityResult).quote })),
      lang,
    );
  }
}
