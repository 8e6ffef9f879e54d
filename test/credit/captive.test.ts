/**
 * The captive structures (docs/credit.md, "Captive structures"): the worked examples by hand,
 * each figure derived here independently of the engine (decimal.js on the docs' formulas); the
 * refusals with their codes and paths; the fast schedule against the reference with anualidades
 * and promotions; and properties the docs promise.
 */
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QuoteError,
  creditOpeningCharges,
  quoteCredit,
  scheduleLoan,
  toCivilDay,
  DEFAULT_CREDIT_CONVENTIONS,
  type CreditOptions,
  type CreditRequest,
  type CreditResult,
  type Loan,
} from '../../src/entry/credit.js';
import { buildFeatureSchedule, fastScheduleOps } from '../../src/credit/featureSchedule.js';
import { buildReferenceFeatureSchedule } from '../../src/credit/referenceSchedule.js';
import { mulRational, percentToRational, rational, type Rational } from '../../src/credit/rate.js';
import { cents, rowViolations, solicitudArb } from '../helpers.js';

const D = Decimal.clone({ precision: 60 });

const base: CreditRequest = {
  fechaApertura: '2026-01-31',
  montoSolicitado: '280000.00',
  valorFactura: '350000.00',
  tasa: '13.50',
  plazo: 12,
  periodicidad: 'M',
  comisiones: '2.00',
  generaTablaPagos: true,
};

/** 1 + g, the IVA-grossed monthly growth of the example: 1 + 0.135 × 30/360 × 1.16. */
const growth = new D('0.135').mul(30).div(360).mul('1.16').add(1);
/** Σ_{m=1}^{n} (1 + g)^−m. */
const annuityFactor = (n: number) => Array.from({ length: n }, (_, m) => growth.pow(-(m + 1))).reduce((a, b) => a.add(b), new D(0));
/** Cents, half-up, of a Decimal amount in cents. */
const halfUp = (x: Decimal) => x.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
const plain = quoteCredit(base);

describe('anualidades: the worked example (20,000.00 every December)', () => {
  const r = quoteCredit(base, { anualidades: [{ amount: '20000.00', months: [12] }] });
  it('the level payment is net of the anualidad’s present value', () => {
    // p̂ = (S − X·(1 + g)^−11) / A, payment 11 due 2026-12-31.
    const ideal = new D(28_000_000).sub(new D(2_000_000).mul(growth.pow(-11))).div(annuityFactor(12));
    expect(cents(r.pagoMensual)).toBe(halfUp(ideal));
    expect(r.pagoMensual).toBe('23788.98');
  });
  it('row 11 pays the level payment and the anualidad, all of it capital; the rest are level', () => {
    const row = r.registros[10]!;
    expect(row.fechaAmortizacion).toBe('2026-12-31');
    expect(cents(row.abonoCapital)).toBe(cents(r.pagoMensual) - cents(row.interesAmortizacion) - cents(row.ivaAmortizacion) + 2_000_000);
    expect(cents(row.pagoAmortizacion)).toBe(cents(r.pagoMensual) + 2_000_000);
    expect([row.abonoCapital, row.pagoAmortizacion]).toEqual(['42922.39', '43788.98']);
    for (const other of r.registros.filter((_, k) => k !== 10))
      expect(Math.abs(cents(other.pagoAmortizacion) - 2_378_898)).toBeLessThanOrEqual(1);
    expect(rowViolations(r, 28_000_000)).toEqual([]);
  });
  it('the CAT counts the anualidad in payment 11', () => {
    expect(r.cat).toBe('18.6');
  });
});

