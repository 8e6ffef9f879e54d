/** `cotizador credit FILE`: one AutoEstrene quote as a table, CSV or the engine's JSON. */
import { creditOpeningCharges, quoteCredit } from '../../quotes/quoteCredit.js';
import type { OpeningCharges } from '../../quotes/credit/charges.js';
import type { CreditRequest, CreditResult, CreditRow } from '../../contracts/credit.js';
import { creditRowsToCsv } from '../../analysis/csv.js';
import { choice, parseCommand, singleFile, stringOption } from '../args.js';
import { displayName, openOutput, readSolicitud } from '../io.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { renderPairs, renderTable, type TextColumn } from '../text.js';

export const CREDIT_HELP = `Usage: cotizador credit FILE [--format table|csv|json] [--out FILE]

Quotes an AutoEstrene vehicle credit: level payment, totals, CAT and the amortization table.

FILE holds an AutoEstrene request body ({ "solicitud": { ... } }) or a bare solicitud;
'-' reads stdin.

Options:
  --format table   summary (payment, interest, IVA, CAT), the charges at opening that take
                   the sum of payments to the total to pay (commission, its IVA, insurance
                   paid up front) and the amortization table, aligned for a terminal (default)
  --format csv     RFC 4180 CSV: one header line, one line per row of registros
  --format json    exactly the resultado quoteCredit returns
  --out FILE       write to FILE instead of stdout
  -h, --help       this help

The table and csv formats always show the table: they quote with generaTablaPagos: true even
when the file omits it (or sets it false). json quotes the solicitud as given.
`;

const FORMATS = ['table', 'csv', 'json'] as const;

/**
 * Runs `cotizador credit` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runCredit(['examples/autoestrene.json', '--format', 'csv']);
 * ```
 */
export async function runCredit(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const { values, positionals } = parseCommand('credit', args, { format: { type: 'string' }, out: { type: 'string' } });
  if (values.help === true) return void context.stdout.write(CREDIT_HELP);
  const format = choice('credit', 'format', values.format, FORMATS, 'table');
  const file = singleFile('credit', positionals);
  const base = readSolicitud(file, context.readStdin) as CreditRequest;
  const solicitud = format === 'json' ? base : { ...base, generaTablaPagos: true };
  const result = withQuoteErrors(displayName(file), () => quoteCredit(solicitud));
  const text =
    format === 'json'
      ? `${JSON.stringify(result, null, 2)}\n`
      : format === 'csv'
        ? creditRowsToCsv(result)
        : creditTable(result, displayName(file), creditOpeningCharges(solicitud));
  const out = openOutput(stringOption(values, 'out'), context.stdout);
  await out.write(text);
  await out.end();
}

/**
 * The summary and the amortization table as aligned text.
 *
 * @example
 * ```ts
 * process.stdout.write(creditTable(quoteCredit({ ...solicitud, generaTablaPagos: true }), 'x.json'));
 * ```
 */
export function creditTable(result: CreditResult, source: string, charges?: OpeningCharges): string {
  const summary = renderPairs([
    ['opening date (fechaApertura)', result.fechaApertura],
    ['amount (montoSolicitado)', result.montoSolicitado],
    ['amount + warranty (montoGarantiaExt)', result.montoGarantiaExt],
    ['annual rate, no VAT (tasa)', `${result.tasa} %`],
    ['opening fee (comisiones)', `${result.comisiones} %`],
    ['term (plazo)', `${result.plazo} payments, periodicidad ${result.periodicidad}`],
    ['payment (pagoMensual)', result.pagoMensual],
    ...(charges === undefined
      ? ([
          ['total to pay (totalPagar)', result.totalPagar],
          ['sum of payments (importePago)', result.importePago],
        ] as const)
      : []),
    ['interest (importeInteresTotal)', result.importeInteresTotal],
    ['VAT on interest (impIVAInteresTotal)', result.impIVAInteresTotal],
    ['CAT, no VAT (cat)', `${result.cat} %`],
  ]);
  const totals = charges === undefined ? '' : `\n${reconciliation(result, charges)}`;
  const closing = `\nCAT ${result.cat} % sin IVA, payment ${result.pagoMensual}, total to pay ${result.totalPagar}\n`;
  return `AutoEstrene quote: ${source}\n\n${summary}${totals}\n${scheduleTable(result.registros)}${closing}`;
}

/**
 * From the sum of the payments to `totalPagar`: what is charged at opening, outside the payments,
 * one line per item (insurance lines only when charged), amounts aligned on the right.
 */
function reconciliation(result: CreditResult, charges: OpeningCharges): string {
  const vat = charges.commissionVatPercent === 0 ? 'not charged' : `${charges.commissionVatPercent} %`;
  const lines: [string, string][] = [
    ['sum of payments (importePago)', result.importePago],
    [`+ opening commission (${charges.commissionPercent} % of ${charges.commissionBase})`, charges.commission],
    [`+ VAT on the commission (${vat})`, charges.commissionVat],
  ];
  const insurance: [string, string][] = [
    ['+ life insurance up front (importeCatSegVida)', charges.upfrontLifeInsurance],
    ['+ damage insurance up front (importeCatSegDanio)', charges.upfrontDamageInsurance],
    ['+ policy premium up front (primaTotal)', charges.policyDamagePremium],
    ['+ policy life premium up front (segVida)', charges.policyLifePremium],
  ];
  lines.push(...insurance.filter(([, amount]) => amount !== '0.00'), ['= total to pay (totalPagar)', result.totalPagar]);
  const width = Math.max(...lines.map(([, amount]) => amount.length));
  return renderPairs(lines.map(([label, amount]) => [label, amount.padStart(width)]));
}

const OPTIONAL_COLUMNS = ['comisionAmortizacion', 'seguroVida', 'seguroDanos', 'seguroDesempleo'] as const;

function scheduleTable(rows: readonly CreditRow[]): string {
  const shown = OPTIONAL_COLUMNS.filter((key) => rows.some((r) => r[key] !== '0.00'));
  const keys: (keyof CreditRow)[] = [
    'numAmortizacion',
    'fechaAmortizacion',
    'saldoCapital',
    'abonoCapital',
    'interesAmortizacion',
    'ivaAmortizacion',
    ...shown,
    'pagoAmortizacion',
    'saldoFin',
  ];
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
