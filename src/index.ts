/**
 * cotizador: exact Mexican vehicle credit and insurance quotes for the sandbox banking interface,
 * with the transport-free service that serves the whole interface.
 *
 * @packageDocumentation
 */
export * from './credit/index.js';
export * from './cat/index.js';
export * from './insurance/index.js';
export * from './atm/index.js';
export * from './contracts/index.js';
export * from './service/index.js';
export * from './documents/index.js';
export * from './analysis/index.js';
export { QuoteError, isQuoteError, ERROR_CODES } from './errors/quoteError.js';
export type { ErrorCode, RequestErrorCode } from './errors/quoteError.js';
