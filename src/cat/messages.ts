/**
 * The CAT's catalog: what the solvers (`./computeCat.ts` and its stages, `./periodic.ts`,
 * `./dated.ts`) and the published tenth (`./round.ts`) say of the flows, the options and a rate
 * that does not exist or lies above the ceiling, in every language (`./locales/`).
 */
import { defineCatalog } from '../errors/catalog.js';
import { quoteErrorFrom } from '../errors/quoteError.js';
import { en } from './locales/en.js';
import { es, type CatMessageId } from './locales/es.js';

export type { CatMessageId } from './locales/es.js';

/**
 * The catalog of the CAT.
 *
 * @example
 * ```ts
 * CAT_MESSAGES.locales.en.flujosSinTasa; // 'No rate equates the flows (the CAT is undefined)'
 * ```
 */
export const CAT_MESSAGES = defineCatalog<CatMessageId>('cat', { es, en });

/**
 * A {@link QuoteError} with a message of the CAT's catalog.
 *
 * @example
 * ```ts
 * catError('ERRESQ004', 'flujoTiempoMaximo', 'payments[0].time', { years: 1000 }).mensaje; // 'El tiempo de un flujo es a lo más 1000 años'
 * ```
 */
export const catError = quoteErrorFrom(CAT_MESSAGES);
