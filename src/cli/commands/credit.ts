/** `cotizador credit FILE`: one AutoEstrene quote as a table, CSV, the engine's JSON or an Excel workbook. */
import {
  creditOpeningCharges,
  quoteCredit,
  type CreditOptions,
  type CreditRequest,
  type CreditResult,
  type CreditRow,
  type Lang,
  type MessageParams,
  type OpeningCharges,
} from '../../entry/credit.js';
import { CREDIT_ROW_COLUMNS, creditRowsToCsv } from '../../entry/analysis.js';
import { choice, parseCommand, singleFile } from '../args.js';
import { BOM, CSV_FLAGS, csvSettings, IO_FLAGS, outFile, readOptionsOf } from '../common.js';
import { ENGINE_FLAGS, engineOptions, optionsFor } from '../engineOptions.js';
import { usageError } from '../errors.js';
import { displayName, openOutput, readJson, requestFromJson, type Output } from '../io.js';
import { helpText } from '../help/messages.js';
import { cliText, type CliMessageId } from '../messages.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { renderPairs, renderTable, type TextColumn } from '../text.js';
import { openWorkbook, type XlsxColumn, type XlsxKind } from '../xlsx.js';

/**
 * The help of `cotizador credit`, in `lang`.
 *
 * @example
 * ```ts
 * creditHelp('en').startsWith('Usage: cotizador credit'); // true
 * ```
 */
export function creditHelp(lang: Lang = 'es'): string {
  return helpText('credit', lang);
}

const FORMATS = ['table', 'csv', 'json', 'xlsx'] as const;

/**
 * A credit request read from FILE with the command line's engine options: the solicitud and the
 * options its quote runs with (`--options`, the file's own `options`, the flags).
 *
 * @example
 * ```ts
 * import { processContext } from '../context.js';
 * const { solicitud, options } = readCreditRequest('credit', 'examples/autoestrene.json', { grace: '2' }, processContext());
 * [solicitud.plazo, options]; // [36, { grace: { periods: 2 } }]
 * ```
 */
export function readCreditRequest(
  command: string,
  file: string,
  values: Parameters<typeof engineOptions>[1],
  context: CliContext,
): { solicitud: CreditRequest; options: CreditOptions } {
  const read = readOptionsOf(command, values, context);
  const engine = engineOptions(command, values, read);
  const request = requestFromJson(readJson(file, read), file);
  return { solicitud: request.solicitud as CreditRequest, options: optionsFor(engine, request.options) };
}

/**
 * Runs `cotizador credit` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runCredit(['examples/autoestrene.json', '--format', 'csv']);
 * ```
 */
export async function runCredit(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const lang = context.lang ?? 'es';
  const { values, positionals } = parseCommand('credit', args, { format: { type: 'string' }, ...IO_FLAGS, ...CSV_FLAGS, ...ENGINE_FLAGS });
  if (values.help === true) return void context.stdout.write(creditHelp(lang));
  const format = choice('credit', 'format', values.format, FORMATS, 'table');
  const { bom, csv } = csvSettings('credit', values, format);
  const file = singleFile('credit', positionals);
  if (format === 'xlsx' && outFile(values) === undefined && context.stdout.isTTY === true) throw usageError('xlsxEnTerminal', {}, 'credit');
  const { solicitud: base, options } = readCreditRequest('credit', file, values, context);
  const solicitud = format === 'json' ? base : { ...base, generaTablaPagos: true };
  const result = withQuoteErrors(displayName(file), () => quoteCredit(solicitud, options));
  const charges = format === 'json' || format === 'csv' ? undefined : creditOpeningCharges(solicitud, options);
  const out = openOutput(outFile(values), context.stdout);
  if (format === 'xlsx') await writeCreditXlsx(out, result, charges as OpeningCharges);
  else
    await out.write(
      format === 'json'
        ? `${JSON.stringify(result, null, 2)}\n`
        : format === 'csv'
          ? (bom ? BOM : '') + creditRowsToCsv(result, csv)
          : creditTable(result, displayName(file), charges, lang),
    );
  await out.end();
}

/**
 * The summary and the amortization table as aligned text, in `lang`.
 *
 * @example
 * ```ts
 * const text = creditTable(quoteCredit({ ...solicitud, generaTablaPagos: true }), 'x.json');
 * text.startsWith('Cotización AutoEstrene: x.json'); // true
 * ```
 */
export function creditTable(result: CreditResult, source: string, charges?: OpeningCharges, lang: Lang = 'es'): string {
  const t = (id: CliMessageId, params?: MessageParams) => cliText(id, lang, params);
  const summary = renderPairs([
    [t('etFechaApertura'), result.fechaApertura],
    [t('etMonto'), result.montoSolicitado],
    [t('etMontoGarantia'), result.montoGarantiaExt],
    [t('etTasa'), `${result.tasa} %`],
    [t('etComisiones'), `${result.comisiones} %`],
    [t('etPlazo'), t('valPlazo', { plazo: result.plazo, periodicidad: result.periodicidad })],
    [t('etPago'), result.pagoMensual],
    ...(charges === undefined
      ? ([
          [t('etTotal'), result.totalPagar],
          [t('etSumaPagos'), result.importePago],
        ] as const)
      : []),
    [t('etInteres'), result.importeInteresTotal],
    [t('etIvaInteres'), result.impIVAInteresTotal],
    [t('etCat'), `${result.cat} %`],
  ]);
  const totals = charges === undefined ? '' : `\n${reconciliation(result, charges, lang)}`;
  const closing = `\n${t('cierreCredito', { cat: result.cat, pago: result.pagoMensual, total: result.totalPagar })}\n`;
  return `${t('tituloCredito', { source })}\n\n${summary}${totals}\n${scheduleTable(result.registros)}${closing}`;
}

