/**
 * compareOffers' contract (`docs/credit.md`, "Comparing offers"): the ranking is a sort by the
 * measure with the documented tie rule (the other measures in the order CAT, total, payment,
 * outlay, then the list's order); each measure is the quote's figure defined there, recomputed
 * here from the quote's own fields; each difference is the measure less the best of that measure;
 * an offer the engine refuses is reported with its coded error and never stops the others.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareOffers,
  creditOpeningCharges,
  localizedMessage,
  OFFER_MEASURES,
  QuoteError,
  quoteCredit,
  type CreditOffer,
  type CreditRequest,
  type CreditResult,
  type OfferMeasure,
} from '../../src/entry/credit.js';
import { cents, deepFreeze, solicitudArb } from '../helpers.js';

/** The reference test vector (docs/credit.md, "The worked example"): 10,000.00 of a 20,000.00 car at 37 % over 4 fortnights. */
const VECTOR: CreditRequest = {
  fechaApertura: '2026-01-01',
  montoSolicitado: '10000.00',
  valorFactura: '20000.00',
  tasa: '37',
  plazo: 4,
  periodicidad: 'Q',
  iva: 16,
  comisiones: '0.5',
};

/** CAT text in tenths ("51.5" → 515). */
const tenths = (cat: string): number => Math.round(Number(cat) * 10);

describe('compareOffers: a worked example by hand (the reference test vector)', () => {
  // The vector's figures, worked in docs/credit.md: payment 2612.76, Σ payments 10451.04, total to
  // pay 10509.04 (the 0.5 % commission is 50.00, its IVA 8.00), CAT 51.5.
  const offers: CreditOffer[] = [
    { label: 'sin IVA en la factura', solicitud: { ...VECTOR, facturaConIva: 0 } },
    { label: 'comisión 1 %', solicitud: { ...VECTOR, comisiones: '1' } },
    { label: 'vector', solicitud: VECTOR },
    { label: 'sin plazo', solicitud: { ...VECTOR, plazo: 0 } },
  ];

  it('the measures of each offer', () => {
    const byLabel = new Map(compareOffers(offers).ranked.map((o) => [o.label, o]));
    // vector: down payment 20,000.00 − 10,000.00 = 10,000.00; outlay 10,000.00 + 50.00 + 8.00 = 10,058.00;
    // total 10,000.00 + 10,509.04 = 20,509.04; a payment a month: 2612.76 × 24 / 12 = 5225.52.
    expect(byLabel.get('vector')).toMatchObject({
      downPayment: '10000.00',
      measures: { cat: '51.5', total: '20509.04', payment: '5225.52', outlay: '10058.00' },
    });
    // facturaConIva 0: the price is 20,000.00 × 1.16 = 23,200.00, the down payment 13,200.00; the
    // payments do not move: outlay 13,258.00, total 13,200.00 + 10,509.04 = 23,709.04.
    expect(byLabel.get('sin IVA en la factura')).toMatchObject({
      downPayment: '13200.00',
      measures: { cat: '51.5', total: '23709.04', payment: '5225.52', outlay: '13258.00' },
    });
    // 1 %: the commission is 100.00 and its IVA 16.00, paid at opening, so the payments do not
    // move: outlay 10,116.00, total 10,000.00 + 10,451.04 + 116.00 = 20,567.04; the CAT grows.
    const dearer = byLabel.get('comisión 1 %');
    expect(dearer).toMatchObject({ downPayment: '10000.00', measures: { total: '20567.04', payment: '5225.52', outlay: '10116.00' } });
    expect(dearer?.measures.cat).toBe(quoteCredit({ ...VECTOR, comisiones: '1' }).cat);
    expect(tenths(dearer?.measures.cat as string)).toBeGreaterThan(515);
  });

  it('ranks by each measure, ties broken by the next measures, then the order given', () => {
    const order = (rankBy: OfferMeasure) => compareOffers(offers, { rankBy }).ranked.map((o) => [o.rank, o.label]);
    // CAT: the vector and the car without IVA tie at 51.5; the total breaks the tie (20,509.04 < 23,709.04).
    expect(order('cat')).toEqual([
      [1, 'vector'],
      [2, 'sin IVA en la factura'],
      [3, 'comisión 1 %'],
    ]);
    expect(order('total')).toEqual([
      [1, 'vector'],
      [2, 'comisión 1 %'],
      [3, 'sin IVA en la factura'],
    ]);
    // Payment: all three pay 5225.52 a month; the CAT breaks the tie, then the total.
    expect(order('payment')).toEqual([
      [1, 'vector'],
      [2, 'sin IVA en la factura'],
      [3, 'comisión 1 %'],
    ]);
    expect(order('outlay')).toEqual([
      [1, 'vector'],
      [2, 'comisión 1 %'],
      [3, 'sin IVA en la factura'],
    ]);
    // Two identical offers: the order given.
    const twins = compareOffers([
      { label: 'b', solicitud: VECTOR },
      { label: 'a', solicitud: VECTOR },
    ]);
    expect(twins.ranked.map((o) => [o.rank, o.label, o.index])).toEqual([
      [1, 'b', 0],
      [2, 'a', 1],
    ]);
  });

  it('the differences to the best of each measure', () => {
    const byLabel = new Map(compareOffers(offers, { rankBy: 'outlay' }).ranked.map((o) => [o.label, o.differences]));
    expect(byLabel.get('vector')).toEqual({ cat: '0.0', total: '0.00', payment: '0.00', outlay: '0.00' });
    // 23,709.04 − 20,509.04 and 13,258.00 − 10,058.00.
    expect(byLabel.get('sin IVA en la factura')).toEqual({ cat: '0.0', total: '3200.00', payment: '0.00', outlay: '3200.00' });
    const dearer = quoteCredit({ ...VECTOR, comisiones: '1' });
    const catDifference = tenths(dearer.cat) - 515;
    expect(byLabel.get('comisión 1 %')).toEqual({
      cat: `${Math.trunc(catDifference / 10)}.${catDifference % 10}`,
      total: '58.00',
      payment: '0.00',
      outlay: '58.00',
    });
  });

  it('reports the offer the engine refuses with its coded error, and ranks the others', () => {
    const comparison = compareOffers(offers);
    expect(comparison.ranked).toHaveLength(3);
    expect(comparison.failed.map((f) => [f.index, f.label, f.error.codigoError, f.error.valorIncorrecto])).toEqual([
      [3, 'sin plazo', 'ERRESQ004', 'plazo'],
    ]);
    expect(localizedMessage(comparison.failed[0]?.error as QuoteError, 'en')).toBe('The term must have at least one payment');
  });
});

