/**
 * The credit core's catalog: what it says of a loan it refuses (an amount out of the exact range,
 * features that contradict each other) and of a convention overridden with a wrong value, in
 * every language (`./locales/`).
 */
import { defineCatalog } from '../errors/catalog.js';
import { quoteErrorFrom } from '../errors/quoteError.js';
import { en } from './locales/en.js';
import { es, type CreditMessageId } from './locales/es.js';

export type { CreditMessageId } from './locales/es.js';

/**
 * The catalog of the credit core.
 *
 * @example
 * ```ts
 * CREDIT_MESSAGES.locales.en.globoExcedeMonto; // 'The balloon exceeds the amount financed'
 * ```
 */
export const CREDIT_MESSAGES = defineCatalog<CreditMessageId>('credit', { es, en });

/**
 * A {@link QuoteError} with a message of the credit core.
 *
 * @example
 * ```ts
 * creditError('ERRNEG001', 'prepagoRepetido', 'loan.prepayments[1].period', { period: 12 }).mensaje; // 'Ya hay un pago anticipado con el pago 12'
 * ```
 */
export const creditError = quoteErrorFrom(CREDIT_MESSAGES);
