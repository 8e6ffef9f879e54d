/**
 * A CAT you can prove (issue 22): `explainCat` and `explainCatFlows`. Every figure is checked
 * against decimal.js at 80 digits (a second implementation of the powers), the sums against the
 * figures, the signs at the tenth's boundaries against the published tenth; the explained flows
 * are the quote's own (its table's capital and interest, its disbursement); and the published
 * vectors of docs/cat.md are reproduced.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeCat,
  explainCat,
  explainCatFlows,
  quoteCredit,
  QuoteError,
  type CatProof,
  type CreditRequest,
  type PresentValueColumn,
} from '../../src/entry/index.js';
import { cents, solicitudArb } from '../helpers.js';

const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -9e15, toExpPos: 9e15 });

/** A fraction "a/b" or a decimal text as decimal.js. */
const value = (text: string): Decimal =>
  text.includes('/') ? new D(text.split('/')[0] as string).div(text.split('/')[1] as string) : new D(text);

/** decimal.js's figures for a column: factors to `digits` significant digits, present values to `decimals`, half away from zero. */
function checkColumn(proof: CatProof, column: PresentValueColumn | undefined): void {
  if (column === undefined) return;
  const c = new D(1).plus(column.rate);
  let exact = new D(0);
  let shown = new D(0);
  proof.flows.forEach((flow, j) => {
    const factor = c.pow(value(flow.years).neg());
    const amount = new D(flow.amount).mul(flow.kind === 'disbursement' ? -1 : 1);
    expect(column.discountFactors[j]).toBe(factor.toPrecision(column.digits, Decimal.ROUND_HALF_UP));
    const pv = amount.mul(factor);
    expect(column.presentValues[j]).toBe(pv.toFixed(column.decimals, Decimal.ROUND_HALF_UP));
    exact = exact.plus(pv);
    shown = shown.plus(column.presentValues[j] as string);
  });
  expect(column.sum).toBe(shown.toFixed(column.decimals));
  const n = proof.flows.filter((f) => Number(f.amount) !== 0).length;
  expect(column.bound).toBe(
    new D(n)
      .mul(5)
      .div(new D(10).pow(column.decimals + 1))
      .toFixed(column.decimals + 1),
  );
  expect(exact.minus(shown).abs().lte(column.bound)).toBe(true);
  if (exact.abs().gt(new D(10).pow(-60))) expect(column.sign).toBe(exact.isPositive() ? 1 : -1);
  if (column.decidedBy === 'figures') expect(shown.abs().gt(column.bound)).toBe(true);
}

/** The published tenth holds: PV ≥ 0 at the lower boundary, < 0 at the upper (decreasing PV, one sign change). */
function checkProof(proof: CatProof): void {
  expect(proof.holds).toBe(true);
  const tenths = Number(proof.percent.replace('.', ''));
  expect(proof.boundaries).toEqual({
    lower: new D(2 * tenths - 1).div(20).toFixed(),
    upper: new D(2 * tenths + 1).div(20).toFixed(),
  });
  expect(proof.lower?.rate).toBe(tenths <= -1000 ? undefined : new D(2 * tenths - 1).div(2000).toFixed());
  expect(proof.upper.rate).toBe(new D(2 * tenths + 1).div(2000).toFixed());
  if (proof.signChanges === 1 && proof.flows[0]?.kind === 'disbursement') {
    expect(proof.lower?.sign ?? 1).toBeGreaterThanOrEqual(0);
    expect(proof.upper.sign).toBe(-1);
  }
}

