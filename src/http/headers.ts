/**
 * HTTP pieces shared by the service and the ATM API, as pure functions over header text: header lookup and size,
 * Accept negotiation (RFC 9110 §12.5.1) and If-None-Match entity-tag matching (§13.1.2).
 */
import { utf8Length } from '../util/bytes.js';
import type { ServiceRequest } from './types.js';

/**
 * All values of a header (names compared case-insensitively), in order.
 *
 * @example
 * ```ts
 * headerValues({ method: 'GET', path: '/', headers: { Accept: ['a', 'b'] } }, 'accept'); // ['a', 'b']
 * ```
 */
export function headerValues(request: ServiceRequest, name: string): string[] {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  const headers = request.headers;
  for (const key in headers) {
    // Speed: names of another length skipped before lowercasing (most keys are), and in headerField a
    // single value returned as it is rather than joined as a list, instead of lowercasing every name;
    // buys 0.35–1.15 µs of 30–31 µs per handle() of the 60-payment AutoEstrene to bytes (A/B on
    // benchmarks/handle.ts's request, 2026-11-26, 62d6257).
    if (key.length !== wanted.length || !Object.hasOwn(headers, key) || (key !== wanted && key.toLowerCase() !== wanted)) continue;
    const value = headers[key];
    if (value === undefined) continue;
    if (typeof value === 'string') values.push(value);
    else values.push(...value);
  }
  return values;
}

/**
 * A header's values joined as one comma-separated field, or undefined when absent.
 *
 * @example
 * ```ts
 * headerField({ method: 'GET', path: '/', headers: { Accept: ['a', 'b'] } }, 'accept'); // 'a, b'
 * ```
 */
export function headerField(request: ServiceRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const headers = request.headers;
  let field: string | undefined;
  for (const key in headers) {
    if (key.length !== wanted.length || !Object.hasOwn(headers, key) || (key !== wanted && key.toLowerCase() !== wanted)) continue;
    const value = headers[key];
    if (value === undefined) continue;
    const text = typeof value === 'string' ? value : value.join(', ');
    if (typeof value !== 'string' && value.length === 0) continue;
    field = field === undefined ? text : `${field}, ${text}`;
  }
  return field;
}

/**
 * Size of the request headers in UTF-8 bytes: each name plus each of its values.
 *
 * @example
 * ```ts
 * headerBytes({ method: 'GET', path: '/', headers: { ab: 'cdé' } }); // 6
 * ```
 */
export function headerBytes(request: ServiceRequest): number {
  return headerSize(request, true);
}

/**
 * Whether the request headers exceed `maxBytes` UTF-8 bytes ({@link headerBytes}).
 *
 * @example
 * ```ts
 * headersExceed({ method: 'GET', path: '/', headers: { ab: 'cdé' } }, 5); // true
 * ```
 */
export function headersExceed(request: ServiceRequest, maxBytes: number): boolean {
  // Speed: a UTF-16 count (at most 3 UTF-8 bytes a unit) decides most requests before the UTF-8
  // count, a JavaScript loop since `Buffer.byteLength` left the portable code; not yet A/B-measured on
  // the portable path (the Buffer-era A/B found no gain, 97e1cfc).
  return headerSize(request, false) * 3 > maxBytes && headerBytes(request) > maxBytes;
}

/** UTF-8 bytes (`bytes`) or UTF-16 units of every header name and value. */
function headerSize(request: ServiceRequest, bytes: boolean): number {
  let total = 0;
  const headers = request.headers;
  for (const key in headers) {
    const value = headers[key];
    if (!Object.hasOwn(headers, key) || value === undefined) continue;
    const keyBytes = bytes ? utf8Length(key) : key.length;
    if (typeof value === 'string') total += keyBytes + (bytes ? utf8Length(value) : value.length);
    else for (const one of value) total += keyBytes + (bytes ? utf8Length(String(one)) : String(one).length);
  }
  return total;
}

/**
 * Splits a header field on commas that are outside double-quoted strings (entity tags and
 * quoted parameter values may contain commas). A backslash escapes inside quoted strings only
 * when `escapes` is set (quoted-string does; an entity tag's opaque part does not).
 *
 * @example
 * ```ts
 * splitList('"a,b", W/"c"', false); // ['"a,b"', 'W/"c"']
 * ```
 */
export function splitList(field: string, escapes = true): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < field.length; i++) {
    const c = field.charAt(i);
    if (escapes && quoted && c === '\\' && i + 1 < field.length) {
      current += c + field.charAt(++i);
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === ',' && !quoted) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const QVALUE = /^(0(\.[0-9]{0,3})?|1(\.0{0,3})?)$/;

interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly params: ReadonlyMap<string, string>;
  readonly q: number;
}

function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') && value.length >= 2 ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
}

