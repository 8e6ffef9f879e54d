import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { formatIsoDate, toCivilDay } from '../../src/dates/civil.js';
import { easterSunday, isMexicanBusinessDay, mexicanBankHolidays, nextMexicanBusinessDay } from '../../src/dates/holidays.js';

/**
 * Published bank-holiday calendars (the CNBV's "días inhábiles" lists and the Ley Federal del
 * Trabajo's rest days), written out by hand, 2025–2030.
 */
const PUBLISHED: Readonly<Record<number, readonly string[]>> = {
  2025: ['01-01', '02-03', '03-17', '04-17', '04-18', '05-01', '09-16', '11-02', '11-17', '12-12', '12-25'],
  2026: ['01-01', '02-02', '03-16', '04-02', '04-03', '05-01', '09-16', '11-02', '11-16', '12-12', '12-25'],
  2027: ['01-01', '02-01', '03-15', '03-25', '03-26', '05-01', '09-16', '11-02', '11-15', '12-12', '12-25'],
  2028: ['01-01', '02-07', '03-20', '04-13', '04-14', '05-01', '09-16', '11-02', '11-20', '12-12', '12-25'],
  2029: ['01-01', '02-05', '03-19', '03-29', '03-30', '05-01', '09-16', '11-02', '11-19', '12-12', '12-25'],
  // 2030: the presidential term begins on October 1 (constitutional reform of 2014, first applied in 2024).
  2030: ['01-01', '02-04', '03-18', '04-18', '04-19', '05-01', '09-16', '10-01', '11-02', '11-18', '12-12', '12-25'],
};

describe('Mexican bank holidays', () => {
  it('match the published calendars of 2025–2030', () => {
    for (const [year, days] of Object.entries(PUBLISHED)) {
      expect(mexicanBankHolidays(Number(year)).map(formatIsoDate)).toEqual(days.map((d) => `${year}-${d}`));
    }
  });

  it('match date-holidays (public and bank days) for 2025–2040, except its December 1 inauguration of 2030 and 2036', () => {
    const hd = new Holidays('MX');
    for (let year = 2025; year <= 2040; year++) {
      const theirs = hd
        .getHolidays(year)
        .filter((h) => h.type === 'public' || h.type === 'bank')
        .map((h) => h.date.slice(0, 10))
        .filter((date) => !((year - 2024) % 6 === 0 && date === `${year}-12-01`));
      const ours = mexicanBankHolidays(year)
        .map(formatIsoDate)
        .filter((date) => !((year - 2024) % 6 === 0 && date === `${year}-10-01`));
      expect(ours).toEqual([...new Set(theirs)].sort());
    }
  });

  it('compute Easter by the Anonymous Gregorian algorithm (known dates, earliest and latest)', () => {
    const known: [number, string][] = [
      [1818, '1818-03-22'],
      [1943, '1943-04-25'],
      [2000, '2000-04-23'],
      [2019, '2019-04-21'],
      [2024, '2024-03-31'],
      [2025, '2025-04-20'],
      [2038, '2038-04-25'],
      [2285, '2285-03-22'],
    ];
    for (const [year, date] of known) expect(formatIsoDate(easterSunday(year))).toBe(date);
  });

  it('keep the rules in force before the 2006 reform and the December 1 inaugurations up to 2018', () => {
    expect(mexicanBankHolidays(2000).map(formatIsoDate)).toContain('2000-02-05');
    expect(mexicanBankHolidays(2000).map(formatIsoDate)).toContain('2000-12-01');
    expect(mexicanBankHolidays(2018).map(formatIsoDate)).toContain('2018-12-01');
    expect(mexicanBankHolidays(2024).map(formatIsoDate)).toContain('2024-10-01');
    expect(mexicanBankHolidays(2024).map(formatIsoDate)).not.toContain('2024-12-01');
  });

  it('roll a date forward to the next day banks open', () => {
    expect(isMexicanBusinessDay(toCivilDay(2026, 1, 3))).toBe(false); // Saturday
    expect(formatIsoDate(nextMexicanBusinessDay(toCivilDay(2026, 1, 3)))).toBe('2026-01-05');
    // Holy Thursday 2026 → Friday (Good Friday) → weekend → Monday.
    expect(formatIsoDate(nextMexicanBusinessDay(toCivilDay(2026, 4, 2)))).toBe('2026-04-06');
    // Sunday Jan 31 2027 → Monday Feb 1 is Constitution Day → Tuesday.
    expect(formatIsoDate(nextMexicanBusinessDay(toCivilDay(2027, 1, 31)))).toBe('2027-02-02');
    expect(nextMexicanBusinessDay(toCivilDay(2026, 9, 17))).toBe(toCivilDay(2026, 9, 17));
  });
});
