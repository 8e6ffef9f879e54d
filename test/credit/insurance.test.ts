import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuoteError, quoteCredit, type CreditOptions, type CreditRequest, type CreditResult } from '../../src/entry/index.js';
import { quotePolicy } from '../../src/entry/insurance.js';
import { INSURED_PACKAGE as info, cents, rowViolations } from '../helpers.js';

const base: CreditRequest = {
  fechaApertura: '2026-01-31',
  montoSolicitado: '280000.00',
  valorFactura: '350000.00',
  tasa: '13.50',
  plazo: 48,
  periodicidad: 'M',
  comisiones: '2.00',
  generaTablaPagos: true,
  informacionSeguro: info,
};

const policyFor = (plazoFinanciado: number) =>
  quotePolicy(
    {
      idPaquete: 1,
      idAseguradora: 1,
      cveEntidadFederativa: 9,
      idTipoUnidad: 1,
      idUsoAutomovil: 1,
      idClaveVehiculo: 1001,
      modelo: 2026,
      idAgencia: 77,
      montoSumaAsegurada: '350000.00',
      enganche: '70000.00',
      plazoFinanciado,
      codigoPostal: '03100',
      idVigencia: 2,
    },
    { fechaInicio: '2026-01-31' },
  ).listaSeguroAuto[0]!;

/**
 * The debtor-life premium on a monthly table's own balances, worked from the rows: the balance at
 * the start of month m is row m + 1's saldoCapital, so Σ balances × rate‰, rounded half-up.
 */
function lifeOnRows(result: CreditResult, monthlyRatePerThousand: number, months = result.registros.length): number {
  const balances = result.registros.slice(0, months).reduce((sum, row) => sum + BigInt(cents(row.saldoCapital)), 0n);
  // rate‰ as an integer over 10^4 (0.55 → 5500 / 10^4), then / 1000
  const scaled = balances * BigInt(Math.round(monthlyRatePerThousand * 10_000));
  const den = 10_000_000n;
  return Number((scaled * 2n + den) / (2n * den));
}

/** The code, the field and the message id of what `quoteCredit` throws. */
function failure(s: CreditRequest, options: CreditOptions = {}): [string, string | undefined, string | undefined] {
  try {
    quoteCredit(s, options);
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    const e = error as QuoteError;
    return [e.codigoError, e.valorIncorrecto, e.messageId];
  }
  throw new Error('did not throw');
}

