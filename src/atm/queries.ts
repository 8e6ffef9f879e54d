/**
 * Pure queries over a validated ATM data set. Filters keep the list-response structure (a data
 * set with only the matching ATMs, empty brands and groups dropped); `nearestAtms` returns a flat
 * list sorted by distance. Inputs are never mutated; results are fresh copies.
 */
import { atmError } from './messages.js';
import type { AtmAccessibilityCode, AtmLocationCategoryCode, AtmServiceCode } from '../contracts/atmCatalogs.js';
import type { Atm, AtmBrandGroup, AtmDataset } from '../contracts/atm.js';

/**
 * What an ATM must satisfy; every given criterion must hold (AND). An empty object keeps all.
 *
 * @example
 * ```ts
 * const criteria: AtmCriteria = { service: 'ATST', open24h: true, currency: 'USD' };
 * ```
 */
export interface AtmCriteria {
  /** The ATM offers this service (`ATMServices` includes it). */
  readonly service?: AtmServiceCode;
  /** `Accessibility` includes this code. */
  readonly accessibility?: AtmAccessibilityCode;
  /** `Location.LocationCategory` includes this code. */
  readonly category?: AtmLocationCategoryCode;
  /** `SupportedCurrencies` includes this ISO 4217 code (exact, uppercase). */
  readonly currency?: string;
  /** The brand's `BrandName`, compared case-insensitively after trimming. */
  readonly brand?: string;
  /** true: `Access24HoursIndicator === true`; false: the indicator is false or absent. */
  readonly open24h?: boolean;
  /** `Location.PostalAddress.PostCode` equals this text exactly. */
  readonly postalCode?: string;
}

/**
 * An ATM with the brand it belongs to (a flat view of the data set).
 *
 * @example
 * ```ts
 * const entry: AtmEntry = listAtms(exampleAtmDataset())[0]!;
 * entry.brandName; // 'Banco Ejemplo'
 * ```
 */
export interface AtmEntry {
  readonly brandName: string;
  readonly atm: Atm;
}

/**
 * An ATM with its great-circle distance from the query point.
 *
 * @example
 * ```ts
 * const [first]: NearestAtm[] = nearestAtms(exampleAtmDataset(), { latitude: 19.4326, longitude: -99.1332 });
 * first?.distanceMetres.toFixed(1); // '435.6' (Madero 32)
 * ```
 */
export interface NearestAtm extends AtmEntry {
  /** Haversine distance in metres on a sphere of radius `EARTH_RADIUS_METRES` (6,371,008.8 m, the IUGG mean radius). */
  readonly distanceMetres: number;
}

/**
 * A point in decimal degrees.
 *
 * @example
 * ```ts
 * const zocalo: GeoPoint = { latitude: 19.4326, longitude: -99.1332 };
 * ```
 */
export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

/**
 * Mean Earth radius (IUGG R1 = 6 371 008.8 m), the sphere the haversine distance uses.
 *
 * @example
 * ```ts
 * EARTH_RADIUS_METRES; // 6371008.8
 * ```
 */
export const EARTH_RADIUS_METRES = 6_371_008.8;

/**
 * Great-circle distance in metres between two points (haversine formula).
 *
 * @example
 * ```ts
 * haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 }).toFixed(2); // '111195.08' (R·π/180)
 * ```
 */
