/**
 * How far apart two consecutive payments of a plain loan can be (issue 22: the docs promised "never
 * more than 2 cents apart", and above about 700 % a year the payment into the penultimate row is 3
 * cents from the one before). The bound docs/conventions.md derives, at every rate, term, IVA and
 * periodicity the interface takes, computed here in decimal.js from its formula; and the docs' own
 * example of a 3-cent step.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteCredit, type CreditRequest } from '../../src/entry/index.js';
import { cents } from '../helpers.js';

const D = Decimal.clone({ precision: 40 });

/** Days of a period under the default interest basis (days360). */
const DAYS: Record<string, number> = { M: 30, Q: 15, C: 14, S: 7, D: 10 };

/** Capital + interest + IVA of each row: the level part of the payment. */
function levelParts(s: CreditRequest): number[] {
  return quoteCredit({ ...s, generaTablaPagos: true }).registros.map(
    (row) => cents(row.abonoCapital) + cents(row.interesAmortizacion) + cents(row.ivaAmortizacion),
  );
}

/**
 * docs/conventions.md's bound: with g = tasa × días/360 × (1 + v) the IVA-grossed periodic rate,
 * E = (3 + v)/2 cents and aₘ = g / (1 − (1 + g)^−m), a step between regular payments is at most
 * ⌈E·a₃⌉ cents and the step into the penultimate payment at most ⌈E·a₂⌉ + 1.
 */
function bounds(tasa: string, iva: number, periodicidad: string): { regular: number; penultimate: number } {
  const v = new D(iva).div(100);
  const g = new D(tasa)
    .div(100)
    .mul(DAYS[periodicidad] as number)
    .div(360)
    .mul(v.plus(1));
  const e = v.plus(3).div(2);
  const a = (m: number) => (g.isZero() ? new D(1).div(m) : g.div(new D(1).minus(g.plus(1).pow(-m))));
  return { regular: e.mul(a(3)).ceil().toNumber(), penultimate: e.mul(a(2)).ceil().toNumber() + 1 };
}

/** The largest step between regular payments and the step into the penultimate one (the last payment excluded). */
function steps(level: readonly number[]): { regular: number; penultimate: number } {
  const n = level.length;
  let regular = 0;
  for (let k = 1; k < n - 2; k++) regular = Math.max(regular, Math.abs((level[k] as number) - (level[k - 1] as number)));
  const penultimate = n >= 3 ? Math.abs((level[n - 2] as number) - (level[n - 3] as number)) : 0;
  return { regular, penultimate };
}

const loanArb = fc.record({
  amount: fc.oneof(fc.integer({ min: 10_000, max: 10_000_000 }), fc.integer({ min: 10_000, max: 5_000_000_000 })),
  plazo: fc.oneof(fc.integer({ min: 3, max: 72 }), fc.integer({ min: 3, max: 999 })),
  periodicidad: fc.constantFrom('M', 'Q', 'C', 'S', 'D'),
  tasa: fc.oneof(
    fc.integer({ min: 0, max: 999_999_999 }).map((micro) => (micro / 1e6).toFixed(6)),
    fc.integer({ min: 50_000, max: 99_999 }).map((hundredths) => (hundredths / 100).toFixed(2)), // 500–999.99 %
    fc.constant('999.999999'),
  ),
  iva: fc.oneof(fc.constantFrom(0, 8, 16), fc.integer({ min: 0, max: 99 })),
});

const request = (l: { amount: number; plazo: number; periodicidad: string; tasa: string; iva: number }): CreditRequest => ({
  fechaApertura: '2026-01-31',
  montoSolicitado: (l.amount / 100).toFixed(2),
  valorFactura: (l.amount / 50).toFixed(2),
  plazo: l.plazo,
  periodicidad: l.periodicidad,
  tasa: l.tasa,
  iva: l.iva,
});

describe('how far apart consecutive payments are (docs/conventions.md, "Level payments")', () => {
  it('the steps stay within the derived bound at every rate, term, IVA and periodicity the interface takes', () => {
    fc.assert(
      fc.property(loanArb, (l) => {
        const got = steps(levelParts(request(l)));
        const bound = bounds(l.tasa, l.iva, l.periodicidad);
        expect(got.regular).toBeLessThanOrEqual(bound.regular);
        expect(got.penultimate).toBeLessThanOrEqual(bound.penultimate);
      }),
      { numRuns: 400 },
    );
  });

  it('at 16 % IVA or less, regular payments are never more than 2 cents apart, at any rate up to 999.999999 %', () => {
    // The bound's corollary: E·a₃ ≤ 1.58 × 1.113 < 2 at 999.999999 % monthly (the largest g).
    expect(bounds('999.999999', 16, 'M').regular).toBe(2);
    fc.assert(
      fc.property(
        loanArb.map((l) => ({ ...l, iva: l.iva % 17 })),
        (l) => {
          expect(steps(levelParts(request(l))).regular).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('up to 178 % monthly at 16 % IVA (every periodicity: smaller periodic rates) the penultimate payment is within 2 cents too', () => {
    expect(bounds('178', 16, 'M').penultimate).toBe(2);
    expect(bounds('179', 16, 'M').penultimate).toBe(3);
    expect(bounds('955', 16, 'M').penultimate).toBe(3);
    expect(bounds('956', 16, 'M').penultimate).toBe(4);
    fc.assert(
      fc.property(
        loanArb.map((l) => ({ ...l, iva: 16, tasa: (Number(l.tasa) % 178).toFixed(2) })),
        (l) => {
          const got = steps(levelParts(request(l)));
          expect(Math.max(got.regular, got.penultimate)).toBeLessThanOrEqual(2);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the docs’ 3-cent example: 19,171,796.57 at 694.85 % over 28 monthly payments, 16 % IVA', () => {
    const level = levelParts(request({ amount: 1_917_179_657, plazo: 28, periodicidad: 'M', tasa: '694.85', iva: 16 }));
    const got = steps(level);
    expect(got.penultimate).toBe(3);
    expect(got.regular).toBeLessThanOrEqual(2);
    expect(bounds('694.85', 16, 'M')).toEqual({ regular: 2, penultimate: 3 });
  });
});
