import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuoteError } from '../../src/errors/quoteError.js';
import { buildFeatureSchedule, fastScheduleOps, type SchedulePrepayment } from '../../src/credit/featureSchedule.js';
import { buildReferenceFeatureSchedule } from '../../src/credit/referenceSchedule.js';
import { mulRational, percentToRational, rational, type Rational } from '../../src/credit/rate.js';
import { loanDates, periodRates } from '../../src/credit/calendar.js';
import { DEFAULT_CREDIT_CONVENTIONS, type BusinessDays, type InterestBasis } from '../../src/credit/conventions.js';
import { scheduleLoan } from '../../src/credit/loan.js';
import { Annuity } from '../../src/credit/annuity.js';
import { addSteps, toCivilDay } from '../../src/dates/civil.js';

/** Wide random loans with unequal periods and every feature, alone and combined. */
const featureSpecArb = fc
  .record({
    principal: fc.oneof(fc.integer({ min: 1, max: 10_000_000_00 }), fc.integer({ min: 1, max: 999_999_999_999 })),
    count: fc.oneof(fc.integer({ min: 1, max: 72 }), fc.integer({ min: 1, max: 400 })),
    tasa: fc.oneof(
      fc.constant('0'),
      fc.integer({ min: 0, max: 20_000 }).map((b) => (b / 100).toFixed(2)),
      fc.integer({ min: 0, max: 999_999_999 }).map((b) => (b / 1_000_000).toFixed(6)),
    ),
    lengths: fc.constantFrom('equal', 'months', 'irregular'),
    den: fc.constantFrom(360, 365),
    iva: fc.integer({ min: 0, max: 99 }),
    tolerance: fc.constantFrom(0.5, 1, 2),
    grace: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 12 })),
    balloonPercent: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 })),
    prepayments: fc.array(
      fc.record({
        period: fc.integer({ min: 1, max: 400 }),
        share: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 10_000 })),
        mode: fc.constantFrom('reducePayment' as const, 'reduceTerm' as const),
      }),
      { maxLength: 4 },
    ),
  })
  .map((x) => {
    const annual = percentToRational(x.tasa);
    const lengths = Array.from({ length: x.count }, (_, k) =>
      x.lengths === 'equal' ? 30 : x.lengths === 'months' ? [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][k % 12]! : k === 0 ? 47 : 30,
    );
    const rates: Rational[] = lengths.map((d) => {
      const r = mulRational(annual, d, x.den);
      return rational(r.num, r.den);
    });
    const grace = Math.min(x.grace, x.count - 1);
    const balloon = Math.floor((x.principal * x.balloonPercent) / 100);
    const seen = new Set<number>();
    const prepayments: SchedulePrepayment[] = [];
    x.prepayments.forEach((p, index) => {
      const period = ((p.period - 1) % Math.max(1, x.count - 1)) + 1;
      if (period <= grace || period >= x.count || seen.has(period)) return;
      seen.add(period);
      const mode = balloon > 0 ? 'reducePayment' : p.mode;
      prepayments.push({ period, amount: Math.max(1, Math.floor((x.principal * p.share) / 20_000)), mode, index });
    });
    prepayments.sort((a, b) => a.period - b.period);
    return { principal: x.principal, rates, iva: x.iva, tolerance: x.tolerance, features: { grace, balloon, prepayments } };
  });

describe('feature schedule: fast integer cents ≡ decimal.js reference', () => {
  it('is identical cell by cell over wide random loans with every feature', () => {
    fc.assert(
      fc.property(featureSpecArb, ({ principal, rates, iva, tolerance, features }) => {
        let slow: ReturnType<typeof buildReferenceFeatureSchedule> | QuoteError;
        try {
          slow = buildReferenceFeatureSchedule(principal, rates, iva, tolerance, features);
        } catch (error) {
          slow = error as QuoteError;
        }
        const fast = () => buildFeatureSchedule(principal, rates, iva, tolerance, features, fastScheduleOps());
        if (slow instanceof QuoteError) {
          expect(fast).toThrowError(slow.mensaje);
          return;
        }
        expect(fast()).toEqual(slow);
      }),
      { numRuns: 150 },
    );
  });
});

