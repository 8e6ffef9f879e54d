/**
 * What the CLI writes of one credit quote: the summary and its reconciliation for a terminal, and
 * the column specs of the amortization table (CSV, the terminal's table, the Tabla sheet) and of
 * the workbook's Resumen sheet. Used by `credit` and by `solve` (the quote at the solved value).
 * And the CAT explained (`credit --explain-cat`): as text, as CSV, and as the workbook's CAT sheet.
 */
import { CREDIT_ROW_COLUMNS } from '../entry/analysis.js';
import type {
  CatCharge,
  CreditCatExplanation,
  CreditResult,
  CreditRow,
  Lang,
  MessageParams,
  MessageRef,
  OpeningCharges,
} from '../entry/credit.js';
import { csvDocument, textTable, sheetOf, type Column, type ColumnFormat } from './columns.js';
import type { CsvOptions } from '../entry/analysis.js';
import type { Output } from './io.js';
import { cliMessage, cliText, type CliMessageId } from './messages.js';
import { renderPairs } from './text.js';
import { openWorkbook, type XlsxBook, type XlsxKind } from './xlsx.js';

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
 * charges at opening), a Tabla sheet (one row per payment) and, with an explanation of its CAT, a
 * CAT sheet (`credit --explain-cat`).
 *
 * @example
 * ```ts
 * import { openOutput } from './io.js';
 * const out = openOutput('quote.xlsx');
 * await writeCreditXlsx(out, quoteCredit(solicitud), creditOpeningCharges(solicitud));
 * await out.end();
 * ```
 */
export async function writeCreditXlsx(
  out: Output,
  result: CreditResult,
  charges: OpeningCharges,
  lang: Lang = 'es',
  explanation?: CreditCatExplanation,
): Promise<void> {
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
  if (explanation !== undefined) addCatSheet(book, explanation, lang);
  await book.end();
}

/** One row of the CAT's table: a flow and its figures, or the sums, bounds and signs under them. */
interface CatRow {
  readonly number: string;
  readonly years: string;
  readonly flow: string;
  readonly capital: string;
  readonly interest: string;
  readonly insurance: string;
  readonly charges: string;
  readonly factor: string;
  readonly atRate: string;
  readonly atLower: string;
  readonly atUpper: string;
}

const CHARGE_LABEL: Readonly<Record<CatCharge['item'], CliMessageId>> = {
  commission: 'cargoCommission',
  commissionVat: 'cargoCommissionVat',
  upfrontLifeInsurance: 'cargoUpfrontLifeInsurance',
  upfrontDamageInsurance: 'cargoUpfrontDamageInsurance',
  policyAtOpening: 'cargoPolicyAtOpening',
  financedPolicy: 'cargoFinancedPolicy',
  externalInsurance: 'cargoExternalInsurance',
  interestVat: 'cargoInterestVat',
  periodicCharges: 'cargoPeriodicCharges',
  periodicChargesVat: 'cargoPeriodicChargesVat',
  balanceLifeInsurance: 'cargoBalanceLifeInsurance',
  balanceUnemploymentInsurance: 'cargoBalanceUnemploymentInsurance',
  balanceUnemploymentVat: 'cargoBalanceUnemploymentVat',
  capitalisedInterest: 'cargoCapitalisedInterest',
  dealerSubsidy: 'cargoDealerSubsidy',
};
const ENTERED_LABEL: Readonly<Record<CatCharge['entered'], CliMessageId>> = {
  atOpening: 'entraAlInicio',
  inPayments: 'entraEnPagos',
  no: 'noEntra',
};
const REASON_LABEL: Readonly<Record<CatCharge['reason'], CliMessageId>> = {
  netAtOpening: 'razonNetAtOpening',
  requiredInsurance: 'razonRequiredInsurance',
  periodicCharge: 'razonPeriodicCharge',
  capitalisedInterest: 'razonCapitalisedInterest',
  iva: 'razonIva',
  externalInsuranceExcluded: 'razonExternalInsuranceExcluded',
  notCharged: 'razonNotCharged',
  notPaidByBorrower: 'razonNotPaidByBorrower',
};
const SIGN_LABEL: Readonly<Record<-1 | 0 | 1, CliMessageId>> = { 1: 'signoPositivo', 0: 'signoCero', [-1]: 'signoNegativo' };