describe('quoteCredit with insurance (tipoSeguro 1 and 2)', () => {
  it('paid up front: the premium and the life insurance add to the total and enter the CAT at t = 0', () => {
    const plain = quoteCredit({ ...base, tipoSeguro: 0 });
    const upfront = quoteCredit({ ...base, tipoSeguro: 1 });
    const offer = policyFor(48);
    // The damage premium is the policy's; the life premium is Alfa's 0.55‰ on the table's balances.
    expect(cents(upfront.totalPagar) - cents(plain.totalPagar)).toBe(cents(offer.primaTotal) + lifeOnRows(plain, 0.55));
    expect(upfront.registros).toEqual(plain.registros);
    expect(Number(upfront.cat)).toBeGreaterThan(Number(plain.cat));
  });

  it('financed: the premium is amortized in seguroDanos at the credit rate, life spread in seguroVida', () => {
    const plain = quoteCredit({ ...base, tipoSeguro: 0 });
    const financed = quoteCredit({ ...base, tipoSeguro: 2 });
    const offer = policyFor(48);
    expect(rowViolations(financed, 28_000_000)).toEqual([]);
    const life = financed.registros.reduce((sum, r) => sum + cents(r.seguroVida), 0);
    expect(life).toBe(lifeOnRows(plain, 0.55));
    const damage = financed.registros.reduce((sum, r) => sum + cents(r.seguroDanos), 0);
    // Financing at 13.5 % + IVA costs more than the premium itself.
    expect(damage).toBeGreaterThan(cents(offer.primaTotal));
    expect(Number(financed.cat)).toBeGreaterThan(Number(plain.cat));
    expect(cents(financed.totalPagar)).toBeGreaterThan(cents(plain.totalPagar));
  });

  it('a financed premium raises the CAT and the total for any term and rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 12, max: 72 }), fc.integer({ min: 500, max: 3000 }), (plazo, bp) => {
        const s = { ...base, plazo, tasa: (bp / 100).toFixed(2) };
        const plain = quoteCredit({ ...s, tipoSeguro: 0 });
        const financed = quoteCredit({ ...s, tipoSeguro: 2 });
        expect(Number(financed.cat)).toBeGreaterThanOrEqual(Number(plain.cat));
        expect(cents(financed.totalPagar)).toBeGreaterThan(cents(plain.totalPagar));
      }),
      { numRuns: 75 },
    );
  });

  it('requires informacionSeguro and one chosen offer, naming the credit fields', () => {
    const fail = (s: CreditRequest): [string, string | undefined] => {
      try {
        quoteCredit(s);
      } catch (error) {
        expect(error).toBeInstanceOf(QuoteError);
        return [(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto];
      }
      throw new Error('did not throw');
    };
    const { informacionSeguro, ...noInfo } = base;
    void informacionSeguro;
    expect(fail({ ...noInfo, tipoSeguro: 2 })).toEqual(['ERRESQ006', 'informacionSeguro']);
    expect(fail({ ...base, tipoSeguro: 1, informacionSeguro: { ...info, idPaquete: 0 } })).toEqual([
      'ERRESQ006',
      'informacionSeguro.idPaquete',
    ]);
    const { idAseguradora, ...anyInsurer } = info;
    void idAseguradora;
    expect(fail({ ...base, tipoSeguro: 1, informacionSeguro: anyInsurer })).toEqual(['ERRNEG001', 'informacionSeguro.idAseguradora']);
    expect(fail({ ...base, tipoSeguro: 1, informacionSeguro: { ...info, idAgencia: 999 } })).toEqual([
      'ERRNEG001',
      'informacionSeguro.idAgencia',
    ]);
    expect(fail({ ...base, tipoSeguro: 1, informacionSeguro: { ...info, modelo: '2026' as never } })).toEqual([
      'ERRESQ005',
      'informacionSeguro.modelo',
    ]);
  });

  // The package is priced on a risk built from the validated solicitud; what the insurance engine
  // refuses keeps its code and message and is blamed on the credit's own field.
  it.each([
    [
      'idClaveVehiculo → idAgencia',
      { informacionSeguro: { ...info, idAgencia: 999 } },
      {},
      'ERRNEG001',
      'informacionSeguro.idAgencia',
      'vehiculoDesconocido',
    ],
    [
      'montoSumaAsegurada → valorFactura',
      { valorFactura: '99000000.00', montoSolicitado: '1000.00' },
      {},
      'ERRNEG001',
      'valorFactura',
      'sumaAseguradaMaxima',
    ],
    ['plazoFinanciado → plazo', { plazo: 120 }, {}, 'ERRNEG001', 'plazo', 'multianualMaximo'],
    ['modelo', { informacionSeguro: { ...info, modelo: 1990 } }, {}, 'ERRNEG001', 'informacionSeguro.modelo', 'unidadAntigua'],
    [
      'plazoMeses',
      { informacionSeguro: { ...info, idVigencia: 1, plazoMeses: 13 } },
      {},
      'ERRNEG001',
      'informacionSeguro.plazoMeses',
      'polizaAnualMaximo',
    ],
    [
      'enganche',
      { informacionSeguro: { ...info, enganche: '400000.00' } },
      {},
      'ERRNEG001',
      'informacionSeguro.enganche',
      'engancheExcedeSuma',
    ],
    ['fechaInicio', {}, { fechaInicio: '2026-02-30' }, 'ERRESQ005', 'fechaInicio', 'fechaInicioInvalida'],
    ['lifeBalances', {}, { policy: { lifeBalances: ['x'] } }, 'ERRESQ005', 'informacionSeguro.lifeBalances[0]', 'saldoInvalido'],
  ])('%s: the engine’s refusal is blamed on the credit’s field', (_, change, options, code, field, messageId) => {
    expect(failure({ ...base, tipoSeguro: 1, ...change }, options)).toEqual([code, field, messageId]);
  });

  it('a term longer than a policy request finances (999 months) is refused on plazo, as the policy request’s schema refuses it', () => {
    const annual = { A: { name: 'anual', perYear: 1, days: 360, step: { unit: 'months' as const, count: 12 } } };
    const s = { ...base, periodicidad: 'A', informacionSeguro: { ...info, idVigencia: 1 } };
    // 83 years are 996 months: quoted; 84 are 1008.
    expect(quoteCredit({ ...s, tipoSeguro: 1, plazo: 83 }, { conventions: { periodicities: annual } }).plazo).toBe(83);
    for (const tipoSeguro of [1, 2]) {
      expect(failure({ ...s, tipoSeguro, plazo: 84 }, { conventions: { periodicities: annual } })).toEqual([
        'ERRESQ004',
        'plazo',
        'rangoInvalido',
      ]);
    }
  });

  it('the policy start defaults to the opening date and can be overridden', () => {
    const a = quoteCredit({ ...base, tipoSeguro: 1 });
    const b = quoteCredit({ ...base, tipoSeguro: 1 }, { fechaInicio: '2026-01-31' });
    expect(a).toEqual(b);
  });
});

