/** `cotizador policy FILE`: one SegAutoVendor quote as a table, CSV of receipts or the engine's JSON. */
import { mexicoCityDate, quotePolicy, type Lang, type PolicyRequest, type PolicyResult } from '../../entry/insurance.js';
import { receiptsToCsv } from '../../entry/analysis.js';
import { choice, parseCommand, singleFile, stringOption } from '../args.js';
import { BOM, CSV_FLAGS, csvSettings, IO_FLAGS, outFile, readOptionsOf } from '../common.js';
import { usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { displayName, openOutput, readSolicitud, type Output } from '../io.js';
import { cliText } from '../messages.js';
import { openWorkbook, type XlsxColumn } from '../xlsx.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { renderTable } from '../text.js';

/**
 * The help of `cotizador policy`, in `lang`.
 *
 * @example
 * ```ts
 * policyHelp('en').startsWith('Usage: cotizador policy'); // true
 * ```
 */
export function policyHelp(lang: Lang = 'es'): string {
  return helpText('policy', lang);
}

const FORMATS = ['table', 'csv', 'json', 'xlsx'] as const;

/**
 * Runs `cotizador policy` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runPolicy(['examples/segautovendor.json', '--fecha-inicio', '2026-02-01']);
 * ```
 */
export async function runPolicy(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const lang = context.lang ?? 'es';
  const { values, positionals } = parseCommand('policy', args, {
    format: { type: 'string' },
    'fecha-inicio': { type: 'string' },
    ...IO_FLAGS,
    ...CSV_FLAGS,
  });
  if (values.help === true) return void context.stdout.write(policyHelp(lang));
  const format = choice('policy', 'format', values.format, FORMATS, 'table');
  const { bom, csv } = csvSettings('policy', values, format);
  const file = singleFile('policy', positionals);
  if (format === 'xlsx' && outFile(values) === undefined && context.stdout.isTTY === true) throw usageError('xlsxEnTerminal', {}, 'policy');
  const fechaInicio = stringOption(values, 'fecha-inicio') ?? mexicoCityDate(new Date());
  const solicitud = readSolicitud(file, readOptionsOf('policy', values, context)) as PolicyRequest;
  const result = withQuoteErrors(displayName(file), () => quotePolicy(solicitud, { fechaInicio }));
  const out = openOutput(outFile(values), context.stdout);
  if (format === 'xlsx') await writePolicyXlsx(out, result);
  else
    await out.write(
      format === 'json'
        ? `${JSON.stringify(result, null, 2)}\n`
        : format === 'csv'
          ? (bom ? BOM : '') + receiptsToCsv(result, csv)
          : policyTable(result, displayName(file), fechaInicio, lang),
    );
  await out.end();
}

/** The columns that name an offer, first on both sheets. */
const OFFER_IDENTITY: readonly XlsxColumn[] = [
  { header: 'idAseguradora', kind: 'integer' },
  { header: 'aseguradora', kind: 'text', width: 30 },
  { header: 'paquete', kind: 'text', width: 22 },
  { header: 'idCotizacion', kind: 'text', width: 26 },
];

/**
 * The policy workbook: an Ofertas sheet (one row per offer) and a Recibos sheet (one row per
 * receipt, with its offer).
 *
 * @example
 * ```ts
 * import { openOutput } from '../io.js';
 * const out = openOutput('policy.xlsx');
 * await writePolicyXlsx(out, quotePolicy(policySolicitud, { fechaInicio: '2026-02-01' }));
 * await out.end();
 * ```
 */
export async function writePolicyXlsx(out: Output, result: PolicyResult): Promise<void> {
  const book = await openWorkbook(out);
  const offers = book.addSheet('Ofertas', [
    ...OFFER_IDENTITY,
    { header: 'vigenciaInicial', kind: 'dmyDate' },
    { header: 'vigenciaFin', kind: 'dmyDate' },
    { header: 'primaTotal', kind: 'amount' },
    { header: 'seguroGap', kind: 'amount' },
    { header: 'segVida', kind: 'amount' },
    { header: 'recibos', kind: 'integer' },
  ]);
  for (const o of result.listaSeguroAuto) {
    offers.addRow([
      o.idAseguradora,
      o.aseguradora,
      o.paquete,
      o.idCotizacion,
      o.vigenciaInicial,
      o.vigenciaFin,
      o.primaTotal,
      o.seguroGap,
      o.segVida,
      o.listaRecibos.length,
    ]);
  }
  const receipts = book.addSheet('Recibos', [
    ...OFFER_IDENTITY,
    { header: 'numeroRecibo', kind: 'integer' },
    { header: 'vigenciaInicial', kind: 'dmyDate' },
    { header: 'vigenciaFin', kind: 'dmyDate' },
    { header: 'primaTotal', kind: 'amount' },
  ]);
  for (const o of result.listaSeguroAuto) {
    for (const r of o.listaRecibos) {
      receipts.addRow([
        o.idAseguradora,
        o.aseguradora,
        o.paquete,
        o.idCotizacion,
        r.numeroRecibo,
        r.vigenciaInicial,
        r.vigenciaFin,
        r.primaTotal,
      ]);
    }
  }
  await book.end();
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
  text += renderTable(
    [
      { header: '#', align: 'right' },
      { header: 'idAseguradora', align: 'right' },
      { header: 'aseguradora', align: 'left' },
      { header: 'paquete', align: 'left' },
      { header: 'vigenciaInicial', align: 'left' },
      { header: 'vigenciaFin', align: 'left' },
      { header: 'primaTotal', align: 'right' },
      { header: 'seguroGap', align: 'right' },
      { header: 'segVida', align: 'right' },
      { header: 'recibos', align: 'right' },
    ],
    offers.map((o, i) => [
      String(i + 1),
      o.idAseguradora,
      o.aseguradora,
      o.paquete,
      o.vigenciaInicial,
      o.vigenciaFin,
      o.primaTotal,
      o.seguroGap,
      o.segVida,
      String(o.listaRecibos.length),
    ]),
  );
  offers.forEach((o, i) => {
    text += `\n#${i + 1} ${o.aseguradora} / ${o.paquete}  idCotizacion ${o.idCotizacion}\n    ${o.urlCotizacion}\n`;
    text += renderTable(
      [
        { header: 'numeroRecibo', align: 'right' },
        { header: 'vigenciaInicial', align: 'left' },
        { header: 'vigenciaFin', align: 'left' },
        { header: 'primaTotal', align: 'right' },
      ],
      o.listaRecibos.map((r) => [r.numeroRecibo, r.vigenciaInicial, r.vigenciaFin, r.primaTotal]),
    );
  });
  return text;
}
