/**
 * `cotizador credit FILE`: one AutoEstrene quote as a table, CSV, the engine's JSON or an Excel
 * workbook; with `--explain-cat`, its CAT explained (`explainCat`) in the same formats.
 */
import { creditOpeningCharges, explainCat, quoteCredit, type Lang, type OpeningCharges } from '../../entry/credit.js';
import { choice, parseCommand, singleFile } from '../args.js';
import { csvDocument } from '../columns.js';
import { BOM, CSV_FLAGS, csvSettings, IO_FLAGS, outFile } from '../common.js';
import { processContext, type CliContext } from '../context.js';
import { catExplanationCsv, catExplanationText, creditTable, SCHEDULE_COLUMNS, writeCreditXlsx } from '../creditFormat.js';
import { ENGINE_FLAGS, readCreditRequest } from '../engineOptions.js';
import { usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { displayName, openOutput } from '../io.js';
import { withQuoteErrors } from '../quoteError.js';

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
 * Runs `cotizador credit` on its arguments (without the command name).
 *
 * @example
 * ```ts
 * await runCredit(['examples/autoestrene.json', '--format', 'csv']);
 * await runCredit(['examples/autoestrene.json', '--explain-cat']);
 * ```
 */
export async function runCredit(args: readonly string[], context: CliContext = processContext()): Promise<void> {
  const lang = context.lang ?? 'es';
  const { values, positionals } = parseCommand('credit', args, {
    format: { type: 'string' },
    'explain-cat': { type: 'boolean' },
    ...IO_FLAGS,
    ...CSV_FLAGS,
    ...ENGINE_FLAGS,
  });
  if (values.help === true) return void context.stdout.write(creditHelp(lang));
  const format = choice('credit', 'format', values.format, FORMATS, 'table');
  const { bom, csv } = csvSettings('credit', values, format);
  const file = singleFile('credit', positionals);
  if (format === 'xlsx' && outFile(values) === undefined && context.stdout.isTTY === true) throw usageError('xlsxEnTerminal', {}, 'credit');
  const { solicitud: base, options } = readCreditRequest('credit', file, values, context);
  const solicitud = format === 'json' ? base : { ...base, generaTablaPagos: true };
  const result = withQuoteErrors(displayName(file), () => quoteCredit(solicitud, options));
  const explanation = values['explain-cat'] === true ? explainCat(solicitud, options) : undefined;
  const charges = format === 'json' || format === 'csv' ? undefined : creditOpeningCharges(solicitud, options);
  const out = openOutput(outFile(values), context.stdout);
  if (format === 'xlsx') await writeCreditXlsx(out, result, charges as OpeningCharges, lang, explanation);
  else if (explanation !== undefined)
    await out.write(
      format === 'json'
        ? `${JSON.stringify(explanation, null, 2)}\n`
        : format === 'csv'
          ? (bom ? BOM : '') + catExplanationCsv(explanation, lang, csv)
          : catExplanationText(explanation, displayName(file), lang),
    );
  else
    await out.write(
      format === 'json'
        ? `${JSON.stringify(result, null, 2)}\n`
        : format === 'csv'
          ? (bom ? BOM : '') + csvDocument(SCHEDULE_COLUMNS, result.registros, lang, csv)
          : creditTable(result, displayName(file), charges, lang),
    );
  await out.end();
}
