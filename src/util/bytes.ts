/**
 * Bytes and text with Web-standard APIs only (no `Buffer`): a string's UTF-8 length, strict
 * UTF-8-to-text decoding as Node's `Buffer#toString` does it, base64 and base64url. Every runtime
 * the package supports (Node 20, browsers, Bun, Deno, workers) has `TextDecoder`, `atob`, `btoa`.
 */
import { trimTrailing } from './text.js';

/** Any UTF-16 unit above U+007F (each takes two or more UTF-8 bytes). */
const NON_ASCII = /[\u0080-\uffff]/;
const ENCODER = new TextEncoder();
/** Texts up to this length are checked by `encodeInto`, longer ones by the regex. */
const SCRATCH_LIMIT = 1 << 20;
/** Where `isAscii` encodes a long text to count its bytes; grown to the longest text checked (≤ 1 MiB). */
let scratch = new Uint8Array(0);

/**
 * True when every UTF-16 unit of `text` is ASCII (U+0000–U+007F).
 *
 * @example
 * ```ts
 * isAscii('{"status":200}'); // true
 * isAscii('Operación'); // false
 * ```
 */
export function isAscii(text: string): boolean {
  const length = text.length;
  // Short texts: one native regex scan. Long ones: encodeInto copies an ASCII text at memory speed
  // (several times the regex's), and a text is ASCII exactly when each unit wrote one byte.
  if (length <= 256 || length > SCRATCH_LIMIT) return !NON_ASCII.test(text);
  if (scratch.length < length) scratch = new Uint8Array(Math.min(SCRATCH_LIMIT, 2 ** Math.ceil(Math.log2(length))));
  const { read, written } = ENCODER.encodeInto(text, scratch);
  return read === length && written === length;
}

/**
 * The number of bytes of `text` encoded as UTF-8, as `Buffer.byteLength(text, 'utf8')` counts
 * them (a lone surrogate is written as U+FFFD, three bytes), without encoding it.
 *
 * @example
 * ```ts
 * utf8Length('añ'); // 3
 * utf8Length('😀'); // 4
 * utf8Length('\ud800'); // 3
 * ```
 */
export function utf8Length(text: string): number {
  const length = text.length;
  if (isAscii(text)) return length;
  let bytes = length;
  for (let i = 0; i < length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two units, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

// ignoreBOM keeps a leading U+FEFF in the text, as Buffer#toString does (TextDecoder drops it by default).
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * `bytes` decoded as UTF-8, every invalid sequence replaced by U+FFFD (what
 * `Buffer#toString('utf8')` gives; the request reader's strict `utf8Text` refuses them instead).
 *
 * @example
 * ```ts
 * decodeUtf8(new Uint8Array([0x61, 0xc3, 0xb1])); // 'añ'
 * decodeUtf8(new Uint8Array([0x61, 0xff])); // 'a\ufffd'
 * ```
 */
export function decodeUtf8(bytes: Uint8Array): string {
  return UTF8.decode(bytes);
}

/** Bytes → a "binary string" (one char per byte), what `btoa` takes; in chunks, for large inputs. */
function binaryString(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return out;
}

/**
 * `bytes` as base64 (RFC 4648 §4, padded).
 *
 * @example
 * ```ts
 * toBase64(new TextEncoder().encode('app:s3cret')); // 'YXBwOnMzY3JldA=='
 * ```
 */
export function toBase64(bytes: Uint8Array): string {
  return btoa(binaryString(bytes));
}

/**
 * `bytes` as base64url (RFC 4648 §5, unpadded), as JOSE writes it.
 *
 * @example
 * ```ts
 * toBase64Url(new Uint8Array([0xfb, 0xff])); // '-_8'
 * ```
 */
export function toBase64Url(bytes: Uint8Array): string {
  return trimTrailing(toBase64(bytes), '=').replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * Decodes base64 or base64url text (either alphabet, padding optional) as `Buffer.from(text,
 * 'base64')` does for well-formed input: trailing `=` are ignored, and so is a last lone
 * character (it cannot complete a byte). Undefined for a character outside both alphabets.
 *
 * @example
 * ```ts
 * decodeUtf8(fromBase64('YXBwOnMzY3JldA==')!); // 'app:s3cret'
 * [...fromBase64('-_8')!]; // [251, 255]
 * fromBase64('a b'); // undefined
 * ```
 */
export function fromBase64(text: string): Uint8Array | undefined {
  let body = trimTrailing(text, '=');
  if (!/^[A-Za-z0-9+/_-]*$/.test(body)) return undefined;
  if (body.length % 4 === 1) body = body.slice(0, -1);
  const binary = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const BASE64URL_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * True when `segment` is base64url exactly as an encoder writes it: the URL-safe alphabet, no
 * padding, no length that cannot hold whole bytes, and zero spare bits in its last character
 * (so decoding and encoding again gives the same text).
 *
 * @example
 * ```ts
 * isCanonicalBase64Url('-_8'); // true
 * isCanonicalBase64Url('-_9'); // false (spare bits set: it decodes to the same bytes as '-_8')
 * isCanonicalBase64Url('QQ=='); // false (padded)
 * ```
 */
export function isCanonicalBase64Url(segment: string): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return false;
  const rest = segment.length % 4;
  if (rest === 1) return false;
  if (rest === 0) return true;
  // Two characters carry 8 of their 12 bits, three carry 16 of 18: the rest must be zero.
  const last = BASE64URL_DIGITS.indexOf(segment.charAt(segment.length - 1));
  return (last & (rest === 2 ? 0b1111 : 0b11)) === 0;
}
