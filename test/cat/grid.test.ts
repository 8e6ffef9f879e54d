import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CatFlows, type CatOptions, type CatResult, computeCat, computeCatReference } from '../../src/cat/computeCat.js';
import { evaluateOnGrid, timeGrid } from '../../src/cat/grid.js';
import { QuoteError } from '../../src/errors/quoteError.js';
import { formatCents } from '../../src/money/cents.js';

/** The result or the error's code and field: what a caller sees. */
function outcome(solve: (flows: CatFlows, options?: CatOptions) => CatResult, flows: CatFlows, options?: CatOptions): unknown {
  try {
    return solve(flows, options);
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    const e = error as QuoteError;
    return { code: e.codigoError, field: e.valorIncorrecto };
  }
}

/** Flows on a grid of `perYear` points a year (gaps where the amount is 0), as numbers or as text. */
const gridFlows = fc
  .record({
    perYear: fc.constantFrom(1, 2, 4, 12, 24, 26, 52, 360, 365),
    start: fc.integer({ min: 0, max: 24 }),
    amounts: fc.array(fc.integer({ min: -2e8, max: 2e8 }), { minLength: 3, maxLength: 400 }),
    disbursement: fc.integer({ min: 1, max: 4e10 }),
    asText: fc.boolean(),
    fee: fc.integer({ min: 0, max: 1e7 }),
  })
  .map(({ perYear, start, amounts, disbursement, asText, fee }): CatFlows => {
    const time = (k: number): string | number => (asText ? ((start + k) / perYear).toFixed(16) : (start + k) / perYear);
    return {
      disbursements: [
        { time: time(0), amount: formatCents(disbursement) },
        ...amounts.filter((a) => a < -1.5e8).map((a, k) => ({ time: time(k + 1), amount: formatCents(-a) })),
      ],
      payments: [
        ...amounts.map((a, k) => ({ time: time(k + 1), amount: formatCents(Math.abs(a) % 1e8) })),
        ...(fee > 0 ? [{ time: time(1), amount: formatCents(fee) }] : []),
      ],
    };
  });

/** An ordinary loan: level payments that repay `principal` at a monthly rate, less a fee at t = 0. */
const loanFlows = fc
  .record({
    n: fc.integer({ min: 3, max: 480 }),
    perYear: fc.constantFrom(12, 24, 52),
    bp: fc.integer({ min: 0, max: 20_000 }),
    principal: fc.integer({ min: 10_000, max: 1e9 }),
    fee: fc.integer({ min: 0, max: 5_000 }),
  })
  .map(({ n, perYear, bp, principal, fee }): CatFlows => {
    const i = bp / 10_000 / perYear;
    const payment = Math.round(i === 0 ? principal / n : (principal * i) / (1 - (1 + i) ** -n));
    return {
      disbursements: [{ time: 0, amount: formatCents(principal - Math.round((principal * fee) / 10_000)) }],
      payments: Array.from({ length: n }, (_, k) => ({ time: (k + 1) / perYear, amount: formatCents(payment) })),
    };
  });

describe('computeCat with the grid quick evaluations', () => {
  it('is identical to the per-flow reference on ordinary loans (rate text and tenth)', () => {
    fc.assert(
      fc.property(loanFlows, (flows) => {
        expect(outcome(computeCat, flows)).toEqual(outcome(computeCatReference, flows));
      }),
      { numRuns: 400 },
    );
  });

  it('is identical to the per-flow reference on flows with gaps, several sign changes and any range', () => {
    fc.assert(
      fc.property(gridFlows, fc.constantFrom(undefined, 0.5, 100, 1e9), (flows, maxRate) => {
        const options = maxRate === undefined ? {} : { maxRate };
        expect(outcome(computeCat, flows, options)).toEqual(outcome(computeCatReference, flows, options));
      }),
      { numRuns: 400 },
    );
  });

  it('is identical on amounts far from 1 (scaled) and far horizons', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -300, max: 300 }),
        fc.integer({ min: 3, max: 200 }),
        fc.constantFrom(1, 12, 0.1),
        (exponent, n, perYear) => {
          const big = (digits: string): string => (exponent >= 0 ? digits + '0'.repeat(exponent) : `0.${'0'.repeat(-exponent)}${digits}`);
          const flows: CatFlows = {
            disbursements: [{ time: 0, amount: big(String(90 * n)) }],
            payments: Array.from({ length: n }, (_, k) => ({ time: (k + 1) / perYear, amount: big('100') })),
          };
          expect(outcome(computeCat, flows)).toEqual(outcome(computeCatReference, flows));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('evaluateOnGrid', () => {
  it('is within its bounds of the exact sum (decimal.js at 60 digits as the judge)', async () => {
    const { Decimal } = await import('../../src/money/decimal.js');
    const D = Decimal.clone({ precision: 60 });
    let runs = 0;
    let certified = 0;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1e9, max: 1e9 }), { minLength: 3, maxLength: 120 }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        (cents, x) => {
          const n = cents.length;
          const time = Float64Array.from({ length: n }, (_, k) => k / 12);
          const amount = Float64Array.from(cents, (c) => c / 100);
          const mass = amount.map(Math.abs);
          const grid = timeGrid(time, n);
          expect(grid).toBeDefined();
          const out = { value: 0, valueBound: 0, slope: 0, slopeBound: 0, slopePositive: 0, slopeNegative: 0, evaluationBound: 0 };
          const shift = Math.max(-x * (time[0] as number), -x * (time[n - 1] as number));
          runs++;
          if (!evaluateOnGrid(grid!, time, amount, mass, n, 1, x, shift, out)) return;
          certified++;
          let value = new D(0);
          let slope = new D(0);
          for (let j = 0; j < n; j++) {
            const t = new D(j).div(12); // the exact times the flows stand for
            const e = new D(x).neg().mul(t).sub(shift).exp();
            value = value.add(new D(cents[j] as number).div(100).mul(e));
            slope = slope.sub(new D(cents[j] as number).div(100).mul(t).mul(e));
          }
          expect(value.sub(out.value).abs().lte(out.valueBound)).toBe(true);
          expect(slope.sub(out.slope).abs().lte(out.slopeBound)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    // Most draws are evaluated (the grid declines only where its bounds would be loose), so the
    // bounds above were checked, not skipped.
    expect(certified).toBeGreaterThan(runs / 2);
  });

  it('refuses times off any grid', () => {
    expect(timeGrid(Float64Array.of(0, 1, 2.5, 3), 4)).toBeUndefined();
    expect(timeGrid(Float64Array.of(0, 1 / 12, 2 / 12, 5 / 12), 4)?.steps).toEqual(Int32Array.of(0, 1, 2, 5));
    expect(timeGrid(Float64Array.of(0, 1 / 12, 2 / 12, 3 / 12), 4)?.steps).toBeUndefined(); // kⱼ = j
  });
});
