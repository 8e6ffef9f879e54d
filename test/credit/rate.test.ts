import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentToRational, rational } from '../../src/credit/rate.js';
import { QuoteError } from '../../src/errors/quoteError.js';

describe('exact rates', () => {
  it('percentToRational reads any text as its substrings-and-Number reading did (the character-code fast path)', () => {
    const asBefore = (text: string) => {
      const dot = text.indexOf('.');
      if (dot < 0) return rational(Number(text), 100);
      return rational(Number(text.slice(0, dot) + text.slice(dot + 1)), 100 * 10 ** (text.length - dot - 1));
    };
    // Digits, at most one dot (a validated percentage text is the function's precondition: both
    // readings loop forever on a text Number() reads as NaN, the gcd of NaN never reaching 0).
    const digitText = fc.string({ unit: fc.constantFrom('0', '1', '3', '5', '9'), maxLength: 18 });
    const text = fc
      .tuple(digitText, fc.option(digitText, { nil: undefined }))
      .filter(([w, f]) => w.length > 0 || (f !== undefined && f.length > 0))
      .map(([w, f]) => (f === undefined ? w : `${w}.${f}`));
    fc.assert(
      fc.property(text, (t) => {
        // Beyond 15 significant digits (or a bare '5.' / '.5') the old reading rounded or was not
        // a decimal text: now refused.
        if (!/^\d+(\.\d+)?$/.test(t) || t.replace('.', '').replace(/^0+/, '').length > 15) {
          if (!/^\d+(\.\d+)?$/.test(t) && !/^\d*\.?\d*$/.test(t)) return;
          let fast: ReturnType<typeof percentToRational> | undefined;
          try {
            fast = percentToRational(t);
          } catch (error) {
            expect((error as QuoteError).codigoError).toBe('ERRESQ005');
            return;
          }
          // the fast path reads up to 15 digits itself (a bare dot on either side included)
          const expected = asBefore(t);
          expect(Object.is(fast.num, expected.num) && Object.is(fast.den, expected.den)).toBe(true);
          return;
        }
        const [got, expected] = [percentToRational(t), asBefore(t)];
        expect(Object.is(got.num, expected.num) && Object.is(got.den, expected.den)).toBe(true);
      }),
      { numRuns: 20_000 },
    );
    expect(percentToRational('13.50')).toEqual({ num: 27, den: 200 });
  });

  it('percentToRational refuses what is not decimal text of at most 15 significant digits (it looped forever on NaN)', () => {
    for (const text of ['-', '..', '', '1e5', 'abc', '1.2.3', '1234567890123456.7']) {
      expect(() => percentToRational(text), text).toThrowError(QuoteError);
      try {
        percentToRational(text);
      } catch (error) {
        expect((error as QuoteError).codigoError).toBe('ERRESQ005');
        expect((error as QuoteError).valorIncorrecto).toBe('porcentaje');
      }
    }
  });
});
