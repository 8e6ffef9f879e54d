import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CatFlows, QuoteError, computeCat, quoteCredit } from '../../src/entry/index.js';
import { solvePeriodicCat } from '../../src/cat/periodic.js';
import { decimalNumber } from '../../src/cat/flows.js';
import { Decimal } from '../../src/money/decimal.js';
import { formatCents } from '../../src/money/cents.js';
import { cents, solicitudArb } from '../helpers.js';

const text = formatCents;

/** The flows as [time, signed amount] pairs (payments positive), read as numbers. */
function numeric(flows: CatFlows): [number, number][] {
  return [
    ...flows.disbursements.map((f): [number, number] => [Number(f.time), -Number(f.amount)]),
    ...flows.payments.map((f): [number, number] => [Number(f.time), Number(f.amount)]),
  ];
}

/**
 * The sign of g(x) = Σ aⱼ e^(−x·tⱼ) (x = ln(1 + i)) when float64 is sure of it: 0 when |g| is
 * within 10⁻¹² of the sum of the terms' sizes (far above float64's error on these few flows).
 */
function decisiveSign(flows: readonly [number, number][], x: number): -1 | 0 | 1 {
  let value = 0;
  let size = 0;
  for (const [t, a] of flows) {
    const term = a * Math.exp(-x * t);
    value += term;
    size += Math.abs(term);
  }
  return Math.abs(value) <= 1e-12 * size ? 0 : value > 0 ? 1 : -1;
}

/** Whether g certainly changes sign between two of `steps` + 1 evenly spaced points of [from, to]. */
function changesSignOnGrid(flows: readonly [number, number][], from: number, to: number, steps = 400): boolean {
  let last: -1 | 0 | 1 = 0;
  for (let k = 0; k <= steps; k++) {
    const s = decisiveSign(flows, from + ((to - from) * k) / steps);
    if (s !== 0 && last !== 0 && s !== last) return true;
    if (s !== 0) last = s;
  }
  return false;
}

/** x = ln(1 + i) at the ends of the range computeCat searches by default (−99.99 % to 1,000,000 %). */
const X_MIN = Math.log1p(-0.9999);
const X_MAX = Math.log1p(10_000);

/**
 * Banxico's rule checked on the float64 present value: `rate` is a sign change of g, and no sign
 * change lies between it and zero (for a negative rate, none on the positive side either).
 */
function expectBanxicoRoot(flows: CatFlows, rate: string): void {
  const values = numeric(flows);
  const x = Math.log1p(Number(rate));
  const delta = 1e-6;
  const left = decisiveSign(values, x - delta);
  const right = decisiveSign(values, x + delta);
  expect(left !== 0 && left === right, `g keeps its sign ${left} across the rate ${rate}`).toBe(false);
  if (x > delta) expect(changesSignOnGrid(values, 0, x - delta), `a root between 0 and ${rate}`).toBe(false);
  if (x < -delta) {
    expect(changesSignOnGrid(values, 0, X_MAX), `a positive root besides ${rate}`).toBe(false);
    expect(changesSignOnGrid(values, x + delta, 0), `a root between ${rate} and 0`).toBe(false);
  }
}

/** The coded refusal of flows no rate equates: the code, the field, the message, and no sign change on the searched range. */
function expectNoRate(flows: CatFlows, thrown: unknown): void {
  expect(thrown).toBeInstanceOf(QuoteError);
  const error = thrown as QuoteError;
  expect([error.codigoError, error.valorIncorrecto, error.messageId]).toEqual(['ERRNEG001', 'flows', 'flujosSinTasa']);
  expect(changesSignOnGrid(numeric(flows), X_MIN, X_MAX)).toBe(false);
}