describe('promotions: the worked example (six months without interest)', () => {
  const options: CreditOptions = { promotions: [{ periods: 6, tasa: '0' }] };
  const r = quoteCredit(base, options);
  it('the payment is level over the unequal rates: S / (6 + Σ_{m=1}^{6} (1 + g)^−m)', () => {
    expect(cents(r.pagoMensual)).toBe(halfUp(new D(28_000_000).div(annuityFactor(6).add(6))));
    expect(r.pagoMensual).toBe('23859.81');
  });
  it('the promotional rows pay no interest; row 7 pays the credit’s rate on its balance', () => {
    for (const row of r.registros.slice(0, 6)) expect([row.interesAmortizacion, row.ivaAmortizacion]).toEqual(['0.00', '0.00']);
    const seventh = r.registros[6]!;
    expect(seventh.saldoCapital).toBe('136841.14');
    expect(cents(seventh.interesAmortizacion)).toBe(halfUp(new D(13_684_114).mul('0.01125')));
    expect(r.tasa).toBe('13.50');
    expect(r.cat).toBe('7.6');
  });
  it('the dealer’s subsidy is the contract’s interest the promotion forgoes, discounted to opening', () => {
    // Σₖ (ρ·Sₖ − Iₖ)(1 + ρ)^−k over every row: the docs' telescoping form of S − PV(capital + interest).
    const rho = new D(9).div(800);
    const subsidy = r.registros.reduce(
      (sum, row, k) =>
        sum.add(
          rho
            .mul(cents(row.saldoCapital))
            .sub(cents(row.interesAmortizacion))
            .div(rho.add(1).pow(k + 1)),
        ),
      new D(0),
    );
    const charges = creditOpeningCharges(base, options);
    expect(cents(charges.dealerSubsidy!)).toBe(halfUp(subsidy));
    expect(charges.dealerSubsidy).toBe('14355.67');
    // Not the borrower's: the opening charges and totalPagar are those of the plain quote's commission.
    expect(charges.total).toBe(creditOpeningCharges(base).total);
    expect(cents(r.totalPagar) - cents(r.importePago)).toBe(cents(plain.totalPagar) - cents(plain.importePago));
    expect(creditOpeningCharges(base).dealerSubsidy).toBeUndefined();
  });
  it('a promotion at the credit’s own rate changes nothing; its subsidy is the interest’s rounding, under half a cent a row', () => {
    const same = { promotions: [{ periods: 12, tasa: '13.5' }] };
    expect(quoteCredit(base, same)).toEqual(plain);
    expect(cents(creditOpeningCharges(base, same).dealerSubsidy!)).toBeLessThanOrEqual(6);
  });
});

describe('periodic charges: the worked example (a GPS rental of 350.00)', () => {
  const r = quoteCredit(base, { periodicCharges: [{ amount: '350.00' }] });
  it('each row carries the charge in comisionAmortizacion and its IVA in ivaAmortizacion', () => {
    r.registros.forEach((row, k) => {
      const loanRow = plain.registros[k]!;
      expect(row.comisionAmortizacion).toBe('350.00');
      expect(cents(row.ivaAmortizacion)).toBe(cents(loanRow.ivaAmortizacion) + 5600);
      expect(cents(row.pagoAmortizacion)).toBe(cents(loanRow.pagoAmortizacion) + 35_000 + 5600);
      expect([row.abonoCapital, row.interesAmortizacion]).toEqual([loanRow.abonoCapital, loanRow.interesAmortizacion]);
    });
    expect(cents(r.impIVAInteresTotal)).toBe(cents(plain.impIVAInteresTotal) + 12 * 5600);
    expect(rowViolations(r, 28_000_000)).toEqual([]);
    expect([r.pagoMensual, r.cat]).toEqual(['25765.61', '22.0']);
  });
  it('without VAT on commissions the charge carries none; the CAT is the same (it counts no IVA)', () => {
    const noVat = quoteCredit(base, { periodicCharges: [{ amount: '350.00' }], conventions: { commissionVat: false } });
    expect(noVat.registros[0]!.ivaAmortizacion).toBe(plain.registros[0]!.ivaAmortizacion);
    expect(noVat.cat).toBe(r.cat);
  });
});

