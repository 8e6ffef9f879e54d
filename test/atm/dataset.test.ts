import { describe, expect, it } from 'vitest';
import { exampleAtmDataset, countAtms, listAtms, validateAtmDataset } from '../../src/entry/atm.js';

describe('bundled example data set', () => {
  it('validates against every constraint', () => {
    const result = validateAtmDataset(exampleAtmDataset());
    expect(result.success ? [] : result.issues).toEqual([]);
  });

  it('has at least 25 ATMs, 3 brands and several cities, with unique identifications', () => {
    const entries = listAtms(exampleAtmDataset());
    expect(countAtms(exampleAtmDataset())).toBe(entries.length);
    expect(entries.length).toBeGreaterThanOrEqual(25);
    expect(new Set(entries.map((e) => e.brandName)).size).toBeGreaterThanOrEqual(3);
    const states = new Set(entries.map((e) => e.atm.Location.PostalAddress.CountrySubDivision?.[0]));
    expect(states.size).toBeGreaterThanOrEqual(5);
    expect(new Set(entries.map((e) => e.atm.Identification)).size).toBe(entries.length);
  });

  it('is varied: services, accessibility, 24-hour flags, fees, postal codes', () => {
    const atms = listAtms(exampleAtmDataset()).map((e) => e.atm);
    expect(new Set(atms.flatMap((a) => a.ATMServices)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(atms.flatMap((a) => a.Accessibility ?? [])).size).toBeGreaterThanOrEqual(6);
    expect(new Set(atms.flatMap((a) => a.Location.LocationCategory ?? [])).size).toBeGreaterThanOrEqual(5);
    expect(atms.some((a) => a.Access24HoursIndicator === true)).toBe(true);
    expect(atms.some((a) => a.Access24HoursIndicator === false)).toBe(true);
    expect(new Set(atms.map((a) => a.FeeSurcharges?.CashWithdrawalNational)).size).toBeGreaterThanOrEqual(4);
    expect(atms.some((a) => a.FeeSurcharges?.CashWithdrawalNational?.includes(' ') === false)).toBe(true);
    expect(new Set(atms.map((a) => a.Location.PostalAddress.PostCode)).size).toBeGreaterThanOrEqual(20);
    for (const atm of atms) {
      // Realistic: inside Mexico's bounding box.
      const c = atm.Location.PostalAddress.GeoLocation?.GeographicCoordinates;
      expect(c).toBeDefined();
      expect(Number(c!.Latitude)).toBeGreaterThan(14);
      expect(Number(c!.Latitude)).toBeLessThan(33);
      expect(Number(c!.Longitude)).toBeGreaterThan(-118);
      expect(Number(c!.Longitude)).toBeLessThan(-86);
      expect(atm.Location.PostalAddress.PostCode).toMatch(/^[0-9]{5}$/);
    }
  });

  it('is deeply frozen', () => {
    expect(Object.isFrozen(exampleAtmDataset())).toBe(true);
    expect(Object.isFrozen(exampleAtmDataset().data[0]!.Brand[0]!.ATM[0]!.ATMServices)).toBe(true);
  });
});
