/**
 * Policy quotes under every zone: the policy and every receipt start and end on dd/mm/yyyy dates
 * that date-fns gives for whole months from the start, the whole quote equals the one made under
 * UTC, and the SegAutoVendor operation starts the policy today in Mexico City.
 */
import { addMonths } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quotePolicy } from '../../src/entry/insurance.js';
import { parseIsoDate } from '../../src/dates/civil.js';
import { requestArb } from '../insurance/helpers.js';
import { accessToken, json, POLICY_BODY, post, testService } from '../service/helpers.js';
import { dmy, localNoon, underZone, ZONE } from './zone.js';

describe(`policy and receipt dates (TZ=${ZONE})`, () => {
  it('every boundary is date-fns’ start + m months (dd/mm/yyyy), m rising from 0 to the policy’s months', () => {
    fc.assert(
      fc.property(requestArb, ({ solicitud, fechaInicio }) => {
        const start = localNoon(parseIsoDate(fechaInicio) as number);
        const months = solicitud.idVigencia === 2 ? 12 * Math.ceil(solicitud.plazoFinanciado / 12) : (solicitud.plazoMeses as number);
        const monthOf = new Map(Array.from({ length: months + 1 }, (_, m) => [dmy(addMonths(start, m)), m]));
        for (const offer of quotePolicy(solicitud, { fechaInicio }).listaSeguroAuto) {
          expect(offer.vigenciaInicial).toBe(dmy(start));
          expect(offer.vigenciaFin).toBe(dmy(addMonths(start, months)));
          let previous = 0;
          offer.listaRecibos.forEach((receipt, i) => {
            const from = monthOf.get(receipt.vigenciaInicial);
            const to = monthOf.get(receipt.vigenciaFin);
            expect(from).toBe(previous);
            expect(to).toBeGreaterThan(from as number);
            if (i === offer.listaRecibos.length - 1) expect(to).toBe(months);
            previous = to as number;
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('is the quote made under UTC, field for field', () => {
    fc.assert(
      fc.property(requestArb, ({ solicitud, fechaInicio }) => {
        expect(quotePolicy(solicitud, { fechaInicio })).toEqual(underZone('UTC', () => quotePolicy(solicitud, { fechaInicio })));
      }),
      { numRuns: 100 },
    );
  });
});

describe(`the SegAutoVendor operation starts a policy today in Mexico City (TZ=${ZONE})`, () => {
  it('starts on the Mexico City date of the service clock', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: Date.UTC(2022, 9, 30, 7), max: Date.UTC(2099, 0, 1) }).map((millis) => new Date(millis)),
        async (now) => {
          const today = new Date(now.getTime() - 6 * 3_600_000).toISOString().slice(0, 10);
          const solicitud = { ...POLICY_BODY.solicitud, modelo: Number(today.slice(0, 4)) }; // a new car that year
          const service = testService({ now: () => now });
          const body = json(await service.handle(post('/api/esb/Cotizador/v1/SegAutoVendor', { solicitud }, await accessToken(service))));
          expect(body['resultado']).toEqual(quotePolicy(solicitud, { fechaInicio: today }));
        },
      ),
      { numRuns: 30 },
    );
  });
});
