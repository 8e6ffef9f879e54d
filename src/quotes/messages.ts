/**
 * The quotes' catalog: what the AutoEstrene and SegAutoVendor quotes say of their requests and
 * options (defaults, the engine's narrower rules, features, solving for an unknown, the insurance
 * chosen inside a credit) and of a CAT above its ceiling as the credit's fields cause it, in every
 * language (`./locales/`). The credit core's messages are `CREDIT_MESSAGES`, the insurance
 * engine's `INSURANCE_MESSAGES`.
 */
import { defineCatalog } from '../errors/catalog.js';
import { quoteErrorFrom } from '../errors/quoteError.js';
import { en } from './locales/en.js';
import { es, type QuotesMessageId } from './locales/es.js';

export type { QuotesMessageId } from './locales/es.js';

/**
 * The catalog of the quotes.
 *
 * @example
 * ```ts
 * QUOTES_MESSAGES.locales.en.plazoMinimo; // 'The term must have at least one payment'
 * ```
 */
export const QUOTES_MESSAGES = defineCatalog<QuotesMessageId>('quotes', { es, en });

/**
 * A {@link QuoteError} with a message of the quotes.
 *
 * @example
 * ```ts
 * quotesError('ERRESQ004', 'plazoMinimo', 'plazo').mensaje; // 'El plazo debe ser de al menos un pago'
 * ```
 */
export const quotesError = quoteErrorFrom(QUOTES_MESSAGES);
