/**
 * ATM open data: schemas, code catalogs, validation, the bundled example data set, queries and
 * the transport-free ATM API handler.
 */
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
export { validateAtmDataset, validateAtmListResponse, assertAtmDataset, AtmDatasetError } from './validate.js';
export { EXAMPLE_ATM_DATASET } from './example.js';
export {
  EARTH_RADIUS_METRES,
  haversineMetres,
  atmPosition,
  atmMatches,
  listAtms,
  countAtms,
  filterAtms,
  nearestAtms,
} from './queries.js';
export type { AtmCriteria, AtmEntry, NearestAtm, GeoPoint, NearestOptions } from './queries.js';
export { ATM_ERRORS, ATM_SECURITY_HEADERS, ATM_ERROR_CACHE_CONTROL, atmErrorBody, atmErrorResponse } from './errors.js';
export type { AtmErrorKind } from './errors.js';
export {
  ATM_API_BASE_PATH,
  ATM_META_PLACEHOLDER,
  DEFAULT_ATM_API_VERSION,
  DEFAULT_ATM_MAX_HEADER_BYTES,
  ATM_CACHE_CONTROL,
  ATM_NEAREST_LIMITS,
  createAtmApi,
} from './api.js';
export type { AtmApiConfig, AtmApi } from './api.js';
