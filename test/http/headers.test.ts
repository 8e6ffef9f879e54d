import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptQuality, acceptsJson, headerBytes, headerField, headersExceed, headerValues } from '../../src/http/headers.js';
import { mediaType } from '../../src/http/media.js';
import type { ServiceRequest } from '../../src/http/types.js';

const name = fc.constantFrom('accept', 'Accept', 'ACCEPT', 'accepT', 'content-type', 'Content-Type', 'x', 'acceptx', 'authorization');
const value = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('application/json', '*/*', 'text/html'));
const headersArb = fc.dictionary(name, fc.oneof(value, fc.array(value, { maxLength: 3 })), { maxKeys: 6 });
const request = (headers: ServiceRequest['headers']): ServiceRequest => ({ method: 'GET', path: '/', headers });

// The fast paths of the protocol checks (issue 12's speed items) against their plain definitions.
describe('header lookups', () => {
  it('headerField is the comma-joined list of headerValues, or undefined', () => {
    fc.assert(
      fc.property(headersArb, name, (headers, wanted) => {
        const values = headerValues(request(headers), wanted);
        expect(headerField(request(headers), wanted)).toBe(values.length === 0 ? undefined : values.join(', '));
      }),
    );
  });

  it('headersExceed(request, max) is headerBytes(request) > max', () => {
    fc.assert(
      fc.property(headersArb, fc.integer({ min: 0, max: 200 }), (headers, max) => {
        expect(headersExceed(request(headers), max)).toBe(headerBytes(request(headers)) > max);
      }),
    );
  });
});

describe('acceptsJson', () => {
  const field = fc.oneof(
    fc.constantFrom('application/json', '*/*', 'application/json;q=0', 'text/html', 'application/json;q=0, */*', 'application/*', ''),
    fc.string(),
  );

  it('answers as the quality of application/json; charset=utf-8, also for repeated fields (the kept answer)', () => {
    fc.assert(
      fc.property(fc.array(field, { minLength: 1, maxLength: 6 }), (fields) => {
        for (const accept of [...fields, ...fields]) {
          expect(acceptsJson(accept)).toBe(acceptQuality(accept, 'application', 'json', { charset: 'utf-8' }) > 0);
        }
      }),
    );
    expect(acceptsJson(undefined)).toBe(true);
  });
});

describe('mediaType', () => {
  it('reads application/json without parameters as the general parser does', () => {
    expect(mediaType('application/json')).toEqual({ type: 'application/json', charset: undefined });
    expect(mediaType('application/json ')).toEqual({ type: 'application/json', charset: undefined });
    expect(mediaType('Application/JSON; charset=UTF-8')).toEqual({ type: 'application/json', charset: 'utf-8' });
  });
});
