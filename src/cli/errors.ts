/** The CLI's own failures: a message for stderr and an exit code, never a stack trace. */

/** Exit code for bad input: an unreadable file, invalid JSON, a quote the engine rejects. */
export const EXIT_INPUT = 1;
/** Exit code for a usage error: unknown command or option, a malformed option value. */
export const EXIT_USAGE = 2;

/**
 * A failure to report as `cotizador: <message>` with `exitCode`.
 *
 * @example
 * ```ts
 * new CliError('cannot read x.json: no such file').exitCode; // 1
 * ```
 */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode: number = EXIT_INPUT) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/**
 * A usage error, with a pointer to the command's help.
 *
 * @example
 * ```ts
 * const error = usageError("unknown command 'x'");
 * error.exitCode; // 2
 * error.message; // "unknown command 'x'\nSee 'cotizador --help'."
 * ```
 */
export function usageError(message: string, command?: string): CliError {
  const help = command === undefined ? 'cotizador --help' : `cotizador ${command} --help`;
  return new CliError(`${message}\nSee '${help}'.`, EXIT_USAGE);
}