describe('insurance on the balance: the worked example (0.45 ‰ life, 0.30 ‰ unemployment)', () => {
  const r = quoteCredit(base, { balanceInsurance: { lifePerThousand: '0.45', unemploymentPerThousand: '0.30' } });
  it('each row’s premiums are per thousand of its opening balance; unemployment with its IVA, life without', () => {
    r.registros.forEach((row) => {
      const balance = new D(cents(row.saldoCapital));
      const unemployment = halfUp(balance.mul('0.30').div(1000));
      expect(cents(row.seguroVida)).toBe(halfUp(balance.mul('0.45').div(1000)));
      expect(cents(row.seguroDesempleo)).toBe(unemployment + halfUp(new D(unemployment).mul('0.16')));
    });
    expect([r.registros[0]!.seguroVida, r.registros[0]!.seguroDesempleo, r.registros[1]!.seguroVida]).toEqual([
      '126.00',
      '97.44',
      '116.23',
    ]);
    expect(rowViolations(r, 28_000_000)).toEqual([]);
    expect(r.cat).toBe('19.9');
  });
  it('life on the balance is refused where the credit already carries life insurance', () => {
    expect(() => quoteCredit({ ...base, importeCatSegVida: '2800.00' }, { balanceInsurance: { lifePerThousand: '0.45' } })).toThrow(
      expect.objectContaining({ codigoError: 'ERRNEG001', valorIncorrecto: 'options.balanceInsurance.lifePerThousand' }),
    );
    expect(quoteCredit({ ...base, importeCatSegVida: '2800.00' }, { balanceInsurance: { unemploymentPerThousand: '0.3' } }).cat).toMatch(
      /^\d+\.\d$/,
    );
  });
});

describe('a deferred first payment: the worked example (two periods)', () => {
  const r = quoteCredit(base, { deferral: { periods: 2 } });
  it('capitalises two months of interest without IVA and pays 12 level payments from 2026-04-30', () => {
    // 280,000.00 × 1.01125 = 283,150.00; + 283,150.00 × 0.01125 = 3,185.4375 → 3,185.44.
    expect(r.registros[0]!.saldoCapital).toBe('286335.44');
    expect(r.registros.map((row) => row.fechaAmortizacion).slice(0, 3)).toEqual(['2026-04-30', '2026-05-31', '2026-06-30']);
    expect(cents(r.pagoMensual)).toBe(halfUp(new D(28_633_544).div(annuityFactor(12))));
    expect(rowViolations(r, 28_633_544)).toEqual([]);
    expect(r.registros).toHaveLength(12);
    expect(r.cat).toBe('17.7');
  });
  it('at 0 % capitalises nothing: the plain table, later', () => {
    const zero = { ...base, tasa: '0', comisiones: '0' };
    const deferred = quoteCredit(zero, { deferral: { periods: 3 } });
    const now = quoteCredit(zero);
    expect(deferred.registros.map((row) => row.pagoAmortizacion)).toEqual(now.registros.map((row) => row.pagoAmortizacion));
    expect(deferred.registros[0]!.fechaAmortizacion).toBe('2026-05-31');
    // Payments later at no interest and no fee: the CAT is 0.
    expect(deferred.cat).toBe('0.0');
  });
});

