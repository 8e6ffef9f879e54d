/**
 * The ATM object of the ATM open-data API ("ATM object": its codes, location, fees, brand and
 * `data` item), defined once as TypeBox schemas: the TypeScript types, the validator and the
 * exported JSON Schema come from here; the bodies that carry it are in `./atm.ts`.
 * `additionalProperties: false` only where the interface says "no other properties". Patterns are
 * anchored (JSON Schema patterns are not) and ASCII-only; no `format` keywords.
 */
import type { Static, TLiteral, TUnion } from '@sinclair/typebox';
import { Type } from '../validation/type.js';
import {
  ATM_ACCESSIBILITY_CODES,
  ATM_LOCATION_CATEGORY_CODES,
  ATM_SERVICE_CODES,
  type AtmAccessibilityCode,
  type AtmLocationCategoryCode,
  type AtmServiceCode,
} from './atmCatalogs.js';
import { precompiled } from '../validation/precompiled.js';
import * as checks from './generated/atmObject.js';

/**
 * Amount text as the interface states it: optional minus, 1–10 digits, optional dot, 0–2 digits.
 * Written literally, so "123456789012" (12 digits, no dot) also matches; see docs/atm.md.
 *
 * @example
 * ```ts
 * new RegExp(ATM_AMOUNT_PATTERN).test('-150.5'); // true
 * ```
 */
export const ATM_AMOUNT_PATTERN = '^-?[0-9]{1,10}\\.?[0-9]{0,2}$';

/**
 * A fee: the amount core above, one space, a three-letter currency ("25.00 MXN").
 *
 * @example
 * ```ts
 * new RegExp(ATM_FEE_PATTERN).test('30.00 MXN'); // true
 * ```
 */
export const ATM_FEE_PATTERN = '^-?[0-9]{1,10}\\.?[0-9]{0,2} [A-Z]{3}$';

/**
 * The national withdrawal fee also accepts no space ("30.00MXN").
 *
 * @example
 * ```ts
 * new RegExp(ATM_NATIONAL_FEE_PATTERN).test('30.00MXN'); // true
 * ```
 */
export const ATM_NATIONAL_FEE_PATTERN = '^-?[0-9]{1,10}\\.?[0-9]{0,2} ?[A-Z]{3}$';

/**
 * A latitude or longitude: optional minus, 1–3 digits, dot, 1–8 digits.
 *
 * @example
 * ```ts
 * new RegExp(ATM_COORDINATE_PATTERN).test('-99.1332'); // true
 * ```
 */
export const ATM_COORDINATE_PATTERN = '^-?[0-9]{1,3}\\.[0-9]{1,8}$';

function codeEnum<T extends string>(codes: readonly T[], description: string): TUnion<TLiteral<T>[]> {
  return Type.Union(
    codes.map((code) => Type.Literal(code)),
    { description },
  );
}

const text = (minLength: number, maxLength: number, description: string) => Type.String({ minLength, maxLength, description });

/**
 * A service code (ATMServices table).
 *
 * @example
 * ```ts
 * validateWith(AtmServiceCodeSchema, 'ATCT').success; // true
 * ```
 */
export const AtmServiceCodeSchema = precompiled(
  codeEnum<AtmServiceCode>(ATM_SERVICE_CODES, 'Código de servicio del cajero'),
  checks.checkAtmServiceCode,
);
/**
 * An accessibility code (Accessibility table).
 *
 * @example
 * ```ts
 * validateWith(AtmAccessibilityCodeSchema, 'ATWA').success; // true
 * ```
 */
export const AtmAccessibilityCodeSchema = precompiled(
  codeEnum<AtmAccessibilityCode>(ATM_ACCESSIBILITY_CODES, 'Código de accesibilidad'),
  checks.checkAtmAccessibilityCode,
);
/**
 * A location category code (LocationCategory table).
 *
 * @example
 * ```ts
 * validateWith(AtmLocationCategoryCodeSchema, 'ATRO').success; // true
 * ```
 */
export const AtmLocationCategoryCodeSchema = precompiled(
  codeEnum<AtmLocationCategoryCode>(ATM_LOCATION_CATEGORY_CODES, 'Código de categoría de ubicación'),
  checks.checkAtmLocationCategoryCode,
);

function otherCode(pattern: string, description: string) {
  return Type.Object(
    {
      Name: text(1, 70, 'Nombre'),
      Description: text(1, 350, 'Descripción'),
      Code: Type.Optional(Type.String({ pattern, minLength: 4, maxLength: 4, description: 'Código de 4 caracteres' })),
    },
    { additionalProperties: false, description },
  );
}

/**
 * Item of `OtherAccessibility` and `OtherATMServices`: Name, Description, optional 4-uppercase-letter Code.
 *
 * @example
 * ```ts
 * validateWith(AtmOtherCodeSchema, { Name: 'Braille', Description: 'Teclado con braille', Code: 'BRLL' }).success; // true
 * ```
 */
