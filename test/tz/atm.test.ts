/**
 * The ATM API's time handling under every zone: RFC 3339 `LastUpdated` parsing, HTTP-dates in
 * all three forms (asctime carries no zone: read in local time it would shift by the zone's
 * offset), `Last-Modified`, and `If-Modified-Since` answered 304 or 200 to the second.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAtmApi, exampleAtmDataset } from '../../src/entry/atm.js';
import { formatHttpDate, parseDateTime, parseHttpDate } from '../../src/dates/timestamps.js';
import type { ServiceResponse } from '../../src/http/types.js';
import { dateTimeArb, httpDates, httpInstantArb } from './arbitraries.js';
import { ZONE } from './zone.js';

const LIST = '/open-banking/open-data/v2/atms';

describe(`timestamps (TZ=${ZONE})`, () => {
  it('reads an RFC 3339 date-time as the instant it names, to the second', () => {
    fc.assert(
      fc.property(dateTimeArb(), ({ text, millis }) => {
        expect(parseDateTime(text)).toBe(millis);
        expect(parseDateTime(text.toLowerCase())).toBe(millis); // 't' and 'z' are allowed too
      }),
      { numRuns: 300 },
    );
  });

  it('reads the three HTTP-date forms as UTC, and writes IMF-fixdate', () => {
    fc.assert(
      fc.property(httpInstantArb, (millis) => {
        const { imf, rfc850, asctime } = httpDates(millis);
        expect(formatHttpDate(millis)).toBe(imf);
        expect(formatHttpDate(millis + 999)).toBe(imf);
        expect(parseHttpDate(imf)).toBe(millis);
        expect(parseHttpDate(rfc850)).toBe(millis);
        expect(parseHttpDate(asctime)).toBe(millis);
      }),
      { numRuns: 300 },
    );
  });
});

describe(`Last-Modified and If-Modified-Since (TZ=${ZONE})`, () => {
  const data = exampleAtmDataset().data;
  async function get(api: ReturnType<typeof createAtmApi>, headers: Record<string, string> = {}): Promise<ServiceResponse> {
    const response = await api.handle({ method: 'GET', path: LIST, headers });
    if (response === undefined) throw new Error('no response');
    return response;
  }

  it('Last-Modified is LastUpdated as an HTTP-date; a condition at or after it is 304, a second before is 200', async () => {
    await fc.assert(
      fc.asyncProperty(
        dateTimeArb().filter(({ millis }) => millis >= Date.UTC(1990, 0, 2) && millis < Date.UTC(2069, 11, 31)),
        async (lastUpdated) => {
          const api = createAtmApi({ public: true, atms: { LastUpdated: lastUpdated.text, data } });
          const ok = await get(api);
          expect(ok.status).toBe(200);
          const same = httpDates(lastUpdated.millis);
          expect(ok.headers['Last-Modified']).toBe(same.imf);
          for (const form of [same.imf, same.rfc850, same.asctime, httpDates(lastUpdated.millis + 86_400_000).asctime])
            expect((await get(api, { 'If-Modified-Since': form })).status).toBe(304);
          const before = httpDates(lastUpdated.millis - 1000);
          for (const form of [before.imf, before.rfc850, before.asctime])
            expect((await get(api, { 'If-Modified-Since': form })).status).toBe(200);
        },
      ),
      { numRuns: 100 },
    );
  });
});