describe('the captive options are validated with coded errors naming options.<path>', () => {
  const rejected = (options: unknown, solicitud: CreditRequest = base): [string, string | undefined] => {
    try {
      quoteCredit(solicitud, options as CreditOptions);
    } catch (error) {
      expect(error).toBeInstanceOf(QuoteError);
      const e = error as QuoteError;
      return [e.codigoError, e.valorIncorrecto];
    }
    throw new Error('accepted');
  };
  it.each<[unknown, string, string]>([
    [{ anualidades: { amount: '1.00', period: 2 } }, 'ERRESQ005', 'options.anualidades'],
    [{ anualidades: [{ amount: '1.00' }] }, 'ERRESQ005', 'options.anualidades[0]'],
    [{ anualidades: [{ amount: '1.00', percent: '1', period: 2 }] }, 'ERRESQ005', 'options.anualidades[0]'],
    [{ anualidades: [{ amount: '1.00', period: 2, when: 1 }] }, 'ERRESQ003', 'options.anualidades[0].when'],
    [{ anualidades: [{ amount: '0', period: 2 }] }, 'ERRESQ004', 'options.anualidades[0].amount'],
    // 0.000001 % of 280,000.00 is 0.0028: not a cent.
    [{ anualidades: [{ percent: '0.000001', period: 2 }] }, 'ERRESQ004', 'options.anualidades[0].percent'],
    [{ anualidades: [{ amount: '1.00', period: 12 }] }, 'ERRESQ004', 'options.anualidades[0].period'],
    [{ anualidades: [{ amount: '1.00', period: 2.5 }] }, 'ERRESQ005', 'options.anualidades[0].period'],
    [{ anualidades: [{ amount: '1.00', months: [13] }] }, 'ERRESQ004', 'options.anualidades[0].months[0]'],
    [{ anualidades: [{ amount: '1.00', months: [] }] }, 'ERRESQ005', 'options.anualidades[0].months'],
    [{ anualidades: [{ amount: '1.00', months: [6, 6] }] }, 'ERRNEG001', 'options.anualidades[0].months[1]'],
    // The last payment (2027-01-31) is not one: January selects none.
    [{ anualidades: [{ amount: '1.00', months: [1] }] }, 'ERRNEG001', 'options.anualidades[0].months'],
    [{ anualidades: [{ amount: '1.00', period: 2 }], grace: { periods: 2 } }, 'ERRNEG001', 'options.anualidades[0].period'],
    [
      {
        anualidades: [
          { amount: '1.00', months: [6] },
          { amount: '1.00', period: 5 },
        ],
      },
      'ERRNEG001',
      'options.anualidades[1].period',
    ],
    [{ anualidades: [{ percent: '90', period: 5 }], balloon: { percent: '20' } }, 'ERRNEG001', 'options.anualidades'],
    [
      { anualidades: [{ amount: '1.00', period: 5 }], prepayments: [{ period: 3, amount: '100.00', mode: 'reduceTerm' }] },
      'ERRNEG001',
      'options.prepayments[0].mode',
    ],
    [{ promotions: { periods: 2, tasa: '0' } }, 'ERRESQ005', 'options.promotions'],
    [{ promotions: [{ periods: 0, tasa: '0' }] }, 'ERRESQ004', 'options.promotions[0].periods'],
    [{ promotions: [{ periods: 13, tasa: '0' }] }, 'ERRESQ004', 'options.promotions[0].periods'],
    [{ promotions: [{ periods: 2 }] }, 'ERRESQ006', 'options.promotions[0].tasa'],
    [{ promotions: [{ periods: 2, tasa: 0 }] }, 'ERRESQ005', 'options.promotions[0].tasa'],
    [{ promotions: [{ periods: 2, tasa: '13.51' }] }, 'ERRNEG001', 'options.promotions[0].tasa'],
    [
      {
        promotions: [
          { periods: 8, tasa: '0' },
          { periods: 5, tasa: '5' },
        ],
      },
      'ERRNEG001',
      'options.promotions[1].periods',
    ],
    [{ deferral: 2 }, 'ERRESQ005', 'options.deferral'],
    [{ deferral: { periods: 13 } }, 'ERRESQ004', 'options.deferral.periods'],
    [{ deferral: { periods: 2 }, grace: { periods: 1 } }, 'ERRNEG001', 'options.deferral'],
    [{ deferral: { periods: 2 }, firstPaymentDate: '2026-03-15' }, 'ERRNEG001', 'options.deferral'],
    [{ periodicCharges: [{ amount: 350 }] }, 'ERRESQ005', 'options.periodicCharges[0].amount'],
    [{ periodicCharges: [{}] }, 'ERRESQ006', 'options.periodicCharges[0].amount'],
    [{ periodicCharges: [{ amount: '-1.00' }] }, 'ERRESQ004', 'options.periodicCharges[0].amount'],
    [{ balanceInsurance: { lifePerThousand: 0.45 } }, 'ERRESQ005', 'options.balanceInsurance.lifePerThousand'],
    [{ balanceInsurance: { unemploymentPerThousand: '0' } }, 'ERRESQ004', 'options.balanceInsurance.unemploymentPerThousand'],
    [{ balanceInsurance: { life: '0.45' } }, 'ERRESQ003', 'options.balanceInsurance.life'],
  ])('%j → %s %s', (options, code, path) => {
    expect(rejected(options)).toEqual([code, path]);
  });

  it('a deferral with the financed premium (tipoSeguro 2) is refused', () => {
    const insured = {
      ...base,
      tipoSeguro: 2,
      informacionSeguro: {
        idPaquete: 1,
        idAseguradora: 1,
        cveEntidadFederativa: 9,
        idTipoUnidad: 1,
        idUsoAutomovil: 1,
        idAgencia: 1001,
        modelo: 2026,
        numeroAgencia: 77,
        enganche: '70000.00',
        codigoPostal: '03100',
      },
    };
    expect(rejected({ deferral: { periods: 1 } }, insured)).toEqual(['ERRNEG001', 'options.deferral']);
  });

  it('a CAT above the ceiling caused by periodic charges or insurance on the balance names them', () => {
    // 5,000.00 a month on a loan of a cent; 999 ‰ of the balance a week (the premium alone doubles it): 2^52 a year.
    const tiny = { ...base, montoSolicitado: '0.01', valorFactura: '1000.00', comisiones: '0' };
    expect(rejected({ periodicCharges: [{ amount: '5000.00' }] }, tiny)).toEqual(['ERRNEG001', 'options.periodicCharges']);
    const weekly = { ...base, montoSolicitado: '1000.00', valorFactura: '2000.00', comisiones: '0', plazo: 52, periodicidad: 'S' };
    expect(rejected({ balanceInsurance: { lifePerThousand: '999' } }, weekly)).toEqual(['ERRNEG001', 'options.balanceInsurance']);
    // Without them the loan's own CAT is published.
    expect(quoteCredit(weekly).cat).toMatch(/^\d+\.\d$/);
  });

  it('the core names loan.<field> for a malformed captive loan', () => {
    const loan: Loan = {
      principal: 1_000_000,
      annualRate: { num: 12, den: 100 },
      vatPercent: 16,
      start: toCivilDay(2026, 1, 31),
      payments: 12,
      periodicity: DEFAULT_CREDIT_CONVENTIONS.periodicities.M!,
    };
    const code = (l: Loan): [string, string | undefined] => {
      try {
        scheduleLoan(l);
      } catch (error) {
        return [(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto];
      }
      throw new Error('accepted');
    };
    expect(code({ ...loan, anualidades: [{ period: 12, amount: 1 }] })).toEqual(['ERRESQ004', 'loan.anualidades[0].period']);
    expect(code({ ...loan, anualidades: [{ period: 3, amount: 2_000_000 }] })).toEqual(['ERRNEG001', 'loan.anualidades']);
    expect(code({ ...loan, promotions: [{ periods: 13, annualRate: { num: 0, den: 1 } }] })).toEqual([
      'ERRESQ004',
      'loan.promotions[0].periods',
    ]);
    expect(code({ ...loan, promotions: [{ periods: 2, annualRate: { num: 13, den: 100 } }] })).toEqual([
      'ERRNEG001',
      'loan.promotions[0].annualRate',
    ]);
    expect(code({ ...loan, deferral: 0 })).toEqual(['ERRESQ004', 'loan.deferral']);
    expect(code({ ...loan, deferral: 1, grace: 1 })).toEqual(['ERRNEG001', 'loan.deferral']);
    expect(code({ ...loan, periodicCharge: { amount: 0 } })).toEqual(['ERRESQ004', 'loan.periodicCharge.amount']);
    expect(code({ ...loan, balanceInsurance: { life: { num: -1, den: 1 } } })).toEqual(['ERRESQ005', 'loan.balanceInsurance.life']);
  });
});

describe('an anualidad that pays the balance off before the last payment', () => {
  // docs/conventions.md: 100.00 at 200 % over 54 months, 20 of them at 0 %, 3.60 every November and
  // January; the level payment falls below the interest, the balance falls faster than planned.
  const s: CreditRequest = {
    fechaApertura: '2022-08-01',
    montoSolicitado: '100.00',
    valorFactura: '125.00',
    tasa: '200',
    plazo: 54,
    iva: 0,
    comisiones: '0',
    generaTablaPagos: true,
    indSeguro: 1,
    importeSeguros: '54.00',
    plazoSeguro: 54,
  };
  const r = quoteCredit(s, { promotions: [{ periods: 20, tasa: '0' }], anualidades: [{ amount: '3.60', months: [11, 1] }] });
  it('ends the table with it; the external premium still owed (1.00 of payment 54) is charged with it', () => {
    expect(r.registros).toHaveLength(53);
    const last = r.registros[52]!;
    expect([last.fechaAmortizacion, last.saldoCapital, last.abonoCapital, last.seguroDanos]).toEqual([
      '2027-01-01',
      '3.60',
      '3.60',
      '2.00',
    ]);
    expect(r.registros.slice(0, 52).every((row) => row.seguroDanos === '1.00')).toBe(true);
    expect(rowViolations(r, 10_000)).toEqual([]);
  });
});

describe('the level payment with anualidades stays exact', () => {
  it('an exact half-cent tie is decided in integers: (11.01 − 1.00) / 2 = 5.005 → 5.01', () => {
    const s = scheduleLoan({
      principal: 1101,
      annualRate: { num: 0, den: 1 },
      vatPercent: 16,
      start: toCivilDay(2026, 1, 31),
      payments: 2,
      periodicity: DEFAULT_CREDIT_CONVENTIONS.periodicities.M!,
      anualidades: [{ period: 1, amount: 100 }],
    });
    expect([...s.level]).toEqual([601, 500]);
    expect([...s.planned!]).toEqual([100, 0]);
  });

  // Random loans with unequal rates (a promotion, actual days), anualidades, a grace, a balloon and prepayments.
  const specArb = fc
    .record({
      principal: fc.oneof(fc.integer({ min: 1, max: 10_000_000_00 }), fc.integer({ min: 1, max: 999_999_999_999 })),
      count: fc.integer({ min: 2, max: 240 }),
      tasa: fc.oneof(
        fc.constant('0'),
        fc.integer({ min: 0, max: 20_000 }).map((b) => (b / 100).toFixed(2)),
      ),
      promo: fc.integer({ min: 0, max: 24 }),
      months: fc.boolean(),
      iva: fc.integer({ min: 0, max: 99 }),
      tolerance: fc.constantFrom(0.5, 1, 2),
      grace: fc.constantFrom(0, 0, 1, 3),
      balloonPercent: fc.constantFrom(0, 0, 25),
      anualidades: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), share: fc.integer({ min: 1, max: 3_000 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
      prepay: fc.option(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), share: fc.integer({ min: 1, max: 5_000 }) }), {
        nil: undefined,
      }),
    })
    .map((x) => {
      const annual = percentToRational(x.tasa);
      const rates: Rational[] = Array.from({ length: x.count }, (_, k) => {
        const days = x.months ? [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][k % 12]! : 30;
        const r = k < x.promo ? { num: 0, den: 1 } : mulRational(annual, days, 360);
        return rational(r.num, r.den);
      });
      const grace = Math.min(x.grace, x.count - 1);
      const planned = new Array<number>(x.count).fill(0);
      for (const a of x.anualidades) {
        const period = grace + 1 + Math.floor(a.at * (x.count - 1 - grace));
        if (period >= 1 && period <= x.count - 1) planned[period - 1] = Math.max(1, Math.floor((x.principal * a.share) / 20_000));
      }
      const balloon = Math.floor((x.principal * x.balloonPercent) / 100);
      const prepayments =
        x.prepay === undefined || grace + 1 > x.count - 1
          ? []
          : [
              {
                period: grace + 1 + Math.floor(x.prepay.at * (x.count - 1 - grace)),
                amount: Math.max(1, Math.floor((x.principal * x.prepay.share) / 20_000)),
                mode: 'reducePayment' as const,
                index: 0,
              },
            ].filter((p) => p.period <= x.count - 1);
      return { principal: x.principal, rates, iva: x.iva, tolerance: x.tolerance, features: { grace, balloon, prepayments, planned } };
    });

  it('the fast schedule is the decimal.js reference cell by cell', () => {
    fc.assert(
      fc.property(specArb, ({ principal, rates, iva, tolerance, features }) => {
        const slow = buildReferenceFeatureSchedule(principal, rates, iva, tolerance, features);
        expect(buildFeatureSchedule(principal, rates, iva, tolerance, features, fastScheduleOps())).toEqual(slow);
        // The anualidades are capital: the table amortizes exactly the principal.
        expect(slow.capital.reduce((a, b) => a + b, 0)).toBe(principal);
      }),
      { numRuns: 150 },
    );
  });
});

