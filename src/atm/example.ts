/**
 * The bundled example ATM data set. ILLUSTRATIVE DATA ONLY: the brands are fictitious, and the
 * addresses, postal codes and coordinates are approximate public places in Mexican cities chosen
 * to exercise every field; no real ATM is described. 27 ATMs, 3 brands, 9 cities.
 */
import type { AtmDataset } from '../contracts/atm.js';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The example data set `createAtmApi` serves when no `atms` is configured (deeply frozen;
 * illustrative, not real ATMs).
 *
 * @example
 * ```ts
 * validateAtmDataset(EXAMPLE_ATM_DATASET).success; // true
 * EXAMPLE_ATM_DATASET.data[0]?.Brand[0]?.BrandName; // 'Banco Ejemplo'
 * ```
 */
export const EXAMPLE_ATM_DATASET: AtmDataset = deepFreeze<AtmDataset>(
  {
    LastUpdated: '2025-01-15T06:00:00-06:00',
    data: [
      {
        Brand: [
          {
            BrandName: 'Banco Ejemplo',
            ATM: [
              {
                Identification: 'BEJ-CDMX-0001',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATBA', 'ATCT', 'ATST', 'ATCA', 'ATTM', 'ATPC'],
                Accessibility: ['ATWA'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN', 'USD'],
                MinimumPossibleAmount: '100.00',
                Branch: { Identification: 'SUC-0101' },
                Location: {
                  LocationCategory: ['ATBL'],
                  Site: { Identification: 'BEJ-S-0101', Name: 'Sucursal Reforma 222' },
                  PostalAddress: {
                    BuildingNumber: '222',
                    StreetName: 'Paseo de la Reforma',
                    TownName: 'Juárez, Cuauhtémoc',
                    CountrySubDivision: ['Ciudad de México'],
                    Country: 'MX',
                    PostCode: '06600',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '19.42745', Longitude: '-99.16201' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '30.00 MXN',
                  CashWithdrawalInternational: '75.00 MXN',
                  BalanceInquiry: '12.00 MXN',
                },
              },
              {
                Identification: 'BEJ-CDMX-0002',
                SupportedLanguages: ['es'],
                ATMServices: ['ATBA', 'ATCT', 'ATBP', 'ATMM'],
                Accessibility: [],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '50.00',
                Branch: { Identification: 'SUC-0102' },
                Location: {
                  LocationCategory: ['ATBE'],
                  PostalAddress: {
                    BuildingNumber: '1602',
                    StreetName: 'Av. Insurgentes Sur',
                    TownName: 'Crédito Constructor, B. Juárez',
                    CountrySubDivision: ['Ciudad de México'],
                    Country: 'MX',
                    PostCode: '03940',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '19.36546', Longitude: '-99.18215' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '30.00MXN',
                  CashWithdrawalInternational: '75.00 MXN',
                  BalanceInquiry: '12.00 MXN',
                },
              },
              {
                Identification: 'BEJ-CDMX-0003',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATBA', 'ATCT', 'ATCQ', 'ATCA', 'ATTO', 'ATPM'],
                Accessibility: ['ATAD'],
                Access24HoursIndicator: false,
                SupportedCurrencies: ['MXN', 'USD'],
                MinimumPossibleAmount: '100.00',
                Note: ['Horario: lunes a viernes de 9:00 a 16:00 y sábados de 9:00 a 14:00.'],
                Location: {
                  LocationCategory: ['ATBI'],
                  PostalAddress: {
                    BuildingNumber: '111',
                    StreetName: 'Av. Presidente Masaryk',
                    TownName: 'Polanco, Miguel Hidalgo',
                    CountrySubDivision: ['Ciudad de México'],
                    Country: 'MX',
                    PostCode: '11560',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '19.43175', Longitude: '-99.19294' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '30.00 MXN',
                  CashWithdrawalInternational: '75.00 MXN',
                  BalanceInquiry: '12.00 MXN',
                },
              },
              {
                Identification: 'BEJ-GDL-0001',
                SupportedLanguages: ['es'],
                ATMServices: ['ATBA', 'ATCT', 'ATST', 'ATIC'],
                Accessibility: ['ATER'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '50.00',
                Branch: { Identification: 'SUC-0201' },
                Location: {
                  LocationCategory: ['ATBE'],
                  PostalAddress: {
                    BuildingNumber: '200',
                    StreetName: 'Av. Juárez',
                    TownName: 'Centro, Guadalajara',
                    CountrySubDivision: ['Jalisco'],
                    Country: 'MX',
                    PostCode: '44100',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '20.67427', Longitude: '-103.34880' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '28.50 MXN',
                  CashWithdrawalInternational: '70.00 MXN',
                  BalanceInquiry: '10.00 MXN',
                },
              },
              {
                Identification: 'BEJ-GDL-0002',
                SupportedLanguages: ['es'],
                ATMServices: ['ATBA', 'ATCT', 'ATFC'],
                Accessibility: [],
                Access24HoursIndicator: false,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '100.00',
                Location: {
                  LocationCategory: ['ATRO'],
                  Site: { Name: 'Farmacia del Parque' },
                  PostalAddress: {
                    BuildingNumber: '120',
                    StreetName: 'Av. Chapultepec Sur',
                    TownName: 'Americana, Guadalajara',
                    CountrySubDivision: ['Jalisco'],
                    Country: 'MX',
                    PostCode: '44160',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '20.67094', Longitude: '-103.36930' },
                    },
                  },
                },
                FeeSurcharges: { CashWithdrawalNational: '28.50 MXN', BalanceInquiry: '10.00 MXN' },
              },
              {
                Identification: 'BEJ-MTY-0001',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATBA', 'ATCT', 'ATCA', 'ATCQ', 'ATOS'],
                Accessibility: ['ATLL'],
                Access24HoursIndicator: false,
                SupportedCurrencies: ['MXN', 'USD'],
                MinimumPossibleAmount: '100.00',
                Branch: { Identification: 'SUC-0301' },
                Location: {
                  LocationCategory: ['ATBI'],
                  PostalAddress: {
                    BuildingNumber: '1500 Ote.',
                    StreetName: 'Av. Constitución',
                    TownName: 'Centro, Monterrey',
                    CountrySubDivision: ['Nuevo León'],
                    Country: 'MX',
                    PostCode: '64000',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '25.66925', Longitude: '-100.31010' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '30.00 MXN',
                  CashWithdrawalInternational: '75.00 MXN',
                  BalanceInquiry: '12.00 MXN',
                },
              },
              {
                Identification: 'BEJ-MTY-0002',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATBA', 'ATCT', 'ATST', 'ATTC', 'ATMB'],
                Accessibility: ['ATPT'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '50.00',
                Location: {
                  LocationCategory: ['ATBL'],
                  PostalAddress: {
                    BuildingNumber: '400',
                    StreetName: 'Calzada del Valle',
                    TownName: 'Del Valle, San Pedro G. G.',
                    CountrySubDivision: ['Nuevo León'],
                    Country: 'MX',
                    PostCode: '66220',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '25.65200', Longitude: '-100.35900' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '30.00 MXN',
                  CashWithdrawalInternational: '75.00 MXN',
                  BalanceInquiry: '12.00 MXN',
                },
              },
              {
                Identification: 'BEJ-PUE-0001',
                SupportedLanguages: ['es'],
                ATMServices: ['ATBA', 'ATCT', 'ATPA', 'ATPU'],
                Accessibility: [],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '50.00',
                Branch: { Identification: 'SUC-0401' },
                Location: {
                  LocationCategory: ['ATBE'],
                  PostalAddress: {
                    BuildingNumber: '300',
                    StreetName: 'Av. Reforma',
                    TownName: 'Centro, Puebla',
                    CountrySubDivision: ['Puebla'],
                    Country: 'MX',
                    PostCode: '72000',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '19.04370', Longitude: '-98.20060' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '25.00 MXN',
                  CashWithdrawalInternational: '70.00 MXN',
                  BalanceInquiry: '10.00 MXN',
                },
              },
              {
                Identification: 'BEJ-QRO-0001',
                SupportedLanguages: ['es'],
                ATMServices: ['ATBA', 'ATCT', 'ATCD', 'ATMO'],
                Accessibility: ['ATAC'],
                Access24HoursIndicator: false,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '100.00',
                OtherATMServices: [
                  {
                    Name: 'Pago de predial',
                    Description: 'Pago del impuesto predial municipal con tarjeta',
                    Code: 'PRED',
                  },
                ],
                Location: {
                  LocationCategory: ['ATRO'],
                  PostalAddress: {
                    BuildingNumber: '100',
                    StreetName: 'Av. Corregidora Norte',
                    TownName: 'Centro, Querétaro',
                    CountrySubDivision: ['Querétaro'],
                    Country: 'MX',
                    PostCode: '76000',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '20.59310', Longitude: '-100.39240' },
                    },
                  },
                },
                FeeSurcharges: { CashWithdrawalNational: '25.00 MXN' },
              },
              {
                Identification: 'BEJ-MID-0001',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATBA', 'ATCT', 'ATST'],
                Accessibility: ['ATWA'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN', 'USD'],
                MinimumPossibleAmount: '50.00',
                Location: {
                  LocationCategory: ['ATBE'],
                  PostalAddress: {
                    AddressLine: ['Calle 60 entre 59 y 61'],
                    BuildingNumber: '491',
                    StreetName: 'Calle 60',
                    TownName: 'Centro, Mérida',
                    CountrySubDivision: ['Yucatán'],
                    Country: 'MX',
                    PostCode: '97000',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '20.96920', Longitude: '-89.62400' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '25.00 MXN',
                  CashWithdrawalInternational: '70.00 MXN',
                  BalanceInquiry: '10.00 MXN',
                },
              },
            ],
          },
          {
            BrandName: 'Cajeros Red Demo',
            ATM: [
              {
                Identification: 'CRD-CDMX-0001',
                SupportedLanguages: ['es', 'en', 'fr'],
                ATMServices: ['ATBA', 'ATCT', 'ATBB', 'ATCO'],
                Accessibility: ['ATLA'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN', 'USD', 'EUR'],
                MinimumPossibleAmount: '100.00',
                Note: ['Cajero dentro de tienda de conveniencia.'],
                Location: {
                  LocationCategory: ['ATRO'],
                  PostalAddress: {
                    BuildingNumber: '32',
                    StreetName: 'Madero',
                    TownName: 'Centro, Cuauhtémoc',
                    CountrySubDivision: ['Ciudad de México'],
                    Country: 'MX',
                    PostCode: '06000',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '19.43395', Longitude: '-99.13710' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '35.00 MXN',
                  CashWithdrawalInternational: '80.00 MXN',
                  BalanceInquiry: '15.00 MXN',
                },
              },
              {
                Identification: 'CRD-CDMX-0002',
                SupportedLanguages: ['es'],
                ATMServices: ['ATCT', 'ATBA'],
                Accessibility: [],
                Access24HoursIndicator: false,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '200.00',
                Location: {
                  LocationCategory: ['ATRO'],
                  OtherLocationCategory: [
                    {
                      Name: 'Centro comercial',
                      Description: 'Planta baja, junto a la entrada principal',
                      Code: 'CC01',
                    },
                  ],
                  PostalAddress: {
                    BuildingNumber: '1000',
                    StreetName: 'Av. Universidad',
                    TownName: 'Santa Cruz Atoyac, B. Juárez',
                    CountrySubDivision: ['Ciudad de México'],
                    Country: 'MX',
                    PostCode: '03310',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '19.37065', Longitude: '-99.16437' },
                    },
                  },
                },
                FeeSurcharges: { CashWithdrawalNational: '35.00 MXN', BalanceInquiry: '15.00 MXN' },
              },
              {
                Identification: 'CRD-GDL-0001',
                SupportedLanguages: ['es'],
                ATMServices: ['ATBA', 'ATCT', 'ATTS'],
                Accessibility: ['ATPT'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '100.00',
                Location: {
                  LocationCategory: ['ATRO'],
                  PostalAddress: {
                    BuildingNumber: '3959',
                    StreetName: 'Av. Vallarta',
                    TownName: 'Don Bosco Vallarta, Zapopan',
                    CountrySubDivision: ['Jalisco'],
                    Country: 'MX',
                    PostCode: '45049',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '20.67700', Longitude: '-103.41150' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '35.00 MXN',
                  CashWithdrawalInternational: '80.00 MXN',
                  BalanceInquiry: '15.00 MXN',
                },
              },
              {
                Identification: 'CRD-MTY-0001',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATBA', 'ATCT', 'ATMM', 'ATMO', 'ATBB'],
                Accessibility: ['ATAD'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN', 'USD'],
                MinimumPossibleAmount: '100.00',
                Location: {
                  LocationCategory: ['ATOT'],
                  OtherLocationCategory: [
                    {
                      Name: 'Campus universitario',
                      Description: 'Edificio de servicios estudiantiles',
                    },
                  ],
                  PostalAddress: {
                    BuildingNumber: '2501 Sur',
                    StreetName: 'Av. Eugenio Garza Sada',
                    TownName: 'Tecnológico, Monterrey',
                    CountrySubDivision: ['Nuevo León'],
                    Country: 'MX',
                    PostCode: '64849',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '25.65120', Longitude: '-100.28970' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '35.00 MXN',
                  CashWithdrawalInternational: '80.00 MXN',
                  BalanceInquiry: '15.00 MXN',
                },
              },
              {
                Identification: 'CRD-TIJ-0001',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATBA', 'ATCT', 'ATCA'],
                Accessibility: ['ATWA'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN', 'USD'],
                MinimumPossibleAmount: '100.00',
                Location: {
                  LocationCategory: ['ATRO'],
                  PostalAddress: {
                    BuildingNumber: '10440',
                    StreetName: 'Blvd. Agua Caliente',
                    TownName: 'Aviación, Tijuana',
                    CountrySubDivision: ['Baja California'],
                    Country: 'MX',
                    PostCode: '22014',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '32.50840', Longitude: '-116.99270' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '35.00 MXN',
                  CashWithdrawalInternational: '80.00 USD',
                  BalanceInquiry: '15.00 MXN',
                },
              },
              {
                Identification: 'CRD-TIJ-0002',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATCT', 'ATBA', 'ATFC'],
                Accessibility: [],
                Access24HoursIndicator: false,
                SupportedCurrencies: ['MXN', 'USD'],
                MinimumPossibleAmount: '100.00',
                Note: ['Dispensa dólares estadounidenses.', 'Horario de la plaza: 10:00 a 22:00.'],
                Location: {
                  LocationCategory: ['ATRO'],
                  PostalAddress: {
                    BuildingNumber: '900',
                    StreetName: 'Av. Revolución',
                    TownName: 'Zona Centro, Tijuana',
                    CountrySubDivision: ['Baja California'],
                    Country: 'MX',
                    PostCode: '22000',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '32.53170', Longitude: '-117.03690' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '35.00 MXN',
                  CashWithdrawalInternational: '3.50 USD',
                  BalanceInquiry: '15.00 MXN',
                },
              },
              {
                Identification: 'CRD-CUN-0001',
                SupportedLanguages: ['es', 'en', 'fr'],
                ATMServices: ['ATBA', 'ATCT', 'ATST'],
                Accessibility: ['ATER'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN', 'USD', 'EUR'],
                MinimumPossibleAmount: '100.00',
                Location: {
                  LocationCategory: ['ATRO'],
                  PostalAddress: {
                    BuildingNumber: '200',
                    StreetName: 'Av. Tulum',
                    TownName: 'SM 4, Benito Juárez, Cancún',
                    CountrySubDivision: ['Quintana Roo'],
                    Country: 'MX',
                    PostCode: '77500',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '21.16180', Longitude: '-86.82580' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '35.00 MXN',
                  CashWithdrawalInternational: '80.00 MXN',
                  BalanceInquiry: '15.00 MXN',
                },
              },
              {
                Identification: 'CRD-CUN-0002',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATCT'],
                Accessibility: [],
                Access24HoursIndicator: false,
                SupportedCurrencies: ['MXN', 'USD'],
                MinimumPossibleAmount: '200.00',
                Note: ['Unidad móvil; ubicación sujeta a cambio en temporada alta.'],
                Location: {
                  LocationCategory: ['ATRU'],
                  PostalAddress: {
                    BuildingNumber: 'km 12.5',
                    StreetName: 'Blvd. Kukulcán',
                    TownName: 'Zona Hotelera, Cancún',
                    CountrySubDivision: ['Quintana Roo'],
                    Country: 'MX',
                    PostCode: '77500',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '21.10840', Longitude: '-86.76320' },
                    },
                  },
                },
                FeeSurcharges: { CashWithdrawalNational: '40.00 MXN', CashWithdrawalInternational: '4.00 USD' },
              },
              {
                Identification: 'CRD-LEO-0001',
                SupportedLanguages: ['es'],
                ATMServices: ['ATBA', 'ATCT', 'ATBB'],
                Accessibility: ['ATLL'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '100.00',
                Location: {
                  LocationCategory: ['ATRO'],
                  PostalAddress: {
                    BuildingNumber: '2401 Ote.',
                    StreetName: 'Blvd. Adolfo López Mateos',
                    TownName: 'Jardines de Jerez, León',
                    CountrySubDivision: ['Guanajuato'],
                    Country: 'MX',
                    PostCode: '37530',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '21.12350', Longitude: '-101.66650' },
                    },
                  },
                },
                FeeSurcharges: { CashWithdrawalNational: '35.00 MXN', BalanceInquiry: '15.00 MXN' },
              },
            ],
          },
        ],
      },
      {
        Brand: [
          {
            BrandName: 'Financiera Ilustrativa',
            ATM: [
              {
                Identification: 'FIL-CDMX-0001',
                SupportedLanguages: ['es'],
                ATMServices: ['ATBA', 'ATCT', 'ATCA', 'ATTC', 'ATTM', 'ATTO'],
                Accessibility: ['ATIR'],
                Access24HoursIndicator: false,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '20.00',
                OtherAccessibility: [
                  {
                    Name: 'Teclado braille',
                    Description: 'Teclado con sistema braille y guía de voz',
                    Code: 'BRLL',
                  },
                ],
                Branch: { Identification: 'FIL-S-010' },
                Location: {
                  LocationCategory: ['ATBI'],
                  PostalAddress: {
                    BuildingNumber: '687',
                    StreetName: 'Av. Miguel Ángel de Quevedo',
                    TownName: 'Coyoacán',
                    CountrySubDivision: ['Ciudad de México'],
                    Country: 'MX',
                    PostCode: '04330',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '19.34560', Longitude: '-99.16530' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '0.00 MXN',
                  CashWithdrawalInternational: '60.00 MXN',
                  BalanceInquiry: '0.00 MXN',
                },
              },
              {
                Identification: 'FIL-CDMX-0002',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATBA', 'ATCT', 'ATST', 'ATMP', 'ATMB'],
                Accessibility: ['ATWA'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '20.00',
                Branch: { Identification: 'FIL-S-011' },
                Location: {
                  LocationCategory: ['ATBL'],
                  PostalAddress: {
                    BuildingNumber: '843',
                    StreetName: 'Av. Ejército Nacional',
                    TownName: 'Granada, Miguel Hidalgo',
                    CountrySubDivision: ['Ciudad de México'],
                    Country: 'MX',
                    PostCode: '11520',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '19.44030', Longitude: '-99.20250' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '0.00 MXN',
                  CashWithdrawalInternational: '60.00 MXN',
                  BalanceInquiry: '0.00 MXN',
                },
              },
              {
                Identification: 'FIL-GDL-0001',
                SupportedLanguages: ['es'],
                ATMServices: ['ATBA', 'ATCT', 'ATCM'],
                Accessibility: [],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '20.00',
                Location: {
                  LocationCategory: ['ATBE'],
                  PostalAddress: {
                    BuildingNumber: '1501',
                    StreetName: 'Av. Patria',
                    TownName: 'Puerta de Hierro, Zapopan',
                    CountrySubDivision: ['Jalisco'],
                    Country: 'MX',
                    PostCode: '45116',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '20.70780', Longitude: '-103.41250' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '0.00MXN',
                  CashWithdrawalInternational: '60.00 MXN',
                  BalanceInquiry: '0.00 MXN',
                },
              },
              {
                Identification: 'FIL-MTY-0001',
                SupportedLanguages: ['es'],
                ATMServices: ['ATBA', 'ATCT', 'ATPO'],
                Accessibility: ['ATAD'],
                Access24HoursIndicator: false,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '20.00',
                Location: {
                  LocationCategory: ['ATBI'],
                  PostalAddress: {
                    BuildingNumber: '2703',
                    StreetName: 'Av. Revolución',
                    TownName: 'Ladrillera, Monterrey',
                    CountrySubDivision: ['Nuevo León'],
                    Country: 'MX',
                    PostCode: '64830',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '25.64150', Longitude: '-100.27450' },
                    },
                  },
                },
                FeeSurcharges: { CashWithdrawalNational: '0.00 MXN', BalanceInquiry: '0.00 MXN' },
              },
              {
                Identification: 'FIL-PUE-0001',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATBA', 'ATCT', 'ATST', 'ATCA'],
                Accessibility: ['ATPT'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '20.00',
                Location: {
                  LocationCategory: ['ATRO'],
                  Site: { Identification: 'FIL-P-77', Name: 'Plaza Comercial Atlixcáyotl' },
                  PostalAddress: {
                    BuildingNumber: '5320',
                    StreetName: 'Blvd. Atlixcáyotl',
                    TownName: 'Reserva Atlixcáyotl, S. A. Cholula',
                    CountrySubDivision: ['Puebla'],
                    Country: 'MX',
                    PostCode: '72820',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '19.02620', Longitude: '-98.23160' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '0.00 MXN',
                  CashWithdrawalInternational: '60.00 MXN',
                  BalanceInquiry: '0.00 MXN',
                },
              },
              {
                Identification: 'FIL-QRO-0001',
                ATMServices: ['ATBA', 'ATCT'],
                Accessibility: [],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN'],
                Location: {
                  LocationCategory: ['ATBE'],
                  PostalAddress: {
                    BuildingNumber: '4100',
                    StreetName: 'Blvd. Bernardo Quintana',
                    TownName: 'Álamos 3a Sección, Querétaro',
                    CountrySubDivision: ['Querétaro'],
                    Country: 'MX',
                    PostCode: '76160',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '20.60570', Longitude: '-100.37580' },
                    },
                  },
                },
              },
              {
                Identification: 'FIL-MID-0001',
                SupportedLanguages: ['es', 'en'],
                ATMServices: ['ATBA', 'ATCT', 'ATOT', 'ATPC'],
                Accessibility: ['ATOT'],
                Access24HoursIndicator: false,
                SupportedCurrencies: ['MXN', 'USD'],
                MinimumPossibleAmount: '20.00',
                OtherATMServices: [
                  {
                    Name: 'Retiro en dólares',
                    Description: 'Retiro de efectivo en dólares estadounidenses',
                  },
                ],
                Location: {
                  LocationCategory: ['ATBI'],
                  PostalAddress: {
                    BuildingNumber: '475',
                    StreetName: 'Paseo de Montejo',
                    TownName: 'Centro, Mérida',
                    CountrySubDivision: ['Yucatán'],
                    Country: 'MX',
                    PostCode: '97000',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '20.98240', Longitude: '-89.61800' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '0.00 MXN',
                  CashWithdrawalInternational: '60.00 MXN',
                  BalanceInquiry: '0.00 MXN',
                },
              },
              {
                Identification: 'FIL-MID-0002',
                SupportedLanguages: ['es'],
                ATMServices: ['ATBA', 'ATCT', 'ATCA'],
                Accessibility: ['ATWA'],
                Access24HoursIndicator: true,
                SupportedCurrencies: ['MXN'],
                MinimumPossibleAmount: '20.00',
                Location: {
                  LocationCategory: ['ATRO'],
                  PostalAddress: {
                    AddressLine: ['Plaza Altabrisa', 'Local 12, planta baja'],
                    BuildingNumber: '98',
                    StreetName: 'Calle 20',
                    TownName: 'Altabrisa, Mérida',
                    CountrySubDivision: ['Yucatán'],
                    Country: 'MX',
                    PostCode: '97130',
                    GeoLocation: {
                      GeographicCoordinates: { Latitude: '21.01930', Longitude: '-89.58500' },
                    },
                  },
                },
                FeeSurcharges: {
                  CashWithdrawalNational: '0.00 MXN',
                  CashWithdrawalInternational: '60.00 MXN',
                  BalanceInquiry: '0.00 MXN',
                },
              },
            ],
          },
        ],
      },
    ],
  },
);
