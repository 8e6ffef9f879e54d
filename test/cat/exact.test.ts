/**
 * The exact comparator the CAT solvers fall back on (`src/cat/exact.ts`): its sign agrees with
 * decimal.js at 120 digits wherever that is far from zero, and exact zeros (ties) are found, also
 * when the growth factor is a perfect power and the times are fractions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import DecimalJs from 'decimal.js';
import {
  bigRational,
  decimalToRational,
  doubleToRational,
  presentValueSign,
  presentValueSignAtLog,
  vanishesAt,
} from '../../src/cat/exact.js';

const D = DecimalJs.clone({ precision: 120 });
const R = (num: bigint, den = 1n) => bigRational(num, den);

describe('presentValueSign', () => {
  it('agrees with decimal.js at 120 digits on random flows and growth factors (either side of 1)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 480 })), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 4_000_000 }),
        fc.constantFrom(12n, 24n, 365n, 1n),
        (list, c2000, unit) => {
          const flows = list.map(([a, t]) => ({ amount: R(BigInt(a), 100n), time: R(BigInt(t), unit) }));
          const c = R(BigInt(c2000), 2000n);
          const value = list.reduce(
            (sum, [a, t]) => sum.add(new D(a).div(100).mul(new D(c2000).div(2000).pow(new D(-t).div(Number(unit))))),
            new D(0),
          );
          const scale = list.reduce((sum, [a]) => sum + Math.abs(a), 0) + 1;
          fc.pre(value.abs().gt(new D(scale).mul('1e-80')));
          expect(presentValueSign(flows, c)).toBe(value.isPositive() ? 1 : -1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds exact ties: whole years, a perfect-square factor with half-years, times a whole year apart', () => {
    // 100 now against 110 in a year, at 10 %.
    expect(
      presentValueSign(
        [
          { amount: R(-100n), time: R(0n) },
          { amount: R(110n), time: R(1n) },
        ],
        R(11n, 10n),
      ),
    ).toBe(0);
    // c = 25/16 = (5/4)²: 125 half a year out is worth 100 now.
    expect(
      presentValueSign(
        [
          { amount: R(-100n), time: R(0n) },
          { amount: R(125n), time: R(1n, 2n) },
        ],
        R(25n, 16n),
      ),
    ).toBe(0);
    // At c = 1.21, 146.41 at t = 2.5 cancels 100 at t = 0.5 (the same fraction of a year, two years later).
    const apart = [
      { amount: R(-100n), time: R(1n, 2n) },
      { amount: R(14641n, 100n), time: R(5n, 2n) },
    ];
    expect(vanishesAt(apart, R(121n, 100n))).toBe(true);
    // … and a hair off it does not: a higher rate discounts the later flow more.
    expect(presentValueSign(apart, R(12101n, 10000n))).toBe(-1);
  });

  it('decides a root 10⁻³⁰ away from a boundary with times that are doubles (1/12 as a number)', () => {
    const c = new D('1.1235');
    const pv = Array.from({ length: 12 }, (_, k) =>
      new D(1000).div(c.pow(new D(doubleToRational((k + 1) / 12).num.toString()).div(doubleToRational((k + 1) / 12).den.toString()))),
    );
    const total = pv.reduce((a, b) => a.add(b), new D(0));
    for (const [offset, expected] of [
      ['1e-30', -1],
      ['-1e-30', 1],
    ] as const) {
      const flows = [
        { amount: decimalToRational(`-${total.add(offset).toFixed(60)}`), time: R(0n) },
        ...Array.from({ length: 12 }, (_, k) => ({ amount: R(1000n), time: doubleToRational((k + 1) / 12) })),
      ];
      expect(presentValueSign(flows, R(11235n, 10000n))).toBe(expected);
    }
  });

  it('signs at a point x = ln(1 + i) (no ties off zero)', () => {
    const flows = [
      { amount: R(-100n), time: R(0n) },
      { amount: R(110n), time: R(1n) },
    ];
    expect(presentValueSignAtLog(flows, R(1n, 16n))).toBe(1); // e^(1/16) ≈ 1.0645 < 1.1
    expect(presentValueSignAtLog(flows, R(1n, 8n))).toBe(-1); // e^(1/8) ≈ 1.133 > 1.1
    expect(presentValueSignAtLog(flows, R(0n))).toBe(1);
  });

  it('reads doubles and decimal text exactly', () => {
    expect(doubleToRational(0.1)).toEqual({ num: 3602879701896397n, den: 36028797018963968n });
    expect(doubleToRational(-2.5)).toEqual({ num: -5n, den: 2n });
    expect(doubleToRational(5e-324)).toEqual({ num: 1n, den: 2n ** 1074n });
    expect(decimalToRational('-0.0950')).toEqual({ num: -19n, den: 200n });
  });
});
