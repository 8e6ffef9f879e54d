/** `cotizador compare FILE FILE...`: the summaries of several credit quotes side by side, with the difference to the first. */
import { basename } from 'node:path';
import { creditOpeningCharges, quoteCredit, type CreditResult, type Lang, type OpeningCharges } from '../../entry/credit.js';
import { amountToCents, centsToAmount, csvLine } from '../../entry/analysis.js';
import { choice, parseCommand } from '../args.js';
import { BOM, CSV_FLAGS, csvSettings, IO_FLAGS, outFile } from '../common.js';
import { ENGINE_FLAGS } from '../engineOptions.js';
import { usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { displayName, openOutput } from '../io.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { cliText } from '../messages.js';
import { renderTable } from '../text.js';
import { readCreditRequest } from './credit.js';

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
    const header = [cliText('medida', lang)];
    quotes.forEach((q, i) => {
      header.push(...(i === 0 ? [q.label] : [q.label, `Δ ${q.label}`]));
    });
    const rows = COMPARE_MEASURES.map((m) => {
      const row: string[] = [m];
      quotes.forEach((q, i) => {
        row.push(...(i === 0 ? [q.summary[m]] : [q.summary[m], (differences[i] as CompareSummary)[m]]));
      });
      return row;
    });
    text =
      format === 'csv'
        ? (bom ? BOM : '') + csvLine(header, csv) + rows.map((r) => csvLine(r, csv)).join('')
        : renderTable(
            header.map((h, i) => ({ header: h, align: i === 0 ? 'left' : 'right' })),
            rows,
          );
  }
  const out = openOutput(outFile(values), context.stdout);
  await out.write(text);
  await out.end();
}
