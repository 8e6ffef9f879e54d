import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultTariff, quotePolicy, type PolicyOffer, type Tariff } from '../../src/entry/insurance.js';
import { sumsInsuredByYear } from '../../src/insurance/rating.js';
import { addMonthsCivil, formatDmyDate, parseIsoDate } from '../../src/dates/civil.js';
import { formatCents, parseCents } from '../../src/money/cents.js';
import { dmyKey, requestArb, sumCents } from './helpers.js';

const RUNS = { numRuns: 600 };
const byKey = (offers: readonly PolicyOffer[]) => new Map(offers.map((o) => [`${o.idAseguradora}/${o.paquete}`, o]));

describe('quotePolicy properties (default tariff)', () => {
  it('receipts add up to primaTotal, are contiguous, numbered from 1 and span the policy', () => {
    fc.assert(
      fc.property(requestArb, ({ solicitud, fechaInicio }) => {
        const start = parseIsoDate(fechaInicio)!;
        const months = solicitud.idVigencia === 2 ? 12 * Math.ceil(solicitud.plazoFinanciado / 12) : solicitud.plazoMeses!;
        const perReceipt = [12, 6, 3, 1][solicitud.idFormaPago! - 1]!;
        const expectedCount = solicitud.idVigencia === 2 ? (months / 12) * (12 / perReceipt) : Math.ceil(months / perReceipt);
        for (const o of quotePolicy(solicitud, { fechaInicio }).listaSeguroAuto) {
          const r = o.listaRecibos;
          expect(sumCents(r.map((x) => x.primaTotal))).toBe(parseCents(o.primaTotal));
          expect(r).toHaveLength(expectedCount);
          expect(o.vigenciaInicial).toBe(formatDmyDate(start));
          expect(o.vigenciaFin).toBe(formatDmyDate(addMonthsCivil(start, months)));
          expect(r[0]!.vigenciaInicial).toBe(o.vigenciaInicial);
          expect(r.at(-1)!.vigenciaFin).toBe(o.vigenciaFin);
          r.forEach((x, i) => {
            expect(x.numeroRecibo).toBe(String(i + 1));
            expect(dmyKey(x.vigenciaFin)).toBeGreaterThan(dmyKey(x.vigenciaInicial));
            if (i > 0) expect(x.vigenciaInicial).toBe(r[i - 1]!.vigenciaFin);
          });
        }
      }),
      RUNS,
    );
  });

  it('no offer costs less when the sum insured rises (premium, GAP, life)', () => {
    fc.assert(
      fc.property(requestArb, fc.integer({ min: 1, max: 50_000_000 }), ({ solicitud, fechaInicio }, extra) => {
        const higherCents = Math.min(parseCents(solicitud.montoSumaAsegurada) + extra, 300_000_000);
        const higher = { ...solicitud, montoSumaAsegurada: formatCents(higherCents) };
        const low = quotePolicy(solicitud, { fechaInicio }).listaSeguroAuto;
        const high = byKey(quotePolicy(higher, { fechaInicio }).listaSeguroAuto);
        for (const o of low) {
          const h = high.get(`${o.idAseguradora}/${o.paquete}`)!;
          expect(parseCents(h.primaTotal)).toBeGreaterThanOrEqual(parseCents(o.primaTotal));
          expect(parseCents(h.seguroGap)).toBeGreaterThanOrEqual(parseCents(o.seguroGap));
          expect(parseCents(h.segVida)).toBeGreaterThanOrEqual(parseCents(o.segVida));
        }
      }),
      RUNS,
    );
  });

  it('installments never cost less than contado', () => {
    fc.assert(
      fc.property(requestArb, fc.integer({ min: 2, max: 4 }), ({ solicitud, fechaInicio }, idFormaPago) => {
        const contado = byKey(quotePolicy({ ...solicitud, idFormaPago: 1 }, { fechaInicio }).listaSeguroAuto);
        for (const o of quotePolicy({ ...solicitud, idFormaPago }, { fechaInicio }).listaSeguroAuto) {
          expect(parseCents(o.primaTotal)).toBeGreaterThanOrEqual(parseCents(contado.get(`${o.idAseguradora}/${o.paquete}`)!.primaTotal));
        }
      }),
      RUNS,
    );
  });

  it('the multi-year sum insured never rises year to year', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300_000_000 }),
        fc.constantFrom(...defaultTariff().replacementValues),
        fc.integer({ min: 1, max: 10 }),
        (amount, replacement, years) => {
          const sums = sumsInsuredByYear(amount, replacement, years);
          expect(sums[0]).toBe(amount);
          for (let i = 1; i < sums.length; i++) expect(sums[i]).toBeLessThanOrEqual(sums[i - 1]!);
        },
      ),
    );
  });

  it('with age factors flat, multi-year contado receipts (one per policy year) never rise', () => {
    // The sum insured falls year to year; with the age factor neutralised nothing else changes,
    // so each year's premium is at most the previous one's (year 1 also carries the policy fee).
    const tariff = structuredClone(defaultTariff()) as Tariff;
    tariff.vehicleAge = [{ fromYears: 0, factor: '1' }];
    fc.assert(
      fc.property(requestArb, ({ solicitud, fechaInicio }) => {
        const s = { ...solicitud, idVigencia: 2, idFormaPago: 1 };
        for (const o of quotePolicy(s, { fechaInicio, tariff }).listaSeguroAuto) {
          const years = o.listaRecibos.map((r) => parseCents(r.primaTotal));
          expect(years).toHaveLength(Math.ceil(s.plazoFinanciado / 12));
          for (let i = 1; i < years.length; i++) expect(years[i]).toBeLessThanOrEqual(years[i - 1]!);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('ids are deterministic and distinct across offers and requests', () => {
    fc.assert(
      fc.property(requestArb, ({ solicitud, fechaInicio }) => {
        const a = quotePolicy(solicitud, { fechaInicio }).listaSeguroAuto.map((o) => o.idCotizacion);
        const b = quotePolicy(structuredClone(solicitud), { fechaInicio }).listaSeguroAuto.map((o) => o.idCotizacion);
        expect(b).toEqual(a);
        expect(new Set(a).size).toBe(a.length);
        const other = quotePolicy({ ...solicitud, idAgencia: solicitud.idAgencia + 1 }, { fechaInicio }).listaSeguroAuto.map(
          (o) => o.idCotizacion,
        );
        for (const id of other) expect(a).not.toContain(id);
      }),
      RUNS,
    );
  });
});
