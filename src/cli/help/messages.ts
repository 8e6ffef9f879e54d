/**
 * The CLI's help as a catalog of its own (`./locales/`): the root's usage, each command's, and the
 * pieces several commands share, in every language. A command's help is {@link helpText} of its
 * id with the figures its code owns; the shared pieces are filled in by themselves.
 */
import { defineCatalog, messageRef, renderMessage, type Lang, type MessageParams } from '../../entry/common.js';
import { en } from './locales/en.js';
import { es, type HelpId } from './locales/es.js';

export type { HelpId } from './locales/es.js';

/**
 * The help texts, by id, in every language.
 *
 * @example
 * ```ts
 * CLI_HELP.locales.en.opcionesCsv.includes('--raw'); // true
 * ```
 */
export const CLI_HELP = defineCatalog<HelpId>('cli-help', { es, en });

/** The pieces a command's help may name, each an entry of the catalog. */
const SHARED = {
  opcionesMotor: messageRef(CLI_HELP, 'opcionesMotor'),
  opcionesCsv: messageRef(CLI_HELP, 'opcionesCsv'),
  opcionesEntradaSalida: messageRef(CLI_HELP, 'opcionesEntradaSalida'),
} as const;

/**
 * A help text in `lang`: the shared pieces it names filled in, then `values`.
 *
 * @example
 * ```ts
 * helpText('credit', 'en').startsWith('Usage: cotizador credit FILE'); // true
 * helpText('credit', 'es').includes('--prepay PAGO:IMPORTE[:reduceTerm]'); // true
 * ```
 */
export function helpText(id: HelpId, lang: Lang, values?: MessageParams): string {
  return renderMessage(messageRef(CLI_HELP, id, { ...SHARED, ...values }), lang);
}