/** A solicitud with captive options that fit it. */
const captiveArb = fc
  .tuple(
    solicitudArb.map((s) => ({ ...s, plazo: Math.max(2, Math.min(s.plazo, 120)) })),
    fc.record({
      promo: fc.option(fc.integer({ min: 1, max: 24 }), { nil: undefined }),
      deferral: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
      months: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 3 }), { nil: undefined }),
      share: fc.integer({ min: 1, max: 50 }),
      charge: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: undefined }),
      life: fc.option(fc.integer({ min: 1, max: 2_000 }), { nil: undefined }),
      unemployment: fc.option(fc.integer({ min: 1, max: 2_000 }), { nil: undefined }),
    }),
  )
  .map(([solicitud, x]) => {
    const principal = cents(solicitud.montoSolicitado);
    const options: CreditOptions = {
      ...(x.promo === undefined ? {} : { promotions: [{ periods: Math.min(x.promo, solicitud.plazo), tasa: '0' }] }),
      ...(x.deferral === undefined ? {} : { deferral: { periods: x.deferral } }),
      ...(x.months === undefined
        ? {}
        : { anualidades: [{ amount: (Math.max(1, Math.floor((principal * x.share) / 1000)) / 100).toFixed(2), months: x.months }] }),
      ...(x.charge === undefined ? {} : { periodicCharges: [{ amount: (x.charge / 100).toFixed(2) }] }),
      ...(x.life === undefined && x.unemployment === undefined
        ? {}
        : {
            balanceInsurance: {
              ...(x.life === undefined ? {} : { lifePerThousand: (x.life / 1000).toFixed(3) }),
              ...(x.unemployment === undefined ? {} : { unemploymentPerThousand: (x.unemployment / 1000).toFixed(3) }),
            },
          }),
    };
    return { solicitud, options };
  });

