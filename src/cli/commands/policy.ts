/** `cotizador policy FILE`: one SegAutoVendor quote as a table, CSV of receipts or the engine's JSON. */
import { mexicoCityDate } from '../../dates/mexicoCity.js';
import { quotePolicy } from '../../quotes/quotePolicy.js';
import type { PolicyRequest, PolicyResult } from '../../contracts/policy.js';
import { receiptsToCsv } from '../../analysis/csv.js';
import { choice, parseCommand, singleFile, stringOption } from '../args.js';
import { displayName, openOutput, readSolicitud } from '../io.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { renderTable } from '../text.js';

export const POLICY_HELP = `Usage: cotizador policy FILE [--format table|csv|json] [--fecha-inicio YYYY-MM-DD] [--out FILE]

Quotes SegAutoVendor vehicle insurance: every offer (insurer × package) with its premium
and payment receipts.

FILE holds a SegAutoVendor request body ({ "solicitud": { ... } }) or a bare solicitud;
'-' reads stdin.

Options:
  --format table         the offers, then each offer's receipts, aligned (default)
  --format csv           RFC 4180 CSV: one line per receipt, with its offer's insurer,
                         package and idCotizacion
  --format json          exactly the resultado quotePolicy returns
  --fecha-inicio DATE    policy start (YYYY-MM-DD); default: today in America/Mexico_City
  --out FILE             write to FILE instead of stdout
  -h, --help             this help
`;

const FORMATS = ['table', 'csv', 'json'] as const;

/**
 * Runs `cotizador policy` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runPolicy(['examples/segautovendor.json', '--fecha-inicio', '2026-02-01']);
 * ```
 */
export async function runPolicy(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const { values, positionals } = parseCommand('policy', args, {
    format: { type: 'string' },
    'fecha-inicio': { type: 'string' },
    out: { type: 'string' },
  });
  if (values.help === true) return void context.stdout.write(POLICY_HELP);
  const format = choice('policy', 'format', values.format, FORMATS, 'table');
  const file = singleFile('policy', positionals);
  const fechaInicio = stringOption(values, 'fecha-inicio') ?? mexicoCityDate(new Date());
  const solicitud = readSolicitud(file, context.readStdin) as PolicyRequest;
  const result = withQuoteErrors(displayName(file), () => quotePolicy(solicitud, { fechaInicio }));
  const text =
    format === 'json'
      ? `${JSON.stringify(result, null, 2)}\n`
      : format === 'csv'
        ? receiptsToCsv(result)
        : policyTable(result, displayName(file), fechaInicio);
  const out = openOutput(stringOption(values, 'out'), context.stdout);
  await out.write(text);
  await out.end();
}

/**
 * The offers and their receipts as aligned text.
 *
 * @example
 * ```ts
 * process.stdout.write(policyTable(quotePolicy(policySolicitud, { fechaInicio: '2026-02-01' }), 'x.json', '2026-02-01'));
 * ```
 */
export function policyTable(result: PolicyResult, source: string, fechaInicio: string): string {
  const offers = result.listaSeguroAuto;
  let text = `SegAutoVendor quote: ${source} (fechaInicio ${fechaInicio}), ${offers.length} offer${offers.length === 1 ? '' : 's'}\n\n`;
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
