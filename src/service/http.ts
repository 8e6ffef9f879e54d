/**
 * HTTP helpers the service adds to the shared ones in `src/http/headers.ts` (header lookup, header
 * size, `Accept` negotiation): `Content-Type` parsing and the Mexico City civil date.
 */

/**
 * The media type of a `Content-Type` value, lower case, and its charset if any.
 *
 * @example
 * ```ts
 * mediaType('Application/JSON; charset=UTF-8'); // { type: 'application/json', charset: 'utf-8' }
 * ```
 */
export function mediaType(contentType: string): { readonly type: string; readonly charset: string | undefined } {
  const [type = '', ...params] = contentType.split(';');
  let charset: string | undefined;
  for (const param of params) {
    const [name = '', value = ''] = param.split('=').map((part) => part.trim());
    if (name.toLowerCase() === 'charset') charset = value.replace(/^"(.*)"$/, '$1').toLowerCase();
  }
  return { type: type.trim().toLowerCase(), charset };
}

const MEXICO_CITY_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City', year: 'numeric', month: '2-digit', day: '2-digit' });

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
