import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateAtmDataset, validateAtmListResponse, AtmErrorBodySchema, AtmApiVersionSchema } from '../../src/entry/atm.js';
import { validateWith } from '../../src/validation/validate.js';
import { datasetArb, datasetWithAtmArb } from './arbitraries.js';

type Json = Record<string, unknown>;
type Mutation = {
  readonly name: string;
  /** Mutates the chosen ATM (a fresh copy) in place; returns the path below it that must be reported. */
  readonly apply: (atm: Json) => string;
  readonly code: string;
};

const long = (n: number) => 'x'.repeat(n);
const location = (atm: Json) => atm['Location'] as Json;
const address = (atm: Json) => location(atm)['PostalAddress'] as Json;
const otherItem = { Name: 'Nombre', Description: 'Descripción' };
const coords = (atm: Json): Json => {
  address(atm)['GeoLocation'] = { GeographicCoordinates: { Latitude: '19.4', Longitude: '-99.1' } };
  return (address(atm)['GeoLocation'] as Json)['GeographicCoordinates'] as Json;
};

const MUTATIONS: Mutation[] = [
  {
    name: 'Identification empty',
    code: 'ERRESQ002',
    apply: (m) => {
      m['Identification'] = '';
      return 'Identification';
    },
  },
  {
    name: 'Identification 36 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      m['Identification'] = long(36);
      return 'Identification';
    },
  },
  {
    name: 'Identification missing',
    code: 'ERRESQ006',
    apply: (m) => {
      delete m['Identification'];
      return 'Identification';
    },
  },
  {
    name: 'Identification a number',
    code: 'ERRESQ005',
    apply: (m) => {
      m['Identification'] = 7;
      return 'Identification';
    },
  },
  {
    name: 'ATMServices empty',
    code: 'ERRESQ004',
    apply: (m) => {
      m['ATMServices'] = [];
      return 'ATMServices';
    },
  },
  {
    name: 'ATMServices missing',
    code: 'ERRESQ006',
    apply: (m) => {
      delete m['ATMServices'];
      return 'ATMServices';
    },
  },
  {
    name: 'ATMServices unknown code',
    code: 'ERRESQ005',
    apply: (m) => {
      m['ATMServices'] = ['ATBA', 'ATXX'];
      return 'ATMServices[1]';
    },
  },
  {
    name: 'ATMServices lowercase code',
    code: 'ERRESQ005',
    apply: (m) => {
      m['ATMServices'] = ['atba'];
      return 'ATMServices[0]';
    },
  },
  {
    name: 'SupportedLanguages uppercase',
    code: 'ERRESQ005',
    apply: (m) => {
      m['SupportedLanguages'] = ['es', 'EN'];
      return 'SupportedLanguages[1]';
    },
  },
  {
    name: 'SupportedLanguages three letters',
    code: 'ERRESQ005',
    apply: (m) => {
      m['SupportedLanguages'] = ['spa'];
      return 'SupportedLanguages[0]';
    },
  },
  {
    name: 'Accessibility two items',
    code: 'ERRESQ004',
    apply: (m) => {
      m['Accessibility'] = ['ATWA', 'ATPT'];
      return 'Accessibility';
    },
  },
  {
    name: 'Accessibility unknown code',
    code: 'ERRESQ005',
    apply: (m) => {
      m['Accessibility'] = ['ATBA'];
      return 'Accessibility[0]';
    },
  },
  {
    name: 'Access24HoursIndicator text',
    code: 'ERRESQ005',
    apply: (m) => {
      m['Access24HoursIndicator'] = 'true';
      return 'Access24HoursIndicator';
    },
  },
  {
    name: 'SupportedCurrencies empty',
    code: 'ERRESQ004',
    apply: (m) => {
      m['SupportedCurrencies'] = [];
      return 'SupportedCurrencies';
    },
  },
  {
    name: 'SupportedCurrencies missing',
    code: 'ERRESQ006',
    apply: (m) => {
      delete m['SupportedCurrencies'];
      return 'SupportedCurrencies';
    },
  },
  {
    name: 'SupportedCurrencies lowercase',
    code: 'ERRESQ005',
    apply: (m) => {
      m['SupportedCurrencies'] = ['MXN', 'usd'];
      return 'SupportedCurrencies[1]';
    },
  },
  {
    name: 'MinimumPossibleAmount 3 decimals',
    code: 'ERRESQ005',
    apply: (m) => {
      m['MinimumPossibleAmount'] = '1.234';
      return 'MinimumPossibleAmount';
    },
  },
  {
    name: 'MinimumPossibleAmount 11 digits + dot',
    code: 'ERRESQ005',
    apply: (m) => {
      m['MinimumPossibleAmount'] = '12345678901.5';
      return 'MinimumPossibleAmount';
    },
  },
  {
    name: 'MinimumPossibleAmount with currency',
    code: 'ERRESQ005',
    apply: (m) => {
      m['MinimumPossibleAmount'] = '100 MXN';
      return 'MinimumPossibleAmount';
    },
  },
  {
    name: 'Note empty item',
    code: 'ERRESQ002',
    apply: (m) => {
      m['Note'] = ['ok', ''];
      return 'Note[1]';
    },
  },
  {
    name: 'Note 2001 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      m['Note'] = [long(2001)];
      return 'Note[0]';
    },
  },
  {
    name: 'OtherAccessibility lowercase code',
    code: 'ERRESQ005',
    apply: (m) => {
      m['OtherAccessibility'] = [{ ...otherItem, Code: 'abcd' }];
      return 'OtherAccessibility[0].Code';
    },
  },
  {
    name: 'OtherAccessibility 5-letter code',
    code: 'ERRESQ004',
    apply: (m) => {
      m['OtherAccessibility'] = [{ ...otherItem, Code: 'ABCDE' }];
      return 'OtherAccessibility[0].Code';
    },
  },
  {
    name: 'OtherAccessibility extra property',
    code: 'ERRESQ003',
    apply: (m) => {
      m['OtherAccessibility'] = [{ ...otherItem, Extra: 1 }];
      return 'OtherAccessibility[0].Extra';
    },
  },
  {
    name: 'OtherAccessibility missing Description',
    code: 'ERRESQ006',
    apply: (m) => {
      m['OtherAccessibility'] = [{ Name: 'x' }];
      return 'OtherAccessibility[0].Description';
    },
  },
  {
    name: 'OtherATMServices digit in code',
    code: 'ERRESQ005',
    apply: (m) => {
      m['OtherATMServices'] = [{ ...otherItem, Code: 'AB1D' }];
      return 'OtherATMServices[0].Code';
    },
  },
  {
    name: 'OtherATMServices Name 71 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      m['OtherATMServices'] = [{ ...otherItem, Name: long(71) }];
      return 'OtherATMServices[0].Name';
    },
  },
  {
    name: 'OtherATMServices Description 351 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      m['OtherATMServices'] = [{ ...otherItem, Description: long(351) }];
      return 'OtherATMServices[0].Description';
    },
  },
  {
    name: 'Branch extra property',
    code: 'ERRESQ003',
    apply: (m) => {
      m['Branch'] = { Identification: 'B1', Name: 'x' };
      return 'Branch.Name';
    },
  },
  {
    name: 'Branch Identification 36 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      m['Branch'] = { Identification: long(36) };
      return 'Branch.Identification';
    },
  },
  {
    name: 'Location missing',
    code: 'ERRESQ006',
    apply: (m) => {
      delete m['Location'];
      return 'Location';
    },
  },
  {
    name: 'Location extra property',
    code: 'ERRESQ003',
    apply: (m) => {
      location(m)['Extra'] = 'x';
      return 'Location.Extra';
    },
  },
  {
    name: 'PostalAddress missing',
    code: 'ERRESQ006',
    apply: (m) => {
      delete location(m)['PostalAddress'];
      return 'Location.PostalAddress';
    },
  },
  {
    name: 'LocationCategory unknown',
    code: 'ERRESQ005',
    apply: (m) => {
      location(m)['LocationCategory'] = ['ATBI', 'ATWA'];
      return 'Location.LocationCategory[1]';
    },
  },
  {
    name: 'OtherLocationCategory dash in code',
    code: 'ERRESQ005',
    apply: (m) => {
      location(m)['OtherLocationCategory'] = [{ ...otherItem, Code: 'ab-1' }];
      return 'Location.OtherLocationCategory[0].Code';
    },
  },
  {
    name: 'OtherLocationCategory extra',
    code: 'ERRESQ003',
    apply: (m) => {
      location(m)['OtherLocationCategory'] = [{ ...otherItem, Z: 'x' }];
      return 'Location.OtherLocationCategory[0].Z';
    },
  },
  {
    name: 'Site Name 141 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      location(m)['Site'] = { Name: long(141) };
      return 'Location.Site.Name';
    },
  },
  {
    name: 'Site Identification 36 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      location(m)['Site'] = { Identification: long(36) };
      return 'Location.Site.Identification';
    },
  },
  {
    name: 'PostalAddress extra',
    code: 'ERRESQ003',
    apply: (m) => {
      address(m)['Colonia'] = 'x';
      return 'Location.PostalAddress.Colonia';
    },
  },
  {
    name: 'AddressLine 8 items',
    code: 'ERRESQ004',
    apply: (m) => {
      address(m)['AddressLine'] = Array(8).fill('a');
      return 'Location.PostalAddress.AddressLine';
    },
  },
  {
    name: 'AddressLine 71 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      address(m)['AddressLine'] = [long(71)];
      return 'Location.PostalAddress.AddressLine[0]';
    },
  },
  {
    name: 'BuildingNumber 351 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      address(m)['BuildingNumber'] = long(351);
      return 'Location.PostalAddress.BuildingNumber';
    },
  },
  {
    name: 'StreetName 71 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      address(m)['StreetName'] = long(71);
      return 'Location.PostalAddress.StreetName';
    },
  },
  {
    name: 'TownName 36 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      address(m)['TownName'] = long(36);
      return 'Location.PostalAddress.TownName';
    },
  },
  {
    name: 'CountrySubDivision 2 items',
    code: 'ERRESQ004',
    apply: (m) => {
      address(m)['CountrySubDivision'] = ['a', 'b'];
      return 'Location.PostalAddress.CountrySubDivision';
    },
  },
  {
    name: 'CountrySubDivision 36 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      address(m)['CountrySubDivision'] = [long(36)];
      return 'Location.PostalAddress.CountrySubDivision[0]';
    },
  },
  {
    name: 'Country lowercase',
    code: 'ERRESQ005',
    apply: (m) => {
      address(m)['Country'] = 'mx';
      return 'Location.PostalAddress.Country';
    },
  },
  {
    name: 'Country three letters',
    code: 'ERRESQ005',
    apply: (m) => {
      address(m)['Country'] = 'MEX';
      return 'Location.PostalAddress.Country';
    },
  },
  {
    name: 'PostCode 17 chars',
    code: 'ERRESQ004',
    apply: (m) => {
      address(m)['PostCode'] = long(17);
      return 'Location.PostalAddress.PostCode';
    },
  },
  {
    name: 'PostCode empty',
    code: 'ERRESQ002',
    apply: (m) => {
      address(m)['PostCode'] = '';
      return 'Location.PostalAddress.PostCode';
    },
  },
  {
    name: 'GeographicCoordinates missing',
    code: 'ERRESQ006',
    apply: (m) => {
      address(m)['GeoLocation'] = {};
      return 'Location.PostalAddress.GeoLocation.GeographicCoordinates';
    },
  },
  {
    name: 'Latitude without dot',
    code: 'ERRESQ005',
    apply: (m) => {
      coords(m)['Latitude'] = '19';
      return 'Location.PostalAddress.GeoLocation.GeographicCoordinates.Latitude';
    },
  },
  {
    name: 'Latitude 9 decimals',
    code: 'ERRESQ005',
    apply: (m) => {
      coords(m)['Latitude'] = '19.123456789';
      return 'Location.PostalAddress.GeoLocation.GeographicCoordinates.Latitude';
    },
  },
  {
    name: 'Longitude 4 integer digits',
    code: 'ERRESQ005',
    apply: (m) => {
      coords(m)['Longitude'] = '-1099.5';
      return 'Location.PostalAddress.GeoLocation.GeographicCoordinates.Longitude';
    },
  },
  {
    name: 'Longitude a number',
    code: 'ERRESQ005',
    apply: (m) => {
      coords(m)['Longitude'] = -99.1;
      return 'Location.PostalAddress.GeoLocation.GeographicCoordinates.Longitude';
    },
  },
  {
    name: 'Latitude missing',
    code: 'ERRESQ006',
    apply: (m) => {
      delete coords(m)['Latitude'];
      return 'Location.PostalAddress.GeoLocation.GeographicCoordinates.Latitude';
    },
  },
  {
    name: 'Latitude beyond 90 (range check)',
    code: 'ERRESQ004',
    apply: (m) => {
      coords(m)['Latitude'] = '95.0';
      return 'Location.PostalAddress.GeoLocation.GeographicCoordinates.Latitude';
    },
  },
  {
    name: 'Longitude beyond 180 (range check)',
    code: 'ERRESQ004',
    apply: (m) => {
      coords(m)['Longitude'] = '-180.5';
      return 'Location.PostalAddress.GeoLocation.GeographicCoordinates.Longitude';
    },
  },
  {
    name: 'International fee without space',
    code: 'ERRESQ005',
    apply: (m) => {
      m['FeeSurcharges'] = { CashWithdrawalInternational: '30.00USD' };
      return 'FeeSurcharges.CashWithdrawalInternational';
    },
  },
  {
    name: 'Balance fee without space',
    code: 'ERRESQ005',
    apply: (m) => {
      m['FeeSurcharges'] = { BalanceInquiry: '12.00MXN' };
      return 'FeeSurcharges.BalanceInquiry';
    },
  },
  {
    name: 'National fee lowercase currency',
    code: 'ERRESQ005',
    apply: (m) => {
      m['FeeSurcharges'] = { CashWithdrawalNational: '30.00 mxn' };
      return 'FeeSurcharges.CashWithdrawalNational';
    },
  },
  {
    name: 'National fee two spaces',
    code: 'ERRESQ005',
    apply: (m) => {
      m['FeeSurcharges'] = { CashWithdrawalNational: '30.00  MXN' };
      return 'FeeSurcharges.CashWithdrawalNational';
    },
  },
  {
    name: 'Fee without currency',
    code: 'ERRESQ005',
    apply: (m) => {
      m['FeeSurcharges'] = { BalanceInquiry: '12.00' };
      return 'FeeSurcharges.BalanceInquiry';
    },
  },
];

