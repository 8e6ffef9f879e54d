/**
 * The library's one error class. Expected bad input throws a {@link QuoteError} carrying the
 * interface's `codigoError`, the field at fault (`valorIncorrecto`) and a Spanish message from the
 * catalog of the domain that threw it (`./catalog.ts`), whose reference it keeps so the message can
 * be rendered in any language; a broken internal invariant throws the same class with code
 * `ERRSER002`.
 *
 * The class is branded with a registered symbol, so `instanceof QuoteError` and `isQuoteError`
 * hold for an error thrown by any copy of the library in the process (the ESM and the CommonJS
 * build, or two installed versions).
 */
import { renderMessage, type Catalog, type Lang, type MessageParams, type MessageRef } from './catalog.js';
import type { ErrorCode } from './codes.js';
import { ERRORS_MESSAGES } from './codes.js';

const invariantError = quoteErrorFrom(ERRORS_MESSAGES);

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
  /** The message's id in its catalog, when it came from one. */
  readonly messageId: string | undefined;
  /** The values the message was rendered with. */
  readonly messageParams: MessageParams | undefined;
  /** The message (catalog, id, values), when it came from a catalog: what translates it. Not enumerable. */
  declare readonly messageRef: MessageRef | undefined;

  constructor(codigoError: ErrorCode, mensaje: string, valorIncorrecto?: string, message?: MessageRef) {
    super(valorIncorrecto === undefined ? mensaje : `${mensaje} (${valorIncorrecto})`);
    this.name = 'QuoteError';
    this.codigoError = codigoError;
    this.mensaje = mensaje;
    this.valorIncorrecto = valorIncorrecto;
    this.messageId = message?.id;
    this.messageParams = message?.params;
    Object.defineProperty(this, 'messageRef', { value: message });
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** `instanceof` by brand: true for a QuoteError from any copy of the library. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

/**
 * The error constructor of a domain: a {@link QuoteError} whose message is `id` in `catalog`
 * (Spanish in `mensaje`, any language through {@link localizedMessage}).
 *
 * @example
 * ```ts
 * const greetings = defineCatalog('greetings', { es: { vacio: 'Falta {campo}' }, en: { vacio: '{campo} is missing' } });
 * const greetingError = quoteErrorFrom(greetings);
 * greetingError('ERRESQ006', 'vacio', 'nombre', { campo: 'nombre' }).mensaje; // 'Falta nombre'
 * ```
 */
export function quoteErrorFrom<Id extends string>(
  catalog: Catalog<Id>,
): (codigoError: ErrorCode, id: Id, valorIncorrecto?: string, params?: MessageParams) => QuoteError {
  return (codigoError, id, valorIncorrecto, params) => {
    const ref: MessageRef<Id> = params === undefined ? { catalog, id } : { catalog, id, params };
    return new QuoteError(codigoError, renderMessage(ref, 'es'), valorIncorrecto, ref);
  };
}

/**
 * The same error (code, message, translation) blamed on another field: what a composition layer
 * throws when the field an engine named is known to its caller by another path.
 *
 * @example
 * ```ts
 * const terms = defineCatalog('terms', { es: { plazoMinimo: 'El plazo debe ser de al menos un pago' }, en: { plazoMinimo: 'The term must have at least one payment' } });
 * const error = quoteErrorFrom(terms)('ERRESQ004', 'plazoMinimo', 'plazo');
 * withField(error, 'options.plazo').valorIncorrecto; // 'options.plazo'
 * localizedMessage(withField(error, 'options.plazo'), 'en'); // 'The term must have at least one payment'
 * ```
 */
export function withField(error: QuoteError, valorIncorrecto: string | undefined): QuoteError {
  return new QuoteError(error.codigoError, error.mensaje, valorIncorrecto, error.messageRef);
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
 * The error's message in `lang`: its catalog's text when the message came from a catalog, the
 * Spanish text otherwise.
 *
 * @example
 * ```ts
 * const terms = defineCatalog('terms', { es: { plazoMinimo: 'El plazo debe ser de al menos un pago' }, en: { plazoMinimo: 'The term must have at least one payment' } });
 * const error = quoteErrorFrom(terms)('ERRESQ004', 'plazoMinimo', 'plazo');
 * localizedMessage(error, 'en'); // 'The term must have at least one payment'
 * localizedMessage(new QuoteError('ERRNEG001', 'texto libre'), 'en'); // 'texto libre'
 * ```
 */
export function localizedMessage(error: QuoteError, lang: Lang): string {
  const ref = error.messageRef;
  return ref === undefined ? error.mensaje : renderMessage(ref, lang);
}

/**
 * Throws the error used for broken internal invariants (never expected to happen).
 *
 * @example
 * ```ts
 * const checks = defineCatalog('checks', { es: { suma: 'la suma no cuadra' }, en: { suma: 'the sum does not add up' } });
 * invariant(1 + 1 === 2, messageRef(checks, 'suma')); // passes
 * invariant(1 + 1 === 3, messageRef(checks, 'suma')); // throws QuoteError ERRSER002
 * ```
 */
export function invariant(condition: boolean, detail: MessageRef): asserts condition {
  if (!condition) throw brokenInvariant(detail);
}

/**
 * The error a broken internal invariant throws (`ERRSER002`), its detail a message of the
 * domain's catalog so the error reads in one language throughout.
 *
 * @example
 * ```ts
 * const checks = defineCatalog('checks', { es: { suma: 'la suma no cuadra' }, en: { suma: 'the sum does not add up' } });
 * localizedMessage(brokenInvariant(messageRef(checks, 'suma')), 'en'); // 'Internal invariant broken: the sum does not add up'
 * ```
 */
export function brokenInvariant(detail: MessageRef): QuoteError {
  return invariantError('ERRSER002', 'invariante', undefined, { detail });
}
