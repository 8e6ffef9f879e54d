/**
 * Money's catalog: what exact-cents arithmetic says when an amount leaves the range it is exact
 * in, in every language (`./locales/`). Such a failure is a broken invariant (`ERRSER002`): the
 * engines above never hand money arithmetic an amount that large.
 */
import { defineCatalog, messageRef } from '../errors/catalog.js';
import { brokenInvariant, type QuoteError } from '../errors/quoteError.js';
import { en } from './locales/en.js';
import { es, type MoneyMessageId } from './locales/es.js';

export type { MoneyMessageId } from './locales/es.js';

/**
 * The catalog of money arithmetic.
 *
 * @example
 * ```ts
 * MONEY_MESSAGES.locales.en.importeFueraDeRango; // 'amount outside the range of exact cents'
 * ```
 */
export const MONEY_MESSAGES = defineCatalog<MoneyMessageId>('money', { es, en });

/**
 * The broken-invariant error (`ERRSER002`, as `invariant` throws) whose detail is a message of
 * money's catalog, so the error renders in one language throughout.
 *
 * @example
 * ```ts
 * const error = moneyInvariantError('importeFueraDeRango');
 * [error.codigoError, error.mensaje]; // ['ERRSER002', 'Invariante interna rota: importe fuera del rango de centavos exactos']
 * localizedMessage(error, 'en'); // 'Internal invariant broken: amount outside the range of exact cents'
 * ```
 */
export function moneyInvariantError(id: MoneyMessageId): QuoteError {
  return brokenInvariant(messageRef(MONEY_MESSAGES, id));
}