/** One media range, or undefined when it does not follow the grammar (then it is ignored). */
function parseMediaRange(text: string): MediaRange | undefined {
  const [head, ...rest] = text.split(';');
  const slash = (head ?? '').trim().split('/');
  if (slash.length !== 2) return undefined;
  const [typeText = '', subtypeText = ''] = slash;
  const type = typeText.trim().toLowerCase();
  const subtype = subtypeText.trim().toLowerCase();
  if (!TOKEN.test(type) || !TOKEN.test(subtype) || (type === '*' && subtype !== '*')) return undefined;
  const params = new Map<string, string>();
  let q = 1;
  for (const raw of rest) {
    const eq = raw.indexOf('=');
    if (eq < 0) return undefined;
    const name = raw.slice(0, eq).trim().toLowerCase();
    const value = unquote(raw.slice(eq + 1).trim());
    if (!TOKEN.test(name)) return undefined;
    if (name === 'q') {
      // The weight ends the media range; accept-ext parameters after it are ignored.
      if (!QVALUE.test(value)) return undefined;
      q = Number(value);
      break;
    }
    params.set(name, value.toLowerCase());
  }
  return { type, subtype, params, q };
}

function specificity(range: MediaRange): number {
  if (range.type === '*') return 0;
  if (range.subtype === '*') return 1;
  return 2 + range.params.size;
}

/**
 * The quality an Accept field gives to `type/subtype` with `params` (lowercase), 0..1: the
 * weight of the most specific matching range, 0 when none matches, 1 when the field is absent
 * or empty. `application/json;q=0, *\/*` makes JSON unacceptable; ranges that break the grammar
 * are ignored.
 *
 * @example
 * ```ts
 * acceptQuality('application/json;q=0.5, text/html', 'application', 'json'); // 0.5
 * ```
 */
export function acceptQuality(
  accept: string | undefined,
  type: string,
  subtype: string,
  params: Readonly<Record<string, string>> = {},
): number {
  if (accept === undefined || accept.trim() === '') return 1;
  let best: MediaRange | undefined;
  for (const part of splitList(accept)) {
    const range = parseMediaRange(part);
    if (range === undefined) continue;
    if (range.type !== '*' && range.type !== type) continue;
    if (range.subtype !== '*' && range.subtype !== subtype) continue;
    if ([...range.params].some(([name, value]) => params[name] !== value)) continue;
    if (best === undefined || specificity(range) > specificity(best)) best = range;
  }
  return best?.q ?? 0;
}

/**
 * True when the Accept field allows `application/json; charset=utf-8`.
 *
 * @example
 * ```ts
 * acceptsJson('text/html, application/json;q=0'); // false
 * ```
 */
export function acceptsJson(accept: string | undefined): boolean {
  // Speed: the three fields nearly every client sends answered at once, and the last other field's
  // answer remembered (a client sends the same field every time), instead of `acceptQuality` on every
  // request; buys 0.3–1.2 µs of 29–31 µs per handle() of the 60-payment AutoEstrene to bytes with
  // `Accept: application/json` (A/B on benchmarks/handle.ts's request), and a browser's field costs
  // 2.3 µs to parse, 0.005 µs remembered (throwaway A/B, 2026-11-26, 62d6257).
  if (accept === undefined || accept === 'application/json' || accept === '*/*') return true;
  if (accept === lastAccept) return lastAcceptsJson;
  const answer = acceptQuality(accept, 'application', 'json', JSON_UTF8) > 0;
  lastAccept = accept;
  lastAcceptsJson = answer;
  return answer;
}

const JSON_UTF8: Readonly<Record<string, string>> = Object.freeze({ charset: 'utf-8' });
let lastAccept: string | undefined;
let lastAcceptsJson = true;

const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7e\x80-\uffff]*)"$/;

/**
 * True when an If-None-Match field matches the current strong tag `etag` (`"…"`): `*`, or any
 * listed tag whose opaque part equals it, ignoring `W/` (RFC 9110 §13.1.2 uses the weak
 * comparison for If-None-Match). Members that are not entity tags never match.
 *
 * @example
 * ```ts
 * ifNoneMatchMatches('"x", W/"abc"', '"abc"'); // true
 * ```
 */
export function ifNoneMatchMatches(field: string, etag: string): boolean {
  const current = ENTITY_TAG.exec(etag)?.[2];
  if (field.trim() === '*') return true;
  for (const member of splitList(field, false)) {
    const match = ENTITY_TAG.exec(member);
    if (match !== null && match[2] === current) return true;
  }
  return false;
}

/**
 * The security and content headers every response of the interface carries (the token, quoter,
 * taxpayer and ATM APIs alike); each API adds its own Cache-Control.
 *
 * @example
 * ```ts
 * SECURITY_HEADERS['X-Content-Type-Options']; // 'nosniff'
 * ```
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Strict-Transport-Security': 'max-age=31536000',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Content-Type': 'application/json; charset=utf-8',
});
