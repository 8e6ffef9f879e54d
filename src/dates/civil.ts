/**
 * Calendar dates without time zones. A civil date is an integer count of days since 1970-01-01
 * (the proleptic Gregorian calendar), so date arithmetic is integer arithmetic and nothing
 * depends on `TZ`. `test/dates` proves `addSteps` (months and days) identical to date-fns'
 * `addMonths`/`addDays` (the reference implementation in `./reference.ts`).
 */

/**
 * Days since 1970-01-01.
 *
 * @example
 * ```ts
 * const day: CivilDay = toCivilDay(2026, 1, 31); // 20484
 * formatIsoDate(day + 1); // '2026-02-01'
 * ```
 */
export type CivilDay = number;

/** Year, month (1–12) and day (1–31) of a civil date. */
export interface CivilParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/**
 * Days in `month` (1–12) of `year`.
 *
 * @example
 * ```ts
 * daysInMonth(2024, 2); // 29
 * ```
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil).
 *
 * @example
 * ```ts
 * toCivilDay(1970, 1, 2); // 1
 * ```
 */
export function toCivilDay(year: number, month: number, day: number): CivilDay {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * Year, month and day of a civil day (civil_from_days).
 *
 * @example
 * ```ts
 * fromCivilDay(1); // { year: 1970, month: 1, day: 2 }
 * ```
 */
export function fromCivilDay(days: CivilDay): CivilParts {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: era * 400 + yoe + (month <= 2 ? 1 : 0), month, day };
}

/**
 * Parses `YYYY-MM-DD` (a real calendar date, years 1900–2999) or returns undefined.
 *
 * @example
 * ```ts
 * parseIsoDate('2026-02-30'); // undefined
 * ```
 */
export function parseIsoDate(text: string): CivilDay | undefined {
  // Speed: the ten characters read by their codes instead of a regular expression's match
  // (`/^(\d{4})-(\d{2})-(\d{2})$/`) and three Number()s (the same digits, the same checks after);
  // buys 0.06–0.24 µs of 3.2–3.4 µs per summary quote at 60 payments (A/B on npm run bench --quick's
  // credit60 summary, after its warm-up set, 2026-11-26). A non-digit reads as −1, out of every range below.
  if (text.length !== 10 || text.charCodeAt(4) !== 0x2d || text.charCodeAt(7) !== 0x2d) return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return toCivilDay(year, month, day);
}

/** The value of the `count` ASCII digits of `text` from `at`, or −1 when one is not a digit. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * `date` plus `count` months, the day clamped to the month's end (Jan 31 + 1 month = Feb 28).
 *
 * @example
 * ```ts
 * formatIsoDate(addMonthsCivil(toCivilDay(2026, 1, 31), 1)); // '2026-02-28'
 * ```
 */
export function addMonthsCivil(date: CivilDay, count: number): CivilDay {
  const { year, month, day } = fromCivilDay(date);
  const index = year * 12 + (month - 1) + count;
  const y = Math.floor(index / 12);
  const mo = index - y * 12 + 1;
  return toCivilDay(y, mo, Math.min(day, daysInMonth(y, mo)));
}

const PAD2 = Array.from({ length: 32 }, (_, i) => (i < 10 ? `0${i}` : String(i)));

/** `DD/MM/` of every day 1–31 and month 1–12, at `day × 16 + month`; made on first use. */
let dayMonths: string[] | undefined;

/** `MM-DD` of every month 1–12 and day 1–31, at `month × 32 + day`; made on first use. */
let monthDays: string[] | undefined;

/** `MM-DD` of a month 1–12 and a day 1–31. */
function monthDayText(month: number, day: number): string {
  monthDays ??= Array.from({ length: 13 * 32 }, (_, i) => `${pad2(i >> 5)}-${pad2(i & 31)}`);
  return monthDays[month * 32 + day] as string;
}

function pad2(n: number): string {
  return PAD2[n] as string;
}

/**
 * `YYYY-MM-DD`.
 *
 * @example
 * ```ts
 * formatIsoDate(toCivilDay(2026, 3, 5)); // '2026-03-05'
 * ```
 */
export function formatIsoDate(date: CivilDay): string {
  const { year, month, day } = fromCivilDay(date);
  // Two joins instead of four, as isoDateSequence (its Speed comment).
  return `${year}-${monthDayText(month, day)}`;
}

