/** Turns the engines' coded errors into one CLI message naming the field, in the run's language. */
import { localizedMessage, QuoteError, type Lang } from '../entry/common.js';
import { CliError, EXIT_INPUT } from './errors.js';
import { cliText } from './messages.js';

/**
 * Runs `fn`; a {@link QuoteError} becomes a {@link CliError} "FILE: field 'x': CODE message",
 * the code and the field kept, the message in the run's language.
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
    if (error instanceof QuoteError) throw new CliError((lang) => describeQuoteError(source, error, lang), exitCode);
    throw error;
  }
}

/**
 * "x.json: campo 'plazo': ERRESQ004 El plazo debe ser de al menos un pago" (or in English).
 *
 * @example
 * ```ts
 * const terms = defineCatalog('terms', { es: { plazoMinimo: 'El plazo debe ser de al menos un pago' }, en: { plazoMinimo: 'The term must have at least one payment' } });
 * const error = quoteErrorFrom(terms)('ERRESQ004', 'plazoMinimo', 'plazo');
 * describeQuoteError('x.json', error); // "x.json: campo 'plazo': ERRESQ004 El plazo debe ser de al menos un pago"
 * describeQuoteError('x.json', error, 'en'); // "x.json: field 'plazo': ERRESQ004 The term must have at least one payment"
 * ```
 */
export function describeQuoteError(source: string, error: QuoteError, lang: Lang = 'es'): string {
  const message = localizedMessage(error, lang);
  return error.valorIncorrecto === undefined
    ? cliText('errorSinCampo', lang, { source, code: error.codigoError, message })
    : cliText('errorDeCampo', lang, { source, field: error.valorIncorrecto, code: error.codigoError, message });
}