/** The CAT table's columns; the payments' parts only in CSV and the sheet (the terminal has no room). */
function catColumns(e: CreditCatExplanation): Column<CatRow>[] {
  const text = (header: string | MessageRef, cell: (row: CatRow) => string, extra: Partial<Column<CatRow>> = {}): Column<CatRow> => ({
    header,
    cell,
    align: 'right',
    kind: 'text',
    ...extra,
  });
  const parts = { formats: ['csv', 'xlsx'] as ColumnFormat[] };
  return [
    text(cliMessage('colNumero'), (r) => r.number),
    text(cliMessage('colAnios'), (r) => r.years, { align: 'left' }),
    text(cliMessage('colFlujo'), (r) => r.flow),
    text(cliMessage('colCapital'), (r) => r.capital, parts),
    text(cliMessage('colInteres'), (r) => r.interest, parts),
    text(cliMessage('colSeguros'), (r) => r.insurance, parts),
    text(cliMessage('colCargos'), (r) => r.charges, parts),
    text(cliMessage('colFactor'), (r) => r.factor),
    text(cliMessage('colVpTasa'), (r) => r.atRate),
    text(cliMessage('colVpEn', { percent: e.boundaries.lower }), (r) => r.atLower),
    text(cliMessage('colVpEn', { percent: e.boundaries.upper }), (r) => r.atUpper),
  ];
}

/** The flows with their figures, then (`withTotals`) the sums, their bounds and the signs. */
function catRows(e: CreditCatExplanation, lang: Lang, withTotals: boolean): CatRow[] {
  const rows: CatRow[] = e.flows.map((flow, j) => {
    const part = flow.kind === 'payment' ? e.payments[flow.index - 1] : undefined;
    return {
      number: String(flow.index),
      years: flow.years,
      flow: flow.kind === 'disbursement' ? `-${flow.amount}` : flow.amount,
      capital: part?.capital ?? '',
      interest: part?.interest ?? '',
      insurance: part?.insurance ?? '',
      charges: part?.charges ?? '',
      factor: e.atRate.discountFactors[j] ?? '',
      atRate: e.atRate.presentValues[j] ?? '',
      atLower: e.lower.presentValues[j] ?? '',
      atUpper: e.upper.presentValues[j] ?? '',
    };
  });
  if (!withTotals) return rows;
  const blank = { number: '', flow: '', capital: '', interest: '', insurance: '', charges: '', factor: '' };
  const t = (id: CliMessageId) => cliText(id, lang);
  rows.push(
    { ...blank, years: t('filaSuma'), atRate: e.atRate.sum, atLower: e.lower.sum, atUpper: e.upper.sum },
    { ...blank, years: t('filaCota'), atRate: e.atRate.bound, atLower: e.lower.bound, atUpper: e.upper.bound },
    { ...blank, years: t('filaSigno'), atRate: '', atLower: t(SIGN_LABEL[e.lower.sign]), atUpper: t(SIGN_LABEL[e.upper.sign]) },
  );
  return rows;
}

/** What the explanation says besides its table: the CAT, the rule, the times, the figures, the disbursement, the charges, the proof. */
function catSummary(e: CreditCatExplanation, lang: Lang): { pairs: [string, string][]; charges: string[][]; proof: string[] } {
  const t = (id: CliMessageId, params?: MessageParams) => cliText(id, lang, params);
  const basis = e.timeBasis;
  const pairs: [string, string][] = [
    [t('etCatPublicado'), `${e.percent} %`],
    [t('etTasaResuelta'), e.rate],
    [t('etRegla'), t(e.rule === 'positiveRoot' ? 'reglaPositiva' : e.rule === 'zero' ? 'reglaCero' : 'reglaNegativa')],
    [t('etCambiosSigno'), e.signChanges === 1 ? t('raizUnica') : t('raicesVarias', { count: e.signChanges })],
    [
      t('etBaseTiempo'),
      basis.period === undefined
        ? t('baseUnidades', { basis: basis.basis, units: basis.unitsPerYear ?? '' })
        : t('baseUniforme', { basis: basis.basis, period: basis.period }),
    ],
    [t('etCifras'), t('valCifras', { digits: e.lower.digits, decimals: e.lower.decimals })],
    [t('etDispuesto'), ''],
    [`  ${t('etMontoFinanciado')}`, e.disbursement.amountFinanced],
    ...e.disbursement.netted
      .filter((n) => n.amount !== '0.00')
      .map((n): [string, string] => [`  ${t('etMenosCargo', { field: n.field })}`, n.amount]),
    [`  ${t('etIgualDispuesto')}`, e.disbursement.amount],
  ];
  const charges = e.charges.map((c) => [
    t(CHARGE_LABEL[c.item]),
    c.field,
    c.amount,
    t(ENTERED_LABEL[c.entered]),
    t(REASON_LABEL[c.reason]),
  ]);
  const line = (column: CreditCatExplanation['lower'], percent: string) =>
    t(column.decidedBy === 'figures' ? 'pruebaSuma' : 'pruebaExacta', {
      percent,
      sum: column.sum,
      bound: column.bound,
      sign: t(SIGN_LABEL[column.sign]),
    });
  const verdict = !e.holds
    ? t('pruebaFalla', { percent: e.percent })
    : e.lower.sign === 0 || e.upper.sign === 0
      ? t('pruebaEmpate', { boundary: e.lower.sign === 0 ? e.boundaries.lower : e.boundaries.upper, percent: e.percent })
      : t('pruebaCambio', { lower: e.boundaries.lower, upper: e.boundaries.upper, percent: e.percent });
  return { pairs, charges, proof: [line(e.lower, e.boundaries.lower), line(e.upper, e.boundaries.upper), verdict] };
}

