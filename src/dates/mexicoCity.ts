/**
 * Today's date where the quotes are made: for the edges (the service, the CLI) that must supply
 * the engines' dates. The engines themselves never read the clock.
 */
// Built on first use: constructing it loads the time-zone data (about 9–14 ms of CPU), which an
// import of the package must not pay.
let mexicoCityFormat: Intl.DateTimeFormat | undefined;

/**
 * The civil date (`YYYY-MM-DD`) in Mexico City at an instant. `Intl` is asked once an hour (the
 * last hour's date is kept), not on every request.
 *
 * @example
 * ```ts
 * mexicoCityDate(new Date('2025-01-16T03:00:00Z')); // '2025-01-15' (21:00 the day before, UTC−6)
 * ```
 */
export function mexicoCityDate(instant: Date): string {
  const ms = instant.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  if (hour === cachedHour) return cachedDate;
  const date = formatDate(ms);
  // The hour's date is cached only when the hour starts and ends on it: a change of date or of
  // UTC offset inside an hour (possible only before 1922, when Mexico City's offset had minutes)
  // is computed every time.
  if (formatDate(hour * HOUR_MS) === date && formatDate(hour * HOUR_MS + HOUR_MS - 1) === date) {
    cachedHour = hour;
    cachedDate = date;
  }
  return date;
}

const HOUR_MS = 3_600_000;
let cachedHour = Number.NaN;
let cachedDate = '';

function formatDate(ms: number): string {
  mexicoCityFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Mexico_City',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = mexicoCityFormat.formatToParts(ms);
  const pick = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${pick('year')}-${pick('month')}-${pick('day')}`;
}
