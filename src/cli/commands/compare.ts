/**
 * `cotizador compare FILE FILE... [--rank-by cat|total|payment|outlay]`: several credit offers
 * ranked by one measure (`compareOffers`), each with its distance to the best of every measure;
 * the refused ones listed with their error. CSV, a terminal table, JSON or a workbook, and with
 * `--chart` the offers' balances as SVG.
 */
import {
  compareOffers,
  localizedMessage,
  OFFER_MEASURES,
  type CreditOffer,
  type Lang,
  type OfferComparison,
  type OfferMeasure,
  type QuoteError,
  type RankedOffer,
} from '../../entry/credit.js';
import { choice, parseCommand, stringList, stringOption } from '../args.js';
import type { Column } from '../columns.js';
import { CSV_FLAGS, csvSettings, IO_FLAGS, outFile } from '../common.js';
import { processContext, type CliContext } from '../context.js';
import { ENGINE_FLAGS, readCreditRequest } from '../engineOptions.js';
import { usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { openOutput } from '../io.js';
import { cliMessage, cliText } from '../messages.js';
import { errorColumns, offerLabels, refusedLines, writeBalanceChart, writeRows } from '../offersOutput.js';

/**
 * The help of `cotizador compare`, in `lang`.
 *
 * @example
 * ```ts
 * compareHelp('en').startsWith('Usage: cotizador compare'); // true
 * ```
 */
export function compareHelp(lang: Lang = 'es'): string {
  return helpText('compare', lang);
}

const FORMATS = ['table', 'csv', 'json', 'xlsx'] as const;

/**
 * One line of the comparison: a ranked offer, or one the engine refused.
 *
 * @example
 * ```ts
 * const line: CompareLine = { label: 'x.json', ranked: compareOffers([{ solicitud }]).ranked[0] };
 * ```
 */
export interface CompareLine {
  readonly label: string;
  readonly ranked?: RankedOffer;
  readonly error?: QuoteError;
}

/** The kind of a measure's cells on a sheet. */
const measureKind = (m: OfferMeasure) => (m === 'cat' ? 'tenth' : 'amount');

/**
 * The comparison's columns, one row per offer (best first, then the refused ones): the rank and
 * the label, the offer's terms, each measure with its difference to the best (`Δ`), and the
 * error of a refused offer. The terminal's table shows the terms, the four measures and the
 * difference of the measure ranked by; CSV and the sheet show every column.
 *
 * @example
 * ```ts
 * const columns = compareColumns('total', 'es');
 * columns.filter((c) => c.formats === undefined).map((c) => (typeof c.header === 'string' ? c.header : c.header.id)).slice(0, 4);
 * // ['rango', 'oferta', 'plazo', 'periodicidad']
 * ```
 */
export function compareColumns(rankBy: OfferMeasure, lang: Lang): Column<CompareLine>[] {
  const quote = (line: CompareLine) => line.ranked?.quote;
  const columns: Column<CompareLine>[] = [
    { header: cliMessage('rango'), tableHeader: '#', cell: (l) => l.ranked?.rank, align: 'right', kind: 'integer' },
    { header: cliMessage('oferta'), cell: (l) => l.label, align: 'left', kind: 'text', sheetWidth: 28 },
    { header: 'plazo', cell: (l) => quote(l)?.plazo, align: 'right', kind: 'integer' },
    { header: 'periodicidad', tableHeader: 'per', cell: (l) => quote(l)?.periodicidad, align: 'left', kind: 'text' },
    { header: 'tasa', cell: (l) => quote(l)?.tasa, align: 'right', kind: 'rate', plain: true },
    { header: 'montoSolicitado', cell: (l) => quote(l)?.montoSolicitado, align: 'right', kind: 'amount', plain: true },
    { header: 'enganche', cell: (l) => l.ranked?.downPayment, align: 'right', kind: 'amount', plain: true },
    { header: 'pagoMensual', cell: (l) => quote(l)?.pagoMensual, align: 'right', kind: 'amount', plain: true },
    { header: 'totalPagar', cell: (l) => quote(l)?.totalPagar, align: 'right', kind: 'amount', plain: true, formats: ['csv', 'xlsx'] },
  ];
  for (const m of OFFER_MEASURES) {
    columns.push({ header: m, cell: (l) => l.ranked?.measures[m], align: 'right', kind: measureKind(m), plain: true });
    columns.push({
      header: `Δ ${m}`,
      cell: (l) => l.ranked?.differences[m],
      align: 'right',
      kind: measureKind(m),
      plain: true,
      ...(m === rankBy ? {} : { formats: ['csv', 'xlsx'] as const }),
    });
  }
  return [...columns, ...errorColumns<CompareLine>((l) => l.error, lang)];
}

/**
 * The lines of a comparison: the ranked offers, then the refused ones in their order.
 *
 * @example
 * ```ts
 * compareLines(compareOffers([{ label: 'a', solicitud }, { label: 'b', solicitud: { ...solicitud, plazo: 0 } }])).map((l) => l.label); // ['a', 'b']
 * ```
 */
export function compareLines(comparison: OfferComparison): CompareLine[] {
  return [
    ...comparison.ranked.map((ranked) => ({ label: ranked.label, ranked })),
    ...comparison.failed.map((f) => ({ label: f.label, error: f.error })),
  ];
}

/**
 * The comparison as JSON: the measure, the ranked offers (their quote without the table) and
 * the refused ones with their error in `lang`.
 *
 * @example
 * ```ts
 * const json = compareJson(compareOffers([{ label: 'a', solicitud }]), 'es');
 * [json.rankBy, json.offers[0]?.rank, json.offers[0]?.measures.cat, json.failed]; // ['cat', 1, '16.8', []]
 * ```
 */
export function compareJson(comparison: OfferComparison, lang: Lang) {
  return {
    rankBy: comparison.rankBy,
    offers: comparison.ranked.map((o) => {
      const { registros: _table, ...quote } = o.quote;
      return {
        rank: o.rank,
        label: o.label,
        downPayment: o.downPayment,
        measures: o.measures,
        differences: o.differences,
        charges: o.charges,
        quote,
      };
    }),
    failed: comparison.failed.map((f) => ({
      label: f.label,
      codigoError: f.error.codigoError,
      valorIncorrecto: f.error.valorIncorrecto ?? null,
      mensaje: localizedMessage(f.error, lang),
    })),
  };
}

/**
 * Runs `cotizador compare` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runCompare(['examples/autoestrene.json', 'examples/autoestrene-seguro.json', '--rank-by', 'total']);
 * ```
 */
export async function runCompare(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const lang = context.lang ?? 'es';
  const { values, positionals } = parseCommand('compare', args, {
    format: { type: 'string' },
    'rank-by': { type: 'string' },
    label: { type: 'string', multiple: true },
    chart: { type: 'string' },
    ...IO_FLAGS,
    ...CSV_FLAGS,
    ...ENGINE_FLAGS,
  });
  if (values.help === true) return void context.stdout.write(compareHelp(lang));
  const format = choice('compare', 'format', values.format, FORMATS, 'table');
  const rankBy = choice('compare', 'rank-by', values['rank-by'], OFFER_MEASURES, 'cat');
  const { bom, csv } = csvSettings('compare', values, format);
  if (positionals.length < 2) throw usageError('dosArchivos', {}, 'compare');
  if (format === 'xlsx' && outFile(values) === undefined && context.stdout.isTTY === true)
    throw usageError('xlsxEnTerminal', {}, 'compare');
  const chartFile = stringOption(values, 'chart');
  const labels = offerLabels(positionals, stringList(values, 'label'));
  const offers: CreditOffer[] = positionals.map((file, i) => {
    const { solicitud, options } = readCreditRequest('compare', file, values, context);
    // The chart draws each offer's balances, so its quotes carry their tables.
    return {
      label: labels[i] as string,
      solicitud: chartFile === undefined ? solicitud : { ...solicitud, generaTablaPagos: true },
      options,
    };
  });
  const comparison = compareOffers(offers, { rankBy });
  const out = openOutput(outFile(values), context.stdout);
  if (format === 'json') await out.write(`${JSON.stringify(compareJson(comparison, lang), null, 2)}\n`);
  else {
    await writeRows(out, {
      format,
      columns: compareColumns(rankBy, lang),
      // The table lists the refused offers under it, with their messages; CSV and the sheet as rows.
      rows: format === 'table' ? compareLines({ ...comparison, failed: [] }) : compareLines(comparison),
      sheet: 'Ofertas',
      lang,
      bom,
      csv,
      head: `${cliText('tituloComparacion', lang, { measure: rankBy })}\n\n`,
      tail: refusedLines(comparison.failed, lang),
    });
  }
  await out.end();
  if (chartFile !== undefined) {
    writeBalanceChart(
      chartFile,
      comparison.ranked.map((o) => ({ label: `${o.rank}. ${o.label}`, result: o.quote })),
      lang,
    );
  }
}