/**
 * `dd/mm/yyyy`, the insurance response's date format.
 *
 * @example
 * ```ts
 * formatDmyDate(toCivilDay(2026, 3, 5)); // '05/03/2026'
 * ```
 */
export function formatDmyDate(date: CivilDay): string {
  const { year, month, day } = fromCivilDay(date);
  // One join instead of four (each join of short texts allocates a new one), as isoDateSequence.
  dayMonths ??= Array.from({ length: 32 * 16 }, (_, i) => `${pad2(i >> 4)}/${pad2(i & 15)}/`);
  return `${dayMonths[day * 16 + month] as string}${year}`;
}

/**
 * A step between two payments or receipts: whole months or whole days.
 *
 * @example
 * ```ts
 * const quincena: DateStep = { unit: 'days', count: 15 };
 * isoDateSequence(toCivilDay(2026, 1, 1), quincena, 2); // ['2026-01-16', '2026-01-31']
 * ```
 */
export type DateStep = { readonly unit: 'months'; readonly count: number } | { readonly unit: 'days'; readonly count: number };

/**
 * The date `k` steps after `start`, always counted from the start (so month ends are kept).
 *
 * @example
 * ```ts
 * formatIsoDate(addSteps(toCivilDay(2026, 1, 31), { unit: 'months', count: 1 }, 2)); // '2026-03-31'
 * ```
 */
export function addSteps(start: CivilDay, step: DateStep, k: number): CivilDay {
  return step.unit === 'months' ? addMonthsCivil(start, step.count * k) : start + step.count * k;
}

/**
 * The `YYYY-MM-DD` texts of the `count` dates `start + k·step` (k = 1…count), computed
 * incrementally: the same values as `addSteps` + `formatIsoDate`, without re-deriving the
 * calendar for each date.
 *
 * @example
 * ```ts
 * isoDateSequence(toCivilDay(2025, 12, 31), { unit: 'months', count: 1 }, 3); // ['2026-01-31', '2026-02-28', '2026-03-31']
 * ```
 */
export function isoDateSequence(start: CivilDay, step: DateStep, count: number): string[] {
  // Speed: the dates stepped incrementally from one split of the start instead of
  // `formatIsoDate(addSteps(start, step, k))` for each; buys 9.4–9.8 µs of 12.4–12.9 µs per table
  // quote at 60 payments (A/B on npm run bench's credit60 table, 2026-11-26, 62d6257).
  const out = new Array<string>(count);
  if (step.unit === 'months') {
    const { year, month, day } = fromCivilDay(start);
    let index = year * 12 + (month - 1);
    // Speed: the step's count read once instead of in the loop (the step object is polymorphic across
    // periodicities); buys 0.1–0.8 µs of 12.0–12.5 µs per table quote at 60 payments (A/B on npm run
    // bench's credit60 table, 2026-11-26, 62d6257).
    const months = step.count;
    // Speed: a date is its year's text (`YYYY-`, made again only when the year changes) joined to
    // the month and day's (`MM-DD`, from a table made once), one join instead of four (each join of
    // short texts allocates a new one); buys 1.2–1.6 µs of 12.0–12.6 µs per table quote at 60
    // payments and 7–10 µs of 66–69 µs at 360 (A/B on npm run bench --quick's credit60 and credit360
    // table, after its warm-up set, 2026-11-26).
    let yearOf = Number.NaN;
    let yearText = '';
    for (let k = 0; k < count; k++) {
      index += months;
      const y = Math.floor(index / 12);
      const m = index - y * 12 + 1;
      const d = day <= 28 ? day : Math.min(day, daysInMonth(y, m));
      if (y !== yearOf) {
        yearOf = y;
        yearText = `${y}-`;
      }
      out[k] = yearText + monthDayText(m, d);
    }
    return out;
  }
  let { year, month, day } = fromCivilDay(start);
  let monthLength = daysInMonth(year, month);
  const days = step.count;
  let yearText = `${year}-`;
  for (let k = 0; k < count; k++) {
    day += days;
    while (day > monthLength) {
      day -= monthLength;
      month += 1;
      if (month > 12) {
        month = 1;
        year += 1;
        yearText = `${year}-`;
      }
      monthLength = daysInMonth(year, month);
    }
    out[k] = yearText + monthDayText(month, day);
  }
  return out;
}
