/** Turns the engines' coded errors into one CLI message naming the field. */
import { QuoteError } from '../errors/quoteError.js';
import { CliError, EXIT_INPUT } from './errors.js';

/**
 * Runs `fn`; a {@link QuoteError} becomes a {@link CliError} "FILE: field 'x': CODE message".
 *
 * @example
 * ```ts
 * withQuoteErrors('x.json', () => quoteCredit(solicitud)).pagoMensual; // '10216.91'
 * withQuoteErrors('x.json', () => quoteCredit({ ...solicitud, plazo: 0 })); // throws CliError (the QuoteError, described)
 * ```
 */
export function withQuoteErrors<T>(source: string, fn: () => T, exitCode = EXIT_INPUT): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof QuoteError) throw new CliError(describeQuoteError(source, error), exitCode);
    throw error;
  }
}

/**
 * "examples/x.json: field 'montoSolicitado': ERRESQ005 El tipo o el formato del campo no es válido".
 *
 * @example
 * ```ts
 * describeQuoteError('x.json', new QuoteError('ERRESQ004', 'Plazo', 'plazo')); // "x.json: field 'plazo': ERRESQ004 Plazo"
 * ```
 */
export function describeQuoteError(source: string, error: QuoteError): string {
  const field = error.valorIncorrecto === undefined ? '' : ` field '${error.valorIncorrecto}':`;
  return `${source}:${field} ${error.codigoError} ${error.mensaje}`;
}
