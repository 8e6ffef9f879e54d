/**
 * The library's one error class and the interface's error codes.
 *
 * Expected bad input throws a {@link QuoteError} carrying the interface's `codigoError`, the
 * field at fault (`valorIncorrecto`) and a Spanish message; a broken internal invariant throws
 * the same class with code `ERRSER002`.
 */

/** Error codes of the interface ("Errors" in the interface document). */
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

/** One of the interface's `codigoError` values. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Codes that describe a malformed request (HTTP 400). */
export type RequestErrorCode = 'ERRESQ001' | 'ERRESQ002' | 'ERRESQ003' | 'ERRESQ004' | 'ERRESQ005' | 'ERRESQ006';

/**
 * The library's error: a coded, field-named failure.
 *
 * @example
 * ```ts
 * try {
 *   quoteCredit({ montoSolicitado: 'abc', plazo: 12, valorFactura: '100.00' });
 * } catch (error) {
 *   if (error instanceof QuoteError) console.log(error.codigoError, error.valorIncorrecto);
 *   // ERRESQ005 montoSolicitado
 * }
 * ```
 */
export class QuoteError extends Error {
  /** The interface's error code. */
  readonly codigoError: ErrorCode;
  /** Path of the field holding the incorrect data (e.g. `plazo`, `informacionSeguro.modelo`). */
  readonly valorIncorrecto: string | undefined;
  /** Spanish, human-readable description (same text as `message`). */
  readonly mensaje: string;

  constructor(codigoError: ErrorCode, mensaje: string, valorIncorrecto?: string) {
    super(valorIncorrecto === undefined ? mensaje : `${mensaje} (${valorIncorrecto})`);
    this.name = 'QuoteError';
    this.codigoError = codigoError;
    this.mensaje = mensaje;
    this.valorIncorrecto = valorIncorrecto;
  }
}

/**
 * True when `value` is a {@link QuoteError}.
 *
 * @example
 * ```ts
 * isQuoteError(new QuoteError('ERRNEG001', 'x')); // true
 * ```
 */
export function isQuoteError(value: unknown): value is QuoteError {
  return value instanceof QuoteError;
}

/**
 * Throws the error used for broken internal invariants (never expected to happen).
 *
 * @example
 * ```ts
 * invariant(balance >= 0, 'saldo negativo'); // throws QuoteError('ERRSER002') when false
 * ```
 */
export function invariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw new QuoteError('ERRSER002', `Invariante interna rota: ${message}`);
}
