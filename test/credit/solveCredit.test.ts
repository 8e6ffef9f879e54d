/**
 * solveCredit's contract (`docs/credit.md`): the value it returns is quoted and meets the target,
 * and the next step on the grid (in the direction of SOLVE_DIRECTIONS) misses it or is refused;
 * "no solution" (ERRNEG001 on the target) means no value on the grid meets it, checked at the
 * points where the claim can fail. Every case, random or written out, ends in one of the two checks.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  QuoteError,
  quoteCredit,
  solveCredit,
  type CreditOptions,
  type CreditRequest,
  type CreditResult,
  type SolveUnknown,
} from '../../src/entry/index.js';
import { SOLVE_DIRECTIONS } from '../../src/entry/credit.js';
import { formatCents } from '../../src/money/cents.js';
import { cents, solicitudArb } from '../helpers.js';

type TargetKey = 'pagoMensual' | 'totalPagar' | 'cat';

/** A solve: the solicitud and options, the unknown, and the target as the quote's measure (cents, or tenths of CAT). */
interface Problem {
  readonly s: CreditRequest;
  readonly options?: CreditOptions;
  readonly unknown: SolveUnknown;
  readonly key: TargetKey;
  readonly bound: number;
}

const measure = (q: CreditResult, key: TargetKey): number =>
  key === 'cat' ? Math.round(Number(q.cat) * 10) : cents(key === 'pagoMensual' ? q.pagoMensual : q.totalPagar);

const targetText = (key: TargetKey, value: number): string => (key === 'cat' ? (value / 10).toFixed(1) : formatCents(value));

const solve = (p: Problem) => solveCredit(p.s, { unknown: p.unknown, target: { [p.key]: targetText(p.key, p.bound) } as never }, p.options);

/** The quote with the unknown set to grid value v, or undefined when the engine refuses it (or v is off the grid). */
function quoteAt(p: Problem, v: number): CreditResult | undefined {
  if (v < (p.unknown === 'plazo' || p.unknown === 'montoSolicitado' ? 1 : 0)) return undefined;
  try {
    return quoteCredit({ ...p.s, [p.unknown]: p.unknown === 'plazo' ? v : formatCents(v) }, p.options);
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    return undefined;
  }
}

const gridValue = (unknown: SolveUnknown, value: string | number): number =>
  unknown === 'plazo' ? (value as number) : Math.round(Number(value) * 100);

/** The solved value is quoted and meets the target (its quote is the one returned); its next step misses it or is refused. */
function expectBoundary(p: Problem, solved: { value: string | number; quote: CreditResult }): void {
  const v = gridValue(p.unknown, solved.value);
  const at = quoteAt(p, v);
  expect(at, `${p.unknown} = ${v} is quoted`).toBeDefined();
  expect(measure(at!, p.key)).toBeLessThanOrEqual(p.bound);
  expect(solved.quote).toEqual(at);
  const next = quoteAt(p, v + SOLVE_DIRECTIONS[p.unknown][p.key]);
  if (next !== undefined) expect(measure(next, p.key), 'the next step misses the target').toBeGreaterThan(p.bound);
}

/** The grid point of the solicitud's own value: where the search starts (`docs/credit.md`). */
function ownValue(p: Problem): number {
  if (p.unknown === 'plazo') return p.s.plazo;
  const text = p.unknown === 'montoSolicitado' ? p.s.montoSolicitado : quoteCredit(p.s, p.options)[p.unknown];
  return Math.floor(Number(text) * 100 + 1e-9);
}

/** The grid's end on each side: the schema's largest amount, rate and term, and the smallest. */
const GRID_ENDS: Readonly<Record<SolveUnknown, readonly [number, number]>> = {
  montoSolicitado: [1, 99_999_999_999_99],
  tasa: [0, 999_99],
  comisiones: [0, 999_99],
  plazo: [1, 999],
};

/**
 * That no value of the unknown on its grid meets the target, where the claim can fail: the
 * solicitud's own value is quoted and misses; so does every quotable value visited from it towards
 * the side where the target would be met (the opposite of SOLVE_DIRECTIONS), galloping to the end
 * of the quotable run and bisecting for its last value, whose next step the engine refuses (or is
 * off the grid); so do points spread between the two; and so does the grid's end on that side when
 * the engine quotes it.
 */
function expectNoSolution(p: Problem): void {
  const towards = -SOLVE_DIRECTIONS[p.unknown][p.key];
  const quotedAndMisses = (v: number): boolean => {
    const q = quoteAt(p, v);
    if (q !== undefined) expect(measure(q, p.key), `${p.unknown} = ${v} meets the target`).toBeGreaterThan(p.bound);
    return q !== undefined;
  };
  const own = ownValue(p);
  expect(quotedAndMisses(own), 'the solicitud’s own value is quoted').toBe(true);
  let last = own;
  let refused = own;
  for (let step = 1; ; step *= 2) {
    refused = last + towards * step;
    if (!quotedAndMisses(refused)) break;
    last = refused;
  }
  while (Math.abs(refused - last) > 1) {
    const mid = Math.trunc((last + refused) / 2);
    if (quotedAndMisses(mid)) last = mid;
    else refused = mid;
  }
  expect(quoteAt(p, last + towards), 'the quotable run ends at its last value').toBeUndefined();
  for (let i = 1; i < 8; i++) quotedAndMisses(own + Math.trunc(((last - own) * i) / 8));
  quotedAndMisses(GRID_ENDS[p.unknown][towards < 0 ? 0 : 1]);
}

