/** The error for an unusable service configuration, found at start-up, never per request. */
import type { MessageParams } from '../errors/catalog.js';
import type { QuoteError } from '../errors/quoteError.js';
import { serviceError, type ServiceMessageId } from './messages.js';

/**
 * A {@link QuoteError} with code `ERRESQ005` naming the setting (`config.tokenSecret`), thrown when
 * the service is created.
 *
 * @example
 * ```ts
 * configError('configHelpUrl', 'helpUrl').valorIncorrecto; // 'config.helpUrl'
 * ```
 */
export function configError(id: ServiceMessageId, field: string, params?: MessageParams): QuoteError {
  return serviceError('ERRESQ005', id, `config.${field}`, params);
}
