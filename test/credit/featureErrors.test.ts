import { describe, expect, it } from 'vitest';
import {
  QuoteError,
  quoteCredit,
  scheduleLoan,
  toCivilDay,
  DEFAULT_CREDIT_CONVENTIONS,
  type CreditOptions,
} from '../../src/entry/credit.js';

const base = {
  fechaApertura: '2026-01-31',
  montoSolicitado: '280000.00',
  valorFactura: '350000.00',
  tasa: '13.50',
  plazo: 12,
  periodicidad: 'M',
  comisiones: '2.00',
  generaTablaPagos: true,
};

function rejected(f: () => unknown): [string, string | undefined] {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    const e = error as QuoteError;
    return [e.codigoError, e.valorIncorrecto];
  }
  throw new Error('accepted');
}

describe('feature options are validated with coded errors naming options.<path>', () => {
  it.each<[unknown, string, string]>([
    [{ firstPaymentDate: '2026-02-30' }, 'ERRESQ005', 'options.firstPaymentDate'],
    [{ firstPaymentDate: 20260301 }, 'ERRESQ005', 'options.firstPaymentDate'],
    [{ firstPaymentDate: '2026-01-31' }, 'ERRESQ004', 'options.firstPaymentDate'],
    [{ firstPaymentDate: '2026-01-15' }, 'ERRESQ004', 'options.firstPaymentDate'],
    [{ firstPaymentDate: '2026-04-01' }, 'ERRESQ004', 'options.firstPaymentDate'],
    [{ prepayments: { period: 1 } }, 'ERRESQ005', 'options.prepayments'],
    [{ prepayments: [7] }, 'ERRESQ005', 'options.prepayments[0]'],
    [{ prepayments: [{ period: 1, amount: '100.00', extra: 1 }] }, 'ERRESQ003', 'options.prepayments[0].extra'],
    [{ prepayments: [{ amount: '100.00' }] }, 'ERRESQ006', 'options.prepayments[0].period'],
    [{ prepayments: [{ period: 1.5, amount: '100.00' }] }, 'ERRESQ005', 'options.prepayments[0].period'],
    [{ prepayments: [{ period: 0, amount: '100.00' }] }, 'ERRESQ004', 'options.prepayments[0].period'],
    [{ prepayments: [{ period: 12, amount: '100.00' }] }, 'ERRESQ004', 'options.prepayments[0].period'],
    [{ prepayments: [{ period: 2, amount: 100 }] }, 'ERRESQ005', 'options.prepayments[0].amount'],
    [{ prepayments: [{ period: 2, amount: '1e5' }] }, 'ERRESQ005', 'options.prepayments[0].amount'],
    [{ prepayments: [{ period: 2, amount: '0.00' }] }, 'ERRESQ004', 'options.prepayments[0].amount'],
    [{ prepayments: [{ period: 2, amount: '-100.00' }] }, 'ERRESQ004', 'options.prepayments[0].amount'],
    [{ prepayments: [{ period: 2, amount: '100.00', mode: 'shorter' }] }, 'ERRESQ005', 'options.prepayments[0].mode'],
    [
      {
        prepayments: [
          { period: 2, amount: '100.00' },
          { period: 2, amount: '200.00' },
        ],
      },
      'ERRNEG001',
      'options.prepayments[1].period',
    ],
    [{ grace: { periods: 3 }, prepayments: [{ period: 3, amount: '100.00' }] }, 'ERRNEG001', 'options.prepayments[0].period'],
    [
      { balloon: { percent: '20' }, prepayments: [{ period: 3, amount: '100.00', mode: 'reduceTerm' }] },
      'ERRNEG001',
      'options.prepayments[0].mode',
    ],
    [
      {
        prepayments: [
          { period: 2, amount: '300000.00' },
          { period: 5, amount: '100.00' },
        ],
      },
      'ERRNEG001',
      'options.prepayments[1].period',
    ],
    [{ balloon: 5000 }, 'ERRESQ005', 'options.balloon'],
    [{ balloon: {} }, 'ERRESQ005', 'options.balloon'],
    [{ balloon: { amount: '1.00', percent: '1' } }, 'ERRESQ005', 'options.balloon'],
    [{ balloon: { amount: '0' } }, 'ERRESQ004', 'options.balloon.amount'],
    [{ balloon: { amount: '280000.01' } }, 'ERRNEG001', 'options.balloon.amount'],
    [{ balloon: { percent: 'treinta' } }, 'ERRESQ005', 'options.balloon.percent'],
    [{ balloon: { percent: '-5' } }, 'ERRESQ004', 'options.balloon.percent'],
    [{ balloon: { percent: '100.5' } }, 'ERRNEG001', 'options.balloon.percent'],
    [{ balloon: { share: '5' } }, 'ERRESQ003', 'options.balloon.share'],
    [{ grace: 2 }, 'ERRESQ005', 'options.grace'],
    [{ grace: {} }, 'ERRESQ006', 'options.grace.periods'],
    [{ grace: { periods: '2' } }, 'ERRESQ005', 'options.grace.periods'],
    [{ grace: { periods: 0 } }, 'ERRESQ004', 'options.grace.periods'],
    [{ grace: { periods: 12 } }, 'ERRESQ004', 'options.grace.periods'],
    [{ conventions: { businessDays: 'US' } }, 'ERRESQ005', 'conventions.businessDays'],
    [{ conventions: { interestBasis: 'actual366' } }, 'ERRESQ005', 'conventions.interestBasis'],
    [{ conventions: { catTimeBasis: 'actual360' } }, 'ERRESQ005', 'conventions.catTimeBasis'],
  ])('%j → %s %s', (options, code, field) => {
    expect(rejected(() => quoteCredit(base, options as CreditOptions))).toEqual([code, field]);
  });

  it('a prepayment above the balance settles the loan: the table ends there, the rest is not charged', () => {
    const r = quoteCredit(base, { prepayments: [{ period: 5, amount: '999999.00' }] });
    expect(r.registros).toHaveLength(5);
    expect(r.registros[4]!.saldoFin).toBe('0.00');
    // The row pays its balance, interest and IVA: 191,463.17 + 2,153.96 + 344.63.
    expect(r.registros[4]!.pagoAmortizacion).toBe('193961.76');
    expect(r.plazo).toBe(12);
  });
});

