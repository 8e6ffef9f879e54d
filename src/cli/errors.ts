/** The CLI's own failures: a message for stderr, in the run's language, and an exit code, never a stack trace. */
import { renderMessage, type Lang, type MessageParams, type MessageRef } from '../entry/common.js';
import { cliMessage, cliText, type CliMessageId } from './messages.js';

/** Exit code for bad input or a failed read or write: an unreadable file, invalid JSON, a quote the engine rejects, a full disk. */
export const EXIT_INPUT = 1;
/** Exit code for a usage error: unknown command or option, a malformed option value. */
export const EXIT_USAGE = 2;
/** Exit code for an internal error (a bug): sysexits' EX_SOFTWARE. */
export const EXIT_INTERNAL = 70;

/**
 * A failure to report as `cotizador: <message>` with `exitCode`; the message (a catalog's, or
 * text made of catalogs' messages) is rendered in the run's language (`--lang`) when it is printed.
 *
 * @example
 * ```ts
 * import { cliMessage } from './messages.js';
 * const error = new CliError(cliMessage('noSePuedeLeer', { file: 'x.json', reason: cliMessage('ENOENT') }));
 * error.exitCode; // 1
 * error.render('en'); // 'cannot read x.json: no such file or directory'
 * error.message; // 'no se puede leer x.json: no existe'
 * ```
 */
export class CliError extends Error {
  readonly exitCode: number;
  readonly render: (lang: Lang) => string;
  constructor(message: MessageRef | ((lang: Lang) => string), exitCode: number = EXIT_INPUT) {
    const text = typeof message === 'function' ? message : (lang: Lang) => renderMessage(message, lang);
    super(text('es'));
    this.name = 'CliError';
    this.exitCode = exitCode;
    this.render = text;
  }
}

/**
 * A failure of the input or of the output (exit 1), from the CLI's catalog.
 *
 * @example
 * ```ts
 * import { cliMessage } from './messages.js';
 * inputError('noSePuedeLeer', { file: 'x.json', reason: cliMessage('ENOENT') }).message; // 'no se puede leer x.json: no existe'
 * ```
 */
export function inputError(id: CliMessageId, params?: MessageParams): CliError {
  return new CliError(cliMessage(id, params), EXIT_INPUT);
}

/**
 * A usage error (exit 2), with a pointer to the command's help.
 *
 * @example
 * ```ts
 * const error = usageError('comandoDesconocido', { name: 'x' });
 * error.exitCode; // 2
 * error.render('en'); // "unknown command 'x'\nSee 'cotizador --help'."
 * usageError('sinArchivo', {}, 'credit').message; // "falta ARCHIVO\nVea 'cotizador credit --help'."
 * ```
 */
export function usageError(id: CliMessageId, params: MessageParams = {}, command?: string): CliError {
  return new CliError(
    (lang) => `${cliText(id, lang, params)}\n${cliText('verAyuda', lang, { command: command === undefined ? '' : ` ${command}` })}`,
    EXIT_USAGE,
  );
}
