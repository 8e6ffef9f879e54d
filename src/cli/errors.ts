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
 * throw new CliError('cannot read x.json: no such file'); // exit code 1
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
 * throw usageError("unknown command 'x'"); // exit code 2, with a pointer to --help
 * ```
 */
export function usageError(message: string, command?: string): CliError {
  const help = command === undefined ? 'cotizador --help' : `cotizador ${command} --help`;
  return new CliError(`${message}\nSee '${help}'.`, EXIT_USAGE);
}
