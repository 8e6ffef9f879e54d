/**
 * Deterministic quote ids and their URLs: no clock, no randomness. One sha256 state per quote
 * holds a canonical serialisation (keys sorted, no whitespace) of everything an offer's content
 * depends on — the request, the start date, the tariff (name, version and a digest of its
 * content), the conventions and the life balances — and each offer's id continues that state with
 * the offer's identity (insurer and package), so the same request and options give the same ids,
 * two offers of a quote never share one, and a quote hashes about a kilobyte whatever its receipts.
 * SHA-256 is @noble/hashes' (audited, synchronous, the same in every runtime): Web Crypto's digest
 * is asynchronous, and a quote is not.
 */
import { SHA256, sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

/**
 * JSON with object keys sorted at every level and `undefined` members left out.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: [true, { d: null, c: 'x' }] }); // '{"a":[true,{"c":"x","d":null}],"b":1}'
 * ```
 */
export function canonicalJson(value: unknown): string {
  // Speed: loops over the sorted keys instead of
  // `Object.entries(value).filter(…).sort(…).map(…).join(',')` (and
  // `value.map(canonicalJson).join(',')` for arrays); buys 1.0–3.2 µs of 67–71 µs per policy quote
  // (A/B on npm run bench's policy case, 2026-11-26, 62d6257).
  if (Array.isArray(value)) {
    let out = '[';
    // What join gives: an element without JSON text (undefined, a function, a hole) writes nothing.
    for (let i = 0; i < value.length; i++) out += `${i === 0 ? '' : ','}${canonicalJson(value[i]) ?? ''}`;
    return `${out}]`;
  }
  if (typeof value === 'object' && value !== null) {
    // Own enumerable string keys in UTF-16 code unit order (sort's default, keys are distinct).
    const keys = Object.keys(value).sort();
    let out = '{';
    for (const key of keys) {
      const v: unknown = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
    }
    return `${out}}`;
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
  return bytesToHex(sha256(canonicalJson(content))).slice(0, length);
}

/**
 * The id of one offer: the first `length` hex characters of sha256 of a prefix shared by every
 * offer of a quote (the canonical request and options, computed once) followed by
 * `JSON.stringify(offer)`, where `offer` is the offer's identity (`{ idAseguradora, idPaquete }`).
 *
 * @example
 * ```ts
 * offerId(canonicalJson({ solicitud: policySolicitud }), { idAseguradora: 1, idPaquete: 1 }, 24).length; // 24
 * ```
 */
export function offerId(prefix: string, offer: unknown, length: number): string {
  return bytesToHex(sha256.create().update(prefix).update(JSON.stringify(offer)).digest()).slice(0, length);
}

/**
 * The ids of one quote's offers: sha256 of the shared prefix (hashed once, its state copied for
 * each offer) followed by an offer's identity as JSON text. `idOf(json)` is
 * `offerId(prefix, offer, length)` when `json` is `JSON.stringify(offer)`.
 *
 * @example
 * ```ts
 * const ids = offerIds(canonicalJson({ a: 1 }), 24);
 * ids.idOf(JSON.stringify({ idAseguradora: 1, idPaquete: 2 })) === offerId(canonicalJson({ a: 1 }), { idAseguradora: 1, idPaquete: 2 }, 24); // true
 * ```
 */
export function offerIds(prefix: string, length: number): { readonly idOf: (json: string) => string } {
  // Speed: the shared prefix hashed once and its state copied for each offer instead of hashed again
  // per offer (`offerId`); bought 2.7–9.5 µs of 62–67 µs per policy quote with node:crypto (A/B on npm
  // run bench's policy case, 9 offers, 2026-11-26, 62d6257), not re-measured with @noble/hashes.
  // Speed: texts handed to the hash as bytes of our own encoding (the prefix once, an offer's JSON
  // into a kept buffer) instead of as strings, which @noble/hashes encodes with a new TextEncoder
  // and copies again each time; buys 4–20 µs of 83–100 µs per policy quote (A/B on npm run bench
  // --quick's policy case, after its warm-up set, four each, 2026-11-26).
  const base = new SHA256().update(ENCODER.encode(prefix));
  const bytes = Math.min(32, Math.ceil(length / 2));
  return {
    idOf: (json) => {
      // The shared state copied into the one scratch state (no allocation, no wiping), and only
      // the bytes the id shows turned into hex: a quote asks for an id per offer.
      const state = base._cloneInto(SCRATCH);
      if (json.length <= SCRATCH_TEXT.length / 3) state.update(SCRATCH_TEXT.subarray(0, ENCODER.encodeInto(json, SCRATCH_TEXT).written));
      else state.update(ENCODER.encode(json));
      state.digestInto(SCRATCH_DIGEST);
      return bytesToHex(SCRATCH_DIGEST.subarray(0, bytes)).slice(0, length);
    },
  };
}

const ENCODER = new TextEncoder();
/** The state, the digest and the text bytes every offer id is computed in: `idOf` is synchronous, so no two uses interleave. */
const SCRATCH = new SHA256();
const SCRATCH_DIGEST = new Uint8Array(32);
/** An offer's JSON as UTF-8 (at most 3 bytes a UTF-16 unit: texts up to 256 units fit). */
const SCRATCH_TEXT = new Uint8Array(768);

/** Tariff content digests of deep-frozen (loaded) tariffs: their content cannot change. */
// Speed: a loaded tariff's digest remembered instead of its canonical JSON hashed on every quote;
// buys 114–122 µs of 53–57 µs per policy quote (A/B on npm run bench's policy case, 2026-11-26,
// 62d6257).
const tariffDigests = new WeakMap<object, string>();

/**
 * sha256 (hex) of a tariff's canonical JSON: what `idCotizacion` knows of the tariff's figures
 * besides its name and version. Remembered for a tariff that cannot change (`frozen`: it came
 * from `loadTariff`), recomputed otherwise (such a tariff is validated on every call anyway).
 *
 * @example
 * ```ts
 * tariffDigest(defaultTariff(), true) === tariffDigest(structuredClone(defaultTariff()), false); // true
 * tariffDigest({ ...defaultTariff(), ivaRate: '0.08' }, false) === tariffDigest(defaultTariff(), true); // false
 * ```
 */
export function tariffDigest(tariff: object, frozen: boolean): string {
  const known = frozen ? tariffDigests.get(tariff) : undefined;
  if (known !== undefined) return known;
  const digest = bytesToHex(sha256(canonicalJson(tariff)));
  if (frozen) tariffDigests.set(tariff, digest);
  return digest;
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

/**
 * {@link fillUrlTemplate} with the template parsed once: the returned function gives the same text
 * for the same values, splitting the template only on the first call (a quote fills it per offer).
 *
 * @example
 * ```ts
 * const fill = urlFiller('https://x.example/{idAseguradora}/{idCotizacion}?x={nada}');
 * fill({ idCotizacion: 'a b', idAseguradora: '1' }); // 'https://x.example/1/a%20b?x={nada}'
 * ```
 */
export function urlFiller(template: string): (values: Readonly<Record<string, string>>) => string {
  // Speed: the template split once per quote instead of `fillUrlTemplate`'s regular expression per
  // offer; buys 10–15 µs of 65–77 µs per policy quote (A/B on npm run bench's policy case, 9 offers,
  // 2026-11-26, 62d6257).
  // Even slots are literal text, odd slots placeholder names (what /\{(\w+)\}/ matched).
  const parts = template.split(/\{(\w+)\}/);
  return (values) => {
    let out = parts[0] as string;
    for (let i = 1; i < parts.length; i += 2) {
      const key = parts[i] as string;
      const v = values[key]; // as fillUrlTemplate reads it, inherited members included
      out += (v === undefined ? `{${key}}` : encodeURIComponent(v)) + (parts[i + 1] as string);
    }
    return out;
  };
}
