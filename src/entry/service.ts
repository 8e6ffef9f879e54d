/**
 * `cotizador/service`: every route of the interface behind one transport-free `handle(request)`,
 * and the node:http adapter.
 *
 * @module cotizador/service
 */
export * from './common.js';
export { createService, ROUTES } from '../service/service.js';
export type { Service } from '../service/service.js';
export { toNodeListener } from '../service/node.js';
export { resolveConfig, DEFAULT_TOKEN_TTL_SECONDS, DEFAULT_MAX_BODY_BYTES } from '../service/config.js';
export type { ServiceConfig, ResolvedConfig, PaymentLookup } from '../service/config.js';
export { DEFAULT_MAX_HEADER_BYTES } from '../http/protocol.js';
export type { ClientRecord, ClientRegistry } from '../service/clients.js';
export { signToken, verifyToken, tokenSigning } from '../service/jwt.js';
export type { TokenClaims, TokenSigning, TokenVerification, TokenFailure } from '../service/jwt.js';
export { DEFAULT_RESPONSE_HEADERS } from '../service/respond.js';
export { UPDATE_SCOPE, ATM_SCOPES } from '../service/auth.js';
export { mexicoCityDate } from '../dates/mexicoCity.js';
export type { ServiceRequest, ServiceResponse } from '../http/types.js';
