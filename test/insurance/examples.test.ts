/**
 * Worked by hand from the default tariff's figures (never pasted from the code's output).
 * Insurer 3 "Gamma", package 1 Amplia, automóvil particular (rate 0.016582, theft rate 0.003011,
 * fixed 1,785.71), Coahuila (zone 1.00, theft zone 0.75), new (age 1.00), valor comercial (rate
 * factor 1.00, year-1 fraction 1), sum insured 300,000.00, policy fee 500.00, IVA 16%, start 2025-03-10.
 *   prima neta = 300,000 × 0.016582 + 1,785.71 + 300,000 × 0.003011 × 0.75
 *              = 4,974.60 + 1,785.71 + 677.475 = 7,437.785 → 7,437.79
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
    // recargo 0; IVA = (7,437.79 + 500) × 0.16 = 7,937.79 × 0.16 = 1,270.0464 → 1,270.05; total = 9,207.84
    const o = quote(1);
    expect(o.primaTotal).toBe('9207.84');
    expect(o.listaRecibos).toEqual([
      { numeroRecibo: '1', vigenciaInicial: '10/03/2025', vigenciaFin: '10/03/2026', primaTotal: '9207.84' },
    ]);
    expect([o.vigenciaInicial, o.vigenciaFin]).toEqual(['10/03/2025', '10/03/2026']);
  });

  it('semestral: 3% surcharge, two receipts', () => {
    // recargo = 7,437.79 × 0.03 = 223.1337 → 223.13; neta + recargo = 7,660.92
    // IVA = (7,660.92 + 500) × 0.16 = 8,160.92 × 0.16 = 1,305.7472 → 1,305.75; total = 9,466.67
    // later receipt = ⌊7,660.92 × 1.16 / 2⌋ = ⌊8,886.6672 / 2⌋ = 4,443.33
    // first = 9,466.67 − 4,443.33 = 5,023.34  (≈ (3,830.46 + 500) × 1.16)
    const o = quote(2);
    expect(o.primaTotal).toBe('9466.67');
    expect(o.listaRecibos).toEqual([
      { numeroRecibo: '1', vigenciaInicial: '10/03/2025', vigenciaFin: '10/09/2025', primaTotal: '5023.34' },
      { numeroRecibo: '2', vigenciaInicial: '10/09/2025', vigenciaFin: '10/03/2026', primaTotal: '4443.33' },
    ]);
  });

  it('trimestral: 5% surcharge, four receipts', () => {
    // recargo = 7,437.79 × 0.05 = 371.8895 → 371.89; neta + recargo = 7,809.68
    // IVA = 8,309.68 × 0.16 = 1,329.5488 → 1,329.55; total = 8,309.68 + 1,329.55 = 9,639.23
    // later = 7,809.68 × 1.16 / 4 = 9,059.2288 / 4 = 2,264.8072 → 2,264.80 (truncated)
    // first = 9,639.23 − 3 × 2,264.80 = 9,639.23 − 6,794.40 = 2,844.83
    const o = quote(3);
    expect(o.primaTotal).toBe('9639.23');
    expect(o.listaRecibos.map((r) => r.primaTotal)).toEqual(['2844.83', '2264.80', '2264.80', '2264.80']);
    expect(o.listaRecibos.map((r) => r.vigenciaInicial)).toEqual(['10/03/2025', '10/06/2025', '10/09/2025', '10/12/2025']);
    expect(o.listaRecibos[3]!.vigenciaFin).toBe('10/03/2026');
  });

  it('mensual: 6.5% surcharge, twelve receipts', () => {
    // recargo = 7,437.79 × 0.065 = 483.45635 → 483.46; neta + recargo = 7,921.25
    // IVA = 8,421.25 × 0.16 = 1,347.40; total = 8,421.25 + 1,347.40 = 9,768.65
    // later = 7,921.25 × 1.16 / 12 = 9,188.65 / 12 = 765.7208 → 765.72
    // first = 9,768.65 − 11 × 765.72 = 9,768.65 − 8,422.92 = 1,345.73
    const o = quote(4);
    expect(o.primaTotal).toBe('9768.65');
    expect(o.listaRecibos).toHaveLength(12);
    expect(o.listaRecibos[0]!.primaTotal).toBe('1345.73');
    expect(new Set(o.listaRecibos.slice(1).map((r) => r.primaTotal))).toEqual(new Set(['765.72']));
    expect(o.listaRecibos[11]).toEqual({
      numeroRecibo: '12',
      vigenciaInicial: '10/02/2026',
      vigenciaFin: '10/03/2026',
      primaTotal: '765.72',
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
    // neta = 7,437.785 × 6/12 = 3,718.8925 → 3,718.89 (one rounding, of the prorated premium);
    // contado: IVA = (3,718.89 + 500) × 0.16 = 675.0224 → 675.02; total 4,893.91
    const o = quotePolicy({ ...BASE, plazoMeses: 6 }, { fechaInicio: '2025-03-10' }).listaSeguroAuto[0]!;
    expect(o.primaTotal).toBe('4893.91');
    expect(o.vigenciaFin).toBe('10/09/2025');
    expect(o.listaRecibos).toHaveLength(1);
  });
});

describe('hand-worked multi-year example (idVigencia 2)', () => {
  it('prices each policy year on its own, falling sum insured', () => {
    // Insurer 1 "Alfa", Amplia, automóvil particular: rate 0.015477, theft rate 0.002810, fixed
    // 1,666.67, fee 550.00; Coahuila: zone 1.00, theft zone 0.75.
    // Valor comercial fractions 1, 0.85, 0.76; age factors: age 0 → 1.00, 1 → 1.00, 2 → 1.05.
    // plazoFinanciado 30 → ⌈30/12⌉ = 3 policy years; contado.
    // Year 1: S = 300,000; neta = 4,643.10 + 1,666.67 + 300,000 × 0.00281 × 0.75 (632.25) = 6,942.02
    //         IVA = (6,942.02 + 550) × 0.16 = 1,198.7232 → 1,198.72; total = 8,690.74
    // Year 2: S = 255,000; neta = 3,946.635 + 1,666.67 + 537.4125 = 6,150.7175 → 6,150.72
    //         IVA = 984.1152 → 984.12; total = 7,134.84
    // Year 3: S = 228,000; neta = (3,528.756 + 1,666.67 + 480.51) × 1.05 = 5,959.7328 → 5,959.73
    //         IVA = 953.5568 → 953.56; total = 6,913.29
    // Policy: 8,690.74 + 7,134.84 + 6,913.29 = 22,738.87
    const o = quotePolicy({ ...BASE, idAseguradora: 1, idVigencia: 2, plazoFinanciado: 30, idFormaPago: 1 }, { fechaInicio: '2025-03-10' })
      .listaSeguroAuto[0]!;
    expect(o.primaTotal).toBe('22738.87');
    expect(o.listaRecibos).toEqual([
      { numeroRecibo: '1', vigenciaInicial: '10/03/2025', vigenciaFin: '10/03/2026', primaTotal: '8690.74' },
      { numeroRecibo: '2', vigenciaInicial: '10/03/2026', vigenciaFin: '10/03/2027', primaTotal: '7134.84' },
      { numeroRecibo: '3', vigenciaInicial: '10/03/2027', vigenciaFin: '10/03/2028', primaTotal: '6913.29' },
    ]);
    expect([o.vigenciaInicial, o.vigenciaFin]).toEqual(['10/03/2025', '10/03/2028']);
  });
});
