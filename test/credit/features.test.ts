import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuoteError, quoteCredit, type CreditOptions, type CreditRequest, type CreditResult } from '../../src/entry/index.js';
import { isMexicanBusinessDay } from '../../src/dates/holidays.js';
import { addSteps, parseIsoDate } from '../../src/dates/civil.js';
import { DEFAULT_CREDIT_CONVENTIONS } from '../../src/credit/conventions.js';
import { cents, rowViolations } from '../helpers.js';
import { featureCaseArb } from './arbitraries.js';

/** Quotes a case; a prepayment after the loan is settled drops the later ones (the error is checked); a CAT above the ceiling skips the case. */
function quote(solicitud: CreditRequest, options: CreditOptions): [CreditResult, CreditOptions] {
  try {
    return [quoteCredit(solicitud, options), options];
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    const e = error as QuoteError;
    // A first payment a day after opening with a few percent of fees: a CAT above its ceiling.
    fc.pre(e.messageId?.startsWith('catTecho') !== true);
    expect([e.codigoError, e.messageId]).toEqual(['ERRNEG001', 'prepagoCreditoLiquidado']);
    const index = Number(/\[(\d+)\]/.exec(e.valorIncorrecto ?? '')?.[1]);
    const late = options.prepayments![index]!.period;
    const kept = { ...options, prepayments: options.prepayments!.filter((p) => p.period < late) };
    return quote(solicitud, kept);
  }
}

const levelOf = (row: CreditResult['registros'][number]) =>
  cents(row.abonoCapital) + cents(row.interesAmortizacion) + cents(row.ivaAmortizacion);

