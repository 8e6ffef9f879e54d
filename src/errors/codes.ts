/** The interface's error codes ("Errors" in the interface document) and their standard texts. */
import { messageText, type Lang } from './messages.js';

/**
 * Error codes of the interface with their standard Spanish text.
 *
 * @example
 * ```ts
 * ERROR_CODES.ERRESQ006; // 'No se enviaron campos requeridos'
 * ```
 */
export const ERROR_CODES = {
  ERRNEG001: 'Error de negocio',
  ERRESQ001: 'El JSON del cuerpo no es válido',
  ERRESQ002: 'Se enviaron campos vacíos o nulos',
  ERRESQ003: 'Se enviaron campos no definidos en la API',
  ERRESQ004: 'La longitud o el rango de un campo no es el especificado',
  ERRESQ005: 'Un campo tiene un tipo de dato distinto al especificado',
  ERRESQ006: 'No se enviaron campos requeridos',
  ERRSEG001: 'Token no válido',
  ERRSEG002: 'Token expirado',
  ERRSEG003: 'Token sin privilegios',
  ERRSEG004: 'Método distinto al especificado',
  ERRSEG005: 'Valor incorrecto en el encabezado Accept',
  ERRSEG006: 'Recurso ejecutado con demasiada frecuencia',
  ERRSEG007: 'Demasiada información en los encabezados',
  ERRSER001: 'Tiempo de espera agotado',
  ERRSER002: 'Error en los sistemas del banco',
  ERRSER003: 'Los sistemas de la API no tienen conexión con el banco',
  ERROFF001: 'La funcionalidad de una API está apagada',
  ERROFF002: 'La funcionalidad de todas las APIs está apagada',
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
 * The standard text of a code in `lang` (`mensaje` of an error envelope): the Spanish text of
 * {@link ERROR_CODES}, or its English translation from the message table.
 *
 * @example
 * ```ts
 * codeMessage('ERRSER001', 'en'); // 'The request timed out'
 * codeMessage('ERRSER001'); // 'Tiempo de espera agotado'
 * ```
 */
export function codeMessage(code: ErrorCode, lang: Lang = 'es'): string {
  return messageText(`codigo${code}`, lang);
}