describe('validateAtmDataset: generated valid data sets', () => {
  it('accepts every generated data set', () => {
    fc.assert(
      fc.property(datasetArb, (dataset) => {
        const result = validateAtmDataset(dataset);
        expect(result.success ? [] : result.issues).toEqual([]);
      }),
      { numRuns: 600 },
    );
  });

  it('accepts the looser forms the interface allows', () => {
    fc.assert(
      fc.property(datasetWithAtmArb, ({ dataset, g, b, a }) => {
        const atm = dataset.data[g]!.Brand[b]!.ATM[a]! as unknown as Json;
        atm['FeeSurcharges'] = { CashWithdrawalNational: '30.00MXN', BalanceInquiry: '-5 MXN' };
        atm['MinimumPossibleAmount'] = '123456789012';
        atm['Accessibility'] = [];
        atm['Extension'] = 'ATM objects do not forbid other properties';
        location(atm)['Site'] = { Identification: 'S', Name: 'N', Piso: '2' };
        location(atm)['OtherLocationCategory'] = [{ ...otherItem, Code: 'a_1Z' }];
        expect(validateAtmDataset(dataset).success).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

describe('validateAtmDataset: one broken constraint at a time', () => {
  for (const mutation of MUTATIONS) {
    it(`${mutation.name} → ${mutation.code} at its path`, () => {
      fc.assert(
        fc.property(datasetWithAtmArb, ({ dataset, g, b, a, path }) => {
          const atm = dataset.data[g]!.Brand[b]!.ATM[a]! as unknown as Json;
          const expected = `${path}.${mutation.apply(atm)}`;
          const result = validateAtmDataset(dataset);
          expect(result.success).toBe(false);
          if (result.success) return;
          expect(result.issues).toContainEqual(expect.objectContaining({ path: expected, code: mutation.code }));
          // Nothing else is reported: the issue names exactly the broken field.
          for (const issue of result.issues) expect(issue.path.startsWith(expected)).toBe(true);
        }),
        { numRuns: 90 },
      );
    });
  }
});

describe('validateAtmDataset: brand, data and top-level constraints', () => {
  const cases: { name: string; apply: (d: Json) => void; path: string; code: string }[] = [
    { name: 'unknown top-level property', apply: (d) => (d['meta'] = {}), path: 'meta', code: 'ERRESQ003' },
    { name: 'LastUpdated missing', apply: (d) => delete d['LastUpdated'], path: 'LastUpdated', code: 'ERRESQ006' },
    { name: 'LastUpdated without zone', apply: (d) => (d['LastUpdated'] = '2025-01-15T06:00:00'), path: 'LastUpdated', code: 'ERRESQ005' },
    { name: 'LastUpdated date only', apply: (d) => (d['LastUpdated'] = '2025-01-15'), path: 'LastUpdated', code: 'ERRESQ005' },
    { name: 'LastUpdated 30 February', apply: (d) => (d['LastUpdated'] = '2025-02-30T00:00:00Z'), path: 'LastUpdated', code: 'ERRESQ005' },
    {
      name: 'LastUpdated 29 February of a common year',
      apply: (d) => (d['LastUpdated'] = '2100-02-29T00:00:00Z'),
      path: 'LastUpdated',
      code: 'ERRESQ005',
    },
    { name: 'data missing', apply: (d) => delete d['data'], path: 'data', code: 'ERRESQ006' },
    { name: 'Brand missing', apply: (d) => (d['data'] = [{}]), path: 'data[0].Brand', code: 'ERRESQ006' },
    { name: 'Brand empty', apply: (d) => (d['data'] = [{ Brand: [] }]), path: 'data[0].Brand', code: 'ERRESQ004' },
    {
      name: 'BrandName empty',
      apply: (d) => (d['data'] = [{ Brand: [{ BrandName: '', ATM: [] }] }]),
      path: 'data[0].Brand[0].BrandName',
      code: 'ERRESQ002',
    },
    {
      name: 'BrandName 141 chars',
      apply: (d) => (d['data'] = [{ Brand: [{ BrandName: long(141), ATM: [] }] }]),
      path: 'data[0].Brand[0].BrandName',
      code: 'ERRESQ004',
    },
    { name: 'ATM missing', apply: (d) => (d['data'] = [{ Brand: [{ BrandName: 'M' }] }]), path: 'data[0].Brand[0].ATM', code: 'ERRESQ006' },
    {
      name: 'Brand item extra property',
      apply: (d) => (d['data'] = [{ Brand: [{ BrandName: 'M', ATM: [], Logo: 'x' }] }]),
      path: 'data[0].Brand[0].Logo',
      code: 'ERRESQ003',
    },
  ];
  for (const c of cases) {
    it(`${c.name} → ${c.code} at ${c.path}`, () => {
      fc.assert(
        fc.property(datasetArb, (generated) => {
          const dataset = structuredClone(generated) as unknown as Json;
          c.apply(dataset);
          const result = validateAtmDataset(dataset);
          expect(result.success).toBe(false);
          if (!result.success) expect(result.issues).toContainEqual(expect.objectContaining({ path: c.path, code: c.code }));
        }),
        { numRuns: 60 },
      );
    });
  }

  it('accepts RFC 3339 offsets, fractions and a leap day', () => {
    for (const LastUpdated of ['2024-02-29T23:59:59.123+05:30', '2025-01-15t06:00:00z', '2016-12-31T23:59:60Z']) {
      expect(validateAtmDataset({ LastUpdated, data: [] }).success).toBe(true);
    }
  });

  it('rejects non-objects at the root: null as empty, anything else as the wrong type', () => {
    const issues = (value: unknown) => {
      const result = validateAtmDataset(value);
      return result.success ? [] : result.issues.map((i) => [i.code, i.path]);
    };
    expect(issues(null)).toEqual([['ERRESQ002', '']]);
    for (const value of [42, 'x', []]) expect(issues(value)).toEqual([['ERRESQ005', '']]);
  });
});

describe('error body, api-version and list response schemas', () => {
  it('error body: exactly three strings', () => {
    expect(validateWith(AtmErrorBodySchema, { status: '400', title: 't', description: 'd' }).success).toBe(true);
    expect(validateWith(AtmErrorBodySchema, { status: 400, title: 't', description: 'd' }).success).toBe(false);
    expect(validateWith(AtmErrorBodySchema, { status: '400', title: 't' }).success).toBe(false);
    const extra = validateWith(AtmErrorBodySchema, { status: '400', title: 't', description: 'd', code: 'x' });
    expect(extra.success ? [] : extra.issues).toContainEqual(expect.objectContaining({ path: 'code', code: 'ERRESQ003' }));
  });

  it('api-version: one string field', () => {
    expect(validateWith(AtmApiVersionSchema, { version: '1.0.0' }).success).toBe(true);
    expect(validateWith(AtmApiVersionSchema, { version: 1 }).success).toBe(false);
  });

  it('list response: meta requires its five fields and TotalResults must count the ATMs', () => {
    const meta = { LastUpdated: '2025-01-15T06:00:00Z', TotalResults: 0, Agreement: 'a', License: 'l', TermsOfUse: 't' };
    expect(validateAtmListResponse({ meta, data: [] }).success).toBe(true);
    const wrongCount = validateAtmListResponse({ meta: { ...meta, TotalResults: 1 }, data: [] });
    expect(wrongCount.success ? [] : wrongCount.issues).toContainEqual(expect.objectContaining({ path: 'meta.TotalResults' }));
    for (const field of Object.keys(meta)) {
      const missing: Record<string, unknown> = { ...meta };
      delete missing[field];
      const result = validateAtmListResponse({ meta: missing, data: [] });
      expect(result.success ? [] : result.issues).toContainEqual(expect.objectContaining({ path: `meta.${field}`, code: 'ERRESQ006' }));
    }
    const extra = validateAtmListResponse({ meta: { ...meta, Extra: 1 }, data: [] });
    expect(extra.success ? [] : extra.issues).toContainEqual(expect.objectContaining({ path: 'meta.Extra', code: 'ERRESQ003' }));
    const fractional = validateAtmListResponse({ meta: { ...meta, TotalResults: 1.5 }, data: [] });
    expect(fractional.success).toBe(false);
  });
});
