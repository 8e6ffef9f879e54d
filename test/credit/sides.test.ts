/**
 * The side tests that decide a payment next to a boundary without the exact integers
 * (`PaymentRate.sideOf`, `decideBySides`): wherever they answer, they agree with the exact
 * fraction; and the nearly interest-only loans they exist for (r·S on a half cent or on
 * held ± tolerance) come out as the exact reference has them.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { frenchIdealFraction } from '../../src/credit/exactPayment.js';
import * as payment from '../../src/credit/payment.js';
import { buildSchedule } from '../../src/credit/schedule.js';
import { buildReferenceSchedule } from '../../src/credit/referenceSchedule.js';

describe('PaymentRate.sideOf', () => {
  it('agrees with the exact fraction wherever it answers, and answers off exact ties', () => {
    let answered = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.constantFrom(12, 24, 36, 1200, 2400, 36_500, 1_200_000),
        fc.constantFrom(0, 16),
        fc.integer({ min: 1, max: 999_999_999_999 }),
        fc.integer({ min: 2, max: 999 }),
        fc.integer({ min: -3, max: 3 }),
        (num, den, iva, balance, remaining, shift) => {
          const rate = payment.paymentRate({ num, den }, iva);
          const p = frenchIdealFraction(balance, remaining, { num, den }, iva);
          // a boundary next to p̂: its nearest half cent, moved by a few 2⁻²⁰ (dyadic, exact)
          const nearest = Number((2n * p.num + p.den) / (2n * p.den)); // ⌊p̂ + ½⌋
          const boundary = nearest - 0.5 + shift * 2 ** -20;
          const side = rate.sideOf(balance, remaining, boundary);
          const scaled = BigInt(boundary * 2 ** 20); // boundary · 2²⁰, an integer
          const diff = p.num * 2n ** 20n - scaled * p.den;
          const exact = diff > 0n ? 1 : diff < 0n ? -1 : 0;
          if (side !== 0) {
            answered++;
            expect(side).toBe(exact);
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(answered).toBeGreaterThan(300);
  });
});

describe('nearly interest-only loans on a boundary (r·S = j + f, tolerance 1 − f or ½)', () => {
  it('equal the exact reference and reach the exact decision only a few payments from the end', () => {
    fc.assert(
      fc.property(
        fc.constantFrom([0.3, 7], [0.1, 9], [0.5, 5], [0.7, 3]),
        fc.integer({ min: 0, max: 99_999_999 }),
        fc.integer({ min: 3, max: 999 }),
        ([tolerance, f], j, count) => {
          // r = 1/10 a period, no IVA, S = 10j + f: r·S = j + f/10, held j + 1 sits f/10 − 1 from it
          const spec = { principal: 10 * j + (f as number), count, periodic: { num: 1, den: 10 }, iva: 0 };
          // The fast path never asks for the exact decision's integers (PaymentRate.idealFraction) on
          // the interest-only rows; a few payments from the end p̂ is a short fraction (121S/210
          // with two left) that can sit exactly on held ± tolerance, and only there may it.
          const exact = vi.spyOn(payment.PaymentRate.prototype, 'idealFraction');
          let fast: ReturnType<typeof buildSchedule>;
          try {
            fast = buildSchedule(spec, payment.paymentRate(spec.periodic, 0, tolerance as number));
            for (const [, remaining] of exact.mock.calls) expect(remaining).toBeLessThanOrEqual(3);
          } finally {
            exact.mockRestore();
          }
          expect(fast).toEqual(buildReferenceSchedule(spec, tolerance as number));
        },
      ),
      { numRuns: 60 },
    );
  });
});