export const AtmOtherCodeSchema = precompiled(
  otherCode('^[A-Z]{4}$', 'Código adicional (accesibilidad o servicio)'),
  checks.checkAtmOtherCode,
);

/**
 * Item of `OtherLocationCategory`: as {@link AtmOtherCodeSchema} but Code is four word characters.
 *
 * @example
 * ```ts
 * validateWith(AtmOtherLocationCategorySchema, { Name: 'Gasolinera', Description: 'Dentro de la tienda', Code: 'GAS1' }).success; // true
 * ```
 */
export const AtmOtherLocationCategorySchema = precompiled(
  otherCode('^[A-Za-z0-9_]{4}$', 'Categoría de ubicación adicional'),
  checks.checkAtmOtherLocationCategory,
);

/**
 * `Location.PostalAddress` (no other properties).
 *
 * @example
 * ```ts
 * validateWith(AtmPostalAddressSchema, { StreetName: 'Av. Juárez', PostCode: '06010', Country: 'MX' }).success; // true
 * ```
 */
export const AtmPostalAddressSchema = precompiled(
  Type.Object(
    {
      AddressLine: Type.Optional(Type.Array(text(1, 70, 'Línea de dirección'), { maxItems: 7 })),
      BuildingNumber: Type.Optional(text(1, 350, 'Número exterior e interior')),
      StreetName: Type.Optional(text(1, 70, 'Tipo y nombre de vialidad')),
      TownName: Type.Optional(text(1, 35, 'Localidad, colonia y municipio')),
      CountrySubDivision: Type.Optional(Type.Array(text(1, 35, 'Entidad federativa'), { maxItems: 1 })),
      Country: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', description: 'Código ISO de país' })),
      PostCode: Type.Optional(text(1, 16, 'Código postal')),
      GeoLocation: Type.Optional(
        Type.Object({
          GeographicCoordinates: Type.Object({
            Latitude: Type.String({ pattern: ATM_COORDINATE_PATTERN, description: 'Latitud' }),
            Longitude: Type.String({ pattern: ATM_COORDINATE_PATTERN, description: 'Longitud' }),
          }),
        }),
      ),
    },
    { additionalProperties: false, $id: 'AtmPostalAddress', title: 'PostalAddress' },
  ),
  checks.checkAtmPostalAddress,
);

/**
 * `Location` (PostalAddress required; no other properties).
 *
 * @example
 * ```ts
 * validateWith(AtmLocationSchema, { LocationCategory: ['ATBI'], PostalAddress: { Country: 'MX' } }).success; // true
 * ```
 */
export const AtmLocationSchema = precompiled(
  Type.Object(
    {
      LocationCategory: Type.Optional(Type.Array(AtmLocationCategoryCodeSchema)),
      OtherLocationCategory: Type.Optional(Type.Array(AtmOtherLocationCategorySchema)),
      Site: Type.Optional(
        Type.Object(
          {
            Identification: Type.Optional(text(1, 35, 'Identificación del sitio')),
            Name: Type.Optional(text(1, 140, 'Nombre del sitio')),
          },
          { description: 'Identificación propia del sitio de la institución' },
        ),
      ),
      PostalAddress: AtmPostalAddressSchema,
    },
    { additionalProperties: false, $id: 'AtmLocation', title: 'Location' },
  ),
  checks.checkAtmLocation,
);

/**
 * `FeeSurcharges` (all optional; "30.00 MXN", national also "30.00MXN").
 *
 * @example
 * ```ts
 * validateWith(AtmFeeSurchargesSchema, { CashWithdrawalNational: '30.00 MXN' }).success; // true
 * ```
 */
export const AtmFeeSurchargesSchema = precompiled(
  Type.Object(
    {
      CashWithdrawalNational: Type.Optional(
        Type.String({ pattern: ATM_NATIONAL_FEE_PATTERN, description: 'Comisión por retiro nacional' }),
      ),
      CashWithdrawalInternational: Type.Optional(
        Type.String({ pattern: ATM_FEE_PATTERN, description: 'Comisión por retiro internacional' }),
      ),
      BalanceInquiry: Type.Optional(Type.String({ pattern: ATM_FEE_PATTERN, description: 'Comisión por consulta de saldo' })),
    },
    { $id: 'AtmFeeSurcharges', title: 'FeeSurcharges' },
  ),
  checks.checkAtmFeeSurcharges,
);

/**
 * One ATM object (required: ATMServices, Identification, SupportedCurrencies, Location).
 *
 * @example
 * ```ts
 * validateWith(AtmSchema, {
 *   Identification: 'T1', ATMServices: ['ATBA'], SupportedCurrencies: ['MXN'],
 *   Location: { PostalAddress: { Country: 'MX' } },
 * }).success; // true
 * ```
 */
