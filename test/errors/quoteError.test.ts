import { describe, expect, it, vi } from 'vitest';
import { QuoteError, isQuoteError, localizedMessage, quoteError } from '../../src/errors/quoteError.js';
import { MESSAGES, messageText } from '../../src/errors/messages.js';

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
  it('carries the message id so the message can be rendered in English', () => {
    const error = quoteError('ERRNEG001', 'polizaAnualMaximo', 'plazoMeses', { months: 12 });
    expect(error.mensaje).toBe('Una póliza anual cubre a lo más 12 meses');
    expect(error.message).toBe('Una póliza anual cubre a lo más 12 meses (plazoMeses)');
    expect(localizedMessage(error, 'en')).toBe('An annual policy covers at most 12 months');
    expect(localizedMessage(new QuoteError('ERRNEG001', 'texto libre'), 'en')).toBe('texto libre');
  });
});

describe('the message table', () => {
  it('has an English text for every Spanish one, with the same placeholders', () => {
    for (const [id, entry] of Object.entries(MESSAGES)) {
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(entry.en.trim(), id).not.toBe('');
      expect(names(entry.en), id).toEqual(names(entry.es));
    }
  });
  it('fills every placeholder and leaves unknown ones as written', () => {
    expect(messageText('engancheMinimo', 'es', { percent: '12.5', minimum: 20 })).toBe(
      'El enganche (12.5% del precio) es menor al mínimo de 20%',
    );
    expect(messageText('engancheMinimo', 'es', { percent: '12.5' })).toBe(
      'El enganche (12.5% del precio) es menor al mínimo de {minimum}%',
    );
  });
});