/** What computeCat throws for `flows` (undefined when it returns). */
function thrownBy(flows: CatFlows): unknown {
  try {
    computeCat(flows);
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('computeCat', () => {
  it('the public vector: quincenal, 4 payments, 37 %, commission 50.00 → 51.5', () => {
    // Payments without IVA (capital + interest) of the cent schedule: 2612.76 − IVA.
    const r = quoteCredit({
      fechaApertura: '2026-01-01',
      montoSolicitado: '10000.00',
      valorFactura: '20000.00',
      tasa: '37',
      plazo: 4,
      periodicidad: 'Q',
      comisiones: '0.5',
      generaTablaPagos: true,
    });
    const flows = {
      disbursements: [{ time: 0, amount: '9950.00' }],
      payments: r.registros.map((row, k) => ({
        time: (k + 1) / 24,
        amount: text(cents(row.abonoCapital) + cents(row.interesAmortizacion)),
      })),
    };
    const cat = computeCat(flows);
    expect(cat.percent).toBe('51.5');
    // The unrounded engine gives 0.515333…; cent rounding moves it in the sixth digit only.
    expect(Math.abs(Number(cat.rate) - 0.515333297601471)).toBeLessThan(1e-4);
    expect(cat.rate.replace(/^0\.|-/g, '').replace(/^0+/, '').length).toBeGreaterThanOrEqual(12);
    // The rate is the root itself: at 50 digits the present value changes sign within 10⁻¹² of it.
    const D = Decimal.clone({ precision: 50 });
    const pv = (rate: string) =>
      flows.payments.reduce(
        (sum, p) => sum.add(new D(p.amount).div(new D(rate).add(1).pow(new D(p.time).toDecimalPlaces(40)))),
        new D(-9950),
      );
    expect(pv(new D(cat.rate).sub('1e-12').toString()).isPositive()).toBe(true);
    expect(pv(new D(cat.rate).add('1e-12').toString()).isNegative()).toBe(true);
  });

  it('no fees, no IVA: CAT = (1 + tasa/1200)^12 − 1 (monthly)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9000 }), fc.integer({ min: 12, max: 360 }), (bp, n) => {
        const tasa = (bp / 100).toFixed(2);
        const r = quoteCredit({
          fechaApertura: '2026-01-01',
          montoSolicitado: '500000.00',
          valorFactura: '1000000.00',
          tasa,
          plazo: n,
          iva: 0,
          comisiones: '0',
        });
        const exact = new Decimal(1).add(new Decimal(tasa).div(1200)).pow(12).sub(1).mul(100);
        // Cent rounding of the schedule moves the rate by far less than a tenth, except at a boundary.
        expect(Math.abs(Number(r.cat) - exact.toNumber())).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
      { numRuns: 240 },
    );
  });

  it('agrees with the quote’s own periodic solver on random loans', () => {
    fc.assert(
      fc.property(solicitudArb, (s) => {
        const r = quoteCredit({ ...s, comisiones: '0' });
        const flows = {
          disbursements: [{ time: '0', amount: s.montoSolicitado }],
          payments: r.registros.map((row, k) => ({
            time: new Decimal(k + 1).div({ M: 12, Q: 24, C: 26, S: 52, D: 36 }[s.periodicidad as 'M']).toString(),
            amount: text(cents(row.abonoCapital) + cents(row.interesAmortizacion)),
          })),
        };
        expect(computeCat(flows).percent).toBe(r.cat);
      }),
      { numRuns: 120 },
    );
  });

  it('rises with the commission', () => {
    const payments = Array.from({ length: 48 }, (_, k) => ({ time: (k + 1) / 12, amount: '2750.00' }));
    let last = -Infinity;
    for (const fee of ['0.00', '500.00', '1000.00', '2500.00', '5000.00']) {
      const net = new Decimal('100000.00').sub(fee).toFixed(2);
      const rate = Number(computeCat({ disbursements: [{ time: 0, amount: net }], payments }).rate);
      expect(rate).toBeGreaterThan(last);
      last = rate;
    }
  });

  it('takes the positive root closest to zero when there are several', () => {
    // Flows −1, +3.3, −3.62, +1.32 (per year) have roots at 10 %, 20 % and… a polynomial with
    // roots v = 1/1.1, 1/1.2, 1/1.0: (1−1.1v)(1−1.2v)(1−v) scaled. The closest positive to 0 is 10 %.
    // Expand (1−1.1v)(1−1.2v)(1−v) = 1 − 3.3v + 3.62v² − 1.32v³.
    const r = computeCat({
      disbursements: [
        { time: 0, amount: '1.00' },
        { time: 2, amount: '3.62' },
      ],
      payments: [
        { time: 1, amount: '3.30' },
        { time: 3, amount: '1.32' },
      ],
    });
    expect(r.percent).toBe('10.0');
    expect(Number(r.rate)).toBeCloseTo(0.1, 12);
  });

  it('a zero root: payments equal to the disbursement', () => {
    const r = computeCat({
      disbursements: [{ time: 0, amount: '1200.00' }],
      payments: Array.from({ length: 12 }, (_, k) => ({ time: (k + 1) / 12, amount: '100.00' })),
    });
    expect(r.percent).toBe('0.0');
  });

  it('flows with no real root give a coded error, never a number', () => {
    const bad = [
      { disbursements: [{ time: 0, amount: '100.00' }], payments: [] },
      { disbursements: [], payments: [{ time: 1, amount: '100.00' }] },
      // 1 − 2v + 2v²: no real root.
      {
        disbursements: [{ time: 1, amount: '2.00' }],
        payments: [
          { time: 0, amount: '1.00' },
          { time: 2, amount: '2.00' },
        ],
      },
    ];
    for (const flows of bad) expectNoRate(flows, thrownBy(flows));
  });

  it('rejects malformed flows with the field named', () => {
    const refusal = (flows: CatFlows) => {
      const error = thrownBy(flows) as QuoteError;
      expect(error).toBeInstanceOf(QuoteError);
      return [error.codigoError, error.valorIncorrecto, error.messageId];
    };
    expect(refusal({ disbursements: [{ time: -1, amount: '1.00' }], payments: [] })).toEqual([
      'ERRESQ005',
      'disbursements[0].time',
      'flujoTiempo',
    ]);
    expect(refusal({ disbursements: [{ time: 0, amount: 5 as never }], payments: [] })).toEqual([
      'ERRESQ005',
      'disbursements[0].amount',
      'flujoImporte',
    ]);
    expect(refusal({ disbursements: [], payments: [{ time: 0, amount: '-1.00' }] })).toEqual([
      'ERRESQ005',
      'payments[0].amount',
      'flujoImporte',
    ]);
    expect(refusal({ disbursements: [null as never], payments: [] })).toEqual(['ERRESQ005', 'disbursements[0]', 'flujoForma']);
    expect(refusal(null as never)).toEqual(['ERRESQ005', 'flows', 'flujosObjeto']);
  });

  it('over random flows returns Banxico’s root (never NaN or Infinity) or refuses only where no rate exists', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ time: fc.integer({ min: 0, max: 600 }), amount: fc.integer({ min: 0, max: 1e9 }), out: fc.boolean() }), {
          minLength: 1,
          maxLength: 30,
        }),
        (list) => {
          const flows = {
            disbursements: list.filter((f) => f.out).map((f) => ({ time: f.time / 12, amount: text(f.amount) })),
            payments: list.filter((f) => !f.out).map((f) => ({ time: f.time / 12, amount: text(f.amount) })),
          };
          let r: ReturnType<typeof computeCat>;
          try {
            r = computeCat(flows);
          } catch (error) {
            expectNoRate(flows, error);
            return;
          }
          expect(Number.isFinite(Number(r.rate))).toBe(true);
          expect(r.percent).toMatch(/^-?\d+\.\d$/);
          expectBanxicoRoot(flows, r.rate);
        },
      ),
      { numRuns: 900 },
    );
  });
});

