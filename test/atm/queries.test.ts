import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  exampleAtmDataset,
  atmMatches,
  countAtms,
  filterAtms,
  haversineMetres,
  listAtms,
  nearestAtms,
  validateAtmDataset,
  type AtmCriteria,
  type AtmDataset,
  type GeoPoint,
} from '../../src/entry/atm.js';
import { EARTH_RADIUS_METRES } from '../../src/atm/queries.js';
import { QuoteError } from '../../src/errors/quoteError.js';
import { datasetArb } from './arbitraries.js';

const ids = (dataset: AtmDataset) => listAtms(dataset).map((e) => e.atm.Identification);

describe('haversineMetres', () => {
  it('one degree on the equator and on a meridian is R·π/180', () => {
    // 6 371 008.8 × π / 180 = 111 195.0797… m, computed by hand.
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111_195.08, 1);
    expect(haversineMetres({ latitude: 10, longitude: 20 }, { latitude: 11, longitude: 20 })).toBeCloseTo(111_195.08, 1);
  });

  it('a quarter meridian and antipodes', () => {
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 90, longitude: 0 })).toBeCloseTo(
      (Math.PI / 2) * EARTH_RADIUS_METRES,
      3,
    );
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_METRES, 3);
  });

  it('one degree of longitude at 60°N is about half of it at the equator', () => {
    // Along a parallel the great circle is slightly shorter than cos(60°)·111 195 = 55 597.5 m.
    const d = haversineMetres({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 });
    expect(d).toBeGreaterThan(55_590);
    expect(d).toBeLessThan(55_597.6);
  });

  // Haversine is ill-conditioned near antipodes (asin near 1): ~0.1 m of float error there, so
  // the triangle inequality is checked to within 1 m.
  it('is symmetric, zero on the diagonal and obeys the triangle inequality', () => {
    const point = fc.record({
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        expect(haversineMetres(a, a)).toBe(0);
        expect(haversineMetres(a, b)).toBeCloseTo(haversineMetres(b, a), 6);
        expect(haversineMetres(a, c)).toBeLessThanOrEqual(haversineMetres(a, b) + haversineMetres(b, c) + 1);
        expect(haversineMetres(a, b)).toBeLessThanOrEqual(Math.PI * EARTH_RADIUS_METRES + 1e-6);
      }),
    );
  });
});

describe('filterAtms on the example', () => {
  it('service ATST (RetiroSinTarjeta)', () => {
    expect(ids(filterAtms(exampleAtmDataset(), { service: 'ATST' }))).toEqual([
      'BEJ-CDMX-0001',
      'BEJ-GDL-0001',
      'BEJ-MTY-0002',
      'BEJ-MID-0001',
      'CRD-CUN-0001',
      'FIL-CDMX-0002',
      'FIL-PUE-0001',
    ]);
  });

  it('accessibility, category, currency, brand, 24 hours and postal code', () => {
    expect(ids(filterAtms(exampleAtmDataset(), { accessibility: 'ATWA' }))).toEqual([
      'BEJ-CDMX-0001',
      'BEJ-MID-0001',
      'CRD-TIJ-0001',
      'FIL-CDMX-0002',
      'FIL-MID-0002',
    ]);
    expect(ids(filterAtms(exampleAtmDataset(), { category: 'ATRU' }))).toEqual(['CRD-CUN-0002']);
    expect(ids(filterAtms(exampleAtmDataset(), { currency: 'EUR' }))).toEqual(['CRD-CDMX-0001', 'CRD-CUN-0001']);
    expect(countAtms(filterAtms(exampleAtmDataset(), { brand: '  financiera ILUSTRATIVA ' }))).toBe(8);
    expect(ids(filterAtms(exampleAtmDataset(), { postalCode: '97000' }))).toEqual(['BEJ-MID-0001', 'FIL-MID-0001']);
    const open = countAtms(filterAtms(exampleAtmDataset(), { open24h: true }));
    const closed = countAtms(filterAtms(exampleAtmDataset(), { open24h: false }));
    expect(open).toBe(17);
    expect(open + closed).toBe(countAtms(exampleAtmDataset()));
    expect(ids(filterAtms(exampleAtmDataset(), { currency: 'USD', open24h: true, category: 'ATRO', service: 'ATCA' }))).toEqual([
      'CRD-TIJ-0001',
    ]);
  });

  it('drops emptied brands and groups and stays a valid data set', () => {
    const only = filterAtms(exampleAtmDataset(), { brand: 'Financiera Ilustrativa' });
    expect(only.data).toHaveLength(1);
    expect(only.data[0]!.Brand.map((b) => b.BrandName)).toEqual(['Financiera Ilustrativa']);
    expect(filterAtms(exampleAtmDataset(), { brand: 'Nadie' }).data).toEqual([]);
    expect(validateAtmDataset(only).success).toBe(true);
    expect(only.LastUpdated).toBe(exampleAtmDataset().LastUpdated);
  });

  it('returns fresh objects', () => {
    const result = filterAtms(exampleAtmDataset(), {});
    expect(result).toEqual(exampleAtmDataset());
    expect(result.data[0]!.Brand[0]!.ATM[0]).not.toBe(exampleAtmDataset().data[0]!.Brand[0]!.ATM[0]);
    expect(Object.isFrozen(result.data[0]!.Brand[0]!.ATM[0])).toBe(false);
  });
});

