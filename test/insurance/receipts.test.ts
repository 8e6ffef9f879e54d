import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReceipts, type ReceiptPlan } from '../../src/entry/insurance.js';
import { formatDmyDate, parseIsoDate } from '../../src/dates/civil.js';
import { startArb } from './helpers.js';

const day = (iso: string): number => parseIsoDate(iso) as number;

describe('buildReceipts', () => {
  it('worked example: mensual, month ends kept from a 31st', () => {
    // premium 10,850.00 (neta 10,000 + recargo 850), fee 550.00:
    // IVA = 11,400 × 0.16 = 1,824.00; total = 13,224.00
    // later = 10,850 × 1.16 / 12 = 12,586 / 12 = 1,048.8333 → 1,048.83
    // first = 13,224.00 − 11 × 1,048.83 = 13,224.00 − 11,537.13 = 1,686.87
    const b = buildReceipts({
      start: day('2025-01-31'),
      months: 12,
      monthsPerReceipt: 1,
      premiumCents: 1_085_000,
      policyFeeCents: 55_000,
      ivaRate: '0.16',
    });
    expect(b.ivaCents).toBe(182_400);
    expect(b.totalCents).toBe(1_322_400);
    expect(b.receipts[0]!.cents).toBe(168_687);
    const second = b.receipts[1]!;
    expect([second.number, formatDmyDate(second.from), formatDmyDate(second.to), second.cents]).toEqual([
      2,
      '28/02/2025',
      '31/03/2025',
      104_883,
    ]);
    expect(formatDmyDate(b.receipts[11]!.to)).toBe('31/01/2026');
  });

  it('numbers from firstNumber and offsets by fromMonth', () => {
    const b = buildReceipts({
      start: day('2024-02-29'),
      fromMonth: 48,
      months: 12,
      monthsPerReceipt: 6,
      premiumCents: 100_000,
      policyFeeCents: 0,
      ivaRate: '0.16',
      firstNumber: 9,
    });
    // 2024-02-29 + 48 months = 2028-02-29 (leap year again), + 54 = 2028-08-29, + 60 = 2029-02-28
    expect(b.receipts.map((r) => [r.number, formatDmyDate(r.from), formatDmyDate(r.to)])).toEqual([
      [9, '29/02/2028', '29/08/2028'],
      [10, '29/08/2028', '28/02/2029'],
    ]);
  });

  it('a period shorter than a receipt gives one receipt ending at the period end', () => {
    const b = buildReceipts({
      start: day('2025-05-05'),
      months: 7,
      monthsPerReceipt: 3,
      premiumCents: 70_000,
      policyFeeCents: 0,
      ivaRate: '0.16',
    });
    expect(b.receipts.map((r) => formatDmyDate(r.to))).toEqual(['05/08/2025', '05/11/2025', '05/12/2025']);
  });

  it('rejects a start that is not a civil day, naming it', () => {
    const plan: ReceiptPlan = { start: 1.5, months: 12, monthsPerReceipt: 12, premiumCents: 1, policyFeeCents: 0, ivaRate: '0.16' };
    expect(() => buildReceipts(plan)).toThrow(expect.objectContaining({ codigoError: 'ERRESQ005', valorIncorrecto: 'start' }));
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
        (startText, fromMonth, months, monthsPerReceipt, premiumCents, policyFeeCents, ivaRate) => {
          const start = day(startText);
          const b = buildReceipts({ start, fromMonth, months, monthsPerReceipt, premiumCents, policyFeeCents, ivaRate });
          expect(b.receipts.reduce((sum, r) => sum + r.cents, 0)).toBe(b.totalCents);
          expect(b.totalCents).toBe(premiumCents + policyFeeCents + b.ivaCents);
          expect(b.receipts).toHaveLength(Math.ceil(months / monthsPerReceipt));
          const whole = buildReceipts({
            start,
            months: fromMonth + months,
            monthsPerReceipt: 1,
            premiumCents: 0,
            policyFeeCents: 0,
            ivaRate,
          });
          expect(b.receipts[0]!.from).toBe(whole.receipts[fromMonth]!.from);
          expect(b.receipts.at(-1)!.to).toBe(whole.receipts.at(-1)!.to);
          b.receipts.forEach((r, i) => {
            expect(r.number).toBe(i + 1);
            expect(r.to).toBeGreaterThan(r.from);
            if (i > 0) {
              expect(r.from).toBe(b.receipts[i - 1]!.to);
              expect(b.receipts[0]!.cents).toBeGreaterThanOrEqual(r.cents);
            }
          });
        },
      ),
      { numRuns: 1500 },
    );
  });
});