export const AtmSchema = precompiled(
  Type.Object(
    {
      Identification: text(1, 35, 'Identificador del dispositivo para adquirente y emisor'),
      SupportedLanguages: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z]{2}$', description: 'ISO 639-1' }))),
      ATMServices: Type.Array(AtmServiceCodeSchema, { minItems: 1 }),
      Accessibility: Type.Optional(Type.Array(AtmAccessibilityCodeSchema, { maxItems: 1 })),
      Access24HoursIndicator: Type.Optional(Type.Boolean({ description: 'Disponible las 24 horas' })),
      SupportedCurrencies: Type.Array(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217' }), { minItems: 1 }),
      MinimumPossibleAmount: Type.Optional(Type.String({ pattern: ATM_AMOUNT_PATTERN, description: 'Monto mínimo de operación' })),
      Note: Type.Optional(Type.Array(text(1, 2000, 'Descripción adicional'))),
      OtherAccessibility: Type.Optional(Type.Array(AtmOtherCodeSchema)),
      OtherATMServices: Type.Optional(Type.Array(AtmOtherCodeSchema)),
      Branch: Type.Optional(Type.Object({ Identification: text(1, 35, 'Identificación de la sucursal') }, { additionalProperties: false })),
      Location: AtmLocationSchema,
      FeeSurcharges: Type.Optional(AtmFeeSurchargesSchema),
    },
    { $id: 'Atm', title: 'ATM' },
  ),
  checks.checkAtm,
);

/**
 * One Brand item: BrandName and its ATMs (no other properties).
 *
 * @example
 * ```ts
 * validateWith(AtmBrandSchema, { BrandName: 'Banco Ejemplo', ATM: [] }).success; // true
 * ```
 */
export const AtmBrandSchema = precompiled(
  Type.Object(
    {
      BrandName: text(1, 140, 'Marca con la que el adquirente opera el cajero'),
      ATM: Type.Array(AtmSchema),
    },
    { additionalProperties: false, $id: 'AtmBrand', title: 'Brand' },
  ),
  checks.checkAtmBrand,
);

/**
 * One item of `data`: a required `Brand` array with at least one item.
 *
 * @example
 * ```ts
 * validateWith(AtmBrandGroupSchema, { Brand: [{ BrandName: 'Banco Ejemplo', ATM: [] }] }).success; // true
 * ```
 */
export const AtmBrandGroupSchema = precompiled(
  Type.Object({ Brand: Type.Array(AtmBrandSchema, { minItems: 1 }) }, { $id: 'AtmBrandGroup', title: 'data item' }),
  checks.checkAtmBrandGroup,
);

/**
 * One ATM object.
 *
 * @example
 * ```ts
 * const atm: Atm = { Identification: 'T1', ATMServices: ['ATBA'], SupportedCurrencies: ['MXN'], Location: { PostalAddress: {} } };
 * ```
 *
 * @useDeclaredType
 */
export type Atm = Static<typeof AtmSchema>;
/**
 * `Location` of an ATM.
 *
 * @example
 * ```ts
 * const location: AtmLocation = { PostalAddress: { PostCode: '06600' } };
 * ```
 *
 * @useDeclaredType
 */
export type AtmLocation = Static<typeof AtmLocationSchema>;
/**
 * `Location.PostalAddress`.
 *
 * @example
 * ```ts
 * const address: AtmPostalAddress = { Country: 'MX' };
 * ```
 *
 * @useDeclaredType
 */
export type AtmPostalAddress = Static<typeof AtmPostalAddressSchema>;
/**
 * `FeeSurcharges` of an ATM.
 *
 * @example
 * ```ts
 * const fees: AtmFeeSurcharges = { BalanceInquiry: '12.00 MXN' };
 * ```
 *
 * @useDeclaredType
 */
export type AtmFeeSurcharges = Static<typeof AtmFeeSurchargesSchema>;
/**
 * An `OtherAccessibility` / `OtherATMServices` item.
 *
 * @example
 * ```ts
 * const other: AtmOtherCode = { Name: 'Braille', Description: 'Teclado braille' };
 * ```
 *
 * @useDeclaredType
 */
export type AtmOtherCode = Static<typeof AtmOtherCodeSchema>;
/**
 * An `OtherLocationCategory` item.
 *
 * @example
 * ```ts
 * const other: AtmOtherLocationCategory = { Name: 'Gasolinera', Description: 'Tienda', Code: 'GAS1' };
 * ```
 *
 * @useDeclaredType
 */
export type AtmOtherLocationCategory = Static<typeof AtmOtherLocationCategorySchema>;
/**
 * A Brand item.
 *
 * @example
 * ```ts
 * const brand: AtmBrand = { BrandName: 'Banco Ejemplo', ATM: [] };
 * ```
 *
 * @useDeclaredType
 */
export type AtmBrand = Static<typeof AtmBrandSchema>;
/**
 * An item of `data`.
 *
 * @example
 * ```ts
 * const group: AtmBrandGroup = { Brand: [{ BrandName: 'Banco Ejemplo', ATM: [] }] };
 * ```
 *
 * @useDeclaredType
 */
export type AtmBrandGroup = Static<typeof AtmBrandGroupSchema>;
