/**
 * The library's one error class. Expected bad input throws a {@link QuoteError} carrying the
 * interface's `codigoError`, the field at fault (`valorIncorrecto`) and a Spanish message from the
 * message table (`./messages.ts`); a broken internal invariant throws the same class with code
 * `ERRSER002`.
 *
 * The class is branded with a registered symbol, so `instanceof QuoteError` and `isQuoteError`
 * hold for an error thrown by any copy of the library in the process (the ESM and the CommonJS
 * build, or two installed versions).
 */
import type { ErrorCode } from './codes.js';
import { messageText, type MessageId, type MessageParams } from './messages.js';

const BRAND: unique symbol = Symbol.for('cotizador.QuoteError') as never;

/**
 * The library's error: a coded, field-named failure.
 *
 * @example
 * ```ts
 * quoteCredit({ montoSolicitado: 'abc', plazo: 12, valorFactura: '100.00' }); // throws QuoteError ERRESQ005 'montoSolicitado'
 * try {
 *   quoteCredit({ montoSolicitado: 'abc', plazo: 12, valorFactura: '100.00' });
 * } catch (error) {
 *   if (error instanceof QuoteError) [error.codigoError, error.valorIncorrecto, error.mensaje];
 *   // ['ERRESQ005', 'montoSolicitado', 'El tipo o el formato del campo no es válido']
 * }
 * ```
 */
export class QuoteError extends Error {
  /** The interface's error code. */
  readonly codigoError: ErrorCode;
  /** Path of the field holding the incorrect data (e.g. `plazo`, `informacionSeguro.modelo`). */
  readonly valorIncorrecto: string | undefined;
  /** Spanish, human-readable description (`message` adds the field). */
  readonly mensaje: string;
  /** The message's entry in the message table, when it came from one (used to translate it). */
  readonly messageId: MessageId | undefined;
  /** The values the message was rendered with. */
  readonly messageParams: MessageParams | undefined;

  constructor(
    codigoError: ErrorCode,
    mensaje: string,
    valorIncorrecto?: string,
    message?: { readonly id: MessageId; readonly params?: MessageParams | undefined },
  ) {
    super(valorIncorrecto === undefined ? mensaje : `${mensaje} (${valorIncorrecto})`);
    this.name = 'QuoteError';
    this.codigoError = codigoError;
    this.mensaje = mensaje;
    this.valorIncorrecto = valorIncorrecto;
    this.messageId = message?.id;
    this.messageParams = message?.params;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** `instanceof` by brand: true for a QuoteError from any copy of the library. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

/**
 * A {@link QuoteError} whose message comes from the message table.
 *
 * @example
 * ```ts
 * quoteError('ERRESQ004', 'plazoMinimo', 'plazo').mensaje; // 'El plazo debe ser de al menos un pago'
 * ```
 */
export function quoteError(codigoError: ErrorCode, id: MessageId, valorIncorrecto?: string, params?: MessageParams): QuoteError {
  return new QuoteError(codigoError, messageText(id, 'es', params), valorIncorrecto, { id, params });
}

/**
 * True when `value` is a {@link QuoteError} (from any copy of the library).
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
 * The error's message in `lang`: the table's translation when the message came from the table,
 * the Spanish text otherwise.
 *
 * @example
 * ```ts
 * localizedMessage(quoteError('ERRESQ004', 'plazoMinimo', 'plazo'), 'en'); // 'The term must have at least one payment'
 * ```
 */
export function localizedMessage(error: QuoteError, lang: 'es' | 'en'): string {
  return error.messageId === undefined ? error.mensaje : messageText(error.messageId, lang, error.messageParams);
}

/**
 * Throws the error used for broken internal invariants (never expected to happen).
 *
 * @example
 * ```ts
 * invariant(1 + 1 === 2, 'aritmética'); // passes
 * invariant(1 + 1 === 3, 'aritmética'); // throws QuoteError ERRSER002
 * ```
 */
export function invariant(condition: boolean, message: string): asserts condition {
  if (!condition) throw quoteError('ERRSER002', 'invariante', undefined, { detail: message });
}
