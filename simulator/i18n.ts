/** The simulator's catalogs and lookup: Spanish by default, English by the switch. */
import type { Lang } from '../src/entry/index.js';
import { en } from './locales/en.js';
import { es, type SimulatorTextId } from './locales/es.js';

export type { SimulatorTextId };

const CATALOGS: Readonly<Record<Lang, Readonly<Record<SimulatorTextId, string>>>> = { es, en };

/**
 * The text `id` in `lang`, its `{name}` placeholders filled from `params`.
 *
 * @example
 * ```ts
 * text('oferta', 'en', { n: 2 }); // 'Offer 2'
 * ```
 */
export function text(id: SimulatorTextId, lang: Lang, params: Readonly<Record<string, string | number>> = {}): string {
  return CATALOGS[lang][id].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * An amount's decimal text as the page shows it: a peso sign and thousands separated by commas
 * (Mexico's and English's convention alike), from the text itself, never through a float.
 *
 * @example
 * ```ts
 * money('1234567.80'); // '$1,234,567.80'
 * ```
 */
export function money(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? amount.slice(1) : amount).split('.');
  return `${negative ? '−' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
