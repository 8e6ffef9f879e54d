import { describe, expect, it } from 'vitest';
import { DEFAULT_CREDIT_CONVENTIONS, quoteCredit, resolveConventions } from '../../src/entry/credit.js';
import { localizedMessage, type QuoteError } from '../../src/entry/index.js';
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

  // The Spanish texts are the interface's (unchanged since the conventions were introduced); the
  // English ones say the expected value in English too (they used to embed the Spanish fragment).
  it.each([
    [{ defaultIva: 100 }, 'un entero de 0 a 99', 'an integer from 0 to 99'],
    [
      { interestBasis: 'x' },
      "'days360', 'perYear', 'days365', 'actual360' o 'actual365'",
      "'days360', 'perYear', 'days365', 'actual360' or 'actual365'",
    ],
    [{ catTimeBasis: 'x' }, "'periods', 'days360', 'days365' o 'actual365'", "'periods', 'days360', 'days365' or 'actual365'"],
    [{ defaultFacturaConIva: 2 }, '0 o 1', '0 or 1'],
    [{ commissionVat: 'no' }, 'true o false', 'true or false'],
    [{ defaultProducto: 'MOTO' }, "'AUTO' o 'AUTONOM'", "'AUTO' or 'AUTONOM'"],
    [{ businessDays: 'US' }, "'none' o 'MX'", "'none' or 'MX'"],
    [{ paymentTolerance: 101 }, 'centavos de 0 a 100', 'cents from 0 to 100'],
    [{ defaultPorcentajeCredito: -1 }, 'un porcentaje de 0 a 100', 'a percentage from 0 to 100'],
    [{ rateGrid: 'x' }, 'una lista de { minDownPaymentPercent, tasa }', 'a list of { minDownPaymentPercent, tasa }'],
    [{ rateGrid: [1] }, '{ minDownPaymentPercent, tasa }', '{ minDownPaymentPercent, tasa }'],
    [{ rateGrid: [{ minDownPaymentPercent: 10, tasa: 'doce' }] }, 'un porcentaje en texto ("14.99")', 'a percentage as text ("14.99")'],
    [{ periodicities: 1 }, 'un objeto de código → periodicidad', 'an object of code → periodicity'],
    [{ periodicities: { BB: {} } }, 'un código de un carácter', 'a one-character code'],
    [{ periodicities: { B: 1 } }, '{ name, perYear, days, step }', '{ name, perYear, days, step }'],
    [{ periodicities: { B: { name: '' } } }, 'un nombre', 'a name'],
    [{ periodicities: { B: { name: 'b', perYear: 0 } } }, 'un entero de 1 a 366', 'an integer from 1 to 366'],
    [
      { periodicities: { B: { name: 'b', perYear: 6, days: 60, step: { unit: 'weeks', count: 1 } } } },
      "{ unit: 'months' | 'days', count: entero de 1 a 366 }",
      "{ unit: 'months' | 'days', count: an integer from 1 to 366 }",
    ],
    [{ defaultPeriodicidad: 'ZZ' }, 'un código de periodicidad', 'a periodicity code'],
    [{ defaultPeriodicidad: 'Z' }, 'un código de periodicities', 'a code of periodicities'],
  ])('%j says what it expects: %s', (overrides, es, en) => {
    let error: QuoteError | undefined;
    try {
      resolveConventions(overrides as never);
    } catch (thrown) {
      error = thrown as QuoteError;
    }
    expect(error?.mensaje).toBe(`Convención no válida: ${es}`);
    expect(error === undefined ? undefined : localizedMessage(error, 'en')).toBe(`Invalid convention: ${en}`);
  });

  it('a conventions value that is not an object says so in either language', () => {
    expect(() => resolveConventions(7 as never)).toThrow('Convención no válida: un objeto de convenciones');
    try {
      resolveConventions(7 as never);
    } catch (error) {
      expect(localizedMessage(error as QuoteError, 'en')).toBe('Invalid convention: an object of conventions');
    }
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
