/**
 * The transport-free service: `createService(config).handle(request)` answers every route of
 * the interface; `toNodeListener` serves it with node:http.
 */
export { createService, ROUTES } from './service.js';
export type { Service } from './service.js';
export { toNodeListener } from './node.js';
export { resolveConfig, DEFAULT_TOKEN_TTL_SECONDS, DEFAULT_MAX_HEADER_BYTES, DEFAULT_MAX_BODY_BYTES } from './config.js';
export type { ServiceConfig, ResolvedConfig, PaymentLookup } from './config.js';
export type { ClientRecord, ClientRegistry } from './clients.js';
export { signToken, verifyToken, tokenSigning } from './jwt.js';
export type { TokenClaims, TokenSigning, TokenVerification, TokenFailure } from './jwt.js';
export { DEFAULT_RESPONSE_HEADERS } from './respond.js';
export { UPDATE_SCOPE, ATM_SCOPES } from './auth.js';
export { mexicoCityDate } from '../dates/mexicoCity.js';
export type { ServiceRequest, ServiceResponse } from '../http/types.js';
