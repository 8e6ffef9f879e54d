import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QuoteError,
  localizedMessage,
  quoteCredit,
  type CreditOptions,
  type CreditRequest,
  type CreditResult,
} from '../../src/entry/index.js';
import { cents } from '../helpers.js';

// The issue's credit: 280,000.00 of a 420,000.00 car (down payment 140,000.00), 36 months at
// 13.50 %, Beta's Amplia (debtor life 0.60 per thousand a month), premiums paid up front.
const info = {
  idPaquete: 1,
  idAseguradora: 2,
  cveEntidadFederativa: 9,
  idTipoUnidad: 1,
  idUsoAutomovil: 1,
  idAgencia: 1002,
  numeroAgencia: 4501,
  modelo: 2026,
  enganche: '140000.00',
  codigoPostal: '03100',
};
const issue: CreditRequest = {
  fechaApertura: '2026-01-31',
  montoSolicitado: '280000.00',
  valorFactura: '420000.00',
  tasa: '13.50',
  plazo: 36,
  tipoSeguro: 1,
  generaTablaPagos: true,
  informacionSeguro: info,
};

/** What tipoSeguro 1 adds to the total: the damage and the life premium, cents. */
function upfront(s: CreditRequest, options: CreditOptions = {}): number {
  const insured = quoteCredit(s, options);
  const plain = quoteCredit({ ...s, tipoSeguro: 0 }, options);
  return cents(insured.totalPagar) - cents(plain.totalPagar);
}

/** Σ of the rows' saldoCapital, cents (a monthly table's balance at the start of each month). */
const openingBalances = (r: CreditResult, count = r.registros.length): bigint =>
  r.registros.slice(0, count).reduce((sum, row) => sum + BigInt(cents(row.saldoCapital)), 0n);

/** round½↑(x / d) for non-negative bigints. */
const halfUp = (x: bigint, d: bigint): number => Number((2n * x + d) / (2n * d));

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

describe('the debtor-life premium of tipoSeguro 1 and 2 on the credit’s scheduled balances', () => {
  it('the issue’s vector: 3,342.22 on the table’s balances, 3,108.00 on the straight line', () => {
    // Straight line: 280,000.00 × 0.60‰ × (36 + 1) / 2 = 168.00 × 18.5 = 3,108.00.
    const straight = upfront(issue, { policy: { lifeBalance: 'declining' } });
    const scheduled = upfront(issue);
    expect(scheduled - straight).toBe(334_222 - 310_800);
    // The table's balances: Σ saldoCapital of its 36 rows × 0.60‰, rounded half-up, is the issue's 3,342.22.
    const table = quoteCredit({ ...issue, tipoSeguro: 0 });
    expect(halfUp(openingBalances(table) * 60n, 100_000n)).toBe(334_222);
    // About 7.5 % more than the straight line assumes: a level payment repays little capital early.
    expect(334_222 / 310_800).toBeCloseTo(1.0754, 4);
  });

  it('any monthly credit: the premium is the insurer’s rate on each row’s opening balance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 96 }),
        fc.integer({ min: 0, max: 6_000 }),
        fc.integer({ min: 50_000, max: 300_000 }),
        fc.constantFrom(1, 2, 3),
        (plazo, bp, amountPesos, insurer) => {
          const s: CreditRequest = {
            ...issue,
            plazo,
            tasa: (bp / 100).toFixed(2),
            montoSolicitado: `${amountPesos}.00`,
            valorFactura: `${amountPesos * 2}.00`,
            tipoSeguro: 2,
            informacionSeguro: { ...info, idAseguradora: insurer, enganche: `${amountPesos}.00`, idVigencia: 1 },
          };
          const financed = quoteCredit(s);
          const rate = [0n, 55n, 60n, 45n][insurer] as bigint; // per thousand, × 100 (Alfa 0.55, Beta 0.60, Gamma 0.45)
          const life = financed.registros.reduce((sum, row) => sum + cents(row.seguroVida), 0);
          expect(life).toBe(halfUp(openingBalances(financed) * rate, 100_000n));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a weekly credit: the balance on the first day of each month, after the payments due by then', () => {
    // 8 weekly payments from 2026-01-01 (Jan 8, 15, 22, 29, Feb 5, 12, 19, 26): ⌈8 × 12 / 52⌉ = 2
    // months; on Jan 1 the whole amount, on Feb 1 what is left after the four January payments.
    const s: CreditRequest = { ...issue, fechaApertura: '2026-01-01', periodicidad: 'S', plazo: 8, tipoSeguro: 2 };
    const r = quoteCredit(s);
    const balances = 28_000_000n + BigInt(cents((r.registros[3] as CreditResult['registros'][number]).saldoFin));
    const life = r.registros.reduce((sum, row) => sum + cents(row.seguroVida), 0);
    expect(life).toBe(halfUp(balances * 60n, 100_000n));
  });

  it('prepayments, a balloon and a grace are part of the schedule the premium sees', () => {
    const base = upfront(issue);
    // A balloon keeps the balance high, a grace delays the repayment: both cost more; a prepayment less.
    expect(upfront(issue, { balloon: { percent: '30' } })).toBeGreaterThan(base);
    expect(upfront(issue, { grace: { periods: 6 } })).toBeGreaterThan(base);
    expect(upfront(issue, { prepayments: [{ period: 6, amount: '100000.00' }] })).toBeLessThan(base);
    // 'flat' (the whole amount financed every month) costs more than the scheduled balances.
    expect(upfront(issue, { policy: { lifeBalance: 'flat' } })).toBeGreaterThan(base);
  });

  it('the caller’s own balances or rule still price it when given', () => {
    // 280,000.00 flat for 36 months: 168.00 × 36 = 6,048.00; two given balances: (280,000 + 140,000) × 0.60‰ = 252.00.
    const flat = upfront(issue, { policy: { lifeBalance: 'flat' } });
    const given = upfront(issue, { policy: { lifeBalances: ['280000.00', '140000.00'] } });
    expect(flat - given).toBe(604_800 - 25_200);
    const byConvention = upfront(issue, { policy: { conventions: { lifeBalance: 'flat' } } });
    expect(byConvention).toBe(flat);
  });
});

