/**
 * Worked by hand from the default tariff's figures (never pasted from the code's output).
 * Insurer 3 "Gamma", package 1 Amplia, automóvil particular (rate 0.0345, fixed 2,400.00),
 * Coahuila (zone 1.00), new (age 1.00), valor comercial (rate factor 1.00, year-1 fraction 1),
 * sum insured 300,000.00, policy fee 500.00, IVA 16%, start 2025-03-10.
 *   prima neta = 300,000 × 0.0345 + 2,400 = 10,350 + 2,400 = 12,750.00
 */
import { describe, expect, it } from 'vitest';
import { quotePolicy } from '../../src/entry/insurance.js';
import { BASE } from './helpers.js';

const quote = (idFormaPago: number) => {
  const offers = quotePolicy({ ...BASE, idFormaPago }, { fechaInicio: '2025-03-10' }).listaSeguroAuto;
  expect(offers).toHaveLength(1);
  return offers[0]!;
};

describe('hand-worked annual examples, one per payment form', () => {
  it('contado: one receipt', () => {
    // recargo 0; IVA = (12,750 + 500) × 0.16 = 13,250 × 0.16 = 2,120.00; total = 13,250 + 2,120 = 15,370.00
    const o = quote(1);
    expect(o.primaTotal).toBe('15370.00');
    expect(o.listaRecibos).toEqual([
      { numeroRecibo: '1', vigenciaInicial: '10/03/2025', vigenciaFin: '10/03/2026', primaTotal: '15370.00' },
    ]);
    expect([o.vigenciaInicial, o.vigenciaFin]).toEqual(['10/03/2025', '10/03/2026']);
  });

  it('semestral: 3% surcharge, two receipts', () => {
    // recargo = 12,750 × 0.03 = 382.50; neta + recargo = 13,132.50
    // IVA = (13,132.50 + 500) × 0.16 = 13,632.50 × 0.16 = 2,181.20; total = 13,632.50 + 2,181.20 = 15,813.70
    // later receipt = 13,132.50 × 1.16 / 2 = 15,233.70 / 2 = 7,616.85
    // first = 15,813.70 − 7,616.85 = 8,196.85  (= (6,566.25 + 500) × 1.16)
    const o = quote(2);
    expect(o.primaTotal).toBe('15813.70');
    expect(o.listaRecibos).toEqual([
      { numeroRecibo: '1', vigenciaInicial: '10/03/2025', vigenciaFin: '10/09/2025', primaTotal: '8196.85' },
      { numeroRecibo: '2', vigenciaInicial: '10/09/2025', vigenciaFin: '10/03/2026', primaTotal: '7616.85' },
    ]);
  });

  it('trimestral: 5% surcharge, four receipts', () => {
    // recargo = 12,750 × 0.05 = 637.50; neta + recargo = 13,387.50
    // IVA = 13,887.50 × 0.16 = 2,222.00; total = 13,887.50 + 2,222.00 = 16,109.50
    // later = 13,387.50 × 1.16 / 4 = 15,529.50 / 4 = 3,882.375 → 3,882.37 (truncated)
    // first = 16,109.50 − 3 × 3,882.37 = 16,109.50 − 11,647.11 = 4,462.39
    const o = quote(3);
    expect(o.primaTotal).toBe('16109.50');
    expect(o.listaRecibos.map((r) => r.primaTotal)).toEqual(['4462.39', '3882.37', '3882.37', '3882.37']);
    expect(o.listaRecibos.map((r) => r.vigenciaInicial)).toEqual(['10/03/2025', '10/06/2025', '10/09/2025', '10/12/2025']);
    expect(o.listaRecibos[3]!.vigenciaFin).toBe('10/03/2026');
  });

  it('mensual: 6.5% surcharge, twelve receipts', () => {
    // recargo = 12,750 × 0.065 = 828.75; neta + recargo = 13,578.75
    // IVA = 14,078.75 × 0.16 = 2,252.60; total = 14,078.75 + 2,252.60 = 16,331.35
    // later = 13,578.75 × 1.16 / 12 = 15,751.35 / 12 = 1,312.6125 → 1,312.61
    // first = 16,331.35 − 11 × 1,312.61 = 16,331.35 − 14,438.71 = 1,892.64
    const o = quote(4);
    expect(o.primaTotal).toBe('16331.35');
    expect(o.listaRecibos).toHaveLength(12);
    expect(o.listaRecibos[0]!.primaTotal).toBe('1892.64');
    expect(new Set(o.listaRecibos.slice(1).map((r) => r.primaTotal))).toEqual(new Set(['1312.61']));
    expect(o.listaRecibos[11]).toEqual({
      numeroRecibo: '12',
      vigenciaInicial: '10/02/2026',
      vigenciaFin: '10/03/2026',
      primaTotal: '1312.61',
    });
  });

  it('GAP and life for a 24-month credit', () => {
    // GAP (Gamma: 0.85% a year on the invoice value, with IVA): 300,000 × 0.0085 × 24/12 = 5,100.00;
    //   IVA 816.00 → 5,916.00
    // Life (0.45 per thousand a month, no IVA) on F = 300,000 − 60,000 = 240,000:
    //   declining: 240,000 × 0.00045 × (24 + 1)/2 = 108 × 12.5 = 1,350.00
    //   flat:      240,000 × 0.00045 × 24 = 2,592.00
    const o = quote(1);
    expect(o.seguroGap).toBe('5916.00');
    expect(o.segVida).toBe('1350.00');
    const flat = quotePolicy({ ...BASE, idFormaPago: 1 }, { fechaInicio: '2025-03-10', lifeBalance: 'flat' }).listaSeguroAuto[0]!;
    expect(flat.segVida).toBe('2592.00');
    // Exact balances from the credit engine: 240,000 + 120,000 → (360,000) × 0.00045 = 162.00
    const given = quotePolicy({ ...BASE }, { fechaInicio: '2025-03-10', lifeBalances: ['240000.00', '120000.00'] }).listaSeguroAuto[0]!;
    expect(given.segVida).toBe('162.00');
  });

  it('no credit: GAP and life are zero', () => {
    const o = quotePolicy({ ...BASE, plazoFinanciado: 0, enganche: '300000.00' }, { fechaInicio: '2025-03-10' }).listaSeguroAuto[0]!;
    expect([o.seguroGap, o.segVida]).toEqual(['0.00', '0.00']);
  });

  it('short annual policy: 6 months prorated', () => {
    // neta = 12,750 × 6/12 = 6,375.00; contado: IVA = (6,375 + 500) × 0.16 = 1,100.00; total 7,975.00
    const o = quotePolicy({ ...BASE, plazoMeses: 6 }, { fechaInicio: '2025-03-10' }).listaSeguroAuto[0]!;
    expect(o.primaTotal).toBe('7975.00');
    expect(o.vigenciaFin).toBe('10/09/2025');
    expect(o.listaRecibos).toHaveLength(1);
  });
});

