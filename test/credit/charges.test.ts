import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { readFileSync } from 'node:fs';
import { creditOpeningCharges, quoteCredit } from '../../src/quotes/quoteCredit.js';
import type { CreditRequest } from '../../src/contracts/credit.js';
import type { QuoteError } from '../../src/errors/quoteError.js';
import { INSURED_PACKAGE as info, cents, solicitudArb } from '../helpers.js';

const example = (name: string): CreditRequest =>
  (JSON.parse(readFileSync(`examples/${name}`, 'utf8')) as { solicitud: CreditRequest }).solicitud;

/** round(a × b) half-up to the cent, in decimal.js: the oracle for the commission and its VAT. */
const halfUp = (value: Decimal.Value, times: Decimal.Value): number =>
  new Decimal(value).mul(times).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/** Random solicitudes with required insurance up front, and the insurer's package paid at opening or financed. */
const chargedArb = fc
  .tuple(
    solicitudArb.filter((s) => s.plazo <= 120),
    fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: undefined }),
    fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: undefined }),
    fc.constantFrom(0, 1, 2),
  )
  .map(
    ([s, life, damage, tipoSeguro]): CreditRequest => ({
      ...s,
      fechaApertura: '2026-01-31',
      ...(life === undefined ? {} : { importeCatSegVida: (life / 100).toFixed(2) }),
      ...(damage === undefined ? {} : { importeCatSegDanio: (damage / 100).toFixed(2) }),
      ...(tipoSeguro === 0 ? {} : { tipoSeguro, informacionSeguro: info, valorFactura: '350000.00', montoSolicitado: '280000.00' }),
    }),
  );

