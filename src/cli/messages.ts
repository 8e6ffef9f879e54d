/**
 * The CLI's catalog (`./locales/`): every text the command line prints about itself (its errors,
 * its progress, the labels of its tables, what `serve` says of its configuration) in every
 * language of the library; the engines' errors come from their own catalogs, and `--lang en`
 * switches both. The help texts are a catalog of their own (`./help/messages.ts`).
 */
import {
  defineCatalog,
  messageRef,
  quoteErrorFrom,
  renderMessage,
  type Lang,
  type MessageParams,
  type MessageRef,
} from '../entry/common.js';
import { en } from './locales/en.js';
import { es, type CliMessageId } from './locales/es.js';

export type { CliMessageId } from './locales/es.js';

/**
 * The CLI's messages, by id, in every language.
 *
 * @example
 * ```ts
 * CLI_MESSAGES.locales.es.sinArchivo; // 'falta ARCHIVO'
 * CLI_MESSAGES.locales.en.sinArchivo; // 'missing FILE'
 * ```
 */
export const CLI_MESSAGES = defineCatalog<CliMessageId>('cli', { es, en });

/**
 * A {@link QuoteError} with a message of the CLI: a record of a portfolio that cannot be quoted,
 * an options file that is not an object.
 *
 * @example
 * ```ts
 * cliQuoteError('ERRESQ005', 'registroNoObjeto').mensaje; // 'El registro no es un objeto JSON (una solicitud o { solicitud, options })'
 * ```
 */
export const cliQuoteError = quoteErrorFrom(CLI_MESSAGES);

/**
 * A message of the CLI's catalog, to render later in the run's language (or to pass as a value of
 * another message, rendered in the same language).
 *
 * @example
 * ```ts
 * renderMessage(cliMessage('noSePuedeLeer', { file: 'x.json', reason: cliMessage('ENOENT') }), 'en'); // 'cannot read x.json: no such file or directory'
 * ```
 */
export function cliMessage(id: CliMessageId, params?: MessageParams): MessageRef<CliMessageId> {
  return messageRef(CLI_MESSAGES, id, params);
}

/**
 * A CLI message in `lang`, its `{name}` values filled.
 *
 * @example
 * ```ts
 * cliText('comandoDesconocido', 'en', { name: 'x' }); // "unknown command 'x'"
 * cliText('comandoDesconocido', 'es', { name: 'x' }); // "comando desconocido 'x'"
 * ```
 */
export function cliText(id: CliMessageId, lang: Lang, params?: MessageParams): string {
  return renderMessage(messageRef(CLI_MESSAGES, id, params), lang);
}

const ERRNO = /^E[A-Z]+$/;

/**
 * Why an I/O call failed: the catalog's text for its errno code, else the code itself (never the
 * system's English message).
 *
 * @example
 * ```ts
 * renderMessage(ioReason({ code: 'ENOENT' }), 'es'); // 'no existe'
 * ioReason({ code: 'EXDEV' }); // 'EXDEV'
 * ```
 */
export function ioReason(error: unknown): MessageRef | string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return cliMessage('EIO');
  return ERRNO.test(code) && Object.hasOwn(CLI_MESSAGES.locales.es, code) ? cliMessage(code as CliMessageId) : code;
}
