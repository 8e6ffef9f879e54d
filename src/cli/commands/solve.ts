/** `cotizador solve FILE --unknown U --target T=V`: `solveCredit` from the command line: the value, and the quote at it. */
import {
  creditOpeningCharges,
  solveCredit,
  type CreditResult,
  type Lang,
  type SolveTarget,
  type SolveUnknown,
} from '../../entry/credit.js';
import { choice, parseCommand, singleFile, stringOption } from '../args.js';
import { csvDocument, type Column } from '../columns.js';
import { BOM, CSV_FLAGS, csvSettings, IO_FLAGS, outFile } from '../common.js';
import { ENGINE_FLAGS, readCreditRequest } from '../engineOptions.js';
import { usageError } from '../errors.js';
import { cliMessage } from '../messages.js';
import { helpText } from '../help/messages.js';
import { displayName, openOutput } from '../io.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { creditTable } from '../creditFormat.js';

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

/** What `solve` found: the unknown, its value and the quote at it. */
interface Solved {
  readonly unknown: SolveUnknown;
  readonly value: string | number;
  readonly quote: CreditResult;
}

/**
 * The columns of `solve --format csv`: the unknown, its value, and the quote's key results.
 *
 * @example
 * ```ts
 * SOLVE_COLUMNS.map((c) => c.header).join(','); // 'incognita,valor,pagoMensual,totalPagar,importeInteresTotal,cat'
 * ```
 */
export const SOLVE_COLUMNS: readonly Column<Solved>[] = [
  { header: 'incognita', cell: (s) => s.unknown, align: 'left', kind: 'text' },
  { header: 'valor', cell: (s) => s.value, align: 'right', kind: 'text' },
  { header: 'pagoMensual', cell: (s) => s.quote.pagoMensual, align: 'right', kind: 'amount' },
  { header: 'totalPagar', cell: (s) => s.quote.totalPagar, align: 'right', kind: 'amount' },
  { header: 'importeInteresTotal', cell: (s) => s.quote.importeInteresTotal, align: 'right', kind: 'amount' },
  { header: 'cat', cell: (s) => s.quote.cat, align: 'right', kind: 'tenth' },
];

/**
 * The help of `cotizador solve`, in `lang`.
 *
 * @example
 * ```ts
 * solveHelp('en').startsWith('Usage: cotizador solve'); // true
 * ```
 */
export function solveHelp(lang: Lang = 'es'): string {
  return helpText('solve', lang, { unknowns: SOLVE_UNKNOWNS.join(', ') });
}

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
  if (values.help === true) return void context.stdout.write(solveHelp(lang));
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
    text = (bom ? BOM : '') + csvDocument(SOLVE_COLUMNS, [{ unknown, value: solved.value, quote }], lang, csv);
  } else {
    const charges = creditOpeningCharges({ ...withTable, [unknown]: solved.value }, options);
    const head = `${unknown} = ${solved.value}  (${key} ≤ ${value})\n\n`;
    text = head + creditTable(quote, displayName(file), charges, lang);
  }
  const out = openOutput(outFile(values), context.stdout);
  await out.write(text);
  await out.end();
}
