/** Instants and their texts, built from UTC fields only, so no oracle here depends on the zone. */
import fc from 'fast-check';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An RFC 3339 date-time: the instant it names (whole seconds), its parts as written, and the text. */
export interface DateTimeText {
  readonly millis: number;
  /** The wall clock as written: date and time fields of the instant shifted by the offset. */
  readonly wall: { readonly year: number; readonly month: number; readonly day: number; readonly time: string };
  /** 'Z' or ±HH:MM as written. */
  readonly offset: string;
  readonly text: string;
}

/**
 * RFC 3339 date-times between 1990 and 2090 with any offset (or Z), optionally with a fraction
 * of a second (`fractions: false` for the payment records, whose pattern has none).
 */
export function dateTimeArb(fractions = true): fc.Arbitrary<DateTimeText> {
  return fc
    .record({
      seconds: fc.integer({ min: Date.UTC(1990, 0, 1) / 1000, max: Date.UTC(2090, 11, 31) / 1000 }),
      zulu: fc.boolean(),
      offsetMinutes: fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
      fraction: fractions ? fc.option(fc.stringMatching(/^[0-9]{1,9}$/), { nil: undefined }) : fc.constant(undefined),
    })
    .map(({ seconds, zulu, offsetMinutes, fraction }) => {
      const millis = seconds * 1000;
      const shift = zulu ? 0 : offsetMinutes;
      const wall = new Date(millis + shift * 60_000);
      const abs = Math.abs(shift);
      const offset = zulu ? 'Z' : `${shift < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
      const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
      const date = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
      return {
        millis,
        wall: { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), time },
        offset,
        text: `${date}T${time}${fraction === undefined ? '' : `.${fraction}`}${offset}`,
      };
    });
}

/** Whole-second instants between 1970 and 2069 (the years RFC 850's two digits can name). */
export const httpInstantArb = fc.integer({ min: 0, max: Date.UTC(2069, 11, 31, 23, 59, 59) / 1000 }).map((s) => s * 1000);

/** The three HTTP-date forms of an instant (RFC 9110 §5.6.7), written from its UTC fields. */
export function httpDates(millis: number): { imf: string; rfc850: string; asctime: string } {
  const d = new Date(millis);
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const day = d.getUTCDate();
  const month = MONTHS[d.getUTCMonth()] as string;
  const year = d.getUTCFullYear();
  const weekday = d.getUTCDay();
  return {
    imf: `${SHORT_DAYS[weekday]}, ${pad(day)} ${month} ${year} ${time} GMT`,
    rfc850: `${LONG_DAYS[weekday]}, ${pad(day)}-${month}-${pad(year % 100)} ${time} GMT`,
    asctime: `${SHORT_DAYS[weekday]} ${month} ${String(day).padStart(2, ' ')} ${time} ${year}`,
  };
}