/** The engine's down payment, recomputed: the price (grossed by IVA, half-up, with facturaConIva 0) less the amount. */
function downPaymentOf(s: CreditRequest): number {
  const valor = BigInt(cents(s.valorFactura));
  const iva = BigInt(s.iva ?? 16);
  const price = (s.facturaConIva ?? 1) === 1 ? valor : (valor * (100n + iva) * 2n + 100n) / 200n;
  return Number(price) - cents(s.montoSolicitado);
}

const PER_YEAR: Readonly<Record<string, bigint>> = { M: 12n, Q: 24n, C: 26n, S: 52n, D: 36n };

/** The four measures of a quote, recomputed from its fields (cents; CAT tenths). */
function measuresOf(s: CreditRequest, q: CreditResult): Record<OfferMeasure, number> {
  const down = downPaymentOf(s);
  const perYear = PER_YEAR[q.periodicidad] as bigint;
  return {
    cat: tenths(q.cat),
    total: down + cents(q.totalPagar),
    payment: Number((BigInt(cents(q.pagoMensual)) * perYear * 2n + 12n) / 24n),
    outlay: down + cents(q.totalPagar) - cents(q.importePago),
  };
}

const figure = (m: OfferMeasure, text: string): number => (m === 'cat' ? tenths(text) : cents(text));