/**
 * The CAT explained for a terminal, in `lang` (`credit --explain-cat`): the published CAT, the rule,
 * the times, how the figures are rounded, the disbursement and every charge with its place in the
 * CAT, the flows with their discount factors and present values at the solved rate and at the
 * tenth's boundaries, their sums and bounds, and the proof.
 *
 * @example
 * ```ts
 * const text = catExplanationText(explainCat(solicitud, { digits: 12 }), 'x.json', 'en');
 * text.startsWith('The CAT explained: x.json'); // true
 * text.includes('it changes sign between 16.75 % and 16.85 %'); // true
 * ```
 */
export function catExplanationText(e: CreditCatExplanation, source: string, lang: Lang = 'es'): string {
  const t = (id: CliMessageId, params?: MessageParams) => cliText(id, lang, params);
  const { pairs, charges, proof } = catSummary(e, lang);
  const chargeTable = textTable(
    (['colCargo', 'colCampo', 'colMonto', 'colEnCat', 'colPorQue'] as const).map(
      (id, i): Column<string[]> => ({ header: cliMessage(id), cell: (row) => row[i], align: i === 2 ? 'right' : 'left', kind: 'text' }),
    ),
    charges,
    lang,
  );
  const flows = textTable(catColumns(e), catRows(e, lang, true), lang);
  const body = proof.map((line) => `  ${line}\n`).join('');
  return `${t('tituloExplicacionCat', { source })}\n\n${renderPairs(pairs)}\n${chargeTable}\n${t('tituloFlujos')}\n${flows}\n${t('tituloPrueba')}\n${body}`;
}

/**
 * The CAT's flows as CSV (`credit --explain-cat --format csv`): one line per flow, the payments'
 * parts, the factor and the present values at the rate and at the tenth's boundaries.
 *
 * @example
 * ```ts
 * catExplanationCsv(explainCat(solicitud, { digits: 12 }), 'en').split('\r\n')[0]; // '#,years,flow,capital,interest,insurance,charges,factor at the rate,PV at the rate,PV at 16.75 %,PV at 16.85 %'
 * ```
 */
export function catExplanationCsv(e: CreditCatExplanation, lang: Lang = 'es', csv?: CsvOptions): string {
  return csvDocument(catColumns(e), catRows(e, lang, false), lang, csv);
}

/** The workbook's CAT sheet: the flows and their figures, the sums, then the summary, the charges and the proof. */
function addCatSheet(book: XlsxBook, e: CreditCatExplanation, lang: Lang): void {
  const sheet = sheetOf(catColumns(e), lang);
  const cat = book.addSheet('CAT', sheet.columns);
  for (const row of catRows(e, lang, true)) cat.addRow(sheet.row(row));
  const { pairs, charges, proof } = catSummary(e, lang);
  cat.addRow([]);
  for (const [label, value] of pairs) cat.addRow([label.trim(), value]);
  cat.addRow([]);
  for (const row of charges) cat.addRow(row);
  cat.addRow([]);
  for (const line of proof) cat.addRow([line]);
}
