/** The word check that test/errors/catalogs.test.ts runs over every catalog finds what it should. */
import { describe, expect, it } from 'vitest';
import { checkCatalog, words } from './catalogCheck.js';

describe('the catalog check', () => {
  it('the word check finds Spanish in an English text', () => {
    expect(words('option --prepay is written PAGO:IMPORTE[:reduceTerm] ({value})')).toEqual([
      'option',
      'is',
      'written',
      'PAGO',
      'IMPORTE',
      'reduceTerm',
    ]);
    expect(() => checkCatalog({ domain: 'x', locales: { es: { a: 'el campo {f}' }, en: { a: 'the campo {f}' } } })).toThrow();
    expect(() => checkCatalog({ domain: 'x', locales: { es: { a: 'el campo {f}' }, en: { a: 'the field {g}' } } })).toThrow();
  });
});