/**
 * From the sum of the payments to `totalPagar`: what is charged at opening, outside the payments,
 * one line per item (insurance lines only when charged), amounts aligned on the right.
 */
function reconciliation(result: CreditResult, charges: OpeningCharges, lang: Lang): string {
  const t = (id: CliMessageId, params?: MessageParams) => cliText(id, lang, params);
  const vat = charges.commissionVatPercent === 0 ? t('noSeCobra') : `${charges.commissionVatPercent} %`;
  const lines: [string, string][] = [
    [t('etSumaPagos'), result.importePago],
    [t('etMasComision', { percent: charges.commissionPercent, base: charges.commissionBase }), charges.commission],
    [t('etMasIvaComision', { vat }), charges.commissionVat],
  ];
  const insurance: [string, string][] = [
    [t('etMasVida'), charges.upfrontLifeInsurance],
    [t('etMasDanio'), charges.upfrontDamageInsurance],
    [t('etMasPrima'), charges.policyDamagePremium],
    [t('etMasPrimaVida'), charges.policyLifePremium],
  ];
  lines.push(...insurance.filter(([, amount]) => amount !== '0.00'), [t('etIgualTotal'), result.totalPagar]);
  let width = 0;
  for (const [, amount] of lines) width = Math.max(width, amount.length);
  return renderPairs(lines.map(([label, amount]) => [label, amount.padStart(width)]));
}

const OPTIONAL_COLUMNS = ['comisionAmortizacion', 'seguroVida', 'seguroDanos', 'seguroDesempleo'] as const;

function scheduleTable(rows: readonly CreditRow[]): string {
  // The row's fields in the interface's order, an optional column only where some row has it.
  const hidden = OPTIONAL_COLUMNS.filter((key) => rows.every((r) => r[key] === '0.00'));
  const keys: (keyof CreditRow)[] = CREDIT_ROW_COLUMNS.filter((key) => !(hidden as readonly string[]).includes(key));
  const headers: Partial<Record<keyof CreditRow, string>> = {
    numAmortizacion: '#',
    fechaAmortizacion: 'fecha',
    saldoCapital: 'saldoCapital',
    abonoCapital: 'abonoCapital',
    interesAmortizacion: 'interes',
    ivaAmortizacion: 'iva',
    comisionAmortizacion: 'comision',
    pagoAmortizacion: 'pago',
  };
  const columns: TextColumn[] = keys.map((key) => ({ header: headers[key] ?? key, align: key === 'fechaAmortizacion' ? 'left' : 'right' }));
  return renderTable(
    columns,
    rows.map((r) => keys.map((key) => String(r[key]))),
  );
}

/** The kind of a summary field's cell. */
function summaryKind(key: string, value: unknown): XlsxKind {
  if (key === 'fechaApertura') return 'date';
  if (typeof value === 'number') return 'integer';
  if (key === 'tasa' || key === 'comisiones') return 'rate';
  if (key === 'cat') return 'tenth';
  return typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value) ? 'amount' : 'text';
}

/**
 * The credit workbook: a Resumen sheet (every field of the resultado but the table, then the
 * charges at opening) and a Tabla sheet (one row per payment).
 *
 * @example
 * ```ts
 * import { openOutput } from '../io.js';
 * const out = openOutput('quote.xlsx');
 * await writeCreditXlsx(out, quoteCredit(solicitud), creditOpeningCharges(solicitud));
 * await out.end();
 * ```
 */
export async function writeCreditXlsx(out: Output, result: CreditResult, charges: OpeningCharges): Promise<void> {
  const book = await openWorkbook(out);
  const summary = book.addSheet('Resumen', [
    { header: 'campo', kind: 'text', width: 34 },
    { header: 'valor', kind: 'text', width: 16 },
  ]);
  for (const [key, value] of Object.entries(result)) {
    if (key === 'registros') continue;
    summary.addRow([key, { kind: summaryKind(key, value), value: value as string | number }]);
  }
  const chargeKeys = [
    'commission',
    'commissionVat',
    'upfrontLifeInsurance',
    'upfrontDamageInsurance',
    'policyDamagePremium',
    'policyLifePremium',
    'total',
  ] as const;
  for (const key of chargeKeys) summary.addRow([`cargosApertura.${key}`, { kind: 'amount', value: charges[key] }]);
  const columns: XlsxColumn[] = CREDIT_ROW_COLUMNS.map((c) => ({
    header: c,
    kind: c === 'numAmortizacion' ? 'integer' : c === 'fechaAmortizacion' ? 'date' : 'amount',
  }));
  const table = book.addSheet('Tabla', columns);
  for (const row of result.registros) table.addRow(CREDIT_ROW_COLUMNS.map((c) => row[c]));
  await book.end();
}
