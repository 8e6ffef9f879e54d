import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../src/documents/words.js';
import { QuoteError, localizedMessage } from '../../src/errors/quoteError.js';

/** Reads the words back into a number: an independent check of every generated amount. */
function parse(text: string): number {
  const values: Record<string, number> = {
    UN: 1,
    DOS: 2,
    TRES: 3,
    CUATRO: 4,
    CINCO: 5,
    SEIS: 6,
    SIETE: 7,
    OCHO: 8,
    NUEVE: 9,
    DIEZ: 10,
    ONCE: 11,
    DOCE: 12,
    TRECE: 13,
    CATORCE: 14,
    QUINCE: 15,
    DIECISÉIS: 16,
    DIECISIETE: 17,
    DIECIOCHO: 18,
    DIECINUEVE: 19,
    VEINTE: 20,
    VEINTIÚN: 21,
    VEINTIDÓS: 22,
    VEINTITRÉS: 23,
    VEINTICUATRO: 24,
    VEINTICINCO: 25,
    VEINTISÉIS: 26,
    VEINTISIETE: 27,
    VEINTIOCHO: 28,
    VEINTINUEVE: 29,
    TREINTA: 30,
    CUARENTA: 40,
    CINCUENTA: 50,
    SESENTA: 60,
    SETENTA: 70,
    OCHENTA: 80,
    NOVENTA: 90,
    CIEN: 100,
    CIENTO: 100,
    DOSCIENTOS: 200,
    TRESCIENTOS: 300,
    CUATROCIENTOS: 400,
    QUINIENTOS: 500,
    SEISCIENTOS: 600,
    SETECIENTOS: 700,
    OCHOCIENTOS: 800,
    NOVECIENTOS: 900,
    CERO: 0,
  };
  let total = 0;
  let group = 0; // below a thousand
  let thousands = 0; // below a million
  for (const word of text.split(' ')) {
    if (word === 'Y' || word === 'DE') continue;
    if (word === 'MIL') {
      thousands += (group === 0 ? 1 : group) * 1000;
      group = 0;
    } else if (word === 'MILLÓN' || word === 'MILLONES') {
      total += (thousands + group) * 1e6;
      thousands = 0;
      group = 0;
    } else if (word === 'BILLÓN' || word === 'BILLONES') {
      total += (thousands + group) * 1e12;
      thousands = 0;
      group = 0;
    } else {
      const value = values[word];
      if (value === undefined) throw new Error(`unknown word ${word} in ${text}`);
      group += value;
    }
  }
  return total + thousands + group;
}

describe('amountInWords', () => {
  it.each([
    ['0.00', 'CERO PESOS 00/100 M.N.'],
    ['1.00', 'UN PESO 00/100 M.N.'],
    ['1.50', 'UN PESO 50/100 M.N.'],
    ['2.01', 'DOS PESOS 01/100 M.N.'],
    ['16.00', 'DIECISÉIS PESOS 00/100 M.N.'],
    ['21.00', 'VEINTIÚN PESOS 00/100 M.N.'],
    ['22.00', 'VEINTIDÓS PESOS 00/100 M.N.'],
    ['31.00', 'TREINTA Y UN PESOS 00/100 M.N.'],
    ['100.00', 'CIEN PESOS 00/100 M.N.'],
    ['101.00', 'CIENTO UN PESOS 00/100 M.N.'],
    ['115.00', 'CIENTO QUINCE PESOS 00/100 M.N.'],
    ['500.00', 'QUINIENTOS PESOS 00/100 M.N.'],
    ['1000.00', 'MIL PESOS 00/100 M.N.'],
    ['1001.00', 'MIL UN PESOS 00/100 M.N.'],
    ['1234.50', 'MIL DOSCIENTOS TREINTA Y CUATRO PESOS 50/100 M.N.'],
    ['21000.00', 'VEINTIÚN MIL PESOS 00/100 M.N.'],
    ['100000.00', 'CIEN MIL PESOS 00/100 M.N.'],
    ['101000.00', 'CIENTO UN MIL PESOS 00/100 M.N.'],
    ['1000000.00', 'UN MILLÓN DE PESOS 00/100 M.N.'],
    ['1000001.00', 'UN MILLÓN UN PESOS 00/100 M.N.'],
    ['2500000.00', 'DOS MILLONES QUINIENTOS MIL PESOS 00/100 M.N.'],
    ['21000000.00', 'VEINTIÚN MILLONES DE PESOS 00/100 M.N.'],
    ['1000000000.00', 'MIL MILLONES DE PESOS 00/100 M.N.'],
    ['1000000000000.00', 'UN BILLÓN DE PESOS 00/100 M.N.'],
    [
      '999999999999999.99',
      'NOVECIENTOS NOVENTA Y NUEVE BILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE PESOS 99/100 M.N.',
    ],
  ])('%s → %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('reads back to the amount for any amount below 10^15', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), fc.integer({ min: 0, max: 99 }), (pesos, cents) => {
        const words = amountInWords(`${pesos}.${String(cents).padStart(2, '0')}`);
        const [text, fraction] = words.split(/ PESOS? /) as [string, string];
        expect(parse(text)).toBe(pesos);
        expect(fraction).toBe(`${String(cents).padStart(2, '0')}/100 M.N.`);
        expect(words.includes(' PESO ')).toBe(pesos === 1);
        expect(words).not.toMatch(/ {2}|^ | $/);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not an amount with two decimals with a coded error on importe', () => {
    for (const bad of ['1', '1.5', '-1.00', '1e3.00', '1000000000000000.00', '1.005', ' 1.00', '']) {
      let thrown: unknown;
      try {
        amountInWords(bad);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, bad).toBeInstanceOf(QuoteError);
      const error = thrown as QuoteError;
      expect([error.codigoError, error.valorIncorrecto], bad).toEqual(['ERRESQ005', 'importe']);
      expect(error.mensaje).toBe('El importe es un texto de hasta 15 dígitos enteros y dos decimales');
      expect(localizedMessage(error, 'en')).toBe('The amount is a text of up to 15 whole digits and two decimals');
    }
    // The widest amount accepted: 15 whole digits.
    expect(amountInWords('999999999999999.99')).toMatch(/ PESOS 99\/100 M\.N\.$/);
  });
});
