import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareFraction,
  divRoundHalfUp,
  divRoundHalfUpBig,
  floorDivBy,
  formatCents,
  mulDivRoundHalfUp,
  parseCents,
  splitRemainderFirst,
} from '../../src/money/cents.js';
import { Decimal } from '../../src/money/decimal.js';

describe('integer cents', () => {
  it('parses and formats amounts exactly', () => {
    expect(parseCents('350000')).toBe(35_000_000);
    expect(parseCents('350000.5')).toBe(35_000_050);
    expect(parseCents('0.07')).toBe(7);
    expect(formatCents(7)).toBe('0.07');
    expect(formatCents(35_000_050)).toBe('350000.50');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (c) => {
        expect(parseCents(formatCents(c))).toBe(c);
      }),
    );
  });
  it('parseCents reads any text as its substrings-and-Number reading did (the character-code fast path)', () => {
    const asBefore = (text: string) => {
      const dot = text.indexOf('.');
      if (dot < 0) return Number(text) * 100;
      const frac = text.slice(dot + 1);
      return Number(text.slice(0, dot)) * 100 + (frac.length === 1 ? Number(frac) * 10 : Number(frac));
    };
    const chars = fc.constantFrom('0', '1', '5', '9', '.', '-', ' ', 'e', '\u0661', '+');
    const text = fc.oneof(
      fc.string({ unit: chars, maxLength: 20 }),
      fc
        .tuple(fc.bigInt({ min: 0n, max: 10n ** 17n }), fc.constantFrom('', '.', '.5', '.05', '.50', '.123', '.x'))
        .map(([w, f]) => `${w}${f}`),
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(Object.is(parseCents(t), asBefore(t))).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });
  it('rounds exact half-cent ties up, where float rounding misrounds them', () => {
    // The float pitfall: 1.005 is stored as 1.00499999999999989…, so both idioms give 1.00.
    expect(Math.round(1.005 * 100) / 100).toBe(1);
    expect((1.005).toFixed(2)).toBe('1.00');
    // Exact: 1005 thousandths of a peso → 100.5 cents → 101 cents.
    expect(divRoundHalfUp(1005, 10)).toBe(101);
    expect(divRoundHalfUp(57_848_205, 10)).toBe(5_784_821);
  });
  it('mulDivRoundHalfUp equals decimal.js half-up for any size (BigInt past 2^53)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 }), fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 1, max: 1e11 }), (a, b, d) => {
        const expected = new Decimal(a).mul(b).div(d).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
        if (expected.gt(Number.MAX_SAFE_INTEGER)) {
          // Past exact cents: the broken-invariant error, never a rounded amount.
          expect(() => mulDivRoundHalfUp(a, b, d)).toThrowError('Invariante interna rota: importe fuera del rango de centavos exactos');
          return;
        }
        expect(mulDivRoundHalfUp(a, b, d)).toBe(expected.toNumber());
      }),
      { numRuns: 1500 },
    );
  });
  it('floorDivBy (a multiplication by the reciprocal) is the exact floor, and half-up as floor((2n + d) / 2d)', () => {
    const TWO_52 = 2 ** 52;
    const floorCheck = (m: number, d: number) => {
      if (m + d > TWO_52) return;
      expect(floorDivBy(m, d, 1 / d)).toBe(Number(BigInt(m) / BigInt(d)));
    };
    const halfUpCheck = (n: number, d: number) => {
      if (2 * n + 2 * d > TWO_52) return;
      expect(floorDivBy(2 * n + d, 2 * d, 0.5 / d)).toBe(Number(divRoundHalfUpBig(BigInt(n), BigInt(d))));
    };
    // Any size of m and d, the rows' sizes, and the largest m the schedule lets through.
    const numerator = fc.oneof(
      fc.integer({ min: 0, max: TWO_52 }),
      fc.integer({ min: 0, max: 2 ** 40 }),
      fc.integer({ min: TWO_52 - 2 ** 24, max: TWO_52 }),
      fc.integer({ min: 2 ** 51 - 2 ** 24, max: 2 ** 51 }),
    );
    const divisor = fc.oneof(
      fc.integer({ min: 1, max: TWO_52 }),
      fc.integer({ min: 1, max: 10_000 }),
      fc.constantFrom(1, 2, 3, 100, 200, 800, 1600, 4800),
    );
    fc.assert(
      fc.property(numerator, divisor, (m, d) => {
        floorCheck(m, d);
        halfUpCheck(Math.floor(m / 2), d);
        // Just below, at and above a multiple of d: where a rounded reciprocal errs.
        const q = Math.floor(m / d);
        for (const x of [q * d - 1, q * d, q * d + 1, q * d + d - 1]) if (x >= 0) floorCheck(x, d);
        // The exact half cents of half-up rounding.
        for (const x of [q * d + Math.floor(d / 2) - 1, q * d + Math.floor(d / 2), q * d + Math.ceil(d / 2)]) if (x >= 0) halfUpCheck(x, d);
      }),
      { numRuns: 20_000 },
    );
    for (const d of [1, 2, 3, 7, 100, 200, 800, 2400, 2 ** 26 + 1]) {
      for (let m = 0; m < 5000; m++) {
        floorCheck(m, d);
        halfUpCheck(m, d);
      }
    }
  });
  it('splits with the remainder on the first part, summing exactly', () => {
    expect(splitRemainderFirst(1000, 3)).toEqual([334, 333, 333]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 999 }), (t, n) => {
        const parts = splitRemainderFirst(t, n);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(t);
        expect(parts.every((p) => p >= 0)).toBe(true);
      }),
    );
  });
  it('compareFraction orders a / b against a number exactly as decimal.js does', () => {
    const percent = fc.oneof(
      fc.integer({ min: 0, max: 100 }),
      fc.double({ min: 0, max: 100, noNaN: true }),
      fc.constantFrom(0.1, 12.5, 1e-7, 33.333333333333336, 20),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2e15 }), fc.integer({ min: 1, max: 2e13 }), percent, (a, b, x) => {
        const expected = new Decimal(a).div(b).cmp(x);
        expect(compareFraction(a, b, x)).toBe(expected);
        // The ties the quotes meet: a whole percentage of a price.
        expect(compareFraction(Math.round(x) * b, b, Math.round(x))).toBe(0);
      }),
    );
  });
  it('divRoundHalfUp equals the bigint half-up quotient over the whole safe range (floor division and % alike)', () => {
    const big = fc.oneof(
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: Number.MAX_SAFE_INTEGER - 1e6, max: Number.MAX_SAFE_INTEGER }),
      fc.integer({ min: 0, max: 1e12 }),
    );
    const divisor = fc.oneof(
      fc.integer({ min: 1, max: 1e6 }),
      fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
      fc.constantFrom(100, 800, 2400, 72000),
    );
    fc.assert(
      fc.property(big, divisor, (n, d) => {
        const q = BigInt(n) / BigInt(d);
        const expected = (BigInt(n) - q * BigInt(d)) * 2n >= BigInt(d) ? q + 1n : q;
        expect(divRoundHalfUp(n, d)).toBe(Number(expected));
        // Doubles that V8 does not type as small integers take the same path.
        expect(divRoundHalfUp(Number(String(n)) + 0.0, Number(String(d)))).toBe(Number(expected));
      }),
      { numRuns: 5000 },
    );
  });
});
