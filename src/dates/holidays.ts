/**
 * Mexican bank holidays and business days, computed from the rules (no table to keep up to date).
 *
 * A day is a bank holiday in Mexico when it is a federal rest day of the Ley Federal del Trabajo,
 * art. 74, or one of the days the CNBV closes the banks every year:
 *
 * | day | rule |
 * |---|---|
 * | Año Nuevo | January 1 |
 * | Constitución | first Monday of February (February 5 before 2006) |
 * | Benito Juárez | third Monday of March (March 21 before 2006) |
 * | Jueves y Viernes Santo | Easter − 3 and − 2 days (CNBV) |
 * | Día del Trabajo | May 1 |
 * | Independencia | September 16 |
 * | Transmisión del Poder Ejecutivo | October 1 every six years from 2024; December 1 every six years up to 2018 |
 * | Día de Muertos | November 2 (CNBV) |
 * | Revolución | third Monday of November (November 20 before 2006) |
 * | Virgen de Guadalupe | December 12 (CNBV) |
 * | Navidad | December 25 |
 *
 * Easter by the Anonymous Gregorian algorithm (Meeus/Jones/Butcher). The Monday rules are the
 * 2006 reform of art. 74; the inauguration moved to October 1 with the 2014 constitutional reform,
 * first applied in 2024. `date-holidays` (npm) still lists December 1 for 2030; the tests compare
 * against it with that exception and against published calendars for 2025–2030.
 */
import { fromCivilDay, toCivilDay, type CivilDay } from './civil.js';

/**
 * Easter Sunday of a Gregorian year (Anonymous Gregorian algorithm).
 *
 * @example
 * ```ts
 * formatIsoDate(easterSunday(2026)); // '2026-04-05'
 * ```
 */
export function easterSunday(year: number): CivilDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return toCivilDay(year, month, day);
}

/** Day of the week of a civil day: 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
function weekday(day: CivilDay): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** The `n`-th Monday (1-based) of `month` in `year`. */
function nthMonday(year: number, month: number, n: number): CivilDay {
  const first = toCivilDay(year, month, 1);
  return first + ((8 - weekday(first)) % 7) + 7 * (n - 1);
}

const cache = new Map<number, ReadonlySet<CivilDay>>();

/**
 * The Mexican bank holidays of a year (see the module comment for the rules).
 *
 * @example
 * ```ts
 * mexicanBankHolidays(2025).map(formatIsoDate);
 * // ['2025-01-01', '2025-02-03', '2025-03-17', '2025-04-17', '2025-04-18', '2025-05-01',
 * //  '2025-09-16', '2025-11-02', '2025-11-17', '2025-12-12', '2025-12-25']
 * ```
 */
export function mexicanBankHolidays(year: number): CivilDay[] {
  const reformed = year >= 2006;
  const easter = easterSunday(year);
  const days = [
    toCivilDay(year, 1, 1),
    reformed ? nthMonday(year, 2, 1) : toCivilDay(year, 2, 5),
    reformed ? nthMonday(year, 3, 3) : toCivilDay(year, 3, 21),
    easter - 3,
    easter - 2,
    toCivilDay(year, 5, 1),
    toCivilDay(year, 9, 16),
    toCivilDay(year, 11, 2),
    reformed ? nthMonday(year, 11, 3) : toCivilDay(year, 11, 20),
    toCivilDay(year, 12, 12),
    toCivilDay(year, 12, 25),
  ];
  if (year >= 2024 && (year - 2024) % 6 === 0) days.push(toCivilDay(year, 10, 1));
  if (year <= 2018 && (((2018 - year) % 6) + 6) % 6 === 0) days.push(toCivilDay(year, 12, 1));
  return days.sort((x, y) => x - y);
}

function holidaySet(year: number): ReadonlySet<CivilDay> {
  let set = cache.get(year);
  if (set === undefined) {
    set = new Set(mexicanBankHolidays(year));
    cache.set(year, set);
  }
  return set;
}

/**
 * Whether banks in Mexico open on a day: not a Saturday, a Sunday or a bank holiday.
 *
 * @example
 * ```ts
 * isMexicanBusinessDay(toCivilDay(2026, 9, 16)); // false (Independencia)
 * isMexicanBusinessDay(toCivilDay(2026, 9, 17)); // true
 * ```
 */
export function isMexicanBusinessDay(day: CivilDay): boolean {
  const w = weekday(day);
  if (w === 0 || w === 6) return false;
  return !holidaySet(fromCivilDay(day).year).has(day);
}

/**
 * The day itself when banks open on it, else the next day they do.
 *
 * @example
 * ```ts
 * formatIsoDate(nextMexicanBusinessDay(toCivilDay(2026, 4, 2))); // '2026-04-06' (Holy Thursday → Monday)
 * ```
 */
export function nextMexicanBusinessDay(day: CivilDay): CivilDay {
  let d = day;
  while (!isMexicanBusinessDay(d)) d += 1;
  return d;
}