describe('compareOffers: properties over random offers', () => {
  const offerArb = fc.record({
    s: solicitudArb.map((s) => ({ ...s, plazo: Math.min(s.plazo, 120), generaTablaPagos: false })),
    facturaConIva: fc.constantFrom(0, 1),
    life: fc.integer({ min: 0, max: 5_000_00 }),
    refused: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
  });
  const listArb = fc.record({
    offers: fc.array(offerArb, { minLength: 1, maxLength: 6 }),
    rankBy: fc.constantFrom<OfferMeasure>(...OFFER_MEASURES),
    twins: fc.boolean(),
  });

  it('ranks by the measure with the tie rule; every measure and difference is the documented figure', () => {
    fc.assert(
      fc.property(listArb, ({ offers: drawn, rankBy, twins }) => {
        const offers: CreditOffer[] = drawn.map((d, i) => ({
          label: `oferta ${i}`,
          solicitud: {
            ...d.s,
            facturaConIva: d.facturaConIva,
            ...(d.life > 0 ? { importeCatSegVida: `${Math.floor(d.life / 100)}.${String(d.life % 100).padStart(2, '0')}` } : {}),
            ...(d.refused ? { plazo: 0 } : {}),
          },
        }));
        // Equal offers are frequent in real comparisons (the same plan from two dealers): some ties.
        if (twins) offers.push({ ...(offers[0] as CreditOffer), label: 'gemela' });
        const comparison = compareOffers(deepFreeze(offers), { rankBy });
        // Every offer once: ranked or failed, the failed ones exactly those the engine refuses.
        const seen = [...comparison.ranked.map((o) => o.index), ...comparison.failed.map((f) => f.index)].sort((a, b) => a - b);
        expect(seen).toEqual(offers.map((_, i) => i));
        for (const f of comparison.failed) {
          expect(f.error).toBeInstanceOf(QuoteError);
          expect(() => quoteCredit((offers[f.index] as CreditOffer).solicitud)).toThrow(QuoteError);
        }
        const values = comparison.ranked.map((o) => {
          const s = (offers[o.index] as CreditOffer).solicitud;
          const q = quoteCredit(s);
          expect(o.quote).toEqual(q);
          expect(o.charges).toEqual(creditOpeningCharges(s));
          expect(cents(o.downPayment)).toBe(downPaymentOf(s));
          const m = measuresOf(s, q);
          for (const key of OFFER_MEASURES) expect(figure(key, o.measures[key]), key).toBe(m[key]);
          // The outlay is the down payment and the itemized charges at opening.
          expect(m.outlay).toBe(downPaymentOf(s) + cents(o.charges.total));
          return { m, index: o.index };
        });
        // The ranking is the sort by (measure, the others in order, the list's order), ranks 1…n.
        const order = [rankBy, ...OFFER_MEASURES.filter((k) => k !== rankBy)];
        const sorted = [...values].sort((a, b) => {
          for (const k of order) if (a.m[k] !== b.m[k]) return a.m[k] - b.m[k];
          return a.index - b.index;
        });
        expect(values.map((v) => v.index)).toEqual(sorted.map((v) => v.index));
        expect(comparison.ranked.map((o) => o.rank)).toEqual(values.map((_, i) => i + 1));
        // Each difference is the measure less the best (lowest) of that measure.
        for (const key of OFFER_MEASURES) {
          const best = Math.min(...values.map((v) => v.m[key]));
          comparison.ranked.forEach((o, i) => {
            expect(figure(key, o.differences[key]), key).toBe((values[i] as { m: Record<OfferMeasure, number> }).m[key] - best);
          });
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('compareOffers: what it refuses', () => {
  const codeOf = (f: () => unknown): [string, string | undefined] => {
    try {
      f();
    } catch (error) {
      expect(error).toBeInstanceOf(QuoteError);
      return [(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto];
    }
    throw new Error('accepted');
  };
  it('throws only for a list that is not one, or an unknown measure', () => {
    expect(codeOf(() => compareOffers({} as never))).toEqual(['ERRESQ005', 'offers']);
    expect(codeOf(() => compareOffers([], { rankBy: 'tasa' as never }))).toEqual(['ERRESQ005', 'rankBy']);
    expect(compareOffers([])).toEqual({ rankBy: 'cat', ranked: [], failed: [] });
  });
  it('reports an entry that is not an offer, naming it', () => {
    const comparison = compareOffers([
      'VECTOR',
      { solicitud: VECTOR, lender: 'x' },
      { label: '', solicitud: VECTOR },
      { label: 'sin solicitud' },
      { label: 'opciones', solicitud: VECTOR, options: [] },
      { solicitud: { ...VECTOR, tasa: 37 } },
      { solicitud: VECTOR, options: { grace: { periods: 9 } } },
    ] as never);
    expect(comparison.ranked).toEqual([]);
    expect(comparison.failed.map((f) => [f.label, f.error.codigoError, f.error.valorIncorrecto])).toEqual([
      ['1', 'ERRESQ005', 'offers[0]'],
      ['2', 'ERRESQ003', 'offers[1].lender'],
      ['3', 'ERRESQ005', 'offers[2].label'],
      ['sin solicitud', 'ERRESQ006', 'offers[3].solicitud'],
      ['opciones', 'ERRESQ005', 'offers[4].options'],
      ['6', 'ERRESQ005', 'tasa'],
      ['7', 'ERRESQ004', 'options.grace.periods'],
    ]);
    expect(comparison.failed.map((f) => localizedMessage(f.error, 'en')).slice(2, 3)).toEqual(["The offer's label is a non-empty text"]);
  });
});