describe('CAT tenths near a rounding boundary are decided exactly', () => {
  it('a rate a hair above and below x.x5 % rounds to the right side', () => {
    // Build flows whose exact rate is 12.35 % ± 1e-12 by discounting at that rate in decimal.
    for (const [offset, expected] of [
      ['1e-12', '12.4'],
      ['-1e-12', '12.3'],
    ] as const) {
      const rate = new Decimal('0.1235').add(offset);
      const payments = [1, 2, 3].map((k) => ({ time: k, amount: '1000.00' }));
      const pv = payments.reduce((sum, p) => sum.add(new Decimal(p.amount).div(rate.add(1).pow(p.time))), new Decimal(0));
      // The disbursement must be an exact decimal: use it with full precision.
      const r = computeCat({ disbursements: [{ time: 0, amount: pv.toFixed(40) }], payments });
      expect(r.percent).toBe(expected);
    }
  });
  it('the periodic solver agrees at the boundary', () => {
    const v = new Decimal('1.1235').pow(new Decimal(-1).div(12));
    const payments = new Float64Array(12).fill(100_000);
    let pv = new Decimal(0);
    for (let k = 1; k <= 12; k++) pv = pv.add(v.pow(k).mul(100_000));
    // Disbursement in cents, rounded down: the true rate is then a hair above 12.35 %.
    const disbursement = pv.floor().toNumber();
    expect(solvePeriodicCat({ disbursement, payments, period: { num: 1, den: 12 } }).tenths).toBe(124);
  });
});

describe('decimalNumber (the flows parser fast path)', () => {
  it('gives the very double Number(text) gives', () => {
    const text = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 16n }), fc.integer({ min: 0, max: 16 })).map(([digits, decimals]) => {
      const s = digits.toString().padStart(decimals + 1, '0');
      return decimals === 0 ? s : `${s.slice(0, s.length - decimals)}.${s.slice(s.length - decimals)}`;
    });
    fc.assert(
      fc.property(text, (t) => {
        expect(decimalNumber(t)).toBe(Number(t));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('computeCat reads the flows in order', () => {
  it('names the first bad field: a disbursement before a missing payments list', () => {
    const flows = { disbursements: [{ time: -1, amount: '1.00' }] } as never;
    expect(() => computeCat(flows)).toThrowError(expect.objectContaining({ valorIncorrecto: 'disbursements[0].time' }));
    expect(() => computeCat({ disbursements: [{ time: 0, amount: '1.00' }] } as never)).toThrowError(
      expect.objectContaining({ valorIncorrecto: 'payments' }),
    );
  });

  it('gives the same result for flows out of time order, netted at one time, or with zero flows', () => {
    const payments = [1, 2, 3].map((k) => ({ time: k, amount: '400.00' }));
    const base = computeCat({ disbursements: [{ time: 0, amount: '1000.00' }], payments });
    const shuffled = computeCat({
      disbursements: [
        { time: 0, amount: '0.00' },
        { time: 0, amount: '1000.00' },
      ],
      payments: [payments[2], { time: 0.5, amount: '0' }, payments[0], payments[1]] as typeof payments,
    });
    const split = computeCat({
      disbursements: [{ time: 0, amount: '1000.00' }],
      payments: [...payments.slice(0, 2), { time: 3, amount: '150.00' }, { time: 3, amount: '250.00' }],
    });
    expect(shuffled).toEqual(base);
    expect(split.percent).toBe(base.percent);
  });
});
