/**
 * Credit quotes with dates under every zone: payment dates are date-fns' steps from the opening
 * date, the whole quote equals the one made under UTC, and the service dates a quote by the
 * clock in Mexico City.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteCredit, type CreditRequest } from '../../src/entry/credit.js';
import { DEFAULT_CREDIT_CONVENTIONS } from '../../src/credit/conventions.js';
import { addSteps, formatIsoDate, toCivilDay } from '../../src/dates/civil.js';
import { addStepsDateFns } from '../dates/reference.js';
import { solicitudArb } from '../helpers.js';
import { accessToken, CREDIT_BODY, json, post, testService } from '../service/helpers.js';
import { iso, localNoon, underZone, ZONE } from './zone.js';

const openingArb = fc.integer({ min: toCivilDay(1990, 1, 1), max: toCivilDay(2100, 12, 31) });

/** Random solicitudes with an opening date anywhere in 1990–2100 and up to 120 payments. */
const datedArb: fc.Arbitrary<CreditRequest> = fc
  .tuple(solicitudArb, openingArb, fc.integer({ min: 1, max: 120 }))
  .map(([s, opening, plazo]) => ({ ...s, fechaApertura: formatIsoDate(opening), plazo }));

describe(`credit schedules and quotes (TZ=${ZONE})`, () => {
  it('dates payment k at date-fns’ opening date + k steps, and echoes the opening date', () => {
    fc.assert(
      fc.property(datedArb, (s) => {
        const r = quoteCredit(s);
        const opening = toCivilDay(...(s.fechaApertura!.split('-').map(Number) as [number, number, number]));
        const step = DEFAULT_CREDIT_CONVENTIONS.periodicities[s.periodicidad!]!.step;
        expect(r.fechaApertura).toBe(iso(localNoon(opening)));
        expect(r.registros.map((row) => row.fechaAmortizacion)).toEqual(
          Array.from({ length: s.plazo }, (_, k) => iso(localNoon(addStepsDateFns(opening, step, k + 1)))),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('is the quote made under UTC, field for field', () => {
    fc.assert(
      fc.property(datedArb, (s) => {
        expect(quoteCredit(s)).toEqual(underZone('UTC', () => quoteCredit(s)));
      }),
      { numRuns: 100 },
    );
  });
});

describe(`credit calendars: business days, actual days, an irregular first period (TZ=${ZONE})`, () => {
  const calendarArb = fc.tuple(
    datedArb,
    fc.constantFrom('actual360' as const, 'actual365' as const, 'days360' as const),
    fc.integer({ min: 1, max: 40 }),
  );
  it('moves no date onto a weekend (by the local calendar of Date) and quotes as under UTC', () => {
    fc.assert(
      fc.property(calendarArb, ([s, interestBasis, days]) => {
        const opening = toCivilDay(...(s.fechaApertura!.split('-').map(Number) as [number, number, number]));
        const options = {
          conventions: { interestBasis, catTimeBasis: 'actual365' as const, businessDays: 'MX' as const },
          // Within the first two steps, as the option requires.
          firstPaymentDate: formatIsoDate(
            opening + 1 + (days % (addSteps(opening, DEFAULT_CREDIT_CONVENTIONS.periodicities[s.periodicidad!]!.step, 2) - opening)),
          ),
        };
        const r = quoteCredit(s, options);
        for (const row of r.registros) {
          const [y, m, d] = row.fechaAmortizacion.split('-').map(Number) as [number, number, number];
          expect([0, 6]).not.toContain(new Date(y, m - 1, d, 12).getDay());
        }
        expect(r).toEqual(underZone('UTC', () => quoteCredit(s, options)));
      }),
      { numRuns: 60 },
    );
  });
});

/** Since 2022-10-30 07:00 UTC Mexico City keeps UTC−6 all year. */
const instantArb = fc.integer({ min: Date.UTC(2022, 9, 30, 7), max: Date.UTC(2099, 0, 1) }).map((millis) => new Date(millis));

describe(`the AutoEstrene operation dates a quote today in Mexico City (TZ=${ZONE})`, () => {
  it('opens on the Mexico City date of the service clock', async () => {
    await fc.assert(
      fc.asyncProperty(instantArb, async (now) => {
        const service = testService({ now: () => now });
        const body = json(await service.handle(post('/api/esb/Cotizador/v1/AutoEstrene', CREDIT_BODY, await accessToken(service))));
        const today = new Date(now.getTime() - 6 * 3_600_000).toISOString().slice(0, 10);
        expect(body['resultado']).toEqual(quoteCredit(CREDIT_BODY.solicitud, { fechaApertura: today }));
      }),
      { numRuns: 30 },
    );
  });
});