describe('insurance in the payments when a prepayment ends the table early', () => {
  const settled = { prepayments: [{ period: 10, amount: '999999.00' }] };
  it('tipoSeguro 2: the last row carries the installment and the financed premium’s balance; the life premium’s rest', () => {
    const full = quoteCredit({ ...base, tipoSeguro: 2 });
    const early = quoteCredit({ ...base, tipoSeguro: 2 }, settled);
    expect(early.registros).toHaveLength(10);
    expect(rowViolations(early, 28_000_000)).toEqual([]);
    // The life premium is priced on the table as planned (ten months of balance, then none) and
    // not forgiven: Σ seguroVida is all of it.
    const sum = (r: typeof full, column: 'seguroVida' | 'seguroDanos') => r.registros.reduce((t, x) => t + cents(x[column]), 0);
    expect(sum(early, 'seguroVida')).toBe(lifeOnRows(early, 0.55));
    expect(sum(early, 'seguroVida')).toBeLessThan(sum(full, 'seguroVida'));
    // The damage premium is settled at its balance: less than the sum of every installment (no future interest), more than the first ten.
    const firstTen = full.registros.slice(0, 10).reduce((t, x) => t + cents(x.seguroDanos), 0);
    expect(sum(early, 'seguroDanos')).toBeGreaterThan(firstTen);
    expect(sum(early, 'seguroDanos')).toBeLessThan(sum(full, 'seguroDanos'));
  });
  it('indSeguro 1: the rest of the external premium is charged with the last row, and the CAT counts it', () => {
    const external = { ...base, informacionSeguro: undefined, indSeguro: 1, plazoSeguro: 24, importeSeguros: '24000.00' };
    const early = quoteCredit(external, settled);
    expect(early.registros).toHaveLength(10);
    expect(rowViolations(early, 28_000_000)).toEqual([]);
    expect(early.registros.reduce((t, x) => t + cents(x.seguroDanos), 0)).toBe(2_400_000);
    const withoutInCat = quoteCredit(external, { ...settled, conventions: { externalInsuranceInCat: false } });
    expect(Number(withoutInCat.cat)).toBeLessThan(Number(early.cat));
  });
});
