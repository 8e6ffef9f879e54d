import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultTariff } from '../../src/insurance/defaultTariff.js';
import { canonicalJson, offerId } from '../../src/quotes/policy/offerId.js';
import type { PolicyOffer } from '../../src/contracts/policy.js';
import { quotePolicy } from '../../src/quotes/quotePolicy.js';
import { requestArb } from './helpers.js';

describe('offer ids', () => {
  it('are sha256 of the canonical request and JSON.stringify of the offer, whoever writes the text', () => {
    const tariff = defaultTariff();
    let checked = 0;
    fc.assert(
      fc.property(requestArb, ({ solicitud, fechaInicio }) => {
        let offers: PolicyOffer[];
        try {
          offers = quotePolicy(solicitud, {
            fechaInicio,
            urlTemplate: 'https://x.example/{idCotizacion}?paquete={idPaquete}',
          }).listaSeguroAuto;
        } catch {
          return; // a request the tariff does not rate
        }
        const prefix = canonicalJson({ solicitud, fechaInicio, tarifa: `${tariff.name}@${tariff.version}` });
        for (const { idCotizacion, urlCotizacion, listaRecibos, ...core } of offers) {
          const idPaquete = Number(new URL(urlCotizacion).searchParams.get('paquete'));
          expect(idCotizacion).toBe(offerId(prefix, { idPaquete, oferta: core, listaRecibos }, idCotizacion.length));
          checked++;
        }
      }),
      { numRuns: 200 },
    );
    expect(checked).toBeGreaterThan(100);
  });
});
