/**
 * Civil dates for the oracle, written from docs/conventions.md ("Dates", "Calendars and
 * features") and docs/insurance.md ("Receipts"): integer day numbers, month steps that keep the
 * day of the start date (clamped to the month's end), and the Mexican bank calendar computed from
 * its published rules. Independent of `TZ` (no Date object is ever read in local time).
 */

/** Days since 1970-01-01 (proleptic Gregorian). */
export type Day = number;

export interface Ymd {
  readonly y: number;
  readonly m: number; // 1–12
  readonly d: number; // 1–31
}

const floorDiv = (a: number, b: number): number => Math.floor(a / b);

/** Day number of a civil date (Hinnant's days_from_civil). */
export function dayOf(y: number, m: number, d: number): Day {
  const yy = m <= 2 ? y - 1 : y;
  const era = floorDiv(yy, 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = floorDiv(153 * mp + 2, 5) + d - 1;
  const doe = yoe * 365 + floorDiv(yoe, 4) - floorDiv(yoe, 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Civil date of a day number (Hinnant's civil_from_days). */
export function ymdOf(day: Day): Ymd {
  const z = day + 719468;
  const era = floorDiv(z, 146097);
  const doe = z - era * 146097;
  const yoe = floorDiv(doe - floorDiv(doe, 1460) + floorDiv(doe, 36524) - floorDiv(doe, 146096), 365);
  const doy = doe - (365 * yoe + floorDiv(yoe, 4) - floorDiv(yoe, 100));
  const mp = floorDiv(5 * doy + 2, 153);
  const d = doy - floorDiv(153 * mp + 2, 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

export const isLeap = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
export const daysInMonth = (y: number, m: number): number => (m === 2 ? (isLeap(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** `months` calendar months after `day`, the day of month clamped to the target month's end (date-fns' addMonths). */
export function addMonths(day: Day, months: number): Day {
  const { y, m, d } = ymdOf(day);
  const total = y * 12 + (m - 1) + months;
  const ty = floorDiv(total, 12);
  const tm = total - ty * 12 + 1;
  return dayOf(ty, tm, Math.min(d, daysInMonth(ty, tm)));
}

/** A periodicity's calendar step, as the conventions object states it. */
export interface Step {
  readonly unit: 'months' | 'days';
  readonly count: number;
}

/** `k` steps after `from`, counted from `from` (so month ends are kept). */
export const stepFrom = (from: Day, step: Step, k: number): Day =>
  step.unit === 'months' ? addMonths(from, step.count * k) : from + step.count * k;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` text as a day number (undefined when it is not a real date). */
export function parseIso(text: string): Day | undefined {
  const m = ISO.exec(text);
  if (!m) return undefined;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return undefined;
  return dayOf(y, mo, d);
}

const pad = (n: number, w: number): string => String(n).padStart(w, '0');

export function formatIso(day: Day): string {
  const { y, m, d } = ymdOf(day);
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

/** `dd/mm/yyyy`, the policy response's date format. */
export function formatDmy(day: Day): string {
  const { y, m, d } = ymdOf(day);
  return `${pad(d, 2)}/${pad(m, 2)}/${pad(y, 4)}`;
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export const weekday = (day: Day): number => (((day + 4) % 7) + 7) % 7;

/** Easter Sunday (the Anonymous Gregorian algorithm, as docs/credit.md names it). */
export function easter(y: number): Day {
  const a = y % 19;
  const b = floorDiv(y, 100);
  const c = y % 100;
  const d = floorDiv(b, 4);
  const e = b % 4;
  const f = floorDiv(b + 8, 25);
  const g = floorDiv(b - f + 1, 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = floorDiv(c, 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = floorDiv(a + 11 * h + 22 * l, 451);
  const month = floorDiv(h + l - 7 * m + 114, 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(y, month, day);
}

/** The n-th Monday (1-based) of a month. */
function nthMonday(y: number, m: number, n: number): Day {
  const first = dayOf(y, m, 1);
  const offset = (1 - weekday(first) + 7) % 7;
  return first + offset + 7 * (n - 1);
}

/**
 * The Mexican bank holidays of a year, from the rules docs/conventions.md lists: Jan 1, the first
 * Monday of February, the third Monday of March, Holy Thursday and Good Friday, May 1, Sep 16,
 * Nov 2, the third Monday of November, Dec 12, Dec 25, the inauguration day (Oct 1 every six
 * years from 2024, Dec 1 every six years up to 2018); before 2006 the fixed Feb 5, Mar 21, Nov 20.
 */
export function bankHolidays(y: number): Set<Day> {
  const e = easter(y);
  const days = [
    dayOf(y, 1, 1),
    y < 2006 ? dayOf(y, 2, 5) : nthMonday(y, 2, 1),
    y < 2006 ? dayOf(y, 3, 21) : nthMonday(y, 3, 3),
    e - 3,
    e - 2,
    dayOf(y, 5, 1),
    dayOf(y, 9, 16),
    dayOf(y, 11, 2),
    y < 2006 ? dayOf(y, 11, 20) : nthMonday(y, 11, 3),
    dayOf(y, 12, 12),
    dayOf(y, 12, 25),
  ];
  if (y >= 2024 && (y - 2024) % 6 === 0) days.push(dayOf(y, 10, 1));
  if (y <= 2018 && (2018 - y) % 6 === 0) days.push(dayOf(y, 12, 1));
  return new Set(days);
}

const holidayCache = new Map<number, Set<Day>>();

export function isBusinessDay(day: Day): boolean {
  const w = weekday(day);
  if (w === 0 || w === 6) return false;
  const { y } = ymdOf(day);
  let set = holidayCache.get(y);
  if (!set) {
    set = bankHolidays(y);
    holidayCache.set(y, set);
  }
  return !set.has(day);
}

/** The day itself when it is a business day, else the next one (rolling forward only). */
export function rollForward(day: Day): Day {
  let d = day;
  while (!isBusinessDay(d)) d += 1;
  return d;
}
