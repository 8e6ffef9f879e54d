import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReceipts } from '../../src/insurance/index.js';
import { parseCents } from '../../src/money/cents.js';
import { dmyKey, startArb, sumCents } from './helpers.js';

describe('buildReceipts', () => {
  it('worked example: mensual, month ends kept from a 31st', () => {
    // premium 10,850.00 (neta 10,000 + recargo 850), fee 550.00:
    // IVA = 11,400 × 0.16 = 1,824.00; total = 13,224.00
    // later = 10,850 × 1.16 / 12 = 12,586 / 12 = 1,048.8333 → 1,048.83
    // first = 13,224.00 − 11 × 1,048.83 = 13,224.00 − 11,537.13 = 1,686.87
    const b = buildReceipts({ start: '2025-01-31', months: 12, monthsPerReceipt: 1, premiumCents: 1_085_000, policyFeeCents: 55_000, ivaRate: '0.16' });
    expect(b.ivaCents).toBe(182_400);
    expect(b.totalCents).toBe(1_322_400);
    expect(b.receipts[0]!.primaTotal).toBe('1686.87');
    expect(b.receipts[1]).toEqual({ numeroRecibo: '2', vigenciaInicial: '28/02/2025', vigenciaFin: '31/03/2025', primaTotal: '1048.83' });
    expect(b.receipts[11]!.vigenciaFin).toBe('31/01/2026');
  });

  it('numbers from firstNumber and offsets by fromMonth', () => {
    const b = buildReceipts({ start: '2024-02-29', fromMonth: 48, months: 12, monthsPerReceipt: 6, premiumCents: 100_000, policyFeeCents: 0, ivaRate: '0.16', firstNumber: 9 });
    // 2024-02-29 + 48 months = 2028-02-29 (leap year again), + 54 = 2028-08-29, + 60 = 2029-02-28
    expect(b.receipts.map((r) => [r.numeroRecibo, r.vigenciaInicial, r.vigenciaFin])).toEqual([
      ['9', '29/02/2028', '29/08/2028'],
      ['10', '29/08/2028', '28/02/2029'],
    ]);
  });

  it('a period shorter than a receipt gives one receipt ending at the period end', () => {
    const b = buildReceipts({ start: '2025-05-05', months: 7, monthsPerReceipt: 3, premiumCents: 70_000, policyFeeCents: 0, ivaRate: '0.16' });
    expect(b.receipts.map((r) => r.vigenciaFin)).toEqual(['05/08/2025', '05/11/2025', '05/12/2025']);
  });

  it('rejects an invalid start date naming it', () => {
    expect(() => buildReceipts({ start: '2025-02-30', months: 12, monthsPerReceipt: 12, premiumCents: 1, policyFeeCents: 0, ivaRate: '0.16' })).toThrow(
      expect.objectContaining({ codigoError: 'ERRESQ005', valorIncorrecto: 'start' }),
    );
  });

  it('property: receipts add up to the total, are contiguous, span the period, first ≥ later', () => {
    fc.assert(
      fc.property(
        startArb,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(1, 2, 3, 4, 6, 12),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom('0.16', '0.08', '0', '0.155'),
        (start, fromMonth, months, monthsPerReceipt, premiumCents, policyFeeCents, ivaRate) => {
          const b = buildReceipts({ start, fromMonth, months, monthsPerReceipt, premiumCents, policyFeeCents, ivaRate });
          expect(sumCents(b.receipts.map((r) => r.primaTotal))).toBe(b.totalCents);
          expect(b.totalCents).toBe(premiumCents + policyFeeCents + b.ivaCents);
          expect(b.receipts).toHaveLength(Math.ceil(months / monthsPerReceipt));
          const whole = buildReceipts({ start, months: fromMonth + months, monthsPerReceipt: 1, premiumCents: 0, policyFeeCents: 0, ivaRate });
          expect(b.receipts[0]!.vigenciaInicial).toBe(whole.receipts[fromMonth]!.vigenciaInicial);
          expect(b.receipts.at(-1)!.vigenciaFin).toBe(whole.receipts.at(-1)!.vigenciaFin);
          b.receipts.forEach((r, i) => {
            expect(r.numeroRecibo).toBe(String(i + 1));
            expect(dmyKey(r.vigenciaFin)).toBeGreaterThan(dmyKey(r.vigenciaInicial));
            if (i > 0) {
              expect(r.vigenciaInicial).toBe(b.receipts[i - 1]!.vigenciaFin);
              expect(parseCents(b.receipts[0]!.primaTotal)).toBeGreaterThanOrEqual(parseCents(r.primaTotal));
            }
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});
