/**
 * The bodies of the ATM open-data API ("ATM list response" with its `meta`, the data set the API
 * serves, "Errors > ATM API", api-version), defined once as TypeBox schemas: the TypeScript types,
 * the validator and the exported JSON Schema come from here. The ATM object they carry is in
 * `./atmObject.ts`, re-exported here so that this file stays the one import of every ATM shape.
 * `additionalProperties: false` only where the interface says "no other properties".
 */
import type { Static } from '@sinclair/typebox';
import { Type } from '../validation/type.js';
import { AtmBrandGroupSchema } from './atmObject.js';
import { precompiled } from '../validation/precompiled.js';
import * as checks from './generated/atm.js';

export {
  ATM_AMOUNT_PATTERN,
  ATM_FEE_PATTERN,
  ATM_NATIONAL_FEE_PATTERN,
  ATM_COORDINATE_PATTERN,
  AtmServiceCodeSchema,
  AtmAccessibilityCodeSchema,
  AtmLocationCategoryCodeSchema,
  AtmOtherCodeSchema,
  AtmOtherLocationCategorySchema,
  AtmPostalAddressSchema,
  AtmLocationSchema,
  AtmFeeSurchargesSchema,
  AtmSchema,
  AtmBrandSchema,
  AtmBrandGroupSchema,
} from './atmObject.js';
export type {
  Atm,
  AtmLocation,
  AtmPostalAddress,
  AtmFeeSurcharges,
  AtmOtherCode,
  AtmOtherLocationCategory,
  AtmBrand,
  AtmBrandGroup,
} from './atmObject.js';

/**
 * RFC 3339 date-time, the shape JSON Schema's `date-time` means; calendar validity (30 February)
 * is checked by `validateAtmDataset`.
 *
 * @example
 * ```ts
 * new RegExp(ATM_DATE_TIME_PATTERN).test('2025-01-15T06:00:00Z'); // true
 * ```
 */
export const ATM_DATE_TIME_PATTERN =
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$';

/**
 * `meta` of the list response (all five fields required; no other properties). Agreement,
 * License and TermsOfUse are a single placeholder the interface does not spell out, so any
 * non-empty string is accepted (docs/atm.md).
 *
 * @example
 * ```ts
 * validateWith(AtmMetaSchema, {
 *   LastUpdated: '2025-01-15T06:00:00Z', TotalResults: 0,
 *   Agreement: 'Por definir', License: 'Por definir', TermsOfUse: 'Por definir',
 * }).success; // true
 * ```
 */
export const AtmMetaSchema = precompiled(
  Type.Object(
    {
      LastUpdated: Type.String({ pattern: ATM_DATE_TIME_PATTERN, description: 'Fecha y hora de la última actualización (date-time)' }),
      TotalResults: Type.Integer({ minimum: 0, description: 'Número de resultados' }),
      Agreement: Type.String({ minLength: 1, description: 'Convenio (valor provisional "por definir")' }),
      License: Type.String({ minLength: 1, description: 'Licencia de open banking (valor provisional)' }),
      TermsOfUse: Type.String({ minLength: 1, description: 'Términos de uso de open banking (valor provisional)' }),
    },
    { additionalProperties: false, $id: 'AtmMeta', title: 'meta' },
  ),
  checks.checkAtmMeta,
);

/**
 * `GET /open-banking/open-data/v2/atms` 200 body (meta and data; no other properties).
 *
 * @example
 * ```ts
 * const response = await createAtmApi({ public: true }).handle({ method: 'GET', path: '/open-banking/open-data/v2/atms', headers: {} });
 * validateWith(AtmListResponseSchema, JSON.parse(response!.body)).success; // true
 * ```
 */
export const AtmListResponseSchema = precompiled(
  Type.Object(
    { meta: AtmMetaSchema, data: Type.Array(AtmBrandGroupSchema) },
    { additionalProperties: false, $id: 'AtmListResponse', title: 'ATM list response' },
  ),
  checks.checkAtmListResponse,
);

/**
 * The data set the ATM API serves: the list response without the parts the API computes
 * (TotalResults) or takes from its configuration (Agreement, License, TermsOfUse).
 *
 * @example
 * ```ts
 * validateWith(AtmDatasetSchema, { LastUpdated: '2025-01-15T06:00:00Z', data: [] }).success; // true
 * ```
 */
export const AtmDatasetSchema = precompiled(
  Type.Object(
    {
      LastUpdated: Type.String({ pattern: ATM_DATE_TIME_PATTERN, description: 'Fecha y hora de la última actualización (date-time)' }),
      data: Type.Array(AtmBrandGroupSchema),
    },
    { additionalProperties: false, $id: 'AtmDataset', title: 'ATM data set' },
  ),
  checks.checkAtmDataset,
);

/**
 * ATM error body: exactly status (a string), title and description.
 *
 * @example
 * ```ts
 * validateWith(AtmErrorBodySchema, { status: '401', title: 'Token de acceso no válido', description: '…' }).success; // true
 * ```
 */
export const AtmErrorBodySchema = precompiled(
  Type.Object(
    {
      status: Type.String({ description: 'Código de estado HTTP, como texto' }),
      title: Type.String({ description: 'Título corto del error' }),
      description: Type.String({ description: 'Detalle del error' }),
    },
    { additionalProperties: false, $id: 'AtmErrorBody', title: 'ATM error' },
  ),
  checks.checkAtmErrorBody,
);

/**
 * `GET /open-banking/open-data/v2/atms/api-version` 200 body.
 *
 * @example
 * ```ts
 * validateWith(AtmApiVersionSchema, { version: '1.0.0' }).success; // true
 * ```
 */
export const AtmApiVersionSchema = precompiled(
  Type.Object(
    { version: Type.String({ description: 'Versión de la API de cajeros' }) },
    { additionalProperties: false, $id: 'AtmApiVersion', title: 'ATM API version' },
  ),
  checks.checkAtmApiVersion,
);

/**
 * `meta` of the list response.
 *
 * @example
 * ```ts
 * const meta: AtmMeta = { LastUpdated: '2025-01-15T06:00:00Z', TotalResults: 0, Agreement: 'Por definir', License: 'Por definir', TermsOfUse: 'Por definir' };
 * ```
 *
 * @useDeclaredType
 */
export type AtmMeta = Static<typeof AtmMetaSchema>;
/**
 * The list response body.
 *
 * @example
 * ```ts
 * const response = await createAtmApi({ public: true }).handle({ method: 'GET', path: '/open-banking/open-data/v2/atms', headers: {} });
 * const body = JSON.parse(response!.body) as AtmListResponse;
 * body.meta.TotalResults; // 27
 * ```
 *
 * @useDeclaredType
 */
export type AtmListResponse = Static<typeof AtmListResponseSchema>;
/**
 * The data set served by the ATM API.
 *
 * @example
 * ```ts
 * const dataset: AtmDataset = { LastUpdated: '2025-01-15T06:00:00Z', data: [] };
 * ```
 *
 * @useDeclaredType
 */
export type AtmDataset = Static<typeof AtmDatasetSchema>;
/**
 * ATM error body.
 *
 * @example
 * ```ts
 * const body: AtmErrorBody = { status: '405', title: 'Método no permitido', description: '…' };
 * ```
 *
 * @useDeclaredType
 */
export type AtmErrorBody = Static<typeof AtmErrorBodySchema>;
/**
 * api-version body.
 *
 * @example
 * ```ts
 * const body: AtmApiVersion = { version: '1.0.0' };
 * ```
 *
 * @useDeclaredType
 */
export type AtmApiVersion = Static<typeof AtmApiVersionSchema>;
