import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCat } from '../../src/cat/computeCat.js';
import { solveDatedCat } from '../../src/cat/dated.js';
import { solvePeriodicCat } from '../../src/cat/periodic.js';
import { CAT_CEILING, formatTenths } from '../../src/cat/round.js';
import { QuoteError } from '../../src/errors/quoteError.js';
import { formatCents } from '../../src/money/cents.js';
import { Decimal } from '../../src/money/decimal.js';

const loanFlows = fc.record({
  disbursement: fc.integer({ min: 1_000, max: 1_000_000_000 }),
  count: fc.integer({ min: 1, max: 120 }),
  growth: fc.double({ min: 1, max: 1.6, noNaN: true }),
  gaps: fc.array(fc.integer({ min: 7, max: 40 }), { minLength: 120, maxLength: 120 }),
});

describe('the CAT of payments at uneven times', () => {
  it('equals the periodic solve on evenly spaced payments', () => {
    fc.assert(
      fc.property(loanFlows, ({ disbursement, count, growth }) => {
        const each = Math.max(1, Math.round((disbursement * growth) / count));
        const payments = Array.from({ length: count }, () => each);
        const periodic = solvePeriodicCat({ disbursement, payments, period: { num: 1, den: 12 } });
        const dated = solveDatedCat({ disbursement, payments, times: payments.map((_, k) => 30 * (k + 1)), unitsPerYear: 360 });
        expect(dated.tenths).toBe(periodic.tenths);
        expect(Math.abs(dated.rate - periodic.rate)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(periodic.rate)));
      }),
      { numRuns: 150 },
    );
  });
  it('agrees with computeCat (the general solver over decimal text) on random uneven flows', () => {
    fc.assert(
      fc.property(loanFlows, ({ disbursement, count, growth, gaps }) => {
        const each = Math.max(1, Math.round((disbursement * growth) / count));
        let t = 0;
        const times = Array.from({ length: count }, (_, k) => (t += gaps[k]!));
        const payments = times.map(() => each);
        // Above 100,000,000,000 % the dated solver refuses (the ceiling); computeCat searches up to 1,000,000 %.
        let dated: ReturnType<typeof solveDatedCat> | undefined;
        try {
          dated = solveDatedCat({ disbursement, payments, times, unitsPerYear: 365 });
        } catch (error) {
          expect((error as QuoteError).messageId).toBe('catExcedeTecho');
          // Above the ceiling in truth: at a rate of 10⁹ the payments are still worth more than the loan
          // (the present value falls as the rate rises, so the root lies beyond it).
          const v = new Decimal(CAT_CEILING).add(1);
          const worth = times.reduce((sum, t) => sum.add(new Decimal(each).div(v.pow(new Decimal(t).div(365)))), new Decimal(0));
          expect(worth.gt(disbursement)).toBe(true);
        }
        fc.pre(dated !== undefined && dated.rate < 1e4);
        if (dated === undefined) return;
        const general = computeCat({
          disbursements: [{ time: 0, amount: formatCents(disbursement) }],
          payments: times.map((time) => ({ time: time / 365, amount: formatCents(each) })),
        });
        expect(formatTenths(dated.tenths)).toBe(general.percent);
      }),
      { numRuns: 100 },
    );
  });
  it('one payment a year later: the CAT is the growth, exactly on the tenth', () => {
    expect(solveDatedCat({ disbursement: 100_000, payments: [110_000], times: [365], unitsPerYear: 365 }).tenths).toBe(100);
    // 12.25 % exactly: a tie rounds half-up to 12.3 (decided at 50 digits, not by the float root).
    expect(solveDatedCat({ disbursement: 100_000, payments: [112_250], times: [365], unitsPerYear: 365 }).tenths).toBe(123);
    // A negative rate: 90 % back after a year.
    expect(solveDatedCat({ disbursement: 100_000, payments: [90_000], times: [365], unitsPerYear: 365 }).tenths).toBe(-100);
  });
  it('no rate, or one above the ceiling, is a coded error on cat, never a number', () => {
    const refusal = (flows: Parameters<typeof solveDatedCat>[0]) => {
      try {
        solveDatedCat(flows);
      } catch (error) {
        expect(error).toBeInstanceOf(QuoteError);
        const e = error as QuoteError;
        return [e.codigoError, e.valorIncorrecto, e.messageId];
      }
      return undefined;
    };
    // Nothing paid; nothing lent; a payment at t = 0 (the present value never depends on the rate).
    const none = ['ERRNEG001', 'cat', 'catIndeterminado'];
    expect(refusal({ disbursement: 100, payments: [], times: [], unitsPerYear: 365 })).toEqual(none);
    expect(refusal({ disbursement: 0, payments: [10], times: [1], unitsPerYear: 365 })).toEqual(none);
    expect(refusal({ disbursement: 100, payments: [10], times: [0], unitsPerYear: 365 })).toEqual(none);
    // 1 peso lent against 10,000,000,000 a day later: (10¹⁰)^365 − 1, far above 10⁹.
    expect(refusal({ disbursement: 100, payments: [1e12], times: [1], unitsPerYear: 365 })).toEqual(['ERRNEG001', 'cat', 'catExcedeTecho']);
  });
});
