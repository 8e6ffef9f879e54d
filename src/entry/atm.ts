/**
 * `cotizador/atm`: ATM open data: schemas, code catalogs, validation, the bundled example data
 * set, queries and the transport-free ATM API handler.
 *
 * @module cotizador/atm
 */
export * from './common.js';
export {
  ATM_SERVICES,
  ATM_ACCESSIBILITY,
  ATM_LOCATION_CATEGORIES,
  ATM_SERVICE_CODES,
  ATM_ACCESSIBILITY_CODES,
  ATM_LOCATION_CATEGORY_CODES,
  isAtmServiceCode,
  isAtmAccessibilityCode,
  isAtmLocationCategoryCode,
} from '../contracts/atmCatalogs.js';
export type { AtmServiceCode, AtmAccessibilityCode, AtmLocationCategoryCode } from '../contracts/atmCatalogs.js';
export {
  ATM_AMOUNT_PATTERN,
  ATM_FEE_PATTERN,
  ATM_NATIONAL_FEE_PATTERN,
  ATM_COORDINATE_PATTERN,
  ATM_DATE_TIME_PATTERN,
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
  AtmMetaSchema,
  AtmListResponseSchema,
  AtmDatasetSchema,
  AtmErrorBodySchema,
  AtmApiVersionSchema,
} from '../contracts/atm.js';
export type {
  Atm,
  AtmLocation,
  AtmPostalAddress,
  AtmFeeSurcharges,
  AtmOtherCode,
  AtmOtherLocationCategory,
  AtmBrand,
  AtmBrandGroup,
  AtmMeta,
  AtmListResponse,
  AtmDataset,
  AtmErrorBody,
  AtmApiVersion,
} from '../contracts/atm.js';
export { validateAtmDataset, validateAtmListResponse, assertAtmDataset, AtmDatasetError } from '../atm/validate.js';
export { exampleAtmDataset } from '../atm/example.js';
export {
  haversineMetres,
  atmPosition,
  atmMatches,
  listAtms,
  countAtms,
  filterAtms,
  nearestAtms,
} from '../atm/queries.js';
export type { AtmCriteria, AtmEntry, NearestAtm, GeoPoint, NearestOptions } from '../atm/queries.js';
export { ATM_ERRORS, ATM_SECURITY_HEADERS, ATM_ERROR_CACHE_CONTROL, atmErrorBody, atmErrorResponse } from '../atm/errors.js';
export type { AtmErrorKind } from '../atm/errors.js';
export {
  ATM_API_BASE_PATH,
  ATM_META_PLACEHOLDER,
  DEFAULT_ATM_API_VERSION,
  DEFAULT_ATM_MAX_HEADER_BYTES,
  ATM_CACHE_CONTROL,
  ATM_NEAREST_LIMITS,
  createAtmApi,
} from '../atm/api.js';
export type { AtmApiConfig, AtmApi } from '../atm/api.js';
