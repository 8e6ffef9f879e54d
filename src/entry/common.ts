/** What every entry of the package exports: the one error class and the interface's codes. */
export { QuoteError, isQuoteError, localizedMessage } from '../errors/quoteError.js';
export { ERROR_CODES } from '../errors/codes.js';
export type { ErrorCode, RequestErrorCode } from '../errors/codes.js';
export type { MessageId, MessageParams, Lang } from '../errors/messages.js';
