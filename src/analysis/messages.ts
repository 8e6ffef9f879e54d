/**
 * The scripting API's catalog (`./locales/`): what `parseVariation` and the charts say when they
 * refuse something, and the words the charts draw, in every language.
 */
import { defineCatalog } from '../errors/catalog.js';
import { quoteErrorFrom } from '../errors/quoteError.js';
import { en } from './locales/en.js';
import { es, type AnalysisMessageId } from './locales/es.js';

export type { AnalysisMessageId } from './locales/es.js';

/**
 * The catalog of the scripting API (grids and charts).
 *
 * @example
 * ```ts
 * ANALYSIS_MESSAGES.locales.en.rangoMaximo; // 'The range has more than {max} values'
 * ```
 */
export const ANALYSIS_MESSAGES = defineCatalog<AnalysisMessageId>('analysis', { es, en });

/**
 * A {@link QuoteError} with a message of the scripting API.
 *
 * @example
 * ```ts
 * analysisError('ERRESQ002', 'variacionSinValores', 'plazo').mensaje; // 'La variación no tiene valores'
 * ```
 */
export const analysisError = quoteErrorFrom(ANALYSIS_MESSAGES);