describe('scheduleLoan with real calendars ≡ the decimal.js reference over the same period rates', () => {
  const loanArb = fc.record({
    principal: fc.integer({ min: 100, max: 5_000_000_000 }),
    payments: fc.integer({ min: 1, max: 120 }),
    tasa: fc.integer({ min: 0, max: 20_000 }).map((b) => (b / 100).toFixed(2)),
    code: fc.constantFrom('M', 'Q', 'C', 'S', 'D'),
    day: fc.integer({ min: 0, max: 3650 }),
    basis: fc.constantFrom('days360', 'perYear', 'days365', 'actual360', 'actual365') as fc.Arbitrary<InterestBasis>,
    businessDays: fc.constantFrom('none', 'MX') as fc.Arbitrary<BusinessDays>,
    firstOffset: fc.option(fc.integer({ min: -10, max: 25 }), { nil: undefined }),
    grace: fc.integer({ min: 0, max: 4 }),
    balloonPercent: fc.constantFrom(0, 0, 25, 60),
    prepay: fc.option(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), share: fc.integer({ min: 1, max: 60 }) }), {
      nil: undefined,
    }),
  });
  it('is identical cell by cell, dates and rates included', () => {
    fc.assert(
      fc.property(loanArb, (x) => {
        const periodicity = DEFAULT_CREDIT_CONVENTIONS.periodicities[x.code]!;
        const start = toCivilDay(2020, 1, 1) + x.day;
        const regular = addSteps(start, periodicity.step, 1);
        const firstPaymentDate =
          x.firstOffset === undefined
            ? undefined
            : Math.min(addSteps(start, periodicity.step, 2), Math.max(start + 1, regular + x.firstOffset));
        const grace = Math.min(x.grace, x.payments - 1);
        const period = x.prepay === undefined ? 0 : grace + 1 + Math.floor(x.prepay.at * (x.payments - grace - 1));
        const prepayments =
          x.prepay !== undefined && period >= 1 && period <= x.payments - 1
            ? [{ period, amount: Math.max(1, Math.floor((x.principal * x.prepay.share) / 100)) }]
            : [];
        const loan = {
          principal: x.principal,
          annualRate: percentToRational(x.tasa),
          vatPercent: 16,
          start,
          payments: x.payments,
          periodicity,
          interestBasis: x.basis,
          businessDays: x.businessDays,
          firstPaymentDate,
          grace,
          balloon: Math.floor((x.principal * x.balloonPercent) / 100),
          prepayments,
        };
        const fast = scheduleLoan(loan);
        const dates = loanDates(loan);
        const rates = periodRates(loan, loan.annualRate, x.basis, dates);
        const slow = buildReferenceFeatureSchedule(x.principal, rates, 16, 0.5, {
          grace,
          balloon: loan.balloon,
          prepayments: prepayments.map((p, index) => ({ ...p, mode: 'reducePayment' as const, index })),
        });
        const n = slow.level.length;
        expect(Array.from(fast.level)).toEqual(Array.from(slow.level));
        expect(Array.from(fast.capital)).toEqual(Array.from(slow.capital));
        expect(Array.from(fast.interest)).toEqual(Array.from(slow.interest));
        expect(fast.dates).toEqual(dates.slice(0, n));
        expect(fast.periodRates.map((r) => r.num / r.den)).toEqual(rates.slice(0, n).map((r) => r.num / r.den));
      }),
      { numRuns: 150 },
    );
  });
});

describe('the unequal-period annuity estimate', () => {
  it('stays within half its error bound of decimal.js, over random rates, balances and balloons', () => {
    const rateArb = fc.record({
      num: fc.integer({ min: 0, max: 200_000 }),
      den: fc.constantFrom(36_000, 36_500, 72_000, 2_400, 1_000_000),
    });
    fc.assert(
      fc.property(
        fc.array(rateArb, { minLength: 1, maxLength: 999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 9_999_999_999_999 }),
        fc.nat(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (rates, iva, balance, at, balloonShare) => {
          const annuity = new Annuity(rates, iva, 0.5);
          const k = at % rates.length;
          const balloon = Math.floor(balance * balloonShare);
          const [estimate, bound] = annuity.estimate(k, balance, balloon);
          const exact = annuity.idealExact(k, balance, balloon);
          // The double's exact value (toFixed is exact; Decimal(number) would read its shortest text).
          expect(exact.sub(estimate.toFixed(100)).abs().toNumber()).toBeLessThanOrEqual(bound / 2);
        },
      ),
      { numRuns: 400 },
    );
  });
});
