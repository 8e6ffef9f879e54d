import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countScenarios,
  GridCursor,
  gridRecord,
  parseVariation,
  scenarioGrid,
  scenarios,
  summarizeGridRow,
} from '../../src/entry/analysis.js';
import { applyScenario } from '../../src/analysis/grid.js';
import { quoteCredit, type CreditRequest } from '../../src/entry/credit.js';
import { QuoteError } from '../../src/errors/quoteError.js';

const base = (JSON.parse(readFileSync('examples/autoestrene.json', 'utf8')) as { solicitud: CreditRequest }).solicitud;
const summary = { ...base, generaTablaPagos: false };

function thrown(fn: () => unknown): QuoteError {
  try {
    fn();
  } catch (error) {
    if (error instanceof QuoteError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('parseVariation', () => {
  it('steps ranges exactly in decimal and formats rates as the schema wants', () => {
    const tasa = parseVariation('tasa=10:20:0.5');
    expect(tasa.values).toHaveLength(21);
    expect(tasa.values.slice(0, 3)).toEqual(['10.00', '10.50', '11.00']);
    expect(tasa.values.at(-1)).toBe('20.00');
    // 0.1 × 3 is 0.30000000000000004 in binary floating point; here it is exact.
    expect(parseVariation('comisiones=0:1:0.1').values).toEqual([
      '0.00',
      '0.10',
      '0.20',
      '0.30',
      '0.40',
      '0.50',
      '0.60',
      '0.70',
      '0.80',
      '0.90',
      '1.00',
    ]);
    expect(parseVariation('tasa=9.125:9.5:0.125').values).toEqual(['9.125', '9.250', '9.375', '9.500']);
    expect(parseVariation('tasa=20:10:-5').values).toEqual(['20.00', '15.00', '10.00']);
    expect(parseVariation('tasa=10:11:0.3').values).toEqual(['10.00', '10.30', '10.60', '10.90']);
  });

  it('keeps integer fields numbers and amounts strings', () => {
    expect(parseVariation('plazo=12:60:12').values).toEqual([12, 24, 36, 48, 60]);
    expect(parseVariation('plazo=12,24').values).toEqual([12, 24]);
    expect(parseVariation('montoSolicitado=250000,280000.5').values).toEqual(['250000.00', '280000.50']);
    expect(parseVariation('periodicidad=M,Q').values).toEqual(['M', 'Q']);
    expect(parseVariation('creditoGarantiaExt=true,false').values).toEqual([true, false]);
    expect(parseVariation('informacionSeguro.enganche=70000').values).toEqual(['70000.00']);
    // Text the field cannot hold is kept, for the engine to reject per scenario.
    expect(parseVariation('plazo=abc').values).toEqual(['abc']);
  });

  it('names the field of a bad variation', () => {
    expect(thrown(() => parseVariation('nope=1,2'))).toMatchObject({ codigoError: 'ERRESQ003', valorIncorrecto: 'nope' });
    expect(thrown(() => parseVariation('informacionSeguro.nope=1'))).toMatchObject({
      codigoError: 'ERRESQ003',
      valorIncorrecto: 'informacionSeguro.nope',
    });
    expect(thrown(() => parseVariation('tasa=10:20:0'))).toMatchObject({ codigoError: 'ERRESQ005', valorIncorrecto: 'tasa' });
    expect(thrown(() => parseVariation('tasa=10:20'))).toMatchObject({ codigoError: 'ERRESQ005', valorIncorrecto: 'tasa' });
    expect(thrown(() => parseVariation('tasa=20:10:1'))).toMatchObject({ codigoError: 'ERRESQ005', valorIncorrecto: 'tasa' });
    expect(thrown(() => parseVariation('plazo=12:24:0.5'))).toMatchObject({ codigoError: 'ERRESQ005', valorIncorrecto: 'plazo' });
    expect(thrown(() => parseVariation('periodicidad=1:2:1'))).toMatchObject({ codigoError: 'ERRESQ005', valorIncorrecto: 'periodicidad' });
    expect(thrown(() => parseVariation('plazo'))).toMatchObject({ codigoError: 'ERRESQ005' });
  });
});

describe('scenarios', () => {
  const variationsArb = fc
    .array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 })
    .map((sizes) =>
      sizes.map((n, i) => ({ field: ['plazo', 'tasa', 'comisiones'][i] as string, values: Array.from({ length: n }, (_, k) => `v${k}`) })),
    );

  it("enumerates the cartesian product in nested-loop order; a GridCursor's seek and next agree", () => {
    fc.assert(
      fc.property(variationsArb, (variations) => {
        const all = [...scenarios(variations)];
        expect(all).toHaveLength(countScenarios(variations));
        expect(new Set(all.map((s) => JSON.stringify(s))).size).toBe(all.length);
        const walked = new GridCursor(base, variations);
        const jumped = new GridCursor(base, variations);
        all.forEach((s, i) => {
          jumped.seek(i);
          expect(jumped.scenario()).toEqual(s);
          expect(walked.scenario()).toEqual(s);
          walked.next();
        });
        const sorted = [...all].sort((a, b) => compareScenario(variations, a, b));
        expect(sorted).toEqual(all);
      }),
    );
  });

  it('accepts a record of variations and sets nested fields without mutating the base', () => {
    expect([...scenarios({ plazo: [12, 24], tasa: ['10.00'] })]).toEqual([
      { plazo: 12, tasa: '10.00' },
      { plazo: 24, tasa: '10.00' },
    ]);
    const frozen = Object.freeze({ ...base, informacionSeguro: Object.freeze({ enganche: '1.00' }) }) as unknown as CreditRequest;
    const out = applyScenario(frozen, { plazo: 48, 'informacionSeguro.enganche': '70000.00' });
    expect(out.plazo).toBe(48);
    expect(out.informacionSeguro?.enganche).toBe('70000.00');
    expect(frozen.plazo).toBe(36);
    expect(frozen.informacionSeguro?.enganche).toBe('1.00');
  });
});

function compareScenario(
  variations: readonly { field: string; values: readonly unknown[] }[],
  a: Record<string, unknown>,
  b: Record<string, unknown>,
): number {
  for (const v of variations) {
    const d = v.values.indexOf(a[v.field]) - v.values.indexOf(b[v.field]);
    if (d !== 0) return d;
  }
  return 0;
}

describe('scenarioGrid', () => {
  it('equals direct engine calls, errors included', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 96 }), { minLength: 1, maxLength: 3 }),
        fc.uniqueArray(
          fc.integer({ min: 0, max: 3000 }).map((c) => (c / 100).toFixed(2)),
          { minLength: 1, maxLength: 3 },
        ),
        (plazos, tasas) => {
          const rows = [...scenarioGrid(summary, { plazo: plazos, tasa: tasas })];
          expect(rows).toHaveLength(plazos.length * tasas.length);
          for (const row of rows) {
            const solicitud = { ...summary, plazo: row.scenario.plazo as number, tasa: row.scenario.tasa as string };
            let expected: unknown;
            try {
              expected = { result: quoteCredit(solicitud) };
            } catch (error) {
              const e = error as QuoteError;
              expected = { error: { codigoError: e.codigoError, valorIncorrecto: e.valorIncorrecto, mensaje: e.mensaje } };
            }
            expect(row.error === undefined ? { result: row.result } : { error: row.error }).toEqual(expected);
          }
        },
      ),
      { numRuns: 75 },
    );
  });

  it('turns a rejected scenario into a row naming the field', () => {
    const [ok, bad] = [...scenarioGrid(summary, { montoSolicitado: ['280000.00', '349000.00'] })];
    expect(ok?.result).toEqual(quoteCredit({ ...summary, montoSolicitado: '280000.00' }));
    const refused = thrown(() => quoteCredit({ ...summary, montoSolicitado: '349000.00' }));
    expect(bad?.error).toEqual({ codigoError: 'ERRNEG001', valorIncorrecto: 'montoSolicitado', mensaje: refused.mensaje });
    const record = gridRecord(summarizeGridRow(bad!));
    expect(record).toMatchObject({
      montoSolicitado: '349000.00',
      codigoError: 'ERRNEG001',
      valorIncorrecto: 'montoSolicitado',
      pagoMensual: undefined,
    });
    expect(gridRecord(summarizeGridRow(ok!))).toMatchObject({
      pagoMensual: ok?.result?.pagoMensual,
      cat: ok?.result?.cat,
      codigoError: undefined,
    });
  });

  it('is lazy: it reads a scenario, and quotes it, only when the row is taken', () => {
    // A value read ahead of its row would throw.
    const plazos = new Proxy([12, 24, 36], {
      get: (target, key, receiver) => {
        if (key === '1' || key === '2') throw new Error(`read ahead: value ${key}`);
        return Reflect.get(target, key, receiver);
      },
    });
    const grid = scenarioGrid(summary, { plazo: plazos });
    expect(grid.next().value?.scenario).toEqual({ plazo: 12 });
    expect(() => grid.next()).toThrow('read ahead: value 1');
  });

  it('passes options through (conventions, fechaApertura)', () => {
    const { fechaApertura: _omit, ...undated } = summary;
    const [row] = [...scenarioGrid(undated, { plazo: [12] }, { fechaApertura: '2026-03-01' })];
    expect(row?.result?.fechaApertura).toBe('2026-03-01');
  });
});