describe('hand-worked multi-year example (idVigencia 2)', () => {
  it('prices each policy year on its own, falling sum insured', () => {
    // Insurer 1 "Alfa", Amplia, automóvil particular: rate 0.032, fixed 2,600.00, fee 550.00.
    // Valor comercial fractions 1, 0.85, 0.76; age factors: age 0 → 1.00, 1 → 1.00, 2 → 1.05.
    // plazoFinanciado 30 → ⌈30/12⌉ = 3 policy years; contado.
    // Year 1: S = 300,000; neta = 300,000 × 0.032 + 2,600 = 12,200.00; IVA = (12,200 + 550) × 0.16 = 2,040.00
    //         total = 14,790.00
    // Year 2: S = 255,000; neta = 8,160 + 2,600 = 10,760.00; IVA = 1,721.60; total = 12,481.60
    // Year 3: S = 228,000; neta = (7,296 + 2,600) × 1.05 = 10,390.80; IVA = 1,662.528 → 1,662.53; total = 12,053.33
    // Policy: 14,790.00 + 12,481.60 + 12,053.33 = 39,324.93
    const o = quotePolicy({ ...BASE, idAseguradora: 1, idVigencia: 2, plazoFinanciado: 30, idFormaPago: 1 }, { fechaInicio: '2025-03-10' })
      .listaSeguroAuto[0]!;
    expect(o.primaTotal).toBe('39324.93');
    expect(o.listaRecibos).toEqual([
      { numeroRecibo: '1', vigenciaInicial: '10/03/2025', vigenciaFin: '10/03/2026', primaTotal: '14790.00' },
      { numeroRecibo: '2', vigenciaInicial: '10/03/2026', vigenciaFin: '10/03/2027', primaTotal: '12481.60' },
      { numeroRecibo: '3', vigenciaInicial: '10/03/2027', vigenciaFin: '10/03/2028', primaTotal: '12053.33' },
    ]);
    expect([o.vigenciaInicial, o.vigenciaFin]).toEqual(['10/03/2025', '10/03/2028']);
  });
});
