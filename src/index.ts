/**
 * cotizador: exact Mexican vehicle credit and insurance quotes for the sandbox banking interface.
 *
 * @packageDocumentation
 */
export * from './credit/index.js';
export * from './cat/index.js';
export * from './insurance/index.js';
export * from './atm/index.js';
export { QuoteError, isQuoteError, ERROR_CODES } from './errors.js';
export type { ErrorCode, RequestErrorCode } from './errors.js';
export { validateWith, collectIssues } from './contracts/validate.js';
export type { Issue, ValidationResult } from './contracts/validate.js';