describe('explainCat: the quote’s own flows, every figure correctly rounded', () => {
  it('random quotes: the flows are the table’s, the percent the quote’s, the figures decimal.js’s, the proof holds', () => {
    fc.assert(
      fc.property(
        solicitudArb.filter((s) => s.plazo <= 60),
        fc.constantFrom('periods', 'days360', 'days365', 'actual365'),
        (s, catTimeBasis) => {
          const options = { conventions: { catTimeBasis } as const, digits: 14 };
          const quote = quoteCredit(s, options);
          const e = explainCat(s, options);
          expect(e.percent).toBe(quote.cat);
          // t = 0: the amount financed less the commission (no other charge in these solicitudes).
          const commission = cents(e.charges[0]?.amount ?? '');
          expect(cents(e.disbursement.amount)).toBe(cents(quote.montoSolicitado) - commission);
          expect(e.flows[0]).toMatchObject({ kind: 'disbursement', index: 0, amount: e.disbursement.amount, years: '0' });
          // Payment k: capital + interest of row k, at its time under the basis.
          quote.registros.forEach((row, k) => {
            const flow = e.flows[k + 1];
            expect(cents(flow?.amount ?? '')).toBe(cents(row.abonoCapital) + cents(row.interesAmortizacion));
            expect(e.payments[k]).toEqual({
              capital: row.abonoCapital,
              interest: row.interesAmortizacion,
              insurance: '0.00',
              charges: '0.00',
            });
          });
          expect(e.signChanges).toBe(1);
          checkProof(e);
          for (const column of [e.atRate, e.lower, e.upper]) checkColumn(e, column);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('what enters and what does not: IVA, the commission at t = 0, insurance up front and in the payments, the dealer’s subsidy', () => {
    const base: CreditRequest = {
      fechaApertura: '2026-01-31',
      montoSolicitado: '100000.00',
      valorFactura: '150000.00',
      tasa: '18',
      plazo: 12,
      comisiones: '2',
      importeCatSegVida: '1500.00',
      indSeguro: 1,
      importeSeguros: '1200.00',
      plazoSeguro: 12,
    };
    const options = {
      promotions: [{ periods: 3, tasa: '0' }],
      periodicCharges: [{ amount: '100.00' }],
      conventions: { externalInsuranceInCat: false },
    };
    const e = explainCat(base, options);
    const byItem = Object.fromEntries(e.charges.map((c) => [c.item, [c.field, c.amount, c.entered, c.reason]]));
    expect(byItem).toEqual({
      commission: ['comisiones', '2000.00', 'atOpening', 'netAtOpening'],
      commissionVat: ['comisiones', '320.00', 'no', 'iva'],
      upfrontLifeInsurance: ['importeCatSegVida', '1500.00', 'atOpening', 'requiredInsurance'],
      externalInsurance: ['importeSeguros', '1200.00', 'no', 'externalInsuranceExcluded'],
      interestVat: ['iva', byItem.interestVat?.[1], 'no', 'iva'],
      periodicCharges: ['options.periodicCharges', '1200.00', 'inPayments', 'periodicCharge'],
      periodicChargesVat: ['options.periodicCharges', '192.00', 'no', 'iva'],
      dealerSubsidy: ['options.promotions', byItem.dealerSubsidy?.[1], 'no', 'notPaidByBorrower'],
    });
    const quote = quoteCredit({ ...base, generaTablaPagos: true }, options);
    // impIVAInteresTotal is the IVA column: the interest's and the periodic charges'.
    expect(cents(byItem.interestVat?.[1] as string) + 19_200).toBe(cents(quote.impIVAInteresTotal));
    expect(e.disbursement).toEqual({
      amountFinanced: '100000.00',
      netted: [
        { field: 'comisiones', amount: '2000.00' },
        { field: 'importeCatSegVida', amount: '1500.00' },
        { field: 'importeCatSegDanio', amount: '0.00' },
        { field: 'informacionSeguro', amount: '0.00' },
      ],
      amount: '96500.00',
    });
    // Each payment: capital + interest + the periodic charge without IVA; the external insurance left out.
    quote.registros.forEach((row, k) => {
      expect(e.payments[k]).toEqual({ capital: row.abonoCapital, interest: row.interesAmortizacion, insurance: '0.00', charges: '100.00' });
      expect(row.seguroDanos).toBe('100.00');
    });
    // The same with the external insurance in the CAT (the default): in each payment's insurance.
    const inCat = explainCat(base, { ...options, conventions: {} });
    expect(inCat.payments[0]?.insurance).toBe('100.00');
    expect(inCat.charges.find((c) => c.item === 'externalInsurance')).toMatchObject({ entered: 'inPayments', reason: 'requiredInsurance' });
    expect(Number(inCat.percent)).toBeGreaterThan(Number(e.percent));
  });

  it('refuses what the quote refuses, with the same error; digits are checked', () => {
    const consumed = {
      fechaApertura: '2026-01-31',
      montoSolicitado: '10000.00',
      valorFactura: '20000.00',
      plazo: 12,
      importeCatSegVida: '10000.00',
    };
    const error = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return [(e as QuoteError).codigoError, (e as QuoteError).valorIncorrecto];
      }
      return undefined;
    };
    expect(error(() => explainCat(consumed))).toEqual(['ERRNEG001', 'importeCatSegVida']);
    const fine = { ...consumed, importeCatSegVida: '100.00' };
    expect(error(() => explainCat(fine, { digits: 5 }))).toEqual(['ERRESQ004', 'digits']);
    expect(error(() => explainCat(fine, { digits: 61 }))).toEqual(['ERRESQ004', 'digits']);
    expect(error(() => explainCat(fine, { digits: 12.5 }))).toEqual(['ERRESQ005', 'digits']);
    expect(error(() => explainCatFlows({ disbursements: [{ time: 0, amount: '1.00' }], payments: [] }))).toEqual(['ERRNEG001', 'flows']);
  });

  it('interest that rounds to nothing: CAT 0.0 at the rate 0, the flows balance', () => {
    const e = explainCat({
      fechaApertura: '2026-01-31',
      montoSolicitado: '0.22',
      valorFactura: '20000.00',
      tasa: '74',
      plazo: 978,
      periodicidad: 'D',
    });
    expect([e.percent, e.rate, e.rule, e.atRate.sum, e.atRate.sign]).toEqual(['0.0', '0', 'zero', `0.${'0'.repeat(20)}`, 0]);
    expect([e.boundaries, e.lower.sign, e.upper.sign, e.holds]).toEqual([{ lower: '-0.05', upper: '0.05' }, 1, -1, true]);
  });
});

describe('explainCatFlows: what computeCat answers, proven', () => {
  it('random loan-like flows at decimal times: computeCat’s answer, every figure decimal.js’s', () => {
    const flows = fc.record({
      amount: fc.integer({ min: 1_000, max: 10_000_000 }),
      payments: fc.array(fc.tuple(fc.integer({ min: 1, max: 4000 }), fc.integer({ min: 1, max: 1_000_000 })), {
        minLength: 1,
        maxLength: 12,
      }),
    });
    fc.assert(
      fc.property(flows, ({ amount, payments }) => {
        const input = {
          disbursements: [{ time: 0, amount: (amount / 100).toFixed(2) }],
          payments: payments.map(([t, a]) => ({ time: (t / 1000).toString(), amount: (a / 100).toFixed(2) })),
        };
        let proof: CatProof;
        try {
          proof = explainCatFlows(input, { digits: 16 });
        } catch {
          expect(() => computeCat(input)).toThrow(QuoteError);
          return;
        }
        expect([proof.percent, proof.rate]).toEqual([computeCat(input).percent, computeCat(input).rate]);
        checkProof(proof);
        for (const column of [proof.atRate, proof.lower, proof.upper]) checkColumn(proof, column);
      }),
      { numRuns: 40 },
    );
  });

  it('a root in (−100 %, −99.95 %]: −100.0, the lower boundary below −100 % left out, the limit’s sign instead', () => {
    const proof = explainCatFlows({ disbursements: [{ time: 0, amount: '10.00' }], payments: [{ time: '0.008', amount: '9.29' }] });
    expect([proof.percent, proof.lower, proof.limitSign, proof.upper.sign, proof.holds]).toEqual(['-100.0', undefined, 1, -1, true]);
  });

  it('a root exactly on a boundary: zero exactly there, decided by exact arithmetic, rounded away from zero', () => {
    // 1,105.50 a year after 1,000.00: exactly 10.55 %, published 10.6.
    const proof = explainCatFlows({ disbursements: [{ time: 0, amount: '1000.00' }], payments: [{ time: 1, amount: '1105.50' }] });
    expect([proof.percent, proof.boundaries.lower, proof.lower?.sign, proof.lower?.decidedBy, proof.holds]).toEqual([
      '10.6',
      '10.55',
      0,
      'exact',
      true,
    ]);
    expect(proof.upper).toMatchObject({ sign: -1, decidedBy: 'figures' });
  });

  it('several sign changes: counted, and the sign change between the boundaries shown', () => {
    // docs/cat.md's two close roots (issue 13): disbursements at 1 and 3, payments at 0 and 2.
    const proof = explainCatFlows({
      disbursements: [
        { time: 1, amount: '2300.00' },
        { time: 3, amount: '1404.00' },
      ],
      payments: [
        { time: 0, amount: '1000.00' },
        { time: 2, amount: '2704.00' },
      ],
    });
    expect(proof.signChanges).toBe(3);
    expect(proof.percent).toBe(
      computeCat({
        disbursements: [
          { time: 1, amount: '2300.00' },
          { time: 3, amount: '1404.00' },
        ],
        payments: [
          { time: 0, amount: '1000.00' },
          { time: 2, amount: '2704.00' },
        ],
      }).percent,
    );
    expect((proof.lower?.sign ?? 0) * proof.upper.sign).toBe(-1);
    expect(proof.holds).toBe(true);
  });
});

describe('explainCatFlows: two roots within one tenth (found by the oracle’s hunt)', () => {
  it('the same sign at both boundaries: holds is false, the figures still decimal.js’s', () => {
    const flows = {
      disbursements: [{ time: '1.0', amount: '316637312604000000.00' }],
      payments: [
        { time: '0.0', amount: '66800000000000000.00' },
        { time: '2.0', amount: '375221510865227493.28' },
      ],
    };
    const proof = explainCatFlows(flows, { digits: 12 });
    expect(proof.percent).toBe(computeCat(flows).percent);
    expect(proof.signChanges).toBe(2);
    expect([proof.lower?.sign, proof.upper.sign, proof.holds]).toEqual([proof.upper.sign, proof.upper.sign, false]);
    for (const column of [proof.lower, proof.upper]) checkColumn(proof, column);
  });
});

describe('the published vectors of docs/cat.md, through explainCat', () => {
  // The disclosures of issue 22: a CAT stated for a loan without fees, weekly or monthly.
  const disclosures = [
    { cat: '116.9', montoSolicitado: '3576.00', tasa: '78', plazo: 16, periodicidad: 'S', perYear: 52 },
    { cat: '114.8', montoSolicitado: '6007.00', tasa: '77', plazo: 11, periodicidad: 'S', perYear: 52 },
    { cat: '121.0', montoSolicitado: '10000.00', tasa: '82', plazo: 12, periodicidad: 'M', perYear: 12 },
  ] as const;
  const explain = (d: (typeof disclosures)[number], catTimeBasis: 'periods' | 'days360' | 'days365') =>
    explainCat(
      {
        fechaApertura: '2026-01-05',
        montoSolicitado: d.montoSolicitado,
        valorFactura: '100000.00',
        tasa: d.tasa,
        plazo: d.plazo,
        periodicidad: d.periodicidad,
      },
      { conventions: { interestBasis: 'perYear', catTimeBasis }, digits: 12 },
    );

  it.each(disclosures)('$cat % on $montoSolicitado over $plazo payments at $tasa %: reproduced with time in periods, and shown so', (d) => {
    const e = explain(d, 'periods');
    expect(e.percent).toBe(d.cat);
    expect(e.timeBasis).toEqual({ basis: 'periods', period: `1/${d.perYear}` });
    expect(e.flows.map((f) => f.years)).toEqual(['0', ...Array.from({ length: d.plazo }, (_, k) => `${k + 1}/${d.perYear}`)]);
    // Without fees the CAT is the periodic rate compounded; the table's cents move it past the tenth only.
    const compounded = new D(1)
      .plus(new D(d.tasa).div(100 * d.perYear))
      .pow(d.perYear)
      .minus(1);
    expect(compounded.mul(100).toFixed(1, Decimal.ROUND_HALF_UP)).toBe(d.cat);
    expect(e.disbursement.amount).toBe(d.montoSolicitado);
    expect(e.charges.filter((c) => c.entered !== 'no').every((c) => c.amount === '0.00')).toBe(true);
    checkProof(e);
    for (const column of [e.atRate, e.lower, e.upper]) checkColumn(e, column);
    expect(e.rule).toBe('positiveRoot');
  });

  it.each(disclosures)('$cat %: no other time basis reproduces it where the basis differs from periods', (d) => {
    const days365 = explain(d, 'days365');
    expect(days365.percent).not.toBe(d.cat);
    expect(days365.timeBasis.basis).toBe('days365');
    checkProof(days365);
    const days360 = explain(d, 'days360');
    // 30/360 is 1/12: monthly, days360 and periods are the same times.
    if (d.periodicidad === 'M') expect(days360.percent).toBe(d.cat);
    else expect(days360.percent).not.toBe(d.cat);
  });

  it('the reference vector (51.5 %) and its weekly readings (81.6, 80.4, 81.9 %)', () => {
    const reference = explainCat(
      {
        fechaApertura: '2026-01-01',
        montoSolicitado: '10000.00',
        valorFactura: '20000.00',
        tasa: '37',
        plazo: 4,
        periodicidad: 'Q',
        comisiones: '0.5',
      },
      { digits: 16 },
    );
    // The reference's figures: 9,950.00 received; 2,588.09, 2,594.10, 2,600.21, 2,606.43 at k/24.
    expect(reference.flows.map((f) => [f.amount, f.years])).toEqual([
      ['9950.00', '0'],
      ['2588.09', '1/24'],
      ['2594.10', '2/24'],
      ['2600.21', '3/24'],
      ['2606.43', '4/24'],
    ]);
    expect(reference.percent).toBe('51.5');
    checkProof(reference);
    for (const column of [reference.atRate, reference.lower, reference.upper]) checkColumn(reference, column);
    const weekly = {
      fechaApertura: '2026-01-01',
      montoSolicitado: '10000.00',
      valorFactura: '20000.00',
      tasa: '60',
      plazo: 52,
      periodicidad: 'S',
      iva: 0,
    } as const;
    const readings = (['periods', 'days360', 'days365'] as const).map((catTimeBasis) => {
      const e = explainCat(weekly, { conventions: { interestBasis: 'perYear', catTimeBasis }, digits: 12 });
      checkProof(e);
      checkColumn(e, e.lower);
      checkColumn(e, e.upper);
      return [e.percent, e.flows[1]?.years];
    });
    expect(readings).toEqual([
      ['81.6', '1/52'],
      ['80.4', '7/360'],
      ['81.9', '7/365'],
    ]);
  });
});
