/** The CLI's catalogs (its messages and its help) hold every message in every language, without Spanish in English. */
import { describe, expect, it } from 'vitest';
import { CLI_HELP } from '../../src/cli/help/messages.js';
import { CLI_MESSAGES } from '../../src/cli/messages.js';
import type { Catalog } from '../../src/entry/common.js';
import { checkCatalog, words } from './catalogCheck.js';

describe('catalogs', () => {
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

  for (const catalog of [CLI_MESSAGES, CLI_HELP] as Catalog[]) {
    it(`${catalog.domain}: every message in every language, the same values, no Spanish in English`, () => {
      checkCatalog(catalog);
    });
  }
});