describe('the loan core validates its own fields, naming loan.<field>', () => {
  const loan = {
    principal: 1_000_000,
    annualRate: { num: 27, den: 200 },
    vatPercent: 16,
    start: toCivilDay(2026, 1, 31),
    payments: 12,
    periodicity: DEFAULT_CREDIT_CONVENTIONS.periodicities.M!,
  };
  it.each<[object, string, string]>([
    [{ grace: 12 }, 'ERRESQ004', 'loan.grace'],
    [{ balloon: 1_000_001 }, 'ERRNEG001', 'loan.balloon'],
    [{ balloon: -1 }, 'ERRESQ004', 'loan.balloon'],
    [{ firstPaymentDate: toCivilDay(2026, 1, 31) }, 'ERRESQ004', 'loan.firstPaymentDate'],
    [{ businessDays: 'XX' }, 'ERRESQ005', 'loan.businessDays'],
    [{ prepayments: [{ period: 12, amount: 100 }] }, 'ERRESQ004', 'loan.prepayments[0].period'],
    [{ prepayments: [{ period: 2, amount: 0 }] }, 'ERRESQ004', 'loan.prepayments[0].amount'],
    [{ prepayments: [{ period: 2, amount: 5, mode: 'x' }] }, 'ERRESQ005', 'loan.prepayments[0].mode'],
    [{ grace: 2, prepayments: [{ period: 2, amount: 5 }] }, 'ERRNEG001', 'loan.prepayments[0].period'],
    [
      {
        prepayments: [
          { period: 2, amount: 5_000_000 },
          { period: 3, amount: 5 },
        ],
      },
      'ERRNEG001',
      'loan.prepayments[1].period',
    ],
  ])('%j → %s %s', (fields, code, field) => {
    expect(rejected(() => scheduleLoan({ ...loan, ...fields } as never))).toEqual([code, field]);
  });
});
