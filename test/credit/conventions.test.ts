import { describe, expect, it } from 'vitest';
import { DEFAULT_CREDIT_CONVENTIONS, quoteCredit, resolveConventions } from '../../src/entry/credit.js';
import { deepFreeze } from '../helpers.js';

const base = { fechaApertura: '2026-01-31', montoSolicitado: '280000.00', valorFactura: '350000.00', tasa: '13.50', plazo: 36 };

function rejected(overrides: unknown): { codigoError: string; valorIncorrecto: string | undefined } {
  try {
    quoteCredit(base, { conventions: overrides as never });
  } catch (error) {
    const e = error as { codigoError: string; valorIncorrecto: string | undefined };
    return { codigoError: e.codigoError, valorIncorrecto: e.valorIncorrecto };
  }
  throw new Error('accepted');
}

describe('credit conventions are validated like the insurance engine’s', () => {
  it.each([
    [{ catTimeBasis: 'bogus' }, 'ERRESQ005', 'conventions.catTimeBasis'],
    [{ interestBasis: 'actual' }, 'ERRESQ005', 'conventions.interestBasis'],
    [{ paymentTolerance: -5 }, 'ERRESQ005', 'conventions.paymentTolerance'],
    [{ paymentTolerance: Number.NaN }, 'ERRESQ005', 'conventions.paymentTolerance'],
    [{ paymentTolerance: '1' }, 'ERRESQ005', 'conventions.paymentTolerance'],
    [{ defaultIva: 16.5 }, 'ERRESQ005', 'conventions.defaultIva'],
    [{ defaultFacturaConIva: 2 }, 'ERRESQ005', 'conventions.defaultFacturaConIva'],
    [{ defaultPorcentajeEnganche: 101 }, 'ERRESQ005', 'conventions.defaultPorcentajeEnganche'],
    [{ commissionVat: 'no' }, 'ERRESQ005', 'conventions.commissionVat'],
    [{ defaultProducto: 'MOTO' }, 'ERRESQ005', 'conventions.defaultProducto'],
    [{ rateGrid: [{ minDownPaymentPercent: 10, tasa: 'doce' }] }, 'ERRESQ005', 'conventions.rateGrid[0].tasa'],
    [
      { periodicities: { B: { name: 'bimestral', perYear: 6, days: 60, step: { unit: 'weeks', count: 1 } } } },
      'ERRESQ005',
      'conventions.periodicities.B.step',
    ],
    [
      { periodicities: { BB: { name: 'bimestral', perYear: 6, days: 60, step: { unit: 'months', count: 2 } } } },
      'ERRESQ005',
      'conventions.periodicities.BB',
    ],
    [
      { periodicities: { B: { name: 'bimestral', perYear: 0, days: 60, step: { unit: 'months', count: 2 } } } },
      'ERRESQ005',
      'conventions.periodicities.B.perYear',
    ],
    [{ defaultPeriodicidad: 'Z' }, 'ERRESQ005', 'conventions.defaultPeriodicidad'],
    [{ bogus: true }, 'ERRESQ003', 'conventions.bogus'],
  ])('%j → %s %s', (overrides, code, field) => {
    expect(rejected(overrides)).toEqual({ codigoError: code, valorIncorrecto: field });
  });

  it('accepts valid overrides, merges periodicities by code, and freezes the result without touching the input', () => {
    const overrides = deepFreeze({
      catTimeBasis: 'days365' as const,
      paymentTolerance: 1,
      periodicities: { B: { name: 'bimestral', perYear: 6, days: 60, step: { unit: 'months' as const, count: 2 } } },
    });
    const c = resolveConventions(overrides);
    expect(c.catTimeBasis).toBe('days365');
    expect(c.paymentTolerance).toBe(1);
    expect(Object.keys(c.periodicities).sort()).toEqual(['B', 'C', 'D', 'M', 'Q', 'S']);
    expect(Object.isFrozen(c.periodicities.B)).toBe(true);
    expect(resolveConventions()).toBe(DEFAULT_CREDIT_CONVENTIONS);
    // A new periodicity code is quotable: 12 payments every two months.
    expect(quoteCredit({ ...base, plazo: 12, periodicidad: 'B' }, { conventions: overrides }).registros).toHaveLength(0);
  });

  it('accepts the calendar conventions: actual-day bases, the actual365 CAT times, Mexican business days', () => {
    const c = resolveConventions({ interestBasis: 'actual365', catTimeBasis: 'actual365', businessDays: 'MX' });
    expect([c.interestBasis, c.catTimeBasis, c.businessDays]).toEqual(['actual365', 'actual365', 'MX']);
    expect(DEFAULT_CREDIT_CONVENTIONS.businessDays).toBe('none');
    for (const interestBasis of ['days360', 'perYear', 'days365', 'actual360', 'actual365'] as const) {
      expect(quoteCredit(base, { conventions: { interestBasis } }).plazo).toBe(36);
    }
  });

  it('an explicit undefined leaves the default in place', () => {
    expect(resolveConventions({ catTimeBasis: undefined }).catTimeBasis).toBe('periods');
  });
});