describe('filterAtms properties', () => {
  const criteriaArb: fc.Arbitrary<AtmCriteria> = fc.record(
    {
      service: fc.constantFrom('ATBA', 'ATCT', 'ATST'),
      accessibility: fc.constantFrom('ATWA', 'ATPT'),
      category: fc.constantFrom('ATBI', 'ATRO'),
      currency: fc.constantFrom('MXN', 'USD'),
      open24h: fc.boolean(),
    },
    { requiredKeys: [] },
  );

  it('keeps exactly the matching ATMs, in order, valid, without touching the input', () => {
    fc.assert(
      fc.property(datasetArb, criteriaArb, (dataset, criteria) => {
        const before = structuredClone(dataset);
        const result = filterAtms(dataset, criteria);
        const expected = listAtms(dataset).filter((e) => atmMatches(e.atm, e.brandName, criteria));
        expect(listAtms(result)).toEqual(expected);
        expect(validateAtmDataset(result).success).toBe(true);
        expect(dataset).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });
});

describe('nearestAtms', () => {
  const zocalo = { latitude: 19.4326, longitude: -99.1332 };

  it('finds Madero 32 first from the Zócalo, with its haversine distance', () => {
    const [first, second] = nearestAtms(exampleAtmDataset(), zocalo, { limit: 2 });
    expect(first!.atm.Identification).toBe('CRD-CDMX-0001');
    expect(first!.brandName).toBe('Cajeros Red Demo');
    // Δlat = 0.00135°, Δlon = −0.0039°: √((0.00135·111195)² + (0.0039·111195·cos 19.43°)²) ≈ 435.6 m.
    expect(first!.distanceMetres).toBeCloseTo(435.6, 0);
    expect(second!.atm.Identification).toBe('BEJ-CDMX-0001');
  });

  it('an ATM queried at its own coordinates is at distance 0', () => {
    const [first] = nearestAtms(exampleAtmDataset(), { latitude: 25.6692, longitude: -100.31 }, { limit: 1 });
    expect(first!.atm.Identification).toBe('BEJ-MTY-0001');
    const exact = nearestAtms(exampleAtmDataset(), { latitude: 25.66925, longitude: -100.3101 }, { limit: 1 });
    expect(exact[0]!.distanceMetres).toBe(0);
  });

  it('defaults to 5, sorts ascending, applies criteria and the limit', () => {
    expect(nearestAtms(exampleAtmDataset(), zocalo)).toHaveLength(5);
    const all = nearestAtms(exampleAtmDataset(), zocalo, { limit: 1000 });
    expect(all).toHaveLength(countAtms(exampleAtmDataset()));
    for (let i = 1; i < all.length; i++) expect(all[i]!.distanceMetres).toBeGreaterThanOrEqual(all[i - 1]!.distanceMetres);
    const usd = nearestAtms(exampleAtmDataset(), { latitude: 32.52, longitude: -117.0 }, { limit: 3, criteria: { currency: 'USD' } });
    expect(usd.map((e) => e.atm.Identification)).toEqual(['CRD-TIJ-0001', 'CRD-TIJ-0002', 'BEJ-MTY-0001']);
  });

  it('rejects a bad limit or point with a coded error naming it', () => {
    const refusal = (point: GeoPoint, limit?: number) => {
      try {
        nearestAtms(exampleAtmDataset(), point, limit === undefined ? {} : { limit });
      } catch (error) {
        expect(error).toBeInstanceOf(QuoteError);
        return [(error as QuoteError).codigoError, (error as QuoteError).valorIncorrecto, (error as QuoteError).mensaje];
      }
      return undefined;
    };
    const limit = ['ERRESQ004', 'limit', 'El límite debe ser un entero positivo'];
    expect(refusal(zocalo, 0)).toEqual(limit);
    expect(refusal(zocalo, 1.5)).toEqual(limit);
    const latitude = ['ERRESQ004', 'latitude', 'La latitud debe estar entre -90 y 90'];
    expect(refusal({ latitude: 91, longitude: 0 })).toEqual(latitude);
    expect(refusal({ latitude: Number.NaN, longitude: 0 })).toEqual(latitude);
    expect(refusal({ latitude: 0, longitude: -180.5 })).toEqual(['ERRESQ004', 'longitude', 'La longitud debe estar entre -180 y 180']);
    // The edges are points on the globe.
    expect(refusal({ latitude: -90, longitude: 180 }, 1)).toBeUndefined();
  });

  it('matches a brute-force reference on generated data sets', () => {
    const point = fc.record({
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    fc.assert(
      fc.property(datasetArb, point, fc.integer({ min: 1, max: 10 }), (dataset, p, limit) => {
        const result = nearestAtms(dataset, p, { limit });
        const located = listAtms(dataset).filter((e) => e.atm.Location.PostalAddress.GeoLocation !== undefined);
        const distances = located
          .map((e) => {
            const c = e.atm.Location.PostalAddress.GeoLocation!.GeographicCoordinates;
            return haversineMetres(p, { latitude: Number(c.Latitude), longitude: Number(c.Longitude) });
          })
          .sort((a, b) => a - b);
        expect(result.map((r) => r.distanceMetres)).toEqual(distances.slice(0, limit));
      }),
      { numRuns: 300 },
    );
  });
});