describe('credit features: properties over wide random loans', () => {
  it('every row identity holds, nothing is negative, the table never has more than plazo rows', () => {
    fc.assert(
      fc.property(featureCaseArb, ({ solicitud, options }) => {
        const [r] = quote(solicitud, options);
        expect(r.registros.length).toBeLessThanOrEqual(solicitud.plazo);
        expect(rowViolations(r, cents(solicitud.montoSolicitado))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('a prepayment never raises total interest; reduceTerm never lengthens; reducePayment never raises a payment', () => {
    fc.assert(
      fc.property(featureCaseArb, ({ solicitud, options }) => {
        const [withPrepayments, used] = quote(solicitud, options);
        fc.pre((used.prepayments ?? []).length > 0);
        const { prepayments, ...rest } = used;
        void prepayments;
        const without = quoteCredit(solicitud, rest);
        expect(cents(withPrepayments.importeInteresTotal)).toBeLessThanOrEqual(cents(without.importeInteresTotal));
        expect(withPrepayments.registros.length).toBeLessThanOrEqual(without.registros.length);
        if (used.prepayments!.every((p) => (p.mode ?? 'reducePayment') === 'reducePayment')) {
          // No regular payment after the first prepayment exceeds the largest regular payment of the
          // loan without it. Regular: not the last row (it takes the balance), not a row carrying a
          // prepayment, not a row whose interest and IVA alone exceed the level payment (capital 0).
          const first = used.prepayments![0]!.period;
          const carrying = new Set(used.prepayments!.map((p) => p.period));
          const regular = (rows: CreditResult['registros']) =>
            rows.slice(0, -1).filter((row) => !carrying.has(row.numAmortizacion) && row.abonoCapital !== '0.00');
          const before = Math.max(0, ...regular(without.registros).map(levelOf));
          for (const row of regular(withPrepayments.registros.slice(first))) expect(levelOf(row)).toBeLessThanOrEqual(before);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a large prepayment strictly lowers total interest', () => {
    fc.assert(
      fc.property(featureCaseArb, ({ solicitud, options }) => {
        const { prepayments, ...rest } = options;
        void prepayments;
        fc.pre(solicitud.plazo >= 3 && Number(solicitud.tasa) >= 1);
        const without = quoteCredit(solicitud, rest);
        const period = (rest.grace?.periods ?? 0) + 1;
        fc.pre(period < solicitud.plazo && cents(without.registros[period - 1]!.saldoFin) >= 100_00);
        const amount = (cents(without.registros[period - 1]!.saldoFin) / 200).toFixed(2);
        const withOne = quoteCredit(solicitud, { ...rest, prepayments: [{ period, amount }] });
        expect(cents(withOne.importeInteresTotal)).toBeLessThan(cents(without.importeInteresTotal));
      }),
      { numRuns: 100 },
    );
  });

  it("a balloon's last row carries it in abonoCapital; grace rows carry no capital", () => {
    fc.assert(
      fc.property(featureCaseArb, ({ solicitud, options }) => {
        const { prepayments, ...rest } = options;
        void prepayments;
        const [r] = quote(solicitud, rest);
        const rows = r.registros;
        if (rest.balloon !== undefined && 'amount' in rest.balloon) {
          expect(cents(rows.at(-1)!.abonoCapital)).toBeGreaterThanOrEqual(cents(rest.balloon.amount));
        }
        for (const row of rows.slice(0, rest.grace?.periods ?? 0)) {
          expect(row.abonoCapital).toBe('0.00');
          expect(cents(row.pagoAmortizacion)).toBe(cents(row.interesAmortizacion) + cents(row.ivaAmortizacion));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('rolled dates are business days, never earlier than the unrolled ones, and strictly after the opening', () => {
    fc.assert(
      fc.property(featureCaseArb, ({ solicitud, options }) => {
        const { prepayments, ...rest } = options;
        void prepayments;
        const mx = { ...rest, conventions: { ...rest.conventions, businessDays: 'MX' as const } };
        const none = { ...rest, conventions: { ...rest.conventions, businessDays: 'none' as const } };
        const rolled = quoteCredit(solicitud, mx).registros.map((x) => parseIsoDate(x.fechaAmortizacion)!);
        const stepped = quoteCredit(solicitud, none).registros.map((x) => parseIsoDate(x.fechaAmortizacion)!);
        rolled.forEach((date, k) => {
          expect(isMexicanBusinessDay(date)).toBe(true);
          expect(date).toBeGreaterThanOrEqual(stepped[k]!);
          expect(date - stepped[k]!).toBeLessThanOrEqual(6);
        });
      }),
      { numRuns: 100 },
    );
  });

  it('actual-day interest is the balance × rate × the days between consecutive dates / 360 or 365, half-up', () => {
    fc.assert(
      fc.property(featureCaseArb, fc.constantFrom('actual360' as const, 'actual365' as const), ({ solicitud, options }, basis) => {
        const r = quoteCredit(solicitud, {
          ...options,
          prepayments: undefined,
          conventions: { ...options.conventions, interestBasis: basis },
        });
        const year = basis === 'actual360' ? 360n : 365n;
        let previous = parseIsoDate(solicitud.fechaApertura!)!;
        const [num, den] = ((t: string) => {
          const [w, f = ''] = t.split('.');
          return [BigInt(w! + f), 100n * 10n ** BigInt(f.length)];
        })(solicitud.tasa!);
        for (const row of r.registros) {
          const date = parseIsoDate(row.fechaAmortizacion)!;
          const days = BigInt(date - previous);
          const n = BigInt(cents(row.saldoCapital)) * num * days;
          const d = den * year;
          const expected = (2n * n + d) / (2n * d); // round half-up
          expect(BigInt(cents(row.interesAmortizacion))).toBe(expected);
          previous = date;
        }
      }),
      { numRuns: 100 },
    );
  });

  it('an irregular first period steps the later dates from it', () => {
    fc.assert(
      fc.property(featureCaseArb, ({ solicitud, options }) => {
        fc.pre(options.firstPaymentDate !== undefined);
        const { prepayments, ...rest } = options;
        void prepayments;
        const r = quoteCredit(solicitud, { ...rest, conventions: { ...rest.conventions, businessDays: 'none' } });
        const periodicity = DEFAULT_CREDIT_CONVENTIONS.periodicities[solicitud.periodicidad!]!;
        const first = parseIsoDate(options.firstPaymentDate!)!;
        r.registros.forEach((row, k) => {
          expect(parseIsoDate(row.fechaAmortizacion)).toBe(addSteps(first, periodicity.step, k));
        });
      }),
      { numRuns: 60 },
    );
  });
});
