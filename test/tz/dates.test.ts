/**
 * Civil dates and "today in Mexico City" against oracles computed in the run's zone (date-fns on
 * local dates) or free of any zone (fixed offsets): the integer calendar must agree under every zone.
 */
import { addMonths } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonthsCivil,
  addSteps,
  formatDmyDate,
  formatIsoDate,
  isoDateSequence,
  parseIsoDate,
  toCivilDay,
} from '../../src/dates/civil.js';
import { mexicoCityDate } from '../../src/dates/mexicoCity.js';
import { addStepsDateFns } from '../dates/reference.js';
import { dmy, iso, localNoon, ZONE } from './zone.js';

const dayArb = fc.integer({ min: toCivilDay(1900, 1, 1), max: toCivilDay(2900, 12, 31) });
const stepArb = fc.constantFrom(
  { unit: 'months', count: 1 } as const,
  { unit: 'months', count: 2 } as const,
  { unit: 'months', count: 3 } as const,
  { unit: 'days', count: 7 } as const,
  { unit: 'days', count: 10 } as const,
  { unit: 'days', count: 14 } as const,
  { unit: 'days', count: 15 } as const,
);

describe(`civil dates ≡ date-fns on local dates (TZ=${ZONE})`, () => {
  it('adds months and days exactly as date-fns does', () => {
    fc.assert(
      fc.property(dayArb, stepArb, fc.integer({ min: 0, max: 999 }), (start, step, k) => {
        expect(formatIsoDate(addSteps(start, step, k))).toBe(formatIsoDate(addStepsDateFns(start, step, k)));
      }),
      { numRuns: 500 },
    );
  });

  it('the payment-date sequence is date-fns step by step', () => {
    fc.assert(
      fc.property(dayArb, stepArb, fc.integer({ min: 1, max: 120 }), (start, step, n) => {
        const expected = Array.from({ length: n }, (_, k) => iso(localNoon(addStepsDateFns(start, step, k + 1))));
        expect(isoDateSequence(start, step, n)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('formats and parses as date-fns does, month ends kept', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 120 }), (day, months) => {
        const noon = localNoon(day);
        expect(formatDmyDate(day)).toBe(dmy(noon));
        expect(formatIsoDate(day)).toBe(iso(noon));
        expect(parseIsoDate(iso(noon))).toBe(day);
        expect(formatDmyDate(addMonthsCivil(day, months))).toBe(dmy(addMonths(noon, months)));
      }),
      { numRuns: 300 },
    );
  });
});

/** 2022-10-30 07:00 UTC: Mexico City's last change of offset; since then it keeps UTC−6 all year. */
const FIXED_SINCE = Date.UTC(2022, 9, 30, 7);

describe(`mexicoCityDate is the date in Mexico City, whatever the run's zone (TZ=${ZONE})`, () => {
  it('is the UTC date six hours earlier, at any instant since the end of daylight saving time', () => {
    fc.assert(
      fc.property(fc.integer({ min: FIXED_SINCE, max: Date.UTC(2100, 0, 1) }), (millis) => {
        expect(mexicoCityDate(new Date(millis))).toBe(new Date(millis - 6 * 3_600_000).toISOString().slice(0, 10));
      }),
      { numRuns: 300 },
    );
  });

  it('follows the old daylight saving rules before 2022, and the day turns at local midnight', () => {
    expect(mexicoCityDate(new Date('2020-07-01T04:59:59Z'))).toBe('2020-06-30'); // 23:59:59 CDT (UTC−5)
    expect(mexicoCityDate(new Date('2020-07-01T05:00:00Z'))).toBe('2020-07-01');
    expect(mexicoCityDate(new Date('2020-01-01T05:59:59Z'))).toBe('2019-12-31'); // CST (UTC−6)
    expect(mexicoCityDate(new Date('2020-01-01T06:00:00Z'))).toBe('2020-01-01');
    expect(mexicoCityDate(new Date('2026-03-10T05:59:59Z'))).toBe('2026-03-09');
    expect(mexicoCityDate(new Date('2026-03-10T06:00:00Z'))).toBe('2026-03-10');
  });
});
