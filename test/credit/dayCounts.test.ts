import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { computeCat, quoteCredit, type CreditOptions, type InterestBasis } from '../../src/entry/index.js';

/** 100,000.00 at 12 % + IVA 16 %, three monthly payments from Saturday 2026-01-31, no commission. */
const loan = {
  fechaApertura: '2026-01-31',
  montoSolicitado: '100000.00',
  valorFactura: '200000.00',
  tasa: '12',
  plazo: 3,
  periodicidad: 'M',
  iva: 16,
  comisiones: '0',
  generaTablaPagos: true,
};

const quote = (interestBasis: InterestBasis, options: CreditOptions = {}) =>
  quoteCredit(loan, { ...options, conventions: { interestBasis, ...options.conventions } });

/** The exact level payment for a sequence of period days over a year: P = S / Σₖ Πⱼ≤ₖ 1 / (1 + 0.12 × dⱼ/Y × 1.16). */
function levelPayment(days: number[], year: number): string {
  let product = new Decimal(1);
  let sum = new Decimal(0);
  for (const d of days) {
    product = product.div(new Decimal(0.12).mul(d).div(year).mul(1.16).add(1));
    sum = sum.add(product);
  }
  return new Decimal(100_000).div(sum).toFixed(2, Decimal.ROUND_HALF_UP);
}

describe('day counts worked by hand (first row) and the level payment by the formula', () => {
  it("'days360': 100,000.00 × 12 % × 30 / 360 = 1,000.00; IVA 160.00", () => {
    const r = quote('days360');
    expect(r.registros[0]).toMatchObject({ interesAmortizacion: '1000.00', ivaAmortizacion: '160.00', fechaAmortizacion: '2026-02-28' });
    expect(r.pagoMensual).toBe(levelPayment([30, 30, 30], 360));
  });
  it("'perYear': 100,000.00 × 12 % / 12 = 1,000.00 (the same as days360 for monthly payments)", () => {
    expect(quote('perYear').registros[0]!.interesAmortizacion).toBe('1000.00');
  });
  it("'days365': 100,000.00 × 12 % × 30 / 365 = 986.3013… → 986.30; IVA 157.808 → 157.81", () => {
    const r = quote('days365');
    expect(r.registros[0]).toMatchObject({ interesAmortizacion: '986.30', ivaAmortizacion: '157.81' });
    expect(r.pagoMensual).toBe(levelPayment([30, 30, 30], 365));
  });
  it("'actual360': Jan 31 → Feb 28 is 28 days: 100,000.00 × 12 % × 28 / 360 = 933.333… → 933.33; IVA 149.33", () => {
    const r = quote('actual360');
    expect(r.registros[0]).toMatchObject({ interesAmortizacion: '933.33', ivaAmortizacion: '149.33' });
    // Periods of 28 (Feb), 31 (Mar) and 30 (Apr) days: the payment is level for that sequence.
    expect(r.registros.map((x) => x.fechaAmortizacion)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30']);
    expect(r.pagoMensual).toBe(levelPayment([28, 31, 30], 360));
  });
  it("'actual365': 28 days: 100,000.00 × 12 % × 28 / 365 = 920.5479… → 920.55; IVA 147.288 → 147.29", () => {
    const r = quote('actual365');
    expect(r.registros[0]).toMatchObject({ interesAmortizacion: '920.55', ivaAmortizacion: '147.29' });
    expect(r.pagoMensual).toBe(levelPayment([28, 31, 30], 365));
  });
  it("business days 'MX' roll Saturday Feb 28 to Monday Mar 2; actual days follow: 30, 29, 30", () => {
    const r = quote('actual360', { conventions: { businessDays: 'MX' } });
    expect(r.registros.map((x) => x.fechaAmortizacion)).toEqual(['2026-03-02', '2026-03-31', '2026-04-30']);
    // 100,000.00 × 12 % × 30 / 360 = 1,000.00 for the rolled first period.
    expect(r.registros[0]!.interesAmortizacion).toBe('1000.00');
    expect(r.pagoMensual).toBe(levelPayment([30, 29, 30], 360));
  });
  it('an irregular first period: Jan 31 → Mar 15 is one whole month (30 days) and 15 days: 45 days of interest', () => {
    const r = quote('days360', { firstPaymentDate: '2026-03-15' });
    // 100,000.00 × 12 % × 45 / 360 = 1,500.00; later dates step monthly from Mar 15.
    expect(r.registros[0]!.interesAmortizacion).toBe('1500.00');
    expect(r.registros.map((x) => x.fechaAmortizacion)).toEqual(['2026-03-15', '2026-04-15', '2026-05-15']);
    expect(r.pagoMensual).toBe(levelPayment([45, 30, 30], 360));
    // Under actual days the first period is the 43 calendar days: 100,000.00 × 12 % × 43 / 360 = 1,433.33.
    expect(quote('actual360', { firstPaymentDate: '2026-03-15' }).registros[0]!.interesAmortizacion).toBe('1433.33');
  });
  it('the CAT of actual365 times: with no fees it is the effective rate of the actual-day schedule', () => {
    // Interest at 12 % × d/365 compounded over actual periods ≈ (1 + 0.12/365)^365 − 1 = 12.7 % (IVA excluded).
    expect(quote('actual365', { conventions: { catTimeBasis: 'actual365' } }).cat).toBe('12.7');
    // With the default 'periods' times (k / 12) the same flows give another reading, the one
    // computeCat (an independent solver) gives for those flows.
    const r = quote('actual365');
    const payments = r.registros.map((x, k) => ({
      time: (k + 1) / 12,
      amount: new Decimal(x.abonoCapital).add(x.interesAmortizacion).toFixed(2),
    }));
    expect(r.cat).toBe(computeCat({ disbursements: [{ time: 0, amount: '100000.00' }], payments }).percent);
  });
});
