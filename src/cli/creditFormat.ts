/**
 * What the CLI writes of one credit quote: the summary and its reconciliation for a terminal, and
 * the column specs of the amortization table (CSV, the terminal's table, the Tabla sheet) and of
 * the workbook's Resumen sheet. Used by `credit` and by `solve` (the quote at the solved value).
 */
import { CREDIT_ROW_COLUMNS } from '../entry/analysis.js';
import type { CreditResult, CreditRow, Lang, MessageParams, OpeningCharges } from '../entry/credit.js';
import { textTable, sheetOf, type Column } from './columns.js';
import type { Output } from './io.js';
import { cliText, type CliMessageId } from './messages.js';
import { renderPairs } from './text.js';
import { openWorkbook, type XlsxKind } from './xlsx.js';

/** The terminal's shorter header of a payment's field, where it has one. */
const SHORT: Partial<Record<keyof CreditRow, string>> = {
  numAmortizacion: '#',
  fechaAmortizacion: 'fecha',
  interesAmortizacion: 'interes',
  ivaAmortizacion: 'iva',
  comisionAmortizacion: 'comision',
  pagoAmortizacion: 'pago',
};

/**
 * The amortization table's columns: a payment's fields in the interface's order.
 *
 * @example
 * ```ts
 * SCHEDULE_COLUMNS.map((c) => c.header).slice(0, 3); // ['numAmortizacion', 'fechaAmortizacion', 'saldoCapital']
 * SCHEDULE_COLUMNS[1]?.tableHeader; // 'fecha'
 * ```
 */
export const SCHEDULE_COLUMNS: readonly Column<CreditRow>[] = CREDIT_ROW_COLUMNS.map((key) => ({
  header: key,
  ...(SHORT[key] === undefined ? {} : { tableHeader: SHORT[key] }),
  cell: (row: CreditRow) => row[key],
  align: key === 'fechaAmortizacion' ? 'left' : 'right',
  kind: key === 'numAmortizacion' ? 'integer' : key === 'fechaAmortizacion' ? 'date' : 'amount',
}));

/** Columns the terminal shows only when some payment has them. */
const OPTIONAL_COLUMNS: readonly string[] = ['comisionAmortizacion', 'seguroVida', 'seguroDanos', 'seguroDesempleo'];

/** One line of the Resumen sheet: a field of the resultado (or a charge at opening) and its value. */
interface SummaryLine {
  readonly campo: string;
  readonly valor: string | number;
  readonly kind: XlsxKind;
}

/**
 * The Resumen sheet's columns: the field, and its value typed line by line.
 *
 * @example
 * ```ts
 * SUMMARY_COLUMNS.map((c) => c.header); // ['campo', 'valor']
 * ```
 */
export const SUMMARY_COLUMNS: readonly Column<SummaryLine>[] = [
  { header: 'campo', cell: (line) => line.campo, align: 'left', kind: 'text', sheetWidth: 34 },
  { header: 'valor', cell: (line) => line.valor, kindOf: (line) => line.kind, align: 'right', kind: 'text', sheetWidth: 16 },
];

/** The charges at opening the Resumen sheet lists after the resultado's fields. */
const CHARGE_KEYS = [
  'commission',
  'commissionVat',
  'upfrontLifeInsurance',
  'upfrontDamageInsurance',
  'policyDamagePremium',
  'policyLifePremium',
  'total',
] as const;

/** The kind of a summary field's cell. */
function summaryKind(key: string, value: unknown): XlsxKind {
  if (key === 'fechaApertura') return 'date';
  if (typeof value === 'number') return 'integer';
  if (key === 'tasa' || key === 'comisiones') return 'rate';
  if (key === 'cat') return 'tenth';
  return typeof value === 'string' && /^-?\d+\.\d{2}$/.test(value) ? 'amount' : 'text';
}

/**
 * The summary and the amortization table as aligned text, in `lang`; with the charges at opening,
 * the lines that take the sum of the payments to the total to pay.
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
  // An optional column only where some payment has it.
  const rows = result.registros;
  const columns = SCHEDULE_COLUMNS.filter(
    (c) => !OPTIONAL_COLUMNS.includes(c.header as string) || rows.some((row) => c.cell(row) !== '0.00'),
  );
  const closing = `\n${t('cierreCredito', { cat: result.cat, pago: result.pagoMensual, total: result.totalPagar })}\n`;
  return `${t('tituloCredito', { source })}\n\n${summary}${totals}\n${textTable(columns, rows, lang)}${closing}`;
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

/**
 * The credit workbook: a Resumen sheet (every field of the resultado but the table, then the
 * charges at opening) and a Tabla sheet (one row per payment).
 *
 * @example
 * ```ts
 * import { openOutput } from './io.js';
 * const out = openOutput('quote.xlsx');
 * await writeCreditXlsx(out, quoteCredit(solicitud), creditOpeningCharges(solicitud));
 * await out.end();
 * ```
 */
export async function writeCreditXlsx(out: Output, result: CreditResult, charges: OpeningCharges, lang: Lang = 'es'): Promise<void> {
  const book = await openWorkbook(out);
  const summary = sheetOf(SUMMARY_COLUMNS, lang);
  const resumen = book.addSheet('Resumen', summary.columns);
  for (const [key, value] of Object.entries(result)) {
    if (key === 'registros') continue;
    resumen.addRow(summary.row({ campo: key, valor: value as string | number, kind: summaryKind(key, value) }));
  }
  for (const key of CHARGE_KEYS) resumen.addRow(summary.row({ campo: `cargosApertura.${key}`, valor: charges[key], kind: 'amount' }));
  const schedule = sheetOf(SCHEDULE_COLUMNS, lang);
  const tabla = book.addSheet('Tabla', schedule.columns);
  for (const row of result.registros) tabla.addRow(schedule.row(row));
  await book.end();
}
