/**
 * The interface's error codes ("Errors" in the interface document), their standard texts in every
 * language (`./locales/`), and the catalog of the library's own bottom layer (those texts and
 * the broken-invariant message).
 */
import { defineCatalog, renderMessage, type Lang } from './catalog.js';
import { en } from './locales/en.js';
import { es } from './locales/es.js';

/**
 * The catalog of the error codes' standard texts and of the broken-invariant message.
 *
 * @example
 * ```ts
 * ERRORS_MESSAGES.locales.en.ERRSER001; // 'The request timed out'
 * ```
 */
export const ERRORS_MESSAGES = defineCatalog('errors', { es, en });

/**
 * Error codes of the interface with their standard Spanish text.
 *
 * @example
 * ```ts
 * ERROR_CODES.ERRESQ006; // 'No se enviaron campos requeridos'
 * ```
 */
export const ERROR_CODES = {
  ERRNEG001: es.ERRNEG001,
  ERRESQ001: es.ERRESQ001,
  ERRESQ002: es.ERRESQ002,
  ERRESQ003: es.ERRESQ003,
  ERRESQ004: es.ERRESQ004,
  ERRESQ005: es.ERRESQ005,
  ERRESQ006: es.ERRESQ006,
  ERRSEG001: es.ERRSEG001,
  ERRSEG002: es.ERRSEG002,
  ERRSEG003: es.ERRSEG003,
  ERRSEG004: es.ERRSEG004,
  ERRSEG005: es.ERRSEG005,
  ERRSEG006: es.ERRSEG006,
  ERRSEG007: es.ERRSEG007,
  ERRSER001: es.ERRSER001,
  ERRSER002: es.ERRSER002,
  ERRSER003: es.ERRSER003,
  ERROFF001: es.ERROFF001,
  ERROFF002: es.ERROFF002,
} as const;

/**
 * One of the interface's `codigoError` values.
 *
 * @example
 * ```ts
 * const code: ErrorCode = 'ERRNEG001';
 * ```
 */
export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Codes that describe a malformed request (HTTP 400).
 *
 * @example
 * ```ts
 * const code: RequestErrorCode = 'ERRESQ006';
 * ```
 */
export type RequestErrorCode = 'ERRESQ001' | 'ERRESQ002' | 'ERRESQ003' | 'ERRESQ004' | 'ERRESQ005' | 'ERRESQ006';

/**
 * The standard text of a code in `lang` (`mensaje` of an error envelope), from
 * {@link ERROR_CODES}' catalog.
 *
 * @example
 * ```ts
 * codeMessage('ERRSER001', 'en'); // 'The request timed out'
 * codeMessage('ERRSER001'); // 'Tiempo de espera agotado'
 * ```
 */
export function codeMessage(code: ErrorCode, lang: Lang = 'es'): string {
  return renderMessage({ catalog: ERRORS_MESSAGES, id: code }, lang);
}
