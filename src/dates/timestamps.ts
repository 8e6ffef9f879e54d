/**
 * Date parsing for the ATM API without a clock: RFC 3339 date-times (meta.LastUpdated) and
 * HTTP-dates (If-Modified-Since, RFC 9110 §5.6.7), both to epoch milliseconds.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const LONG_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function utcMillis(year: number, month: number, day: number, hour: number, minute: number, second: number): number | undefined {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  // A leap second (:60) counts as :59, the last representable instant of that minute.
  // Date.UTC maps years 0–99 to 1900–1999, so the year is set separately.
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, Math.min(second, 59)));
  return date.setUTCFullYear(year);
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/**
 * Epoch milliseconds of an RFC 3339 date-time truncated to the second (HTTP-dates carry whole
 * seconds), or undefined when it is not a real calendar instant.
 *
 * @example
 * ```ts
 * parseDateTime('2025-01-15T06:00:00.9-06:00') === Date.UTC(2025, 0, 15, 12); // true (fractions of a second dropped)
 * ```
 */
export function parseDateTime(text: string): number | undefined {
  const m = RFC3339.exec(text);
  if (m === null) return undefined;
  const [, y, mo, d, h, mi, s, , , sign, oh, om] = m;
  const base = utcMillis(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s));
  if (base === undefined) return undefined;
  if (sign === undefined) return base;
  const offsetHours = Number(oh);
  const offsetMinutes = Number(om);
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const offset = (offsetHours * 60 + offsetMinutes) * 60_000;
  return sign === '+' ? base - offset : base + offset;
}

function monthOf(name: string): number {
  return MONTHS.indexOf(name as (typeof MONTHS)[number]) + 1;
}

const IMF_FIXDATE = /^([A-Za-z]{3}), (\d{2}) ([A-Za-z]{3}) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const RFC850 = /^([A-Za-z]+), (\d{2})-([A-Za-z]{3})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) GMT$/;
const ASCTIME = /^([A-Za-z]{3}) ([A-Za-z]{3}) ([ \d]\d) (\d{2}):(\d{2}):(\d{2}) (\d{4})$/;

/**
 * Epoch milliseconds of an HTTP-date in any of the three forms RFC 9110 requires recipients to
 * accept (IMF-fixdate, RFC 850, asctime), or undefined. Names are case-sensitive as the grammar
 * says. A two-digit RFC 850 year is 19xx for 70–99 and 20xx for 00–69 (a fixed pivot: the
 * RFC's "50 years in the future" rule needs a clock, which this library never reads).
 *
 * @example
 * ```ts
 * parseHttpDate('Wed, 15 Jan 2025 12:00:00 GMT') === Date.UTC(2025, 0, 15, 12); // true
 * ```
 */
export function parseHttpDate(raw: string): number | undefined {
  const text = raw.trim();
  let m = IMF_FIXDATE.exec(text);
  if (m !== null) {
    const [, wd = '', d, mon = '', y, h, mi, s] = m;
    if (!SHORT_DAYS.includes(wd)) return undefined;
    return utcMillis(Number(y), monthOf(mon), Number(d), Number(h), Number(mi), Number(s));
  }
  m = RFC850.exec(text);
  if (m !== null) {
    const [, wd = '', d, mon = '', yy, h, mi, s] = m;
    if (!LONG_DAYS.includes(wd)) return undefined;
    const two = Number(yy);
    const year = two >= 70 ? 1900 + two : 2000 + two;
    return utcMillis(year, monthOf(mon), Number(d), Number(h), Number(mi), Number(s));
  }
  m = ASCTIME.exec(text);
  if (m !== null) {
    const [, wd = '', mon = '', d = '', h, mi, s, y] = m;
    if (!SHORT_DAYS.includes(wd)) return undefined;
    return utcMillis(Number(y), monthOf(mon), Number(d.trim()), Number(h), Number(mi), Number(s));
  }
  return undefined;
}

/**
 * IMF-fixdate of epoch milliseconds ("Wed, 15 Jan 2025 06:00:00 GMT").
 *
 * @example
 * ```ts
 * formatHttpDate(Date.UTC(2025, 0, 15, 12)); // 'Wed, 15 Jan 2025 12:00:00 GMT'
 * ```
 */
export function formatHttpDate(millis: number): string {
  return new Date(millis).toUTCString();
}
