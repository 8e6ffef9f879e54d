/**
 * The quotes whose payments sit on or next to a half cent on unequal periods (an irregular first
 * period, actual days, a balloon): decided by the double-double pair or by the tie rule of
 * src/credit/annuity.ts, never by decimal.js, and equal cell for cell to the independent oracle.
 */
import { describe, expect, it, vi } from 'vitest';
import { compareCase } from '../../oracle/harness/compare.js';
import { Annuity } from '../../src/credit/annuity.js';

const ACTUAL = { conventions: { interestBasis: 'actual365', catTimeBasis: 'actual365', businessDays: 'MX' } };
const solicitud = (tasa: string, monto: string, periodicidad: string) => ({
  fechaApertura: '2026-01-31',
  montoSolicitado: monto,
  valorFactura: '99999999999.99',
  tasa,
  plazo: 999,
  periodicidad,
  iva: 16,
  comisiones: '5.00',
  generaTablaPagos: true,
});

// Each found by a search over round amounts and many-decimal rates (the slowest quotes, 3.6–12 ms
// before): a payment within 2·10⁻⁹ to 7·10⁻⁸ cents of a half cent on one row, or on hundreds.
const CASES = [
  [
    'S·g on a half cent on 615 rows, irregular first period',
    solicitud('99.999999', '50000000.00', 'M'),
    { firstPaymentDate: '2026-03-20' },
  ],
  ['the same at 999.999999 %', solicitud('999.999999', '50000000.00', 'M'), { firstPaymentDate: '2026-03-20' }],
  ['row 414 within 1.7·10⁻⁹ of a half cent, actual days', solicitud('9.999999', '50000000.00', 'S'), ACTUAL],
  ['row 905 within 1.2·10⁻⁸ of a half cent, actual days', solicitud('999.999999', '1000000000.00', 'C'), ACTUAL],
  [
    'row 881 within 7·10⁻⁸ of a half cent, balloon and grace',
    solicitud('99.999999', '1000000000.00', 'C'),
    { balloon: { percent: '50.00' }, grace: { periods: 3 } },
  ],
] as const;

describe('unequal-period payments next to a half cent', () => {
  for (const [name, s, options] of CASES) {
    it(`${name}: the oracle agrees, decimal.js is not reached`, () => {
      const exact = [vi.spyOn(Annuity.prototype, 'rederiveExact'), vi.spyOn(Annuity.prototype, 'initialExact')];
      try {
        const outcome = compareCase({ kind: 'credit', solicitud: s, options: options as never });
        expect(outcome.undecided).toBeUndefined();
        expect(outcome.diffs).toEqual([]);
        expect(outcome.cells).toBeGreaterThan(11_000);
        for (const spy of exact) expect(spy).not.toHaveBeenCalled();
      } finally {
        for (const spy of exact) spy.mockRestore();
      }
    });
  }
});

describe('exact half-cent ties (p̂ exactly t + ½): decided in integers, as the oracle does', () => {
  // The first payment of a short loan is p̂ = S·g / (1 − (1 + g)^−m); for g = P/Q it is an exact
  // half cent for the S below. decimal.js at 50 digits took the wrong side on 71 of 148 such
  // quotes (12 %, 3 payments, 237,104,262.50 → 80,875,409.44 instead of .45).
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  const tiesOf = (tasa: string, m: number, count: number): bigint[] => {
    const P = BigInt(Math.round(Number(tasa) * 100) * 116);
    const Q = 120_000n * 100n;
    const grown = (Q + P) ** BigInt(m);
    const N = P * grown;
    const D = Q * (grown - Q ** BigInt(m));
    const step = D / gcd(D, 2n * N);
    const out: bigint[] = [];
    for (let i = 1n; out.length < count && step * i < 5_000_000_000_000n; i++) {
      const twice = 2n * step * i * N;
      if (twice % D === 0n && (twice / D) % 2n === 1n) out.push(step * i);
    }
    return out;
  };
  for (const [tasa, m] of [
    ['12.00', 3],
    ['24.00', 3],
    ['60.00', 4],
    ['120.00', 4],
  ] as const) {
    it(`${tasa} %, ${m} monthly payments`, () => {
      const ties = tiesOf(tasa, m, 3);
      expect(ties.length).toBeGreaterThan(0);
      for (const S of ties) {
        const monto = `${S / 100n}.${String(S % 100n).padStart(2, '0')}`;
        const outcome = compareCase({
          kind: 'credit',
          solicitud: { ...solicitud(tasa, monto, 'M'), plazo: m, comisiones: '0.00' },
          options: {},
        });
        expect(outcome.diffs, monto).toEqual([]);
      }
    });
  }
});
