/**
 * The service's catalog: what the sandbox server says in every language (`./locales/`) — its
 * refusals (route, method, headers, body, credentials, tokens, rate limit, switches), its success
 * message, and the errors of an unusable configuration.
 */
import { defineCatalog, messageRef, type MessageParams, type MessageRef } from '../errors/catalog.js';
import { quoteErrorFrom } from '../errors/quoteError.js';
import { en } from './locales/en.js';
import { es, type ServiceMessageId } from './locales/es.js';

export type { ServiceMessageId } from './locales/es.js';

/**
 * The catalog of the service.
 *
 * @example
 * ```ts
 * SERVICE_MESSAGES.locales.en.operacionExitosa; // 'Successful operation'
 * ```
 */
export const SERVICE_MESSAGES = defineCatalog<ServiceMessageId>('service', { es, en });

/**
 * A {@link QuoteError} with a message of the service.
 *
 * @example
 * ```ts
 * serviceError('ERRESQ005', 'configHelpUrl', 'config.helpUrl').mensaje; // 'helpUrl debe tener de 1 a 280 caracteres'
 * ```
 */
export const serviceError = quoteErrorFrom(SERVICE_MESSAGES);

/**
 * A reference to a message of the service, with its values (rendered later, in the request's
 * language).
 *
 * @example
 * ```ts
 * renderMessage(serviceMessage('encabezadosExceden', { bytes: 8192 }), 'en'); // 'The headers exceed 8192 bytes'
 * ```
 */
export function serviceMessage(id: ServiceMessageId, params?: MessageParams): MessageRef<ServiceMessageId> {
  return messageRef(SERVICE_MESSAGES, id, params);
}
