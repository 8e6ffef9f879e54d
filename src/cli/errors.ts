/** The CLI's own failures: a message for stderr, in the run's language, and an exit code, never a stack trace. */
import { cliText, type CliLang, type CliMessageId, type CliParams } from './messages.js';

/** Exit code for bad input or a failed read or write: an unreadable file, invalid JSON, a quote the engine rejects, a full disk. */
export const EXIT_INPUT = 1;
/** Exit code for a usage error: unknown command or option, a malformed option value. */
export const EXIT_USAGE = 2;
/** Exit code for an internal error (a bug): sysexits' EX_SOFTWARE. */
export const EXIT_INTERNAL = 70;

/**
 * A failure to report as `cotizador: <message>` with `exitCode`; the message is rendered in the
 * run's language (`--lang`) when it is printed.
 *
 * @example
 * ```ts
 * const error = new CliError((lang) => (lang === 'es' ? 'no existe' : 'no such file'));
 * error.exitCode; // 1
 * error.render('en'); // 'no such file'
 * error.message; // 'no existe'
 * ```
 */
export class CliError extends Error {
  readonly exitCode: number;
  readonly render: (lang: CliLang) => string;
  constructor(render: string | ((lang: CliLang) => string), exitCode: number = EXIT_INPUT) {
    const text = typeof render === 'string' ? () => render : render;
    super(text('es'));
    this.name = 'CliError';
    this.exitCode = exitCode;
    this.render = text;
  }
}

/**
 * A failure of the input or of the output (exit 1), from the CLI's message table.
 *
 * @example
 * ```ts
 * inputError('noSePuedeLeer', { file: 'x.json', reason: 'no existe' }).message; // 'no se puede leer x.json: no existe'
 * ```
 */
export function inputError(id: CliMessageId, params?: CliParams): CliError {
  return new CliError((lang) => cliText(id, lang, params), EXIT_INPUT);
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
export function usageError(id: CliMessageId, params: CliParams = {}, command?: string): CliError {
  return new CliError(
    (lang) => `${cliText(id, lang, params)}\n${cliText('verAyuda', lang, { command: command === undefined ? '' : ` ${command}` })}`,
    EXIT_USAGE,
  );
}
