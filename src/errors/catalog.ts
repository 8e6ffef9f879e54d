/**
 * Message catalogs and their lookup. Every text the library shows a person lives in the catalog
 * of the domain that says it (`src/<domain>/messages.ts`), assembled from one file per language
 * (`src/<domain>/locales/<lang>.ts`, in the manner of zod v4's locales). This file knows the
 * languages and how a text is filled, and nothing of any domain.
 *
 * A message is named by a {@link MessageRef}: its catalog, its id and its values. An error keeps
 * its ref, so a server renders it in the request's language without a global registry; a value
 * that is itself a ref is rendered in the same language (no Spanish fragment inside an English
 * text).
 */

/**
 * The languages every catalog speaks, the interface's own (Spanish) first. Adding a language is
 * one entry here and one locale file per domain; the compiler names every catalog that lacks it.
 *
 * @example
 * ```ts
 * LANGS; // ['es', 'en']
 * ```
 */
export const LANGS = ['es', 'en'] as const;

/**
 * A language of the catalogs.
 *
 * @example
 * ```ts
 * const lang: Lang = 'en';
 * ```
 */
export type Lang = (typeof LANGS)[number];

/**
 * One language's texts of a catalog, by message id. A text names its values as `{name}`.
 *
 * @example
 * ```ts
 * const es: Locale<'saludo'> = { saludo: 'Hola, {nombre}' };
 * ```
 */
export type Locale<Id extends string> = Readonly<Record<Id, string>>;

/**
 * A domain's messages in every language of {@link LANGS}.
 *
 * @example
 * ```ts
 * const greetings: Catalog<'saludo'> = defineCatalog('greetings', { es: { saludo: 'Hola' }, en: { saludo: 'Hello' } });
 * ```
 */
export interface Catalog<Id extends string = string> {
  /** The domain that owns the catalog (`credit`, `cat`, `service`…), for diagnostics. */
  readonly domain: string;
  /** Every language's texts. */
  readonly locales: { readonly [L in Lang]: Locale<Id> };
}

/**
 * A value a message is rendered with: text, a number, or another message (rendered in the same
 * language).
 *
 * @example
 * ```ts
 * const value: MessageParam = 12;
 * ```
 */
export type MessageParam = string | number | MessageRef;

/**
 * Values a message is rendered with, by placeholder name.
 *
 * @example
 * ```ts
 * const params: MessageParams = { months: 12 };
 * ```
 */
export type MessageParams = Readonly<Record<string, MessageParam>>;

/**
 * A message: its catalog, its id and the values it is rendered with.
 *
 * @example
 * ```ts
 * const greetings = defineCatalog('greetings', { es: { saludo: 'Hola, {nombre}' }, en: { saludo: 'Hello, {nombre}' } });
 * const ref: MessageRef = messageRef(greetings, 'saludo', { nombre: 'Ana' });
 * ```
 */
export interface MessageRef<Id extends string = string> {
  readonly catalog: Catalog<Id>;
  readonly id: Id;
  readonly params?: MessageParams | undefined;
}

/**
 * A domain's catalog from its locales (one object per language, frozen).
 *
 * @example
 * ```ts
 * const greetings = defineCatalog('greetings', { es: { saludo: 'Hola' }, en: { saludo: 'Hello' } });
 * greetings.locales.en.saludo; // 'Hello'
 * ```
 */
export function defineCatalog<Id extends string>(domain: string, locales: { readonly [L in Lang]: Locale<Id> }): Catalog<Id> {
  const frozen = {} as { [L in Lang]: Locale<Id> };
  for (const lang of LANGS) frozen[lang] = Object.freeze({ ...locales[lang] });
  return Object.freeze({ domain, locales: Object.freeze(frozen) });
}

/**
 * A reference to a message of `catalog`.
 *
 * @example
 * ```ts
 * const greetings = defineCatalog('greetings', { es: { saludo: 'Hola, {nombre}' }, en: { saludo: 'Hello, {nombre}' } });
 * renderMessage(messageRef(greetings, 'saludo', { nombre: 'Ana' }), 'en'); // 'Hello, Ana'
 * ```
 */
export function messageRef<Id extends string>(catalog: Catalog<Id>, id: Id, params?: MessageParams): MessageRef<Id> {
  return params === undefined ? { catalog, id } : { catalog, id, params };
}

/**
 * True when `value` is one of {@link LANGS}.
 *
 * @example
 * ```ts
 * isLang('en'); // true
 * isLang('fr'); // false
 * ```
 */
export function isLang(value: unknown): value is Lang {
  return (LANGS as readonly unknown[]).includes(value);
}

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * The message in `lang` with its `{name}` values filled; a value that is a message is rendered in
 * the same language, and a missing value stays as written.
 *
 * @example
 * ```ts
 * const greetings = defineCatalog('greetings', { es: { saludo: 'Hola, {nombre}' }, en: { saludo: 'Hello, {nombre}' } });
 * renderMessage(messageRef(greetings, 'saludo', { nombre: 'Ana' })); // 'Hola, Ana'
 * renderMessage(messageRef(greetings, 'saludo'), 'en'); // 'Hello, {nombre}'
 * ```
 */
export function renderMessage(ref: MessageRef, lang: Lang = 'es'): string {
  const text = ref.catalog.locales[lang][ref.id] ?? ref.catalog.locales.es[ref.id] ?? ref.id;
  const params = ref.params;
  if (params === undefined) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? renderMessage(value, lang) : String(value);
  });
}
