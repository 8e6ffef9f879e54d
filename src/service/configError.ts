/** The error for an unusable service configuration, found at start-up, never per request. */
import { quoteError, type QuoteError } from '../errors/quoteError.js';
import type { MessageId, MessageParams } from '../errors/messages.js';

/**
 * A {@link QuoteError} with code `ERRESQ005` naming the setting (`config.tokenSecret`), thrown when
 * the service is created.
 *
 * @example
 * ```ts
 * configError('configHelpUrl', 'helpUrl').valorIncorrecto; // 'config.helpUrl'
 * ```
 */
export function configError(id: MessageId, field: string, params?: MessageParams): QuoteError {
  return quoteError('ERRESQ005', id, `config.${field}`, params);
}
