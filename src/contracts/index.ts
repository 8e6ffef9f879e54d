/**
 * The interface's contracts: every request and response shape, defined once as TypeBox (JSON
 * Schema), with the types, the validators and the exported JSON Schemas that come from it.
 */
export { schemas, TYPEBOX_SCHEMAS, AutoEstreneResponseSchema, SegAutoVendorResponseSchema } from './schemas.js';
export type { SchemaName, JsonSchema } from './schemas.js';
export {
  ENVELOPE_STATUSES,
  DEFAULT_HELP_URL,
  MAX_VALOR_INCORRECTO,
  DetallesSchema,
  ErrorEnvelopeSchema,
  SUCCESS_FIELDS,
  successEnvelope,
  errorEnvelope,
  issuesEnvelope,
  firstIssueReport,
  truncateText,
} from './envelope.js';
export type { EnvelopeStatus, ErrorEnvelope, Detalles, ErrorEnvelopeInput } from './envelope.js';
export { TokenRequestSchema, TokenResponseSchema, OAuthTokenResponseSchema, OAuthErrorSchema, SCOPE_TEXT } from './token.js';
export type { TokenRequest, TokenResponse, OAuthTokenResponse, OAuthError } from './token.js';
export {
  ObtenerDocumentoRequestSchema,
  ObtenerDocumentoResponseSchema,
  PaymentRecordSchema,
  LINEA_CAPTURA_TEXT,
  PAYMENT_AMOUNT_TEXT,
  PAYMENT_DATE_TIME_TEXT,
} from './taxpayer.js';
export type { ObtenerDocumentoRequest, ObtenerDocumentoResponse, PaymentRecord } from './taxpayer.js';
export { AutoEstreneRequestSchema, CreditRequestSchema, CreditResultSchema } from './credit.js';
export type { CreditRequest, CreditResult } from './credit.js';
export { SegAutoVendorRequestSchema, PolicyRequestSchema, PolicyResultSchema } from './policy.js';
export type { PolicyRequest, PolicyResult, SegAutoVendorRequest } from './policy.js';
export { AtmListResponseSchema, AtmErrorBodySchema, AtmApiVersionSchema } from '../atm/index.js';
export type { AtmListResponse, AtmErrorBody, AtmApiVersion } from '../atm/index.js';
export { validateAutoEstrene, validateSegAutoVendor, validateObtenerDocumento, validateTokenRequest } from './requests.js';
export type { AutoEstreneRequest } from './requests.js';
export { parseJsonBody, parseFormBody } from '../validation/body.js';
export { collectIssues, validateWith, assertValid } from '../validation/validate.js';
export type { Issue, ValidationResult } from '../validation/validate.js';
