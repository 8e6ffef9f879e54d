/**
 * `cotizador/service`: the interface as a transport-free service (any runtime with Web Crypto),
 * its configuration, tokens, rate limits, switches and OpenAPI document. Its node:http server and
 * the Express and Fastify adapters are on `cotizador/node`.
 *
 * @module cotizador/service
 */
export * from './common.js';
export { createService, ROUTES } from '../service/service.js';
export type { Service, Reception, TransportFailure } from '../service/service.js';
export {
  resolveConfig,
  checkedSwitches,
  DEFAULT_TOKEN_TTL_SECONDS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_FORM_BYTES,
  DEFAULT_MAX_FORM_FIELDS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_CLOCK_SKEW_SECONDS,
  DEFAULT_TOKEN_ISSUER,
  DEFAULT_TOKEN_AUDIENCE,
} from '../service/config.js';
export type { ServiceConfig, ResolvedConfig, PaymentLookup, ServiceWarning } from '../service/config.js';
export { DEFAULT_MAX_HEADER_BYTES } from '../http/protocol.js';
export type { ClientRecord, ClientRegistry } from '../service/clients.js';
export { keySet, MIN_RSA_BITS, MIN_SECRET_BYTES } from '../service/keys.js';
export {
  estimatedBits,
  clientSecretWeakness,
  MIN_CLIENT_SECRET_CHARS,
  MIN_CLIENT_SECRET_BITS,
  MIN_SECRET_BITS,
} from '../service/secrets.js';
export type { KeySet, SigningOptions, RsaSigningKey, HmacSecret, TokenKey } from '../service/keys.js';
export type { RsaKeyInput, RsaPublicJwk, RsaPrivateJwk, JwkExportable } from '../service/rsaKey.js';
export {
  signToken,
  verifyToken,
  verifyCached,
  TokenCache,
  TOKEN_TTL_CEILING_SECONDS,
  MAX_CLOCK_SKEW_SECONDS,
} from '../service/jwt.js';
export type { TokenClaims, TokenRules, TokenVerification, TokenFailure } from '../service/jwt.js';
export { memoryRateLimitStore, DEFAULT_RATE_LIMIT_KEYS, sharedStoresHealthy } from '../service/rateLimit.js';
export { DEFAULT_AUTH_FAILURE_LIMIT } from '../service/authLimit.js';
export type { AuthFailureLimitConfig } from '../service/authLimit.js';
export type { RateLimitStore, RateLimitPolicy, RateLimitDecision, RateLimitConfig, MemoryRateLimitStore } from '../service/rateLimit.js';
export { API_NAMES, unavailability } from '../service/switches.js';
export type { ApiName, ServiceSwitches, Unavailability } from '../service/switches.js';
export { DEFAULT_RESPONSE_HEADERS } from '../service/respond.js';
export { openApiDocument } from '../service/openapi.js';
export { UPDATE_SCOPE, ATM_SCOPES } from '../service/auth.js';
export { mexicoCityDate } from '../dates/mexicoCity.js';
export { answerLanguage } from '../http/language.js';
export type { AnswerLanguage } from '../http/language.js';
export type { ServiceRequest, ServiceResponse, RequestBody } from '../http/types.js';