/** Solves `p` and checks the boundary, or, when it has no solution, that none exists; returns which. */
function check(p: Problem): 'solved' | 'none' {
  let solved: ReturnType<typeof solveCredit>;
  try {
    solved = solve(p);
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    expect([(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto]).toEqual(['ERRNEG001', `target.${p.key}`]);
    expectNoSolution(p);
    return 'none';
  }
  expectBoundary(p, solved);
  return 'solved';
}

describe('solveCredit: exact at the boundary on random targets', () => {
  const problemArb = fc.record({
    s: solicitudArb.map((s) => ({ ...s, plazo: Math.min(s.plazo, 240), generaTablaPagos: false })),
    unknown: fc.constantFrom<SolveUnknown>('montoSolicitado', 'tasa', 'plazo', 'comisiones'),
    key: fc.constantFrom<TargetKey>('pagoMensual', 'totalPagar', 'cat'),
    factor: fc.double({ min: 0.3, max: 1.7, noNaN: true }),
  });
  it('the value meets the target and the next step does not (or is refused); no solution means none on the grid', () => {
    fc.assert(
      fc.property(problemArb, ({ s, unknown, key, factor }) => {
        const bound = Math.max(0, Math.round(measure(quoteCredit(s), key) * factor));
        check({ s, unknown, key, bound });
      }),
      { numRuns: 60 },
    );
  });
});

describe('solveCredit: examples and errors', () => {
  const base = {
    fechaApertura: '2026-01-31',
    montoSolicitado: '280000.00',
    valorFactura: '350000.00',
    tasa: '13.50',
    plazo: 60,
    periodicidad: 'M',
    comisiones: '2.00',
  };
  it('the amount whose payment is 5,000.00 at 13.5 % over 60 months', () => {
    const p: Problem = { s: base, unknown: 'montoSolicitado', key: 'pagoMensual', bound: 500_000 };
    expect(check(p)).toBe('solved');
    expect(solve(p).quote.pagoMensual).toBe('5000.00');
  });
  it('the shortest term whose payment is at most 9,000.00', () => {
    const p: Problem = { s: base, unknown: 'plazo', key: 'pagoMensual', bound: 900_000 };
    expect(check(p)).toBe('solved');
    // The shortest: one payment less misses.
    expect(SOLVE_DIRECTIONS.plazo.pagoMensual).toBe(-1);
  });
  it('passes the options through (features included)', () => {
    const options = { conventions: { interestBasis: 'actual365' as const }, prepayments: [{ period: 12, amount: '20000.00' }] };
    const p: Problem = { s: base, options, unknown: 'tasa', key: 'totalPagar', bound: 38_000_000 };
    expect(check(p)).toBe('solved');
    // Without the options the same target gives another rate: they were applied.
    expect(solve({ ...p, options: {} }).value).not.toBe(solve(p).value);
  });
  it('keeps the caller’s generaTablaPagos in the returned quote', () => {
    const p: Problem = { s: { ...base, generaTablaPagos: true }, unknown: 'montoSolicitado', key: 'totalPagar', bound: 30_000_000 };
    expect(check(p)).toBe('solved');
    expect(solve(p).quote.registros).toHaveLength(60);
  });
  it('no solution: no rate on the grid brings the payment to 100.00 (280,000.00 over 60 payments is more even at 0 %)', () => {
    expect(check({ s: base, unknown: 'tasa', key: 'pagoMensual', bound: 10_000 })).toBe('none');
  });
  const codeOf = (f: () => unknown): [string, string | undefined] => {
    try {
      f();
    } catch (error) {
      return [(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto];
    }
    throw new Error('accepted');
  };
  it('names the unknown, the target or the field at fault', () => {
    expect(codeOf(() => solveCredit(base, { unknown: 'iva' as never, target: { pagoMensual: '1.00' } }))).toEqual(['ERRESQ005', 'unknown']);
    expect(codeOf(() => solveCredit(base, { unknown: 'tasa', target: {} as never }))).toEqual(['ERRESQ005', 'target']);
    expect(codeOf(() => solveCredit(base, { unknown: 'tasa', target: { pagoMensual: '1', cat: '2' } as never }))).toEqual([
      'ERRESQ005',
      'target',
    ]);
    expect(codeOf(() => solveCredit(base, { unknown: 'tasa', target: { pagoMensual: 'mil' } }))).toEqual([
      'ERRESQ005',
      'target.pagoMensual',
    ]);
    expect(codeOf(() => solveCredit({ ...base, plazo: 0 }, { unknown: 'tasa', target: { cat: '20' } }))).toEqual(['ERRESQ004', 'plazo']);
  });
});
