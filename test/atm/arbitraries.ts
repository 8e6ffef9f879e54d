/** fast-check arbitraries for valid ATM data sets (every optional field sometimes present). */
import fc from 'fast-check';
import {
  ATM_ACCESSIBILITY_CODES,
  ATM_AMOUNT_PATTERN,
  ATM_FEE_PATTERN,
  ATM_LOCATION_CATEGORY_CODES,
  ATM_NATIONAL_FEE_PATTERN,
  ATM_SERVICE_CODES,
  type Atm,
  type AtmDataset,
} from '../../src/entry/atm.js';

export const text = (minLength: number, maxLength: number) => fc.string({ minLength, maxLength });

const other = (code: fc.Arbitrary<string>) =>
  fc.record({ Name: text(1, 70), Description: text(1, 350), Code: code }, { requiredKeys: ['Name', 'Description'] });

const coordinate = (max: number) =>
  fc
    .tuple(fc.boolean(), fc.integer({ min: 0, max: max - 1 }), fc.stringMatching(/^[0-9]{1,8}$/))
    .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}.${fraction}`);

export const postalAddressArb = fc.record(
  {
    AddressLine: fc.array(text(1, 70), { maxLength: 7 }),
    BuildingNumber: text(1, 350),
    StreetName: text(1, 70),
    TownName: text(1, 35),
    CountrySubDivision: fc.array(text(1, 35), { maxLength: 1 }),
    Country: fc.stringMatching(/^[A-Z]{2}$/),
    PostCode: fc.oneof(fc.stringMatching(/^[0-9]{5}$/), text(1, 16)),
    GeoLocation: fc.record({
      GeographicCoordinates: fc.record({ Latitude: coordinate(90), Longitude: coordinate(180) }),
    }),
  },
  { requiredKeys: [] },
);

export const atmArb: fc.Arbitrary<Atm> = fc.record(
  {
    Identification: text(1, 35),
    SupportedLanguages: fc.array(fc.stringMatching(/^[a-z]{2}$/), { maxLength: 4 }),
    ATMServices: fc.array(fc.constantFrom(...ATM_SERVICE_CODES), { minLength: 1, maxLength: 6 }),
    Accessibility: fc.array(fc.constantFrom(...ATM_ACCESSIBILITY_CODES), { maxLength: 1 }),
    Access24HoursIndicator: fc.boolean(),
    SupportedCurrencies: fc.array(fc.stringMatching(/^[A-Z]{3}$/), { minLength: 1, maxLength: 3 }),
    MinimumPossibleAmount: fc.stringMatching(new RegExp(ATM_AMOUNT_PATTERN)),
    Note: fc.array(text(1, 2000), { maxLength: 2 }),
    OtherAccessibility: fc.array(other(fc.stringMatching(/^[A-Z]{4}$/)), { maxLength: 2 }),
    OtherATMServices: fc.array(other(fc.stringMatching(/^[A-Z]{4}$/)), { maxLength: 2 }),
    Branch: fc.record({ Identification: text(1, 35) }),
    Location: fc.record(
      {
        LocationCategory: fc.array(fc.constantFrom(...ATM_LOCATION_CATEGORY_CODES), { maxLength: 3 }),
        OtherLocationCategory: fc.array(other(fc.stringMatching(/^\w{4}$/)), { maxLength: 2 }),
        Site: fc.record({ Identification: text(1, 35), Name: text(1, 140) }, { requiredKeys: [] }),
        PostalAddress: postalAddressArb,
      },
      { requiredKeys: ['PostalAddress'] },
    ),
    FeeSurcharges: fc.record(
      {
        CashWithdrawalNational: fc.stringMatching(new RegExp(ATM_NATIONAL_FEE_PATTERN)),
        CashWithdrawalInternational: fc.stringMatching(new RegExp(ATM_FEE_PATTERN)),
        BalanceInquiry: fc.stringMatching(new RegExp(ATM_FEE_PATTERN)),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['Identification', 'ATMServices', 'SupportedCurrencies', 'Location'] },
) as fc.Arbitrary<Atm>;

export const lastUpdatedArb = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

export const datasetArb: fc.Arbitrary<AtmDataset> = fc.record({
  LastUpdated: lastUpdatedArb,
  data: fc.array(
    fc.record({
      Brand: fc.array(fc.record({ BrandName: text(1, 140), ATM: fc.array(atmArb, { maxLength: 3 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
    { maxLength: 3 },
  ),
});

/** A data set with at least one ATM, and the location of one chosen ATM. */
export const datasetWithAtmArb = fc.tuple(datasetArb, atmArb, fc.nat(), fc.nat(), fc.nat()).map(([dataset, atm, g, b, a]) => {
  const copy = structuredClone(dataset);
  if (copy.data.length === 0) copy.data.push({ Brand: [{ BrandName: 'Marca', ATM: [] }] });
  const gi = g % copy.data.length;
  const brands = copy.data[gi]!.Brand;
  const bi = b % brands.length;
  const atms = brands[bi]!.ATM;
  const ai = a % (atms.length + 1);
  atms.splice(ai, 0, atm);
  return { dataset: copy, g: gi, b: bi, a: ai, path: `data[${gi}].Brand[${bi}].ATM[${ai}]` };
});
