/**
 * Issue 13, item 1: the penultimate-payment rule applies to every loan of two or more payments.
 * With `plazo` 2 the first payment is the penultimate one; it used to be skipped there, so the
 * last payment carried the rounding alone (6492.60 / 6492.62 for 10,000.00 at 200 % monthly).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteCredit } from '../../src/entry/index.js';
import { buildFeatureSchedule, fastScheduleOps } from '../../src/credit/featureSchedule.js';
import { buildSchedule } from '../../src/credit/schedule.js';
import { mulRational, percentToRational, type Rational } from '../../src/credit/rate.js';

/** round(n / d) half-up for n ≥ 0, d > 0, in BigInt. */
const roundHalfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

/**
 * The two-payment table worked from docs/conventions.md alone, in BigInt: the ideal payment
 * p̂ = S·r / (1 − (1 + r)^−2) = S (1 + r)² / (2 + r) with r = ρ (1 + iva/100), rounded half-up;
 * then, of p̂ and its two neighbouring cents, the one that leaves the last payment closest to it
 * (ties keep p̂ rounded), the last payment being the rest with its interest and IVA.
 */
function twoPaymentTable(principal: number, periodic: Rational, iva: number): [number, number] {
  const S = BigInt(principal);
  const num = BigInt(periodic.num) * BigInt(100 + iva);
  const den = BigInt(periodic.den) * 100n; // r = num / den
  const held = roundHalfUp(S * (den + num) * (den + num), den * (2n * den + num));
  const interest = (balance: bigint) => roundHalfUp(balance * BigInt(periodic.num), BigInt(periodic.den));
  const vat = (i: bigint) => roundHalfUp(i * BigInt(iva), 100n);
  const i0 = interest(S);
  const v0 = vat(i0);
  let best = held;
  let bestCost = -1n;
  for (const candidate of [held, held - 1n, held + 1n]) {
    const capital = candidate - i0 - v0;
    if (capital < 0n || capital > S) continue;
    const rest = S - capital;
    const i1 = interest(rest);
    const last = rest + i1 + vat(i1);
    const cost = last > candidate ? last - candidate : candidate - last;
    if (bestCost < 0n || cost < bestCost) {
      best = candidate;
      bestCost = cost;
    }
  }
  const capital = best - i0 - v0;
  const clamped = capital < 0n ? 0n : capital > S ? S : capital;
  const rest = S - clamped;
  const i1 = interest(rest);
  return [Number(clamped + i0 + v0), Number(rest + i1 + vat(i1))];
}

describe('plazo 2: the penultimate rule on the first payment', () => {
  it('10,000.00 at 200 % monthly pays 6492.61 twice (it used to be 6492.60 / 6492.62)', () => {
    const r = quoteCredit({
      fechaApertura: '2026-01-01',
      montoSolicitado: '10000.00',
      valorFactura: '20000.00',
      tasa: '200',
      plazo: 2,
      iva: 16,
      generaTablaPagos: true,
    });
    expect(r.registros.map((row) => row.pagoAmortizacion)).toEqual(['6492.61', '6492.61']);
    expect(r.pagoMensual).toBe('6492.61');
  });

  it('every two-payment table is the one worked from the docs (BigInt)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999_999_999 }),
        fc.oneof(
          fc.constant('200'),
          fc.integer({ min: 0, max: 20_000 }).map((b) => (b / 100).toFixed(2)),
          fc.integer({ min: 0, max: 999_999_999 }).map((b) => (b / 1_000_000).toFixed(6)),
        ),
        fc.constantFrom(30, 15, 14, 10, 7),
        fc.integer({ min: 0, max: 99 }),
        (principal, tasa, days, iva) => {
          const periodic = mulRational(percentToRational(tasa), days, 360);
          const s = buildSchedule({ principal, count: 2, periodic, iva });
          expect(Array.from(s.level)).toEqual(twoPaymentTable(principal, periodic, iva));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('a grid of 2,730 monthly tables (1–210 %, 13 amounts from 10,000.00): each the worked one', () => {
    // One cent more on the first payment moves the last by about 1 + r cents (r ≈ 0.19 at 200 %
    // monthly), so the best pair can differ by up to two cents; the rule picks the closest.
    for (let percent = 1; percent <= 210; percent++) {
      for (let k = 0; k < 13; k++) {
        const principal = 1_000_000 + k * 7_919;
        const periodic = mulRational(percentToRational(String(percent)), 30, 360);
        const [first, last] = Array.from(buildSchedule({ principal, count: 2, periodic, iva: 16 }).level) as [number, number];
        expect([first, last]).toEqual(twoPaymentTable(principal, periodic, 16));
        expect(Math.abs(first - last)).toBeLessThanOrEqual(2);
      }
    }
  });

  it('the feature schedule balances the first row after a grace when it is the penultimate one', () => {
    const periodic = mulRational(percentToRational('200'), 30, 360);
    const rates = [periodic, periodic, periodic];
    const s = buildFeatureSchedule(1_000_000, rates, 16, 0.5, { grace: 1 }, fastScheduleOps());
    expect(s.capital[0]).toBe(0);
    // After the grace row the balance is still 10,000.00: the same two payments as above.
    expect([s.level[1], s.level[2]]).toEqual([649_261, 649_261]);
  });
});
