/**
 * The documents' catalog: what the receipt and the amount in words say of an input they cannot
 * write, the receipt of an optional package it cannot load, and the línea de captura's checks of a
 * line they refuse, in every language (`./locales/`).
 */
import { defineCatalog } from '../errors/catalog.js';
import { quoteErrorFrom } from '../errors/quoteError.js';
import { en } from './locales/en.js';
import { es, type DocumentsMessageId } from './locales/es.js';

export type { DocumentsMessageId } from './locales/es.js';

/**
 * The catalog of the documents.
 *
 * @example
 * ```ts
 * DOCUMENTS_MESSAGES.locales.en.importeConDosDecimales; // 'The amount is a text of up to 15 whole digits and two decimals'
 * ```
 */
export const DOCUMENTS_MESSAGES = defineCatalog<DocumentsMessageId>('documents', { es, en });

/**
 * A {@link QuoteError} with a message of the documents' catalog.
 *
 * @example
 * ```ts
 * documentsError('ERRESQ005', 'importeConDosDecimales', 'importe').valorIncorrecto; // 'importe'
 * ```
 */
export const documentsError = quoteErrorFrom(DOCUMENTS_MESSAGES);
