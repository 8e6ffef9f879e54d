import fc from 'fast-check';
import type { CreditOptions, CreditRequest } from '../../src/entry/index.js';
import { formatCents } from '../../src/money/cents.js';
import { addSteps, formatIsoDate, parseIsoDate } from '../../src/dates/civil.js';
import { DEFAULT_CREDIT_CONVENTIONS } from '../../src/credit/conventions.js';
import { solicitudArb } from '../helpers.js';

/** A solicitud with the feature options that fit it: every feature alone and in combination. */
export interface FeatureCase {
  readonly solicitud: CreditRequest;
  readonly options: CreditOptions;
}

const rawFeatures = fc.record({
  interestBasis: fc.constantFrom('days360', 'perYear', 'days365', 'actual360', 'actual365'),
  catTimeBasis: fc.constantFrom('periods', 'days360', 'days365', 'actual365'),
  businessDays: fc.constantFrom('none', 'MX'),
  firstOffset: fc.option(fc.integer({ min: -20, max: 40 }), { nil: undefined }),
  grace: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  balloon: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
  prepayments: fc.array(
    fc.record({
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      share: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 20_000 })),
      mode: fc.constantFrom('reducePayment' as const, 'reduceTerm' as const, undefined),
    }),
    { maxLength: 3 },
  ),
});

/** Solicitudes of up to 120 payments with random features (valid for them). */
export const featureCaseArb: fc.Arbitrary<FeatureCase> = fc
  .tuple(
    solicitudArb.map((s) => ({ ...s, plazo: Math.min(s.plazo, 120) })),
    rawFeatures,
  )
  .map(([solicitud, f]) => {
    const plazo = solicitud.plazo;
    const periodicity = DEFAULT_CREDIT_CONVENTIONS.periodicities[solicitud.periodicidad ?? 'M']!;
    const start = parseIsoDate(solicitud.fechaApertura!)!;
    let firstPaymentDate: string | undefined;
    if (f.firstOffset !== undefined) {
      const regular = addSteps(start, periodicity.step, 1);
      const date = Math.min(addSteps(start, periodicity.step, 2), Math.max(start + 1, regular + f.firstOffset));
      firstPaymentDate = formatIsoDate(date);
    }
    const grace = f.grace !== undefined && f.grace < plazo ? f.grace : undefined;
    const principal = Math.round(Number(solicitud.montoSolicitado) * 100);
    const balloon = f.balloon !== undefined ? { amount: formatCents(Math.max(1, Math.floor((principal * f.balloon) / 100))) } : undefined;
    const seen = new Set<number>();
    const prepayments = f.prepayments.flatMap((p) => {
      const first = (grace ?? 0) + 1;
      if (first > plazo - 1) return [];
      const period = first + Math.floor(p.at * (plazo - first));
      if (period > plazo - 1 || seen.has(period)) return [];
      seen.add(period);
      const mode = balloon !== undefined ? 'reducePayment' : p.mode;
      const amount = formatCents(Math.max(1, Math.floor((principal * p.share) / 20_000)));
      return [mode === undefined ? { period, amount } : { period, amount, mode }];
    });
    // Later prepayments may fall after a settlement; keep only those that are before any full payoff
    // by leaving the list sorted (the test that needs all of them re-checks).
    const options: CreditOptions = {
      conventions: { interestBasis: f.interestBasis, catTimeBasis: f.catTimeBasis, businessDays: f.businessDays },
      ...(firstPaymentDate === undefined ? {} : { firstPaymentDate }),
      ...(grace === undefined ? {} : { grace: { periods: grace } }),
      ...(balloon === undefined ? {} : { balloon }),
      ...(prepayments.length === 0 ? {} : { prepayments }),
    };
    return { solicitud, options };
  });
