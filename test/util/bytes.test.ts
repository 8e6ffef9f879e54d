/**
 * The Web-standard byte helpers (src/util/bytes.ts) against what they replace: Node's Buffer, on
 * random input (any UTF-16 text, lone surrogates included; any bytes; any base64 text).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, fromBase64, isAscii, isCanonicalBase64Url, toBase64, toBase64Url, utf8Length } from '../../src/util/bytes.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const anyText = fc.string({ unit: 'binary', maxLength: 64 });
const base64Chars = (extra: string) => fc.string({ unit: fc.constantFrom(...`${ALPHABET}${extra}`), minLength: 1, maxLength: 40 });

describe('UTF-8', () => {
  it('utf8Length is Buffer.byteLength(text, "utf8") for any text (a lone surrogate counts three bytes)', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
    );
    expect([utf8Length(''), utf8Length('añ'), utf8Length('€'), utf8Length('😀'), utf8Length('\ud800'), utf8Length('\udc00\ud800')]).toEqual(
      [0, 3, 3, 4, 3, 6],
    );
  });

  it('isAscii is true exactly when no unit is above U+007F, short or long (one non-ASCII unit anywhere)', () => {
    const asciiOf = (text: string) => [...text].every((c) => c.charCodeAt(0) < 0x80);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 600 }), (text) => {
        expect(isAscii(text)).toBe(asciiOf(text));
      }),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary-ascii', minLength: 200, maxLength: 5000 }),
        fc.nat(),
        fc.constantFrom('\u0080', 'ó', '€', '\ud800', '😀', '\uffff'),
        (ascii, at, other) => {
          expect(isAscii(ascii)).toBe(true);
          const i = at % (ascii.length + 1);
          expect(isAscii(ascii.slice(0, i) + other + ascii.slice(i))).toBe(false);
        },
      ),
    );
    // Past the scratch buffer's limit (1 MiB), and a short text after a long one (the buffer's old contents do not count).
    const huge = 'a'.repeat((1 << 20) + 1);
    expect([isAscii(huge), isAscii(`${huge}ñ`), isAscii('\u007f'), isAscii('\u0080')]).toEqual([true, false, true, false]);
    expect([isAscii('é'.repeat(300)), isAscii('e'.repeat(299))]).toEqual([false, true]);
  });

  it('decodeUtf8 is Buffer#toString("utf8") for any bytes (replacements and a leading BOM alike)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 48 }), (bytes) => {
        expect(decodeUtf8(bytes)).toBe(Buffer.from(bytes).toString('utf8'));
      }),
    );
    const bom = Uint8Array.of(0xef, 0xbb, 0xbf, 0x61);
    expect(decodeUtf8(bom)).toBe('\ufeffa');
    expect(decodeUtf8(Uint8Array.of(0x61, 0xf0, 0x9f, 0x98))).toBe(Buffer.from([0x61, 0xf0, 0x9f, 0x98]).toString('utf8'));
  });
});

describe('base64', () => {
  it('toBase64 and toBase64Url are Buffer#toString("base64" | "base64url")', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70_000, size: 'small' }), (bytes) => {
        expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
        expect(toBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      }),
    );
    // Longer than one chunk of the binary string (32 KiB).
    const big = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7919) & 0xff);
    expect(toBase64(big)).toBe(Buffer.from(big).toString('base64'));
  });

  it('fromBase64 decodes what Buffer.from(text, "base64") decodes: either alphabet, any padding, a lone last character ignored', () => {
    fc.assert(
      fc.property(base64Chars('+/-_'), fc.integer({ min: 0, max: 2 }), (body, pad) => {
        const text = body + '='.repeat(pad);
        expect([...(fromBase64(text) as Uint8Array)]).toEqual([...Buffer.from(text, 'base64')]);
      }),
    );
    expect(fromBase64('YQ')).toEqual(Uint8Array.of(0x61));
    expect(fromBase64('YWJjZ')).toEqual(new TextEncoder().encode('abc'));
    expect([fromBase64('a b'), fromBase64('a=b'), fromBase64('ñ')]).toEqual([undefined, undefined, undefined]);
  });

  it('isCanonicalBase64Url is "decodes and re-encodes to itself", as the Buffer round trip said', () => {
    const canonical = (s: string) =>
      /^[A-Za-z0-9_-]+$/.test(s) && s.length % 4 !== 1 && Buffer.from(s, 'base64url').toString('base64url') === s;
    fc.assert(
      fc.property(base64Chars('-_=+'), (text) => {
        expect(isCanonicalBase64Url(text)).toBe(canonical(text));
      }),
    );
    expect([isCanonicalBase64Url('QQ'), isCanonicalBase64Url('QR'), isCanonicalBase64Url('QUE'), isCanonicalBase64Url('QUF')]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});
