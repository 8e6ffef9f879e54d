/**
 * The insurance engine's catalog: what it says of a risk the tariff does not cover (rating), of a
 * tariff that is not well formed, and of a policy start that is not a date, in every language
 * (`./locales/`).
 */
import { defineCatalog } from '../errors/catalog.js';
import { quoteErrorFrom } from '../errors/quoteError.js';
import { en } from './locales/en.js';
import { es, type InsuranceMessageId } from './locales/es.js';

export type { InsuranceMessageId } from './locales/es.js';

/**
 * The catalog of the insurance engine.
 *
 * @example
 * ```ts
 * INSURANCE_MESSAGES.locales.en.vehiculoDesconocido; // 'Unknown vehicle key'
 * ```
 */
export const INSURANCE_MESSAGES = defineCatalog<InsuranceMessageId>('insurance', { es, en });

/**
 * A {@link QuoteError} with a message of the insurance engine.
 *
 * @example
 * ```ts
 * insuranceError('ERRNEG001', 'polizaAnualMaximo', 'plazoMeses', { months: 12 }).mensaje; // 'Una póliza anual cubre a lo más 12 meses'
 * ```
 */
export const insuranceError = quoteErrorFrom(INSURANCE_MESSAGES);
