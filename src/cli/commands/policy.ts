/** `cotizador policy FILE`: one SegAutoVendor quote as a table, CSV of receipts or the engine's JSON. */
import { mexicoCityDate, quotePolicy, type Lang, type PolicyRequest } from '../../entry/insurance.js';
import { choice, parseCommand, singleFile, stringOption } from '../args.js';
import { BOM, CSV_FLAGS, csvSettings, IO_FLAGS, outFile, readOptionsOf } from '../common.js';
import { usageError } from '../errors.js';
import { helpText } from '../help/messages.js';
import { csvDocument } from '../columns.js';
import { displayName, openOutput, readSolicitud } from '../io.js';
import { processContext, type CliContext } from '../context.js';
import { withQuoteErrors } from '../quoteError.js';
import { policyTable, RECEIPT_LINE_COLUMNS, receiptLines, writePolicyXlsx } from '../policyFormat.js';

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
  if (format === 'xlsx') await writePolicyXlsx(out, result, lang);
  else
    await out.write(
      format === 'json'
        ? `${JSON.stringify(result, null, 2)}\n`
        : format === 'csv'
          ? (bom ? BOM : '') + csvDocument(RECEIPT_LINE_COLUMNS, receiptLines(result), lang, csv)
          : policyTable(result, displayName(file), fechaInicio, lang),
    );
  await out.end();
}
