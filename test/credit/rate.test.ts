import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulRational, percentToRational, rational } from '../../src/credit/rate.js';
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

  it('rational and mulRational reduce to lowest terms, below and above 2^32 (the 32-bit gcd and the double one)', () => {
    const bigGcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : bigGcd(b, a % b));
    const integer = fc.oneof(
      fc.integer({ min: 0, max: 2 ** 32 - 1 }),
      fc.integer({ min: 0, max: 2 ** 20 }),
      fc.constantFrom(2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1),
      fc.integer({ min: 0, max: 2 ** 50 }),
    );
    const positive = integer.map((n) => n + 1);
    fc.assert(
      fc.property(integer, positive, positive, positive, (num, den, n2, d2) => {
        const g = bigGcd(BigInt(num), BigInt(den));
        expect(rational(num, den)).toEqual({ num: Number(BigInt(num) / g), den: Number(BigInt(den) / g) });
        // mulRational of two reduced fractions (it cancels across), when the product stays safe.
        const r = rational(num, den);
        const b = rational(n2, d2);
        const [pn, pd] = [BigInt(r.num) * BigInt(b.num), BigInt(r.den) * BigInt(b.den)];
        const h = bigGcd(pn, pd);
        if (pn / h > BigInt(Number.MAX_SAFE_INTEGER) || pd / h > BigInt(Number.MAX_SAFE_INTEGER)) return;
        expect(mulRational(r, b.num, b.den)).toEqual({ num: Number(pn / h), den: Number(pd / h) });
      }),
      { numRuns: 5000 },
    );
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
