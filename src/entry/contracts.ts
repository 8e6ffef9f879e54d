/**
 * `cotizador/contracts`: every request and response shape of the interface as TypeBox (JSON
 * Schema), the validators that map it to the interface's codes, and the envelope builders.
 *
 * @module cotizador/contracts
 */
export * from './common.js';
export {
  schemas,
  TYPEBOX_SCHEMAS,
  JSON_SCHEMA_DIALECT,
  AutoEstreneResponseSchema,
  SegAutoVendorResponseSchema,
} from '../contracts/schemas.js';
export type { SchemaName, JsonSchema } from '../contracts/schemas.js';
export {
  ENVELOPE_STATUSES,
  DEFAULT_HELP_URL,
  MAX_VALOR_INCORRECTO,
  DetallesSchema,
  ErrorEnvelopeSchema,
  errorEnvelope,
  issuesEnvelope,
  firstIssueReport,
} from '../contracts/envelope.js';
export type { EnvelopeStatus, ErrorEnvelope, Detalles, ErrorEnvelopeInput } from '../contracts/envelope.js';
export {
  TokenRequestSchema,
  TokenResponseSchema,
  OAuthTokenResponseSchema,
  OAuthErrorSchema,
  JwkSchema,
  JwksSchema,
  SCOPE_TEXT,
} from '../contracts/token.js';
export type { TokenRequest, TokenResponse, OAuthTokenResponse, OAuthError, Jwk, Jwks } from '../contracts/token.js';
export { HealthSchema } from '../contracts/health.js';
export type { Health } from '../contracts/health.js';
export { ObtenerDocumentoRequestSchema, ObtenerDocumentoResponseSchema, PaymentRecordSchema } from '../contracts/taxpayer.js';
export type { ObtenerDocumentoRequest, ObtenerDocumentoResponse, PaymentRecord } from '../contracts/taxpayer.js';
export {
  AutoEstreneRequestSchema,
  CreditRequestSchema,
  CreditResultSchema,
  CreditRowSchema,
  InsuranceInfoSchema,
} from '../contracts/credit.js';
export type { CreditRequest, CreditResult, CreditRow, InsuranceInfo } from '../contracts/credit.js';
export {
  SegAutoVendorRequestSchema,
  PolicyRequestSchema,
  PolicyResultSchema,
  PolicyOfferSchema,
  ReceiptSchema,
} from '../contracts/policy.js';
export type { PolicyRequest, PolicyResult, PolicyOffer, Receipt, SegAutoVendorRequest } from '../contracts/policy.js';
export { AtmListResponseSchema, AtmErrorBodySchema, AtmApiVersionSchema, AtmDatasetSchema } from '../contracts/atm.js';
export type { AtmListResponse, AtmErrorBody, AtmApiVersion, AtmDataset } from '../contracts/atm.js';
export { validateAutoEstrene, validateSegAutoVendor, validateObtenerDocumento, validateTokenRequest } from '../contracts/requests.js';
export type { AutoEstreneRequest, ValidationOptions, FormValidationOptions } from '../contracts/requests.js';
export { parseJsonBody, parseFormBody, utf8Text } from '../validation/body.js';
export type { FormLimits } from '../validation/body.js';
export { collectIssues, validateWith, assertValid } from '../validation/validate.js';
export { VALIDATION_MESSAGES, validationError } from '../validation/messages.js';
export type { Issue, ValidationResult } from '../validation/validate.js';
