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
