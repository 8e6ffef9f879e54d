import { describe, expect, it, vi } from 'vitest';
import { defineCatalog, isLang, messageRef, renderMessage } from '../../src/errors/catalog.js';
import {
  QuoteError,
  brokenInvariant,
  invariant,
  isQuoteError,
  localizedMessage,
  quoteErrorFrom,
  withField,
} from '../../src/errors/quoteError.js';

/** A catalog of the test's own, so these tests depend on no domain's texts. */
const POLICY = defineCatalog('test', {
  es: {
    anual: 'Una póliza anual cubre a lo más {months} meses',
    convencion: 'Convención no válida: {expected}',
    entero: 'un entero de 0 a 99',
    enganche: 'El enganche ({percent}% del precio) es menor al mínimo de {minimum}%',
  },
  en: {
    anual: 'An annual policy covers at most {months} months',
    convencion: 'Invalid convention: {expected}',
    entero: 'an integer from 0 to 99',
    enganche: 'The down payment ({percent}% of the price) is below the minimum of {minimum}%',
  },
});

describe('QuoteError', () => {
  it('is one class across copies of the library (branded with a registered symbol)', async () => {
    vi.resetModules();
    // A second evaluation of the module is a second class, as a second bundle or version would be.
    const copy = '../../src/errors/quoteError.js?copy';
    const other = (await import(/* @vite-ignore */ copy)) as typeof import('../../src/errors/quoteError.js');
    expect(other.QuoteError).not.toBe(QuoteError);
    const foreign = new other.QuoteError('ERRNEG001', 'x', 'campo');
    expect(foreign instanceof QuoteError).toBe(true);
    expect(isQuoteError(foreign)).toBe(true);
    expect(new QuoteError('ERRNEG001', 'y') instanceof other.QuoteError).toBe(true);
  });
  it('is not fooled by plain objects or other errors', () => {
    expect(isQuoteError({ codigoError: 'ERRNEG001', mensaje: 'x' })).toBe(false);
    expect(isQuoteError(new Error('x'))).toBe(false);
    expect(isQuoteError(null)).toBe(false);
    expect((Object.create(null) as object) instanceof QuoteError).toBe(false);
  });
  it('keeps its message so it can be rendered in English, values included', () => {
    const error = quoteErrorFrom(POLICY)('ERRNEG001', 'anual', 'plazoMeses', { months: 12 });
    expect(error.mensaje).toBe('Una póliza anual cubre a lo más 12 meses');
    expect(error.message).toBe('Una póliza anual cubre a lo más 12 meses (plazoMeses)');
    expect([error.messageId, error.messageParams]).toEqual(['anual', { months: 12 }]);
    expect(localizedMessage(error, 'en')).toBe('An annual policy covers at most 12 months');
    expect(localizedMessage(new QuoteError('ERRNEG001', 'texto libre'), 'en')).toBe('texto libre');
    // The reference is not enumerable: logging an error does not dump its catalog.
    expect(Object.keys(error)).not.toContain('messageRef');
  });
  it('renders a value that is itself a message in the same language', () => {
    const error = quoteErrorFrom(POLICY)('ERRESQ005', 'convencion', 'conventions.x', { expected: messageRef(POLICY, 'entero') });
    expect(error.mensaje).toBe('Convención no válida: un entero de 0 a 99');
    expect(localizedMessage(error, 'en')).toBe('Invalid convention: an integer from 0 to 99');
  });
  it('keeps code, message and translation when re-blamed on another field', () => {
    const moved = withField(quoteErrorFrom(POLICY)('ERRNEG001', 'anual', 'plazoMeses', { months: 6 }), 'options.plazoMeses');
    expect([moved.codigoError, moved.valorIncorrecto, moved.mensaje]).toEqual([
      'ERRNEG001',
      'options.plazoMeses',
      'Una póliza anual cubre a lo más 6 meses',
    ]);
    expect(localizedMessage(moved, 'en')).toBe('An annual policy covers at most 6 months');
  });
  it('a broken invariant reads in one language throughout', () => {
    expect(() => invariant(true, messageRef(POLICY, 'entero'))).not.toThrow();
    const error = brokenInvariant(messageRef(POLICY, 'entero'));
    expect([error.codigoError, error.mensaje]).toEqual(['ERRSER002', 'Invariante interna rota: un entero de 0 a 99']);
    expect(localizedMessage(error, 'en')).toBe('Internal invariant broken: an integer from 0 to 99');
  });
});

describe('renderMessage', () => {
  it('fills every placeholder and leaves unknown ones as written', () => {
    expect(renderMessage(messageRef(POLICY, 'enganche', { percent: '12.5', minimum: 20 }))).toBe(
      'El enganche (12.5% del precio) es menor al mínimo de 20%',
    );
    expect(renderMessage(messageRef(POLICY, 'enganche', { percent: '12.5' }), 'en')).toBe(
      'The down payment (12.5% of the price) is below the minimum of {minimum}%',
    );
  });
  it('refuses a catalog that lacks a language at compile time (and falls back to Spanish at run time), and freezes what it holds', () => {
    // @ts-expect-error: English is missing.
    const spanishOnly = defineCatalog('x', { es: { a: 'texto' } });
    expect(renderMessage(messageRef(spanishOnly, 'a'), 'en')).toBe('texto');
    const catalog = defineCatalog('x', { es: { a: 'a' }, en: { a: 'b' } });
    expect(Object.isFrozen(catalog.locales.en)).toBe(true);
    expect(isLang('en') && !isLang('fr')).toBe(true);
  });
});
