/** `cotizador compare FILE FILE...`: the summaries of several credit quotes side by side, with the difference to the first. */
import { basename } from 'node:path';
import { creditOpeningCharges, quoteCredit, type CreditResult, type Lang, type OpeningCharges } from '../../entry/credit.js';
import { amountToCents, centsToAmount } from '../../entry/analysis.js';
import { choice, parseCommand } from '../args.js';
import { BOM, CSV_FLAGS, csvSettings, IO_FLAGS, outFile } from '../common.js';
import { ENGINE_FLAGS, readCreditRequest } from '../engineOptions.js';
import { usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { displayName, openOutput } from '../io.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { csvDocument, textTable, type Column } from '../columns.js';
import { cliMessage } from '../messages.js';

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

const FORMATS = ['table', 'csv', 'json'] as const;

/**
 * The measures compared, in order.
 *
 * @example
 * ```ts
 * COMPARE_MEASURES[0]; // 'pagoMensual'
 * ```
 */
export const COMPARE_MEASURES = [
  'pagoMensual',
  'pagos',
  'totalPagar',
  'importeInteresTotal',
  'impIVAInteresTotal',
  'comision',
  'ivaComision',
  'seguros',
  'cat',
] as const;

/** One of {@link COMPARE_MEASURES}. */
export type CompareMeasure = (typeof COMPARE_MEASURES)[number];

/**
 * A quote's summary: amounts as the engine's text, `pagos` the number of rows, `cat` in percent.
 *
 * @example
 * ```ts
 * const s: CompareSummary = compareSummary(quoteCredit(solicitud), creditOpeningCharges(solicitud));
 * [s.pagoMensual, s.pagos, s.seguros, s.cat]; // ['10216.91', '36', '2800.00', '16.8']
 * ```
 */
export type CompareSummary = Readonly<Record<CompareMeasure, string>>;

const signed = (value: number, text: (n: number) => string): string =>
  value > 0 ? `+${text(value)}` : value === 0 ? text(0) : text(value);

/**
 * The summary of a quote made with its table, and its charges at opening. Insurance is what the
 * credit charges for it, up front and in the payments.
 *
 * @example
 * ```ts
 * compareSummary(quoteCredit(solicitud), creditOpeningCharges(solicitud)).comision; // '5840.00'
 * ```
 */
export function compareSummary(result: CreditResult, charges: OpeningCharges): CompareSummary {
  let insurance =
    amountToCents(charges.upfrontLifeInsurance) +
    amountToCents(charges.upfrontDamageInsurance) +
    amountToCents(charges.policyDamagePremium) +
    amountToCents(charges.policyLifePremium);
  for (const r of result.registros)
    insurance += amountToCents(r.seguroVida) + amountToCents(r.seguroDanos) + amountToCents(r.seguroDesempleo);
  return {
    pagoMensual: result.pagoMensual,
    pagos: String(result.registros.length),
    totalPagar: result.totalPagar,
    importeInteresTotal: result.importeInteresTotal,
    impIVAInteresTotal: result.impIVAInteresTotal,
    comision: charges.commission,
    ivaComision: charges.commissionVat,
    seguros: centsToAmount(insurance),
    cat: result.cat,
  };
}

/**
 * `b − a` for each measure, signed: cents for amounts, payments for `pagos`, tenths for `cat`.
 *
 * @example
 * ```ts
 * const a = compareSummary(quoteCredit(solicitud), creditOpeningCharges(solicitud));
 * const b = compareSummary(quoteCredit({ ...solicitud, plazo: 48 }), creditOpeningCharges({ ...solicitud, plazo: 48 }));
 * const d = compareDifference(a, b);
 * [d.pagoMensual, d.pagos, d.cat]; // ['-1992.31', '+12', '-0.6']
 * ```
 */
export function compareDifference(a: CompareSummary, b: CompareSummary): CompareSummary {
  const out: Record<string, string> = {};
  for (const m of COMPARE_MEASURES) {
    if (m === 'pagos') out[m] = signed(Number(b[m]) - Number(a[m]), String);
    else if (m === 'cat') out[m] = signed(tenths(b[m]) - tenths(a[m]), (t) => (t / 10).toFixed(1));
    else out[m] = signed(amountToCents(b[m]) - amountToCents(a[m]), centsToAmount);
  }
  return out as CompareSummary;
}

function tenths(text: string): number {
  return Math.round(Number(text) * 10);
}

/**
 * The comparison's columns, one row per measure: the measure, then each quote's value and, after
 * the first, its difference to the first.
 *
 * @example
 * ```ts
 * const a = compareSummary(quoteCredit(solicitud), creditOpeningCharges(solicitud));
 * const columns = compareColumns([{ label: 'a', summary: a }, { label: 'b', summary: a }], [undefined, compareDifference(a, a)]);
 * columns.map((c) => (typeof c.header === 'string' ? c.header : c.header.id)); // ['medida', 'a', 'b', 'Δ b']
 * ```
 */
export function compareColumns(
  quotes: readonly { readonly label: string; readonly summary: CompareSummary }[],
  differences: readonly (CompareSummary | undefined)[],
): Column<CompareMeasure>[] {
  const columns: Column<CompareMeasure>[] = [{ header: cliMessage('medida'), cell: (m) => m, align: 'left', kind: 'text' }];
  quotes.forEach((q, i) => {
    columns.push({ header: q.label, cell: (m) => q.summary[m], align: 'right', kind: 'text' });
    const difference = differences[i];
    if (difference !== undefined) columns.push({ header: `Δ ${q.label}`, cell: (m) => difference[m], align: 'right', kind: 'text' });
  });
  return columns;
}

/**
 * Runs `cotizador compare` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runCompare(['examples/autoestrene.json', 'examples/autoestrene-seguro.json']);
 * ```
 */
export async function runCompare(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const lang = context.lang ?? 'es';
  const { values, positionals } = parseCommand('compare', args, {
    format: { type: 'string' },
    label: { type: 'string', multiple: true },
    ...IO_FLAGS,
    ...CSV_FLAGS,
    ...ENGINE_FLAGS,
  });
  if (values.help === true) return void context.stdout.write(compareHelp(lang));
  const format = choice('compare', 'format', values.format, FORMATS, 'table');
  const { bom, csv } = csvSettings('compare', values, format);
  if (positionals.length < 2) throw usageError('dosArchivos', {}, 'compare');
  const labels = (values.label ?? []) as string[];
  const quotes = positionals.map((file, i) => {
    const { solicitud, options } = readCreditRequest('compare', file, values, context);
    const withTable = { ...solicitud, generaTablaPagos: true };
    const summary = withQuoteErrors(displayName(file), () =>
      compareSummary(quoteCredit(withTable, options), creditOpeningCharges(withTable, options)),
    );
    return { label: labels[i] ?? (file === '-' ? 'stdin' : basename(file)), summary };
  });
  const first = (quotes[0] as (typeof quotes)[number]).summary;
  const differences = quotes.map((q, i) => (i === 0 ? undefined : compareDifference(first, q.summary)));
  let text: string;
  if (format === 'json') {
    text = `${JSON.stringify({ quotes: quotes.map((q, i) => ({ label: q.label, summary: q.summary, difference: differences[i] ?? null })) }, null, 2)}\n`;
  } else {
    const columns = compareColumns(quotes, differences);
    text =
      format === 'csv' ? (bom ? BOM : '') + csvDocument(columns, COMPARE_MEASURES, lang, csv) : textTable(columns, COMPARE_MEASURES, lang);
  }
  const out = openOutput(outFile(values), context.stdout);
  await out.write(text);
  await out.end();
}
