/**
 * Client authentication without node:crypto: the constant-time comparison gives the answer of an
 * ordinary one on any bytes, secrets are compared through their digests, and Basic credentials
 * decode as Buffer decoded them.
 */
import { timingSafeEqual } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesEqualConstantTime, parseBasic, secretsMatch } from '../../src/service/clients.js';

describe('bytesEqualConstantTime', () => {
  it('is equality of bytes: true for equal arrays, false for any one changed byte or another length', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (bytes, at, flip) => {
        const same = Uint8Array.from(bytes);
        expect(bytesEqualConstantTime(bytes, same)).toBe(true);
        expect(bytesEqualConstantTime(bytes, same)).toBe(timingSafeEqual(bytes, same));
        const changed = Uint8Array.from(bytes);
        const index = at % bytes.length;
        changed[index] = (changed[index] as number) ^ flip;
        expect(bytesEqualConstantTime(bytes, changed)).toBe(false);
        expect(bytesEqualConstantTime(bytes, bytes.subarray(1))).toBe(false);
      }),
    );
    expect(bytesEqualConstantTime(new Uint8Array(0), new Uint8Array(0))).toBe(true);
  });

  it('reads every byte: a difference in the last byte is found as one in the first', () => {
    const base = new Uint8Array(32);
    const last = Uint8Array.from(base);
    last[31] = 1;
    const first = Uint8Array.from(base);
    first[0] = 1;
    expect([bytesEqualConstantTime(base, last), bytesEqualConstantTime(base, first)]).toEqual([false, false]);
  });
});

describe('secretsMatch and parseBasic', () => {
  it('match exactly equal secrets, whatever their lengths and characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), (a, b) => {
        // Lone surrogates encode as U+FFFD: two texts with the same UTF-8 match, as before.
        expect(secretsMatch(a, b)).toBe(Buffer.from(a, 'utf8').equals(Buffer.from(b, 'utf8')));
        expect(secretsMatch(a, a)).toBe(true);
      }),
    );
  });

  it('decode Basic credentials as Buffer did, id split at the first colon', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 2 }), (bytes, cut) => {
        const base64 = Buffer.from(bytes).toString('base64').replace(/=+$/, '');
        const header = `Basic ${base64.slice(0, base64.length - cut)}`;
        const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(header);
        const decoded = match === null ? '' : Buffer.from(match[1] as string, 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        const expected =
          match === null || colon < 0 ? undefined : { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
        expect(parseBasic(header)).toEqual(expected);
      }),
    );
    expect(parseBasic(`Basic ${btoa('app:s3:cret')}`)).toEqual({ clientId: 'app', clientSecret: 's3:cret' });
    expect(parseBasic('Bearer x')).toBeUndefined();
  });
});