describe('creditOpeningCharges', () => {
  it('itemizes autoestrene.json: commission, its VAT and life insurance up front', () => {
    const charges = creditOpeningCharges(example('autoestrene.json'));
    expect(charges).toEqual({
      commissionBase: '292000.00',
      commissionPercent: '2.00',
      commission: '5840.00',
      commissionVatPercent: 16,
      commissionVat: '934.40',
      upfrontLifeInsurance: '2800.00',
      upfrontDamageInsurance: '0.00',
      policyDamagePremium: '0.00',
      policyLifePremium: '0.00',
      total: '9574.40',
    });
  });

  it('takes the commission VAT convention into account', () => {
    const charges = creditOpeningCharges(example('autoestrene.json'), { conventions: { commissionVat: false } });
    expect([charges.commissionVat, charges.commissionVatPercent, charges.total]).toEqual(['0.00', 0, '8640.00']);
  });

  it('items add up exactly to totalPagar − importePago; commission and VAT are rounded half-up to the cent', () => {
    fc.assert(
      fc.property(chargedArb, (s) => {
        let r: ReturnType<typeof quoteCredit>;
        try {
          r = quoteCredit(s);
        } catch (error) {
          // Fails exactly when the quote fails, with the same error, but for a CAT above its
          // ceiling: the charges do not depend on the CAT.
          const e = error as QuoteError;
          let refused: QuoteError | undefined;
          try {
            creditOpeningCharges(s);
          } catch (chargesError) {
            refused = chargesError as QuoteError;
          }
          if (e.messageId?.startsWith('catTecho') === true) expect(refused).toBeUndefined();
          else
            expect([refused?.codigoError, refused?.valorIncorrecto, refused?.mensaje]).toEqual([
              e.codigoError,
              e.valorIncorrecto,
              e.mensaje,
            ]);
          return;
        }
        const c = creditOpeningCharges(s);
        const items = [
          c.commission,
          c.commissionVat,
          c.upfrontLifeInsurance,
          c.upfrontDamageInsurance,
          c.policyDamagePremium,
          c.policyLifePremium,
        ].map(cents);
        expect(items.reduce((a, b) => a + b, 0)).toBe(cents(r.totalPagar) - cents(r.importePago));
        expect(cents(c.total)).toBe(cents(r.totalPagar) - cents(r.importePago));
        expect(cents(c.commission)).toBe(halfUp(cents(c.commissionBase), new Decimal(r.comisiones).div(100)));
        expect(cents(c.commissionVat)).toBe(halfUp(cents(c.commission), new Decimal(r.iva).div(100)));
        expect(c.upfrontLifeInsurance).toBe(r.importeCatSegVida);
        expect(c.upfrontDamageInsurance).toBe(r.importeCatSegDanio);
        if (s.tipoSeguro === 1) expect(cents(c.policyDamagePremium)).toBeGreaterThan(0);
        else expect([c.policyDamagePremium, c.policyLifePremium]).toEqual(['0.00', '0.00']);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what quoteCredit refuses, with the same coded error', () => {
    const bad = { ...example('autoestrene.json'), comisiones: 'x' };
    expect(() => creditOpeningCharges(bad)).toThrowError(
      expect.objectContaining({ codigoError: 'ERRESQ005', valorIncorrecto: 'comisiones' }),
    );
  });
});

describe('a loan the charges at opening consume (issue 22): the error names the charge that tips it over', () => {
  const loan = {
    fechaApertura: '2026-01-31',
    montoSolicitado: '10000.00',
    valorFactura: '20000.00',
    tasa: '13.50',
    plazo: 12,
    periodicidad: 'M',
  } satisfies CreditRequest;
  const refusal = (s: CreditRequest): [string, string | undefined, string | undefined] | 'quoted' => {
    try {
      quoteCredit(s);
      return 'quoted';
    } catch (error) {
      const e = error as QuoteError;
      return [e.codigoError, e.valorIncorrecto, e.messageId];
    }
  };

  it('the issue’s repro: 10,000.00 of life insurance paid up front on a 10,000.00 loan without commission names importeCatSegVida', () => {
    // It named comisiones, a field the request does not even send.
    expect(refusal({ ...loan, importeCatSegVida: '10000.00' })).toEqual(['ERRNEG001', 'importeCatSegVida', 'cargosIniciales']);
  });

  it('each charge in the documented order: commission, life, damage, the insurer’s package at opening', () => {
    expect(refusal({ ...loan, comisiones: '100' })).toEqual(['ERRNEG001', 'comisiones', 'cargosIniciales']);
    // 5,000.00 of commission + 5,000.00 of life: the life insurance reaches the loan.
    expect(refusal({ ...loan, comisiones: '50', importeCatSegVida: '5000.00', importeCatSegDanio: '3000.00' })).toEqual([
      'ERRNEG001',
      'importeCatSegVida',
      'cargosIniciales',
    ]);
    // 9,999.99 before the damage insurance; its cent tips it over, though it is the smallest charge.
    expect(refusal({ ...loan, comisiones: '50', importeCatSegVida: '4999.99', importeCatSegDanio: '0.01' })).toEqual([
      'ERRNEG001',
      'importeCatSegDanio',
      'cargosIniciales',
    ]);
    expect(refusal({ ...loan, importeCatSegDanio: '12000.00' })).toEqual(['ERRNEG001', 'importeCatSegDanio', 'cargosIniciales']);
    // A 100.00 loan of a 350,000.00 car whose package is paid at opening (tipoSeguro 1): the premium is far above it.
    const tiny = {
      ...loan,
      montoSolicitado: '100.00',
      valorFactura: '350000.00',
      tipoSeguro: 1,
      informacionSeguro: { ...info, enganche: '349900.00' },
    };
    expect(refusal(tiny)).toEqual(['ERRNEG001', 'informacionSeguro', 'cargosIniciales']);
  });

  it('over random charges: refused exactly when they reach the amount financed, naming the first that does', () => {
    const arb = fc.record({
      principal: fc.integer({ min: 1, max: 2_000_000 }),
      commission: fc.integer({ min: 0, max: 12_000 }), // hundredths of a percent: 0–120 %
      life: fc.integer({ min: 0, max: 2_500_000 }),
      damage: fc.integer({ min: 0, max: 2_500_000 }),
      withCommission: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, ({ principal, commission, life, damage, withCommission }) => {
        const s: CreditRequest = {
          ...loan,
          montoSolicitado: (principal / 100).toFixed(2),
          valorFactura: ((principal * 2) / 100).toFixed(2),
          ...(withCommission ? { comisiones: (commission / 100).toFixed(2) } : {}),
          importeCatSegVida: (life / 100).toFixed(2),
          importeCatSegDanio: (damage / 100).toFixed(2),
        };
        // Independently: the commission is principal × percent, half-up to the cent.
        const fee = withCommission ? halfUp(principal, new Decimal(commission).div(10_000)) : 0;
        let netted = 0;
        let expected: string | undefined;
        for (const [field, amount] of [
          ['comisiones', fee],
          ['importeCatSegVida', life],
          ['importeCatSegDanio', damage],
        ] as const) {
          netted += amount;
          if (expected === undefined && netted >= principal) expected = field;
        }
        const got = refusal(s);
        if (expected === undefined) expect(got === 'quoted' || got[2] !== 'cargosIniciales').toBe(true);
        else expect(got).toEqual(['ERRNEG001', expected, 'cargosIniciales']);
      }),
      { numRuns: 400 },
    );
  });
});
