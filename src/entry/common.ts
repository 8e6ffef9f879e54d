/** What every entry of the package exports: the one error class, the interface's codes, and the message catalogs' languages and lookup. */
export { QuoteError, isQuoteError, localizedMessage, quoteErrorFrom, withField } from '../errors/quoteError.js';
export { ERROR_CODES } from '../errors/codes.js';
export type { ErrorCode, RequestErrorCode } from '../errors/codes.js';
export { LANGS, defineCatalog, messageRef, renderMessage, isLang } from '../errors/catalog.js';
export type { Catalog, Lang, Locale, MessageParam, MessageParams, MessageRef } from '../errors/catalog.js';
