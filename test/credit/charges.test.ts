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
