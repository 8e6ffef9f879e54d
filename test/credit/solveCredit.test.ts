import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuoteError, quoteCredit, solveCredit, type CreditRequest, type CreditResult, type SolveUnknown } from '../../src/entry/index.js';
import { SOLVE_DIRECTIONS } from '../../src/entry/credit.js';
import { formatCents } from '../../src/money/cents.js';
import { cents, solicitudArb } from '../helpers.js';

type TargetKey = 'pagoMensual' | 'totalPagar' | 'cat';

const measure = (q: CreditResult, key: TargetKey): number =>
  key === 'cat' ? Math.round(Number(q.cat) * 10) : cents(key === 'pagoMensual' ? q.pagoMensual : q.totalPagar);

const targetText = (key: TargetKey, value: number): string => (key === 'cat' ? (value / 10).toFixed(1) : formatCents(value));

/** The quote with `unknown` set to grid value v, or undefined when the engine refuses it. */
function quoteAt(s: CreditRequest, unknown: SolveUnknown, v: number): CreditResult | undefined {
  if (v < (unknown === 'plazo' || unknown === 'montoSolicitado' ? 1 : 0)) return undefined;
  try {
    return quoteCredit({ ...s, [unknown]: unknown === 'plazo' ? v : formatCents(v) });
  } catch (error) {
    expect(error).toBeInstanceOf(QuoteError);
    return undefined;
  }
}

const gridValue = (unknown: SolveUnknown, value: string | number): number =>
  unknown === 'plazo' ? (value as number) : Math.round(Number(value) * 100);

describe('solveCredit: exact at the boundary on random targets', () => {
  const problemArb = fc.record({
    solicitud: solicitudArb.map((s) => ({ ...s, plazo: Math.min(s.plazo, 240), generaTablaPagos: false })),
    unknown: fc.constantFrom<SolveUnknown>('montoSolicitado', 'tasa', 'plazo', 'comisiones'),
    key: fc.constantFrom<TargetKey>('pagoMensual', 'totalPagar', 'cat'),
    factor: fc.double({ min: 0.3, max: 1.7, noNaN: true }),
  });
  it('the value meets the target and the next step does not (or is refused); no solution is ERRNEG001 on the target', () => {
    fc.assert(
      fc.property(problemArb, ({ solicitud, unknown, key, factor }) => {
        const base = quoteCredit(solicitud);
        const bound = Math.max(0, Math.round(measure(base, key) * factor));
        const target = { [key]: targetText(key, bound) } as never;
        let solved: ReturnType<typeof solveCredit>;
        try {
          solved = solveCredit(solicitud, { unknown, target });
        } catch (error) {
          expect(error).toBeInstanceOf(QuoteError);
          expect([(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto]).toEqual(['ERRNEG001', `target.${key}`]);
          return;
        }
        const v = gridValue(unknown, solved.value);
        const at = quoteAt(solicitud, unknown, v);
        expect(at).toBeDefined();
        expect(measure(at!, key)).toBeLessThanOrEqual(bound);
        expect(solved.quote.pagoMensual).toBe(at!.pagoMensual);
        const next = quoteAt(solicitud, unknown, v + SOLVE_DIRECTIONS[unknown][key]);
        if (next !== undefined) expect(measure(next, key)).toBeGreaterThan(bound);
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
    const { value, quote } = solveCredit(base, { unknown: 'montoSolicitado', target: { pagoMensual: '5000.00' } });
    expect(quote.pagoMensual).toBe('5000.00');
    const above = quoteCredit({ ...base, montoSolicitado: formatCents(cents(value as string) + 1) });
    expect(cents(above.pagoMensual)).toBeGreaterThan(500_000);
  });
  it('the shortest term whose payment is at most 9,000.00', () => {
    const { value } = solveCredit(base, { unknown: 'plazo', target: { pagoMensual: '9000.00' } });
    expect(cents(quoteCredit({ ...base, plazo: value as number }).pagoMensual)).toBeLessThanOrEqual(900_000);
    expect(cents(quoteCredit({ ...base, plazo: (value as number) - 1 }).pagoMensual)).toBeGreaterThan(900_000);
  });
  it('passes the options through (features included)', () => {
    const options = { conventions: { interestBasis: 'actual365' as const }, prepayments: [{ period: 12, amount: '20000.00' }] };
    const { value, quote } = solveCredit(base, { unknown: 'tasa', target: { totalPagar: '380000.00' } }, options);
    expect(quote).toEqual(quoteCredit({ ...base, tasa: value as string }, options));
    expect(cents(quote.totalPagar)).toBeLessThanOrEqual(38_000_000);
  });
  it('keeps the caller’s generaTablaPagos in the returned quote', () => {
    const { quote } = solveCredit({ ...base, generaTablaPagos: true }, { unknown: 'montoSolicitado', target: { totalPagar: '300000.00' } });
    expect(quote.registros).toHaveLength(60);
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
    expect(codeOf(() => solveCredit(base, { unknown: 'tasa', target: { pagoMensual: '100.00' } }))).toEqual([
      'ERRNEG001',
      'target.pagoMensual',
    ]);
    expect(codeOf(() => solveCredit({ ...base, plazo: 0 }, { unknown: 'tasa', target: { cat: '20' } }))).toEqual(['ERRESQ004', 'plazo']);
  });
});
