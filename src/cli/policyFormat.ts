/**
 * What the CLI writes of a policy quote: the column specs of its offers (the terminal's table, the
 * Ofertas sheet) and of its receipts (CSV, each offer's table, the Recibos sheet), the aligned text
 * of both, and the workbook.
 */
import type { Lang, PolicyOffer, PolicyResult, Receipt } from '../entry/insurance.js';
import { sheetOf, textTable, type Column } from './columns.js';
import type { Output } from './io.js';
import { cliText } from './messages.js';
import { openWorkbook } from './xlsx.js';

/** An offer and its place in the quote's list (from 0). */
interface OfferLine {
  readonly offer: PolicyOffer;
  readonly index: number;
}

/** A receipt and the offer it belongs to. */
interface ReceiptLine {
  readonly offer: PolicyOffer;
  readonly receipt: Receipt;
}

/** The columns that name an offer, first on both sheets and in the receipts' CSV. */
function offerIdentity<Row>(offerOf: (row: Row) => PolicyOffer): Column<Row>[] {
  return [
    { header: 'idAseguradora', cell: (row) => offerOf(row).idAseguradora, align: 'right', kind: 'integer' },
    { header: 'aseguradora', cell: (row) => offerOf(row).aseguradora, align: 'left', kind: 'text', sheetWidth: 30 },
    { header: 'paquete', cell: (row) => offerOf(row).paquete, align: 'left', kind: 'text', sheetWidth: 22 },
    { header: 'idCotizacion', cell: (row) => offerOf(row).idCotizacion, align: 'left', kind: 'text', sheetWidth: 26 },
  ];
}

const [ID_ASEGURADORA, ASEGURADORA, PAQUETE, ID_COTIZACION] = offerIdentity<OfferLine>((line) => line.offer) as [
  Column<OfferLine>,
  Column<OfferLine>,
  Column<OfferLine>,
  Column<OfferLine>,
];

/**
 * The offers' columns: the terminal numbers them and names each one's quote on its own line; the
 * sheet carries the quote's id.
 *
 * @example
 * ```ts
 * OFFER_COLUMNS.map((c) => c.header).join(','); // '#,idAseguradora,aseguradora,paquete,idCotizacion,vigenciaInicial,vigenciaFin,primaTotal,seguroGap,segVida,recibos'
 * ```
 */
export const OFFER_COLUMNS: readonly Column<OfferLine>[] = [
  { header: '#', cell: (line) => line.index + 1, align: 'right', kind: 'integer', formats: ['table'] },
  ID_ASEGURADORA,
  ASEGURADORA,
  PAQUETE,
  { ...ID_COTIZACION, formats: ['xlsx'] },
  { header: 'vigenciaInicial', cell: (line) => line.offer.vigenciaInicial, align: 'left', kind: 'dmyDate' },
  { header: 'vigenciaFin', cell: (line) => line.offer.vigenciaFin, align: 'left', kind: 'dmyDate' },
  { header: 'primaTotal', cell: (line) => line.offer.primaTotal, align: 'right', kind: 'amount' },
  { header: 'seguroGap', cell: (line) => line.offer.seguroGap, align: 'right', kind: 'amount' },
  { header: 'segVida', cell: (line) => line.offer.segVida, align: 'right', kind: 'amount' },
  { header: 'recibos', cell: (line) => line.offer.listaRecibos.length, align: 'right', kind: 'integer' },
];

/**
 * The receipts' columns: the offer's identity (in CSV and on the sheet; the terminal names the
 * offer above its receipts), then the receipt.
 *
 * @example
 * ```ts
 * RECEIPT_LINE_COLUMNS.map((c) => c.header).join(','); // 'idAseguradora,aseguradora,paquete,idCotizacion,numeroRecibo,vigenciaInicial,vigenciaFin,primaTotal'
 * ```
 */
export const RECEIPT_LINE_COLUMNS: readonly Column<ReceiptLine>[] = [
  ...offerIdentity<ReceiptLine>((line) => line.offer).map((c) => ({ ...c, formats: ['csv', 'xlsx'] as const })),
  { header: 'numeroRecibo', cell: (line) => line.receipt.numeroRecibo, align: 'right', kind: 'integer' },
  { header: 'vigenciaInicial', cell: (line) => line.receipt.vigenciaInicial, align: 'left', kind: 'dmyDate' },
  { header: 'vigenciaFin', cell: (line) => line.receipt.vigenciaFin, align: 'left', kind: 'dmyDate' },
  { header: 'primaTotal', cell: (line) => line.receipt.primaTotal, align: 'right', kind: 'amount' },
];

/**
 * Every receipt of every offer, in order, with its offer.
 *
 * @example
 * ```ts
 * [...receiptLines(quotePolicy(policySolicitud, { fechaInicio: '2026-02-01' }))][0]?.receipt.numeroRecibo; // '1'
 * ```
 */
export function* receiptLines(result: PolicyResult): Generator<ReceiptLine> {
  for (const offer of result.listaSeguroAuto) for (const receipt of offer.listaRecibos) yield { offer, receipt };
}

/**
 * The offers and their receipts as aligned text.
 *
 * @example
 * ```ts
 * process.stdout.write(policyTable(quotePolicy(policySolicitud, { fechaInicio: '2026-02-01' }), 'x.json', '2026-02-01'));
 * ```
 */
export function policyTable(result: PolicyResult, source: string, fechaInicio: string, lang: Lang = 'es'): string {
  const offers = result.listaSeguroAuto;
  let text = `${cliText('tituloPoliza', lang, { source, fechaInicio, count: offers.length })}\n\n`;
  text += textTable(
    OFFER_COLUMNS,
    offers.map((offer, index) => ({ offer, index })),
    lang,
  );
  offers.forEach((o, i) => {
    text += `\n#${i + 1} ${o.aseguradora} / ${o.paquete}  idCotizacion ${o.idCotizacion}\n    ${o.urlCotizacion}\n`;
    text += textTable(
      RECEIPT_LINE_COLUMNS,
      o.listaRecibos.map((receipt) => ({ offer: o, receipt })),
      lang,
    );
  });
  return text;
}

/**
 * The policy workbook: an Ofertas sheet (one row per offer) and a Recibos sheet (one row per
 * receipt, with its offer).
 *
 * @example
 * ```ts
 * import { openOutput } from './io.js';
 * const out = openOutput('policy.xlsx');
 * await writePolicyXlsx(out, quotePolicy(policySolicitud, { fechaInicio: '2026-02-01' }));
 * await out.end();
 * ```
 */
export async function writePolicyXlsx(out: Output, result: PolicyResult, lang: Lang = 'es'): Promise<void> {
  const book = await openWorkbook(out);
  const offers = sheetOf(OFFER_COLUMNS, lang);
  const ofertas = book.addSheet('Ofertas', offers.columns);
  result.listaSeguroAuto.forEach((offer, index) => {
    ofertas.addRow(offers.row({ offer, index }));
  });
  const receipts = sheetOf(RECEIPT_LINE_COLUMNS, lang);
  const recibos = book.addSheet('Recibos', receipts.columns);
  for (const line of receiptLines(result)) recibos.addRow(receipts.row(line));
  await book.end();
}
