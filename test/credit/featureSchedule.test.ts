import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { QuoteError } from '../../src/errors/quoteError.js';
import { buildFeatureSchedule, fastScheduleOps, type SchedulePrepayment } from '../../src/credit/featureSchedule.js';
import { buildReferenceFeatureSchedule } from '../../src/credit/referenceSchedule.js';
import { mulRational, percentToRational, rational, type Rational } from '../../src/credit/rate.js';
import { loanDates, periodRates } from '../../src/credit/calendar.js';
import { DEFAULT_CREDIT_CONVENTIONS, type BusinessDays, type InterestBasis } from '../../src/credit/conventions.js';
import { scheduleLoan } from '../../src/credit/loan.js';
import { Annuity } from '../../src/credit/annuity.js';
import { Decimal } from '../../src/money/decimal.js';
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
  it('stays within half its error bound of the exact value, and so does the unrounded double-double pair', () => {
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
          // The pair before its rounding to one double (what decides a row next to a boundary):
          // hi + lo summed exactly (each double's exact value; 50 digits hold the pair's ~35).
          const [hi, lo, pairBound] = annuity.estimatePair(k, balance, balloon);
          const pair = new Decimal(hi.toFixed(60)).add(lo.toFixed(80));
          expect(
            exact
              .sub(pair)
              .abs()
              .lte(pairBound / 2),
          ).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('half-cent ties of the unequal-period annuity (S·g on a half cent)', () => {
  // With g the least rate from a row on, p̂ ≥ S·g (src/credit/annuity.ts); when S·g is a half cent t,
  // p̂ exceeds it by S·g·(1 + g)^−m / (1 − (1 + g)^−m), far below the float bound over many
  // periods, and the payment is t + ½ decided in integers instead of decimal.js.
  const tieArb = fc.record({
    d: fc.integer({ min: 2, max: 60 }),
    count: fc.oneof(fc.integer({ min: 2, max: 60 }), fc.integer({ min: 100, max: 999 })),
    j: fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 99_999_999 })),
    firstDen: fc.integer({ min: 2, max: 200 }),
    grace: fc.integer({ min: 0, max: 3 }),
    balloonShare: fc.constantFrom(0, 0, 0.25, 1),
  });
  it('is identical to the exact reference, and reaches the exact integers only on exact ties', () => {
    fc.assert(
      fc.property(tieArb, ({ d, count, j, firstDen, grace, balloonShare }) => {
        // g = 1 / 2d with no IVA and S = 2d·j + d: S·g = j + ½ exactly; an irregular first period.
        const g = { num: 1, den: 2 * d };
        const rates = Array.from({ length: count }, (_, k) => (k === 0 ? { num: 1, den: firstDen } : g));
        const principal = 2 * d * j + d;
        const features = { grace: Math.min(grace, count - 1), balloon: Math.floor(principal * balloonShare), prepayments: [] };
        const slow = buildReferenceFeatureSchedule(principal, rates, 0, 0.5, features);
        const exactCalls = [vi.spyOn(Annuity.prototype, 'rederiveExact'), vi.spyOn(Annuity.prototype, 'initialExact')];
        try {
          const annuities: Annuity[] = [];
          expect(buildFeatureSchedule(principal, rates, 0, 0.5, features, fastScheduleOps())).toEqual(slow);
          // Only a p̂ within 10⁻¹⁵ cents of a half cent may need the integers (the ties the
          // double-double pair and the tie rule cannot see: S·g below t, a few periods left).
          for (const spy of exactCalls)
            for (const [i, call] of spy.mock.calls.entries()) {
              const [k, balance, balloon] = spy === exactCalls[0] ? call.slice(1) : call;
              const annuity = spy.mock.instances[i] as unknown as Annuity;
              annuities.push(annuity);
              const p = annuity.idealFraction(k as number, balance as number, balloon as number);
              const offset = (2n * p.num) % (2n * p.den); // 2p̂ mod 2: a half cent is offset = den
              const distance = offset > p.den ? offset - p.den : p.den - offset;
              expect(Number((distance * 10n ** 15n) / p.den)).toBe(0);
            }
        } finally {
          for (const spy of exactCalls) spy.mockRestore();
        }
      }),
      { numRuns: 120 },
    );
  });

  it('decides the benchmark’s slowest quote without the exact integers (50,000,000.00 at 99.999999 %, 999 months, irregular first period)', () => {
    // 99.999999 % / 12 × 1.16 × 5,000,000,000 cents = 483,333,328.5: a tie on all but the first rows
    // (615 of 997 went to decimal.js before, 6 ms a quote).
    const start = toCivilDay(2026, 1, 31);
    const periodicity = DEFAULT_CREDIT_CONVENTIONS.periodicities.M!;
    const loan = {
      principal: 5_000_000_000,
      annualRate: percentToRational('99.999999'),
      vatPercent: 16,
      start,
      payments: 999,
      periodicity,
      interestBasis: 'days360' as InterestBasis,
      businessDays: 'none' as BusinessDays,
      firstPaymentDate: toCivilDay(2026, 3, 20),
    };
    const dates = loanDates(loan);
    const rates = periodRates(loan, loan.annualRate, 'days360', dates);
    const slow = buildReferenceFeatureSchedule(loan.principal, rates, 16, 0.5, { grace: 0, balloon: 0, prepayments: [] });
    const spy = vi.spyOn(Annuity.prototype, 'rederiveExact');
    try {
      const fast = scheduleLoan(loan);
      expect(Array.from(fast.level)).toEqual(Array.from(slow.level));
      expect(Array.from(fast.capital)).toEqual(Array.from(slow.capital));
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