describe('informacionSeguro.enganche checked against the credit', () => {
  it('within conventions.engancheTolerance (default 1.00) of the price less montoSolicitado', () => {
    for (const enganche of ['139999.00', '140001.00', '140000.37']) {
      expect(quoteCredit({ ...issue, informacionSeguro: { ...info, enganche } }).tipoSeguro).toBe(1);
    }
    for (const enganche of ['139998.99', '140001.01', '84000.00', '0.00', '420000.00']) {
      expect(failure({ ...issue, informacionSeguro: { ...info, enganche } })).toEqual([
        'ERRNEG001',
        'informacionSeguro.enganche',
        'engancheNoCorresponde',
      ]);
    }
  });

  it('tells the down payment it expected, in either language', () => {
    try {
      quoteCredit({ ...issue, informacionSeguro: { ...info, enganche: '84000.00' } });
      throw new Error('did not throw');
    } catch (error) {
      expect((error as QuoteError).mensaje).toBe(
        'El enganche no corresponde al del crédito: el precio menos el monto solicitado es 140000.00 (tolerancia 1.00)',
      );
      expect(localizedMessage(error as QuoteError, 'en')).toBe(
        "The down payment does not match the credit's: the price less the amount requested is 140000.00 (tolerance 1.00)",
      );
    }
  });

  it('the tolerance is a convention: 0 refuses a cent, a wider one accepts the issue’s 84,000.00', () => {
    const cent = { ...issue, informacionSeguro: { ...info, enganche: '140000.01' } };
    expect(failure(cent, { conventions: { engancheTolerance: 0 } })[1]).toBe('informacionSeguro.enganche');
    const far = { ...issue, informacionSeguro: { ...info, enganche: '84000.00' } };
    expect(quoteCredit(far, { conventions: { engancheTolerance: 5_600_000 } }).tipoSeguro).toBe(1);
    for (const engancheTolerance of [-1, 0.5, 100_000_001, '100' as never]) {
      expect(failure(issue, { conventions: { engancheTolerance } }).slice(0, 2)).toEqual(['ERRESQ005', 'conventions.engancheTolerance']);
    }
  });

  it('with facturaConIva 0 the down payment is measured against the price with IVA', () => {
    // Price = 362,068.97 × 1.16 = 420,000.01 (half-up); down payment 140,000.01.
    const s = { ...issue, valorFactura: '362068.97', facturaConIva: 0 };
    expect(
      quoteCredit({ ...s, informacionSeguro: { ...info, enganche: '140000.01' } }, { conventions: { engancheTolerance: 0 } }).facturaConIva,
    ).toBe(0);
    // The down payment without IVA (362,068.97 − 280,000.00 = 82,068.97) is not the credit's.
    expect(failure({ ...s, informacionSeguro: { ...info, enganche: '82068.97' } })[1]).toBe('informacionSeguro.enganche');
  });

  it('what the tariff refuses first is still reported first (an enganche above the sum insured)', () => {
    expect(failure({ ...issue, informacionSeguro: { ...info, enganche: '500000.00' } })).toEqual([
      'ERRNEG001',
      'informacionSeguro.enganche',
      'engancheExcedeSuma',
    ]);
  });
});