export function haversineMetres(from: GeoPoint, to: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (to.latitude - from.latitude) * rad;
  const dLon = (to.longitude - from.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.sin(dLon / 2) ** 2;
  // min() guards asin against a rounding excess above 1 for antipodal points.
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The ATM's coordinates as numbers, or undefined when it has no GeoLocation.
 *
 * @example
 * ```ts
 * atmPosition(listAtms(exampleAtmDataset())[0]!.atm); // { latitude: 19.42745, longitude: -99.16201 }
 * ```
 */
export function atmPosition(atm: Atm): GeoPoint | undefined {
  const coordinates = atm.Location.PostalAddress.GeoLocation?.GeographicCoordinates;
  if (coordinates === undefined) return undefined;
  return { latitude: Number(coordinates.Latitude), longitude: Number(coordinates.Longitude) };
}

function sameBrand(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * True when the ATM (of brand `brandName`) satisfies every given criterion.
 *
 * @example
 * ```ts
 * const { atm, brandName } = listAtms(exampleAtmDataset())[0]!;
 * atmMatches(atm, brandName, { service: 'ATBA', open24h: true }); // true
 * ```
 */
export function atmMatches(atm: Atm, brandName: string, criteria: AtmCriteria): boolean {
  if (criteria.service !== undefined && !atm.ATMServices.includes(criteria.service)) return false;
  if (criteria.accessibility !== undefined && !(atm.Accessibility ?? []).includes(criteria.accessibility)) return false;
  if (criteria.category !== undefined && !(atm.Location.LocationCategory ?? []).includes(criteria.category)) return false;
  if (criteria.currency !== undefined && !atm.SupportedCurrencies.includes(criteria.currency)) return false;
  if (criteria.brand !== undefined && !sameBrand(brandName, criteria.brand)) return false;
  if (criteria.open24h !== undefined && (atm.Access24HoursIndicator === true) !== criteria.open24h) return false;
  if (criteria.postalCode !== undefined && atm.Location.PostalAddress.PostCode !== criteria.postalCode) return false;
  return true;
}

/**
 * Every ATM with its brand name, in data set order (fresh copies).
 *
 * @example
 * ```ts
 * listAtms(exampleAtmDataset()).length; // 27
 * ```
 */
export function listAtms(dataset: AtmDataset): AtmEntry[] {
  const entries: AtmEntry[] = [];
  for (const group of dataset.data) {
    for (const brand of group.Brand) {
      for (const atm of brand.ATM) entries.push({ brandName: brand.BrandName, atm: structuredClone(atm) });
    }
  }
  return entries;
}

/**
 * Number of ATMs in the data set (what `meta.TotalResults` reports).
 *
 * @example
 * ```ts
 * countAtms(exampleAtmDataset()); // 27
 * ```
 */
export function countAtms(dataset: Pick<AtmDataset, 'data'>): number {
  let total = 0;
  for (const group of dataset.data) for (const brand of group.Brand) total += brand.ATM.length;
  return total;
}

/**
 * The data set with only the ATMs that satisfy `criteria`, keeping groups and brands in order;
 * brands left without ATMs and groups left without brands are dropped (a Brand array needs one
 * item). LastUpdated is kept. The result is a fresh, valid data set.
 *
 * @example
 * ```ts
 * const cardless = filterAtms(exampleAtmDataset(), { service: 'ATST' }); // the ATMs offering RetiroSinTarjeta
 * countAtms(cardless); // 7
 * ```
 */
export function filterAtms(dataset: AtmDataset, criteria: AtmCriteria): AtmDataset {
  const data: AtmBrandGroup[] = [];
  for (const group of dataset.data) {
    const brands = [];
    for (const brand of group.Brand) {
      const atms = brand.ATM.filter((atm) => atmMatches(atm, brand.BrandName, criteria)).map((atm) => structuredClone(atm));
      if (atms.length > 0) brands.push({ BrandName: brand.BrandName, ATM: atms });
    }
    if (brands.length > 0) data.push({ Brand: brands });
  }
  return { LastUpdated: dataset.LastUpdated, data };
}

/**
 * Options of {@link nearestAtms}.
 *
 * @example
 * ```ts
 * const options: NearestOptions = { limit: 3, criteria: { service: 'ATCA' } };
 * ```
 */
export interface NearestOptions {
  /** How many ATMs at most (a positive integer; default 5). */
  readonly limit?: number;
  /** Only ATMs that satisfy these criteria. */
  readonly criteria?: AtmCriteria;
}

/**
 * The ATMs closest to `point` by great-circle distance, nearest first, at most `limit`; ties keep
 * data set order. ATMs without GeoLocation are left out. Throws a {@link QuoteError}
 * (`ERRESQ004`, naming `limit`, `latitude` or `longitude`) for a bad limit or point.
 *
 * @example
 * ```ts
 * const [closest] = nearestAtms(exampleAtmDataset(), { latitude: 19.4326, longitude: -99.1332 }, { limit: 1 });
 * closest?.atm.Identification; // 'CRD-CDMX-0001' (Madero 32, 0.4 km from the Zócalo)
 * ```
 */
export function nearestAtms(dataset: AtmDataset, point: GeoPoint, options: NearestOptions = {}): NearestAtm[] {
  const limit = options.limit ?? 5;
  if (!Number.isInteger(limit) || limit < 1) throw atmError('ERRESQ004', 'limiteEnteroPositivo', 'limit');
  if (!(Math.abs(point.latitude) <= 90)) throw atmError('ERRESQ004', 'latitudRango', 'latitude');
  if (!(Math.abs(point.longitude) <= 180)) throw atmError('ERRESQ004', 'longitudRango', 'longitude');
  const criteria = options.criteria ?? {};
  const found: NearestAtm[] = [];
  for (const group of dataset.data) {
    for (const brand of group.Brand) {
      for (const atm of brand.ATM) {
        const position = atmPosition(atm);
        if (position === undefined || !atmMatches(atm, brand.BrandName, criteria)) continue;
        found.push({ brandName: brand.BrandName, atm, distanceMetres: haversineMetres(point, position) });
      }
    }
  }
  // Array.prototype.sort is stable, so equal distances keep data set order.
  return found
    .sort((a, b) => a.distanceMetres - b.distanceMetres)
    .slice(0, limit)
    .map((entry) => ({ ...entry, atm: structuredClone(entry.atm) }));
}
