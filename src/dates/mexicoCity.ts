/**
 * Today's date where the quotes are made: for the edges (the service, the CLI) that must supply
 * the engines' dates. The engines themselves never read the clock.
 */
const MEXICO_CITY_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Mexico_City',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The civil date (`YYYY-MM-DD`) in Mexico City at an instant.
 *
 * @example
 * ```ts
 * mexicoCityDate(new Date('2025-01-16T03:00:00Z')); // '2025-01-15' (21:00 the day before, UTC−6)
 * ```
 */
export function mexicoCityDate(instant: Date): string {
  const parts = MEXICO_CITY_DATE.formatToParts(instant);
  const pick = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${pick('year')}-${pick('month')}-${pick('day')}`;
}
