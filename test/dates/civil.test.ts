import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addSteps, formatDmyDate, formatIsoDate, fromCivilDay, isoDateSequence, parseIsoDate, toCivilDay } from '../../src/dates/civil.js';

const dayArb = fc.integer({ min: toCivilDay(1900, 1, 1), max: toCivilDay(2900, 12, 31) });

// Agreement with date-fns under each time zone is in test/tz/dates.test.ts.
describe('civil dates', () => {
  it('round-trips days ↔ parts ↔ text', () => {
    fc.assert(
      fc.property(dayArb, (d) => {
        const { year, month, day } = fromCivilDay(d);
        expect(toCivilDay(year, month, day)).toBe(d);
        expect(parseIsoDate(formatIsoDate(d))).toBe(d);
      }),
    );
  });
  it('the incremental sequence equals step-by-step addition', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.constantFrom(
          { unit: 'months', count: 1 } as const,
          { unit: 'months', count: 3 } as const,
          { unit: 'days', count: 14 } as const,
          { unit: 'days', count: 45 } as const,
        ),
        fc.integer({ min: 1, max: 400 }),
        (start, step, n) => {
          const expected = Array.from({ length: n }, (_, k) => formatIsoDate(addSteps(start, step, k + 1)));
          expect(isoDateSequence(start, step, n)).toEqual(expected);
        },
      ),
      { numRuns: 600 },
    );
  });
  it('rejects impossible dates', () => {
    expect(parseIsoDate('2025-02-29')).toBeUndefined();
    expect(parseIsoDate('2024-02-29')).toBe(toCivilDay(2024, 2, 29));
    expect(parseIsoDate('2026-13-01')).toBeUndefined();
    expect(parseIsoDate('26-01-01')).toBeUndefined();
  });
  it('reads exactly what /^(\\d{4})-(\\d{2})-(\\d{2})$/ and a calendar check admit (the character-code reader)', () => {
    const byPattern = (text: string) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      if (m === null) return undefined;
      const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate())
        return undefined;
      return toCivilDay(year, month, day);
    };
    const chars = fc.constantFrom('0', '1', '2', '3', '9', '-', '/', ' ', 'a', '\u0661', '\n', '+', '.');
    const text = fc.oneof(
      fc.string({ unit: chars, maxLength: 12 }),
      fc
        .tuple(fc.integer({ min: 1800, max: 3100 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
        .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
      fc.tuple(fc.string({ unit: chars, maxLength: 2 }), fc.integer({ min: 0, max: 9 })).map(([junk, at]) => {
        const base = '2026-01-31';
        return base.slice(0, at) + junk + base.slice(at + junk.length);
      }),
    );
    fc.assert(
      fc.property(text, (t) => {
        expect(parseIsoDate(t)).toBe(byPattern(t));
      }),
      { numRuns: 20_000 },
    );
  });
  it('formats dd/mm/yyyy', () => {
    expect(formatDmyDate(toCivilDay(2026, 3, 5))).toBe('05/03/2026');
  });
  it('keeps month ends: Jan 31 + 1 month = Feb 28, + 2 = Mar 31', () => {
    const jan31 = toCivilDay(2026, 1, 31);
    expect(formatIsoDate(addSteps(jan31, { unit: 'months', count: 1 }, 1))).toBe('2026-02-28');
    expect(formatIsoDate(addSteps(jan31, { unit: 'months', count: 1 }, 2))).toBe('2026-03-31');
  });
});
