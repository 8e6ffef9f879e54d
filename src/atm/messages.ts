/**
 * The ATM API's catalog: what `createAtmApi` and the queries say of a bad data set or option, and
 * the descriptions of the ATM error bodies, in every language (`./locales/`).
 */
import { defineCatalog } from '../errors/catalog.js';
import { quoteErrorFrom } from '../errors/quoteError.js';
import { en } from './locales/en.js';
import { es, type AtmMessageId } from './locales/es.js';

export type { AtmMessageId } from './locales/es.js';

/**
 * The catalog of the ATM API.
 *
 * @example
 * ```ts
 * ATM_MESSAGES.locales.en.atmSoloGet; // 'the service only accepts GET requests'
 * ```
 */
export const ATM_MESSAGES = defineCatalog<AtmMessageId>('atm', { es, en });

/**
 * A {@link QuoteError} with a message of the ATM API's catalog.
 *
 * @example
 * ```ts
 * atmError('ERRESQ004', 'latitudRango', 'latitude').mensaje; // 'La latitud debe estar entre -90 y 90'
 * ```
 */
export const atmError = quoteErrorFrom(ATM_MESSAGES);
