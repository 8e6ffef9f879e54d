import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentToRational, rational } from '../../src/credit/rate.js';
import { QuoteError } from '../../src/errors/quoteError.js';

/** The code and field of what `f` throws. */
function codeOf(f: () => unknown): [string, string | undefined] | undefined {
  try {
    f();
  } catch (error) {
    return [(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto];
  }
  return undefined;
}

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
        // Up to 15 digits the character-code path reads the text (a bare '5.' or '.5' included);
        // beyond, the old reading takes decimal text of at most 15 significant digits (leading
        // zeros aside), where it rounded or was not a decimal text: the rest is refused.
        const digits = t.replace('.', '');
        const accepted = digits.length <= 15 || (/^\d+(\.\d+)?$/.test(t) && digits.replace(/^0+/, '').length <= 15);
        if (!accepted) {
          expect(() => percentToRational(t), t).toThrowError(QuoteError);
          expect(codeOf(() => percentToRational(t))).toEqual(['ERRESQ005', 'porcentaje']);
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
