/**
 * Request validation's catalog: the standard text of each request error code and what body
 * parsing says, in every language (`./locales/`).
 */
import { defineCatalog } from '../errors/catalog.js';
import { quoteErrorFrom } from '../errors/quoteError.js';
import { en } from './locales/en.js';
import { es, type ValidationMessageId } from './locales/es.js';

export type { ValidationMessageId } from './locales/es.js';

/**
 * The catalog of request validation.
 *
 * @example
 * ```ts
 * VALIDATION_MESSAGES.locales.en.campoFaltante; // 'A required field is missing'
 * ```
 */
export const VALIDATION_MESSAGES = defineCatalog<ValidationMessageId>('validation', { es, en });

/**
 * A {@link QuoteError} with a message of request validation.
 *
 * @example
 * ```ts
 * validationError('ERRESQ003', 'campoNoDefinido', 'extra').mensaje; // 'El campo no está definido en la API'
 * ```
 */
export const validationError = quoteErrorFrom(VALIDATION_MESSAGES);
