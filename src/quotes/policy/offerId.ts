/**
 * Deterministic quote ids and their URLs: no clock, no randomness. The id is a shortened sha256 of
 * a canonical serialisation (keys sorted, no whitespace) of the request, the start date and the
 * offer itself, so the same request and options give the same id and two offers never share one.
 */
import { createHash, type Hash } from 'node:crypto';

/**
 * JSON with object keys sorted at every level and `undefined` members left out.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: [true, { d: null, c: 'x' }] }); // '{"a":[true,{"c":"x","d":null}],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The first `length` hex characters of sha256(canonicalJson(content)).
 *
 * @example
 * ```ts
 * quoteId({ a: 1 }, 24).length; // 24
 * ```
 */
export function quoteId(content: unknown, length: number): string {
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex').slice(0, length);
}

/**
 * The id of one offer: sha256 of a prefix shared by every offer of a quote (the canonical request,
 * computed once) followed by the offer's own content. The offer is built by the engine in a fixed
 * key order, so plain `JSON.stringify` is already canonical for it.
 *
 * @example
 * ```ts
 * offerId(canonicalJson({ solicitud }), { idPaquete: 1 }, 24).length; // 24
 * ```
 */
export function offerId(prefix: string, offer: unknown, length: number): string {
  return createHash('sha256').update(prefix, 'utf8').update(JSON.stringify(offer), 'utf8').digest('hex').slice(0, length);
}

/**
 * The ids of one quote's offers: sha256 of the shared prefix (hashed once, its state copied for
 * each offer) followed by an offer's JSON text. `idOf(json)` is `offerId(prefix, offer, length)`
 * when `json` is `JSON.stringify(offer)`; the caller may write that text itself.
 *
 * @example
 * ```ts
 * const ids = offerIds(canonicalJson({ a: 1 }), 24);
 * ids.idOf(JSON.stringify({ idPaquete: 1 })) === offerId(canonicalJson({ a: 1 }), { idPaquete: 1 }, 24); // true
 * ```
 */
export function offerIds(prefix: string, length: number): { readonly idOf: (json: string) => string } {
  const base: Hash = createHash('sha256').update(prefix, 'utf8');
  return { idOf: (json) => base.copy().update(json, 'utf8').digest('hex').slice(0, length) };
}

/**
 * Fills `{name}` placeholders of a URL template with URI-encoded values; unknown placeholders stay.
 *
 * @example
 * ```ts
 * fillUrlTemplate('https://x.example/c/{idCotizacion}', { idCotizacion: 'ab12' }); // 'https://x.example/c/ab12'
 * ```
 */
export function fillUrlTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const v = values[key];
    return v === undefined ? whole : encodeURIComponent(v);
  });
}
