/**
 * JSON bodies as ASCII text: every character above U+007F is written as its `\uXXXX` escape, so
 * a body is the same value to any JSON parser, the same bytes in any ASCII-compatible encoding,
 * and Node writes it to the socket in one copy (a one-byte string with "ó" in it is encoded to
 * UTF-8 character by character).
 */
import { isAscii } from '../util/bytes.js';

const NON_ASCII = /[\u0080-\uffff]/g;

function escapeChar(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every non-ASCII UTF-16 unit written as a JSON `\uXXXX` escape (valid inside a JSON
 * string; an astral character becomes its escaped surrogate pair).
 *
 * @example
 * ```ts
 * escapeNonAscii('"Operación"'); // '"Operaci\\u00f3n"'
 * ```
 */
export function escapeNonAscii(text: string): string {
  // Speed: most texts are ASCII already, so one scan returns them as they are instead of running the
  // replacement; kept from the portable change, not yet A/B-measured (the Buffer-era A/B found no gain).
  return isAscii(text) ? text : text.replace(NON_ASCII, escapeChar);
}

/**
 * `JSON.stringify(value)` as ASCII: the same JSON value, with non-ASCII characters escaped.
 *
 * @example
 * ```ts
 * asciiJson({ mensaje: 'Operación exitosa' }); // '{"mensaje":"Operaci\\u00f3n exitosa"}'
 * JSON.parse(asciiJson({ mensaje: 'Operación exitosa' })).mensaje; // 'Operación exitosa'
 * ```
 */
export function asciiJson(value: unknown): string {
  return escapeNonAscii(JSON.stringify(value));
}
