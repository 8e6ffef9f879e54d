/** `cotizador solve FILE --unknown U --target T=V`: `solveCredit` from the command line: the value, and the quote at it. */
import { creditOpeningCharges, solveCredit, type SolveTarget, type SolveUnknown } from '../../entry/credit.js';
import { csvLine } from '../../entry/analysis.js';
import { choice, parseCommand, singleFile, stringOption } from '../args.js';
import { BOM, CSV_FLAGS, csvSettings, IO_FLAGS, outFile } from '../common.js';
import { ENGINE_FLAGS } from '../engineOptions.js';
import { usageError } from '../errors.js';
import { cliMessage } from '../messages.js';
import { CSV_OPTIONS_HELP, ENGINE_OPTIONS_HELP, IO_OPTIONS_HELP, type Help } from '../help.js';
import { displayName, openOutput } from '../io.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { creditTable, readCreditRequest } from './credit.js';

/**
 * The unknowns `solve` takes (those of `solveCredit`).
 *
 * @example
 * ```ts
 * SOLVE_UNKNOWNS; // ['montoSolicitado', 'tasa', 'plazo', 'comisiones']
 * ```
 */
export const SOLVE_UNKNOWNS = ['montoSolicitado', 'tasa', 'plazo', 'comisiones'] as const;
/**
 * The targets `solve` takes (those of `solveCredit`).
 *
 * @example
 * ```ts
 * SOLVE_TARGETS; // ['pagoMensual', 'totalPagar', 'cat']
 * ```
 */
export const SOLVE_TARGETS = ['pagoMensual', 'totalPagar', 'cat'] as const;

export const SOLVE_HELP: Help = {
  es: `Uso: cotizador solve ARCHIVO --unknown INCÓGNITA --target META=VALOR [--format table|csv|json]
                     [opciones del motor]

Despeja un término del crédito de ARCHIVO para cumplir una meta (solveCredit): el valor tal
que la cotización con él cumple la meta y el paso siguiente ya no. Imprime el valor y la
cotización con él.

  --unknown INCÓGNITA          ${SOLVE_UNKNOWNS.join(', ')}
  --target META=VALOR          pagoMensual=8000 o totalPagar=400000 (el importe, a lo más),
                               cat=18.5 (el CAT publicado, a lo más)
  --format table               el valor, el resumen y la tabla (por omisión)
  --format csv                 CSV: una línea de encabezado y una de valores (la incógnita, su
                               valor, el pago, el total, el interés y el CAT)
  --format json                { unknown, value, target, quote }
${CSV_OPTIONS_HELP.es}${IO_OPTIONS_HELP.es}
${ENGINE_OPTIONS_HELP.es}
Ejemplo: cotizador solve examples/autoestrene.json --unknown montoSolicitado --target pagoMensual=8000
`,
  en: `Usage: cotizador solve FILE --unknown UNKNOWN --target TARGET=VALUE [--format table|csv|json]
                     [engine options]

Solves one term of the credit in FILE for a target (solveCredit): the value such that the
quote with it meets the target and the next step does not. Prints the value and the quote at it.

  --unknown UNKNOWN            ${SOLVE_UNKNOWNS.join(', ')}
  --target TARGET=VALUE        pagoMensual=8000 or totalPagar=400000 (the amount, at most),
                               cat=18.5 (the published CAT, at most)
  --format table               the value, the summary and the table (default)
  --format csv                 CSV: a header line and a line of values (the unknown, its value,
                               the payment, the total, the interest and the CAT)
  --format json                { unknown, value, target, quote }
${CSV_OPTIONS_HELP.en}${IO_OPTIONS_HELP.en}
${ENGINE_OPTIONS_HELP.en}
Example: cotizador solve examples/autoestrene.json --unknown montoSolicitado --target pagoMensual=8000
`,
};

const FORMATS = ['table', 'csv', 'json'] as const;

/**
 * Runs `cotizador solve` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runSolve(['examples/autoestrene.json', '--unknown', 'montoSolicitado', '--target', 'pagoMensual=8000']);
 * ```
 */
export async function runSolve(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const lang = context.lang ?? 'es';
  const { values, positionals } = parseCommand('solve', args, {
    unknown: { type: 'string' },
    target: { type: 'string' },
    format: { type: 'string' },
    ...IO_FLAGS,
    ...CSV_FLAGS,
    ...ENGINE_FLAGS,
  });
  if (values.help === true) return void context.stdout.write(SOLVE_HELP[lang]);
  const format = choice('solve', 'format', values.format, FORMATS, 'table');
  const { bom, csv } = csvSettings('solve', values, format);
  const file = singleFile('solve', positionals);
  if (values.unknown === undefined) throw usageError('opcionSinValor', { option: '--unknown' }, 'solve');
  const unknown: SolveUnknown = choice('solve', 'unknown', values.unknown, SOLVE_UNKNOWNS, 'montoSolicitado');
  const targetText = stringOption(values, 'target');
  const eq = targetText?.indexOf('=') ?? -1;
  const key = targetText?.slice(0, eq);
  if (targetText === undefined || eq <= 0 || !(SOLVE_TARGETS as readonly string[]).includes(key as string)) {
    throw usageError(
      'opcionForma',
      { option: 'target', shape: cliMessage('formaMeta', { targets: SOLVE_TARGETS.join('|') }), value: targetText ?? '' },
      'solve',
    );
  }
  const value = (targetText as string).slice(eq + 1);
  const target = { [key as string]: value } as SolveTarget;
  const { solicitud, options } = readCreditRequest('solve', file, values, context);
  const withTable = format === 'json' ? solicitud : { ...solicitud, generaTablaPagos: true };
  const solved = withQuoteErrors(displayName(file), () => solveCredit(withTable, { unknown, target }, options));
  const quote = solved.quote;
  let text: string;
  if (format === 'json') text = `${JSON.stringify({ unknown, value: solved.value, target, quote }, null, 2)}\n`;
  else if (format === 'csv') {
    text =
      (bom ? BOM : '') +
      csvLine(['incognita', 'valor', 'pagoMensual', 'totalPagar', 'importeInteresTotal', 'cat'], csv) +
      csvLine([unknown, solved.value, quote.pagoMensual, quote.totalPagar, quote.importeInteresTotal, quote.cat], csv);
  } else {
    const charges = creditOpeningCharges({ ...withTable, [unknown]: solved.value }, options);
    const head = `${unknown} = ${solved.value}  (${key} ≤ ${value})\n\n`;
    text = head + creditTable(quote, displayName(file), charges, lang);
  }
  const out = openOutput(outFile(values), context.stdout);
  await out.write(text);
  await out.end();
}