/** The quote, or undefined for the refusals a random case may meet (months without a payment, the ceiling, the anualidades' total). */
function quoted(solicitud: CreditRequest, options: CreditOptions): CreditResult | undefined {
  try {
    return quoteCredit(solicitud, options);
  } catch (error) {
    expect((error as QuoteError).codigoError).toBe('ERRNEG001');
    return undefined;
  }
}

describe('captive structures: properties over random credits', () => {
  it('every row identity holds; the capital amortizes the balance the table opens with', () => {
    fc.assert(
      fc.property(captiveArb, ({ solicitud, options }) => {
        const r = quoted(solicitud, options);
        fc.pre(r !== undefined);
        // An anualidad may pay the balance off before the last payment (docs/conventions.md): then it ends the table.
        const last = r!.registros.at(-1)!;
        if (r!.registros.length < solicitud.plazo) expect(cents(last.abonoCapital)).toBeGreaterThanOrEqual(cents(last.saldoCapital));
        expect(r!.registros.length).toBeLessThanOrEqual(solicitud.plazo);
        expect(rowViolations(r!, cents(r!.registros[0]!.saldoCapital))).toEqual([]);
        if (options.deferral === undefined) expect(r!.registros[0]!.saldoCapital).toBe(solicitud.montoSolicitado);
      }),
      { numRuns: 150 },
    );
  });

  it('anualidades lower the level payment; charges and insurance leave the loan’s own columns alone', () => {
    fc.assert(
      fc.property(captiveArb, ({ solicitud, options }) => {
        const { anualidades, periodicCharges: _charges, balanceInsurance: _insurance, ...loanOnly } = options;
        const r = quoted(solicitud, options);
        fc.pre(r !== undefined);
        const bare = quoteCredit(solicitud, anualidades === undefined ? loanOnly : { ...loanOnly, anualidades });
        const columns = (q: CreditResult) => q.registros.map((row) => [row.saldoCapital, row.abonoCapital, row.interesAmortizacion]);
        expect(columns(r!)).toEqual(columns(bare));
        // pagoMensual of `bare` is its level payment without the anualidad (no charges there).
        if (anualidades !== undefined)
          expect(cents(bare.pagoMensual)).toBeLessThanOrEqual(cents(quoteCredit(solicitud, loanOnly).pagoMensual));
      }),
      { numRuns: 100 },
    );
  });

  it('empty captive options leave the quote as it was', () => {
    fc.assert(
      fc.property(solicitudArb, (solicitud) => {
        const empty = { anualidades: [], promotions: [], periodicCharges: [] };
        expect(quoteCredit(solicitud, empty)).toEqual(quoteCredit(solicitud));
      }),
      { numRuns: 30 },
    );
  });
});
